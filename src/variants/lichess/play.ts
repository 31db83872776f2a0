/**
 * Playing a variant move on the words in place (copy-make's make): chess' `applyMoveKeyless` for
 * what a move does in chess, then what the variant adds. The move must come from the variant's
 * generator for this very position. The Zobrist key word is left alone (see `refreshVariantKey`).
 */
import { KING_ATTACKS } from '../../core/attacks.js';
import { lsb } from '../../core/bitboard.js';
import { isSquareAttacked } from '../../chess/attacked.js';
import { W_CASTLING, W_EP, W_FULLMOVE, W_HALFMOVE, W_TURN } from '../../chess/layout.js';
import { MOVE_CASTLE, MOVE_EN_PASSANT, MOVE_PROMOTION } from '../../chess/move.js';
import { applyMoveKeyless, roleAt, togglePiece } from '../../chess/play.js';
import { MAX_CLOCK } from '../../chess/setup.js';
import { KING, PAWN } from '../../chess/types.js';
import { W_CHECKS, W_POCKET, W_PROMOTED } from './layout.js';
import { MOVE_DROP } from './move.js';
import { ATOMIC, CRAZYHOUSE, THREE_CHECK } from './rules.js';

const isOn = (w: Int32Array, i: number, sq: number): boolean => ((w[i + (sq >> 5)]! >>> (sq & 31)) & 1) !== 0;

/** Plays `move` of variant `variant` (see rules.ts) on the position at `w[p..]`. */
export function applyVariantMove(variant: number, w: Int32Array, p: number, move: number): void {
  if (variant === ATOMIC) applyAtomic(w, p, move);
  else if (variant === CRAZYHOUSE) applyCrazyhouse(w, p, move);
  else if (variant === THREE_CHECK) applyThreeCheck(w, p, move);
  else applyMoveKeyless(w, p, move);
}

/**
 * Atomic (docs/rules/variants.md §1.1): a capture explodes its target square's non-pawn
 * neighbours and the capturing piece; exploded rooks and kings take their castling rights along.
 */
function applyAtomic(w: Int32Array, p: number, move: number): void {
  const us = w[p + W_TURN]!;
  const to = (move >> 6) & 63;
  const kind = move >> 12;
  const capture = kind === MOVE_EN_PASSANT || (kind !== MOVE_CASTLE && isOn(w, p + 2 * (us ^ 1), to));
  applyMoveKeyless(w, p, move);
  if (!capture) return;
  let rights = w[p + W_CASTLING]!;
  // The capturing piece (as it now stands on `to`) and the non-pawn pieces around.
  let lo = (KING_ATTACKS[2 * to]! & ~w[p + 4]!) | (to < 32 ? 1 << to : 0);
  let hi = (KING_ATTACKS[2 * to + 1]! & ~w[p + 5]!) | (to < 32 ? 0 : 1 << (to - 32));
  lo &= w[p]! | w[p + 2]!;
  hi &= w[p + 1]! | w[p + 3]!;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = lsb(lo);
      lo &= lo - 1;
    } else {
      sq = 32 + lsb(hi);
      hi &= hi - 1;
    }
    const color = isOn(w, p, sq) ? 0 : 1;
    const role = roleAt(w, p, sq);
    togglePiece(w, p, color, role, sq);
    if (sq < 8) rights &= ~(1 << sq);
    else if (sq >= 56) rights &= ~(1 << (sq - 48));
    if (role === KING) rights &= ~(0xff << (8 * color));
  }
  w[p + W_CASTLING] = rights;
}

/**
 * Crazyhouse (§3.1, §3.2): a captured piece goes to the captor's pocket (a promoted one as a pawn); the
 * promoted-piece mask follows the pieces; a drop puts a piece from the pocket on the board.
 */
function applyCrazyhouse(w: Int32Array, p: number, move: number): void {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const from = move & 63;
  const to = (move >> 6) & 63;
  const kind = move >> 12;
  if (kind >= MOVE_DROP) {
    const role = kind - MOVE_DROP;
    togglePiece(w, p, us, role, to);
    w[p + W_POCKET + 5 * us + role]!--;
    // The fifty-move count restarts with a pawn drop (§3.2).
    w[p + W_HALFMOVE] = role === PAWN ? 0 : Math.min(w[p + W_HALFMOVE]! + 1, MAX_CLOCK);
    w[p + W_FULLMOVE] = Math.min(w[p + W_FULLMOVE]! + us, MAX_CLOCK);
    w[p + W_TURN] = them;
    w[p + W_EP] = -1;
    return;
  }
  const pm = p + W_PROMOTED;
  if (kind === MOVE_CASTLE) {
    const rookPromoted = isOn(w, pm, to);
    applyMoveKeyless(w, p, move);
    if (rookPromoted) {
      w[pm + (to >> 5)]! &= ~(1 << (to & 31));
      const rTo = (from & 56) + (to > from ? 5 : 3);
      w[pm + (rTo >> 5)]! |= 1 << (rTo & 31);
    }
    return;
  }
  if (kind === MOVE_EN_PASSANT) {
    w[p + W_POCKET + 5 * us + PAWN]!++;
  } else if (isOn(w, p + 2 * them, to)) {
    const role = isOn(w, pm, to) ? PAWN : roleAt(w, p, to);
    w[p + W_POCKET + 5 * us + role]!++;
  }
  const promoted = kind >= MOVE_PROMOTION || isOn(w, pm, from);
  w[pm + (from >> 5)]! &= ~(1 << (from & 31));
  w[pm + (to >> 5)]! &= ~(1 << (to & 31));
  if (promoted) w[pm + (to >> 5)]! |= 1 << (to & 31);
  applyMoveKeyless(w, p, move);
}

/** Three-check (§7.1): a move that gives check spends one of the mover's remaining checks. */
function applyThreeCheck(w: Int32Array, p: number, move: number): void {
  const us = w[p + W_TURN]!;
  applyMoveKeyless(w, p, move);
  if (givenCheck(w, p, us) && w[p + W_CHECKS + us]! > 0) w[p + W_CHECKS + us]!--;
}

/** Whether `by`'s pieces attack the king of the other side (which has one) in the position at `w[p..]`. */
export function givenCheck(w: Int32Array, p: number, by: number): boolean {
  const other = by ^ 1;
  const kLo = w[p + 14]! & w[p + 2 * other]!;
  const kHi = w[p + 15]! & w[p + 2 * other + 1]!;
  if ((kLo | kHi) === 0) return false;
  const k = kLo !== 0 ? lsb(kLo) : 32 + lsb(kHi);
  return isSquareAttacked(w, p, k, by, w[p + 2 * by]!, w[p + 2 * by + 1]!, w[p]! | w[p + 2]!, w[p + 1]! | w[p + 3]!);
}
