/**
 * Applying a move to the compact position in place (the "make" of copy-make: callers copy the
 * parent's words into a fresh slot first). The move must come from the generator for this very
 * position; nothing is checked again. The Zobrist key is updated incrementally by `applyMove`, from
 * a change worked out before the move, or left alone by `applyMoveKeyless` for callers that never
 * read it (a `Position` among them: its key is computed on demand, `polyglotKey`). Only the keyed
 * functions read the Polyglot table, so a program that never hashes leaves it out of its bundle.
 */
import { lsb } from '../core/bitboard.js';
import { PAWN_ATTACKS } from '../core/attacks.js';
import { ZOBRIST, ZOBRIST_CASTLING, ZOBRIST_EP_FILE, ZOBRIST_WHITE_TO_MOVE, zobristPiece } from '../core/zobrist.js';
import { inCheckAt } from './attacked.js';
import { kingSquareAt, W_CASTLING, W_EP, W_FULLMOVE, W_HALFMOVE, W_KEY, W_TURN } from './layout.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_PROMOTION } from './move.js';
import { MAX_CLOCK } from './setup.js';
import { KING, PAWN, ROOK } from './types.js';

/** Flips a piece of `color` and `role` on `sq` (adds it if absent, removes it if present). */
export function togglePiece(w: Int32Array, p: number, color: number, role: number, sq: number): void {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  w[p + 2 * color + half]! ^= bit;
  w[p + 4 + 2 * role + half]! ^= bit;
}

/** The role of the piece on `sq` (which must be occupied). */
export function roleAt(w: Int32Array, p: number, sq: number): number {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  let role = 0;
  while ((w[p + 4 + 2 * role + half]! & bit) === 0) role++;
  return role;
}

/** The castling-rights bit of a back-rank rook square: file f of rank 1 → f, of rank 8 → 8 + f. */
const castlingBit = (sq: number): number => (sq < 8 ? 1 << sq : sq >= 56 ? 1 << (sq - 48) : 0);

/**
 * Polyglot castling entries present for `rights`: short castling is a right with a rook on the
 * king's h-side, long castling one on its a-side (so Chess960 positions hash consistently).
 */
function castlingKeyIndexMask(w: Int32Array, p: number, rights: number): number {
  let mask = 0;
  for (let color = 0; color < 2; color++) {
    const files = (rights >> (8 * color)) & 0xff;
    if (files === 0) continue;
    const kf = kingSquareAt(w, p, color) & 7;
    if (files >> (kf + 1) !== 0) mask |= 1 << (2 * color);
    if ((files & ((1 << kf) - 1)) !== 0) mask |= 2 << (2 * color);
  }
  return mask;
}

/** XOR of the Polyglot castling entries of a 4-bit mask, low half then high half in `out`. */
export function castlingKey(w: Int32Array, p: number, rights: number, out: Int32Array): void {
  const mask = castlingKeyIndexMask(w, p, rights);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < 4; i++) {
    if (mask & (1 << i)) {
      lo ^= ZOBRIST[2 * (ZOBRIST_CASTLING + i)]!;
      hi ^= ZOBRIST[2 * (ZOBRIST_CASTLING + i) + 1]!;
    }
  }
  out[0] = lo;
  out[1] = hi;
}

/**
 * Whether the Polyglot key includes the en-passant file: a pawn of the side to move stands next
 * to the pawn that just double-stepped (Polyglot's rule; legality of the capture does not matter).
 */
export const polyglotEpCounts = (w: Int32Array, p: number, ep: number): boolean => pawnBesideEp(w, p, ep, w[p + W_TURN]!);

/** Whether a pawn of `side` attacks the en-passant square `ep`. */
function pawnBesideEp(w: Int32Array, p: number, ep: number, side: number): boolean {
  const i = 128 * (side ^ 1) + 2 * ep;
  return ((PAWN_ATTACKS[i]! & w[p + 4]! & w[p + 2 * side]!) | (PAWN_ATTACKS[i + 1]! & w[p + 5]! & w[p + 2 * side + 1]!)) !== 0;
}

/**
 * Castling rights after a move of the piece of `role` from `from` to `to` (FIDE 3.8.2.1: lost
 * for good when the king moves, or when the rook moves or is captured).
 */
function rightsAfter(rights: number, us: number, role: number, from: number, to: number): number {
  const next = rights & ~castlingBit(from) & ~castlingBit(to);
  return role === KING ? next & ~(0xff << (8 * us)) : next;
}

/** `rightsAfter` on the position's own rights. */
function updateRights(w: Int32Array, p: number, us: number, role: number, from: number, to: number): void {
  const rights = w[p + W_CASTLING]!;
  if (rights !== 0) w[p + W_CASTLING] = rightsAfter(rights, us, role, from, to);
}

const scratch = new Int32Array(2);

/** Plays `move` (generated for this position) on the words at `w[p..]`, key included. */
export function applyMove(w: Int32Array, p: number, move: number): void {
  keyChange(w, p, move, scratch);
  const keyLo = w[p + W_KEY]! ^ scratch[0]!;
  const keyHi = w[p + W_KEY + 1]! ^ scratch[1]!;
  applyMoveKeyless(w, p, move);
  w[p + W_KEY] = keyLo;
  w[p + W_KEY + 1] = keyHi;
}

/**
 * Plays `move` on the pieces, castling rights, clocks, side to move and en-passant square, and
 * leaves the key word as it was: for callers that never read it (perft, enumeration, replay),
 * about 5% faster. A position played this way must get its key recomputed (`refreshKey`) before
 * anyone reads it.
 */
export function applyMoveKeyless(w: Int32Array, p: number, move: number): void {
  applyMoveOfRoleKeyless(w, p, move, roleAt(w, p, move & 63));
}

/** `applyMoveKeyless` for a caller that knows the `role` of the piece that moves (SAN names it). */
export function applyMoveOfRoleKeyless(w: Int32Array, p: number, move: number, role: number): void {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const from = move & 63;
  const to = (move >> 6) & 63;
  const kind = move >> 12;
  updateRights(w, p, us, role, from, to);
  // FIDE 9.3: the fifty-move count restarts with a capture or a pawn move.
  let irreversible = role === PAWN;
  if (kind === MOVE_CASTLE) {
    castlePieces(w, p, us, from, to);
  } else {
    // En passant takes the pawn behind `to`; any other capture the piece on `to`.
    if (kind === MOVE_EN_PASSANT) togglePiece(w, p, them, PAWN, to - 8 + 16 * us);
    else if ((w[p + 2 * them + (to >> 5)]! & (1 << (to & 31))) !== 0) {
      togglePiece(w, p, them, roleAt(w, p, to), to);
      irreversible = true;
    }
    togglePiece(w, p, us, role, from);
    togglePiece(w, p, us, kind >= MOVE_PROMOTION ? kind - 3 : role, to);
  }
  w[p + W_HALFMOVE] = irreversible ? 0 : Math.min(w[p + W_HALFMOVE]! + 1, MAX_CLOCK);
  w[p + W_FULLMOVE] = Math.min(w[p + W_FULLMOVE]! + us, MAX_CLOCK);
  w[p + W_TURN] = them;
  w[p + W_EP] = kind === MOVE_DOUBLE_PUSH ? (from + to) >> 1 : -1;
}

/**
 * Moves the king and rook of a castling move, king-takes-rook encoded: the king goes to the g- or
 * c-file, the rook to the f- or d-file (FIDE 3.8.2). Apart, so that `applyMoveKeyless` stays small
 * enough for V8 to inline it.
 */
function castlePieces(w: Int32Array, p: number, us: number, from: number, to: number): void {
  const backRank = from & 56;
  const hSide = to > from;
  togglePiece(w, p, us, KING, from);
  togglePiece(w, p, us, ROOK, to);
  togglePiece(w, p, us, KING, backRank + (hSide ? 6 : 2));
  togglePiece(w, p, us, ROOK, backRank + (hSide ? 5 : 3));
}

/**
 * Passes the turn: a null move, which analysis software writes as `--` (ChessBase, python-chess,
 * kokopu) or `Z0`. It is not a move of chess, so no rule defines it; we follow Stockfish and
 * python-chess: the en-passant chance lapses, the clocks count on as after a quiet move, and the
 * side to move must not be in check (passing would leave its king capturable; Stockfish and
 * kokopu refuse it there too). Returns false, changing nothing, when the side to move is in check.
 * Like `applyMoveKeyless`, it leaves the key words alone (`refreshKey` recomputes them).
 */
export function applyNullMove(w: Int32Array, p: number): boolean {
  const us = w[p + W_TURN]!;
  // (A set-up without our king, which the lenient reader never gives, has no check to test.)
  if (((w[p + 14]! & w[p + 2 * us]!) | (w[p + 15]! & w[p + 2 * us + 1]!)) !== 0 && inCheckAt(w, p)) return false;
  w[p + W_EP] = -1;
  w[p + W_HALFMOVE] = Math.min(w[p + W_HALFMOVE]! + 1, MAX_CLOCK);
  w[p + W_FULLMOVE] = Math.min(w[p + W_FULLMOVE]! + us, MAX_CLOCK);
  w[p + W_TURN] = us ^ 1;
  return true;
}

/** XORs the Zobrist entry of a piece into `out`. */
function xorPiece(out: Int32Array, color: number, role: number, sq: number): void {
  const z = 2 * zobristPiece(color, role, sq);
  out[0]! ^= ZOBRIST[z]!;
  out[1]! ^= ZOBRIST[z + 1]!;
}

/** XORs the Polyglot en-passant entry of the file of `ep` into `out`. */
function xorEpFile(out: Int32Array, ep: number): void {
  out[0]! ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7))]!;
  out[1]! ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7)) + 1]!;
}

const rightsKey = new Int32Array(2);

/** The XOR that `move` makes to the Polyglot key, worked out before it is played, into `out`. */
function keyChange(w: Int32Array, p: number, move: number, out: Int32Array): void {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const from = move & 63;
  const to = (move >> 6) & 63;
  const kind = move >> 12;
  out[0] = ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE]!;
  out[1] = ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE + 1]!;
  const oldEp = w[p + W_EP]!;
  if (oldEp >= 0 && pawnBesideEp(w, p, oldEp, us)) xorEpFile(out, oldEp);
  const role = roleAt(w, p, from);
  const rights = w[p + W_CASTLING]!;
  const next = rights === 0 ? 0 : rightsAfter(rights, us, role, from, to);
  if (next !== rights) {
    // The king that moves loses all of its side's rights, so its square before the move serves.
    castlingKey(w, p, rights, rightsKey);
    out[0]! ^= rightsKey[0]!;
    out[1]! ^= rightsKey[1]!;
    castlingKey(w, p, next, rightsKey);
    out[0]! ^= rightsKey[0]!;
    out[1]! ^= rightsKey[1]!;
  }
  if (kind === MOVE_CASTLE) {
    const backRank = from & 56;
    const hSide = to > from;
    xorPiece(out, us, KING, from);
    xorPiece(out, us, KING, backRank + (hSide ? 6 : 2));
    xorPiece(out, us, ROOK, to);
    xorPiece(out, us, ROOK, backRank + (hSide ? 5 : 3));
    return;
  }
  if (kind === MOVE_EN_PASSANT) xorPiece(out, them, PAWN, to + (us === 0 ? -8 : 8));
  else if ((w[p + 2 * them + (to >> 5)]! & (1 << (to & 31))) !== 0) xorPiece(out, them, roleAt(w, p, to), to);
  xorPiece(out, us, role, from);
  xorPiece(out, us, kind >= MOVE_PROMOTION ? kind - 3 : role, to);
  // After a double push the opponent moves: the file counts if one of its pawns is beside ours
  // (its pawns do not change with our move).
  if (kind === MOVE_DOUBLE_PUSH && pawnBesideEp(w, p, (from + to) >> 1, them)) xorEpFile(out, (from + to) >> 1);
}

/** Computes the Polyglot key of the position at `w[p..]` from scratch and stores it in its key words. */
export function refreshKey(w: Int32Array, p: number): void {
  let lo = 0;
  let hi = 0;
  for (let color = 0; color < 2; color++) {
    for (let role = 0; role < 6; role++) {
      for (let half = 0; half < 2; half++) {
        let bits = w[p + 2 * color + half]! & w[p + 4 + 2 * role + half]!;
        while (bits !== 0) {
          const sq = 32 * half + lsb(bits);
          bits &= bits - 1;
          const z = 2 * zobristPiece(color, role, sq);
          lo ^= ZOBRIST[z]!;
          hi ^= ZOBRIST[z + 1]!;
        }
      }
    }
  }
  castlingKey(w, p, w[p + W_CASTLING]!, scratch);
  lo ^= scratch[0]!;
  hi ^= scratch[1]!;
  const ep = w[p + W_EP]!;
  if (ep >= 0 && polyglotEpCounts(w, p, ep)) {
    lo ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7))]!;
    hi ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7)) + 1]!;
  }
  if (w[p + W_TURN] === 0) {
    lo ^= ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE]!;
    hi ^= ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE + 1]!;
  }
  w[p + W_KEY] = lo;
  w[p + W_KEY + 1] = hi;
}
