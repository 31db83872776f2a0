/**
 * "Does this move give check?" without playing it, the test the Italian rule needs for every
 * move before the last of a series (docs/rules/progressive.md §1.2: a check on any other move is illegal) and
 * that the solver needs to pick the candidate mating moves at the last step.
 *
 * `prepareCheckInfo` computes once per position, for the side to move `us` and the enemy king
 * `K`: the squares from which each role of ours would attack `K` (over the current occupancy)
 * and our pieces that alone stand between one of our sliders and `K` (discovered-check
 * candidates). A normal move then checks when it lands on its role's checking square, or when it
 * moves a discovered-check candidate off its line. En passant, castling and promotions (rare)
 * are played on a scratch copy and tested exactly, as they change the occupancy in ways the
 * masks do not follow.
 *
 * A slider retreating along its own line to `K` cannot uncover itself: it would already be
 * giving check, and the side not to move is never in check during a series.
 */
import { lsb } from '../../core/bitboard.js';
import { BETWEEN, BISHOP_EMPTY, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS, ROOK_EMPTY, SLIDE, antiIndex, diagIndex, fileIndex, rankIndex } from '../../core/attacks.js';
import { copyWords, kingSquareAt, W_TURN, WORDS } from '../../chess/layout.js';
import { MOVE_CASTLE, MOVE_EN_PASSANT } from '../../chess/move.js';
import { applyMove, roleAt } from '../../chess/play.js';
import { attackersOf, kingSquare } from '../../chess/position.js';
import { KING } from '../../chess/types.js';
import { isSquareAttacked } from '../../chess/attacked.js';

/** Words of a check-info record. */
export const CHECK_INFO_WORDS = 16;
// Layout: 0 enemy king square; 2+2*role (lo, hi) checking squares for pawn..queen; 12, 13 the
// discovered-check candidates.
const CI_KING = 0;
const CI_SQUARES = 2;
const CI_BLOCKERS = 12;

/** Fills `info[i..]` for the side to move of the position at `w[p..]`. */
export function prepareCheckInfo(w: Int32Array, p: number, info: Int32Array, i: number): void {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const k = kingSquareAt(w, p, them);
  const occLo = w[p]! | w[p + 2]!;
  const occHi = w[p + 1]! | w[p + 3]!;
  info[i + CI_KING] = k;
  // Our pawn attacks K from the squares a pawn of theirs on K would attack.
  info[i + CI_SQUARES] = PAWN_ATTACKS[128 * them + 2 * k]!;
  info[i + CI_SQUARES + 1] = PAWN_ATTACKS[128 * them + 2 * k + 1]!;
  info[i + CI_SQUARES + 2] = KNIGHT_ATTACKS[2 * k]!;
  info[i + CI_SQUARES + 3] = KNIGHT_ATTACKS[2 * k + 1]!;
  const d = diagIndex(k, occLo, occHi);
  const a = antiIndex(k, occLo, occHi);
  const bLo = SLIDE[d]! | SLIDE[a]!;
  const bHi = SLIDE[d + 1]! | SLIDE[a + 1]!;
  const r = rankIndex(k, occLo, occHi);
  const f = fileIndex(k, occLo, occHi);
  const rLo = SLIDE[r]! | SLIDE[f]!;
  const rHi = SLIDE[r + 1]! | SLIDE[f + 1]!;
  info[i + CI_SQUARES + 4] = bLo;
  info[i + CI_SQUARES + 5] = bHi;
  info[i + CI_SQUARES + 6] = rLo;
  info[i + CI_SQUARES + 7] = rHi;
  info[i + CI_SQUARES + 8] = bLo | rLo;
  info[i + CI_SQUARES + 9] = bHi | rHi;
  // Discovered-check candidates: exactly one piece (ours) between K and one of our sliders.
  const usLo = w[p + 2 * us]!;
  const usHi = w[p + 2 * us + 1]!;
  let sLo = ((ROOK_EMPTY[2 * k]! & (w[p + 10]! | w[p + 12]!)) | (BISHOP_EMPTY[2 * k]! & (w[p + 8]! | w[p + 12]!))) & usLo;
  let sHi = ((ROOK_EMPTY[2 * k + 1]! & (w[p + 11]! | w[p + 13]!)) | (BISHOP_EMPTY[2 * k + 1]! & (w[p + 9]! | w[p + 13]!))) & usHi;
  let blLo = 0;
  let blHi = 0;
  while ((sLo | sHi) !== 0) {
    let s: number;
    if (sLo !== 0) {
      s = lsb(sLo);
      sLo &= sLo - 1;
    } else {
      s = 32 + lsb(sHi);
      sHi &= sHi - 1;
    }
    const bi = 2 * (k * 64 + s);
    const xLo = BETWEEN[bi]! & occLo;
    const xHi = BETWEEN[bi + 1]! & occHi;
    if (xLo === 0 ? xHi !== 0 && (xHi & (xHi - 1)) === 0 : xHi === 0 && (xLo & (xLo - 1)) === 0) {
      blLo |= xLo & usLo;
      blHi |= xHi & usHi;
    }
  }
  info[i + CI_BLOCKERS] = blLo;
  info[i + CI_BLOCKERS + 1] = blHi;
}


const slow = new Int32Array(WORDS);
const pair = new Int32Array(2);

/** Whether `move` of the side to move at `w[p..]` gives check (`info` from prepareCheckInfo). */
export function givesCheck(w: Int32Array, p: number, info: Int32Array, i: number, move: number): boolean {
  const kind = move >> 12;
  if (kind === MOVE_EN_PASSANT || kind === MOVE_CASTLE || kind >= 4) return givesCheckSlow(w, p, move);
  const from = move & 63;
  const to = (move >> 6) & 63;
  const role = roleAt(w, p, from);
  const k = info[i + CI_KING]!;
  if (role !== KING) {
    const sq = info[i + CI_SQUARES + 2 * role + (to >> 5)]!;
    if ((sq & (1 << (to & 31))) !== 0) return true;
  }
  const bl = info[i + CI_BLOCKERS + (from >> 5)]!;
  if ((bl & (1 << (from & 31))) !== 0) {
    // Moving off the line through K and the blocker uncovers the slider behind it.
    const li = 2 * (k * 64 + from) + (to >> 5);
    if ((LINE[li]! & (1 << (to & 31))) === 0) return true;
  }
  return false;
}

/** The exact test: play the move on a scratch copy and look at the enemy king. */
export function givesCheckSlow(w: Int32Array, p: number, move: number): boolean {
  copyWords(w, p, slow, 0, WORDS);
  const us = slow[W_TURN]!;
  applyMove(slow, 0, move);
  const k = kingSquare(slow, us ^ 1);
  return attackersOf(slow, k, us, slow[0]! | slow[2]!, slow[1]! | slow[3]!, pair);
}

/** Whether the side to move at `w[p..]` is in check. */
export function inCheck(w: Int32Array, p: number): boolean {
  const us = w[p + W_TURN]!;
  return isAttackedBy(w, p, kingSquareAt(w, p, us), us ^ 1);
}

/** Whether the side not to move at `w[p..]` is in check. */
export function opponentInCheck(w: Int32Array, p: number): boolean {
  const us = w[p + W_TURN]!;
  return isAttackedBy(w, p, kingSquareAt(w, p, us ^ 1), us);
}

/** Whether `sq` is attacked by colour `by` in the position at `w[p..]`. */
export function isAttackedBy(w: Int32Array, p: number, sq: number, by: number): boolean {
  return isSquareAttacked(w, p, sq, by, w[p + 2 * by]!, w[p + 2 * by + 1]!, w[p]! | w[p + 2]!, w[p + 1]! | w[p + 3]!);
}
