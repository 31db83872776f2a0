/**
 * Applying a move to the compact position in place (the "make" of copy-make: callers copy the
 * parent's words into a fresh slot first). The move must come from the generator for this very
 * position; nothing is checked again. The Zobrist key is updated incrementally.
 */
import { lsb } from '../core/bitboard.js';
import { PAWN_ATTACKS } from '../core/attacks.js';
import { ZOBRIST, ZOBRIST_CASTLING, ZOBRIST_EP_FILE, ZOBRIST_WHITE_TO_MOVE, zobristPiece } from '../core/zobrist.js';
import { W_CASTLING, W_EP, W_FULLMOVE, W_HALFMOVE, W_KEY, W_TURN } from './layout.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_PROMOTION } from './move.js';
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
    const kLo = w[p + 14]! & w[p + 2 * color]!;
    const kHi = w[p + 15]! & w[p + 2 * color + 1]!;
    const kf = (kLo !== 0 ? lsb(kLo) : lsb(kHi)) & 7;
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
export function polyglotEpCounts(w: Int32Array, p: number, ep: number): boolean {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const i = 128 * them + 2 * ep;
  return ((PAWN_ATTACKS[i]! & w[p + 4]! & w[p + 2 * us]!) | (PAWN_ATTACKS[i + 1]! & w[p + 5]! & w[p + 2 * us + 1]!)) !== 0;
}

const scratch = new Int32Array(2);

/** Plays `move` (generated for this position) on the words at `w[p..]`. */
export function applyMove(w: Int32Array, p: number, move: number): void {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const from = move & 63;
  const to = (move >> 6) & 63;
  const kind = move >> 12;
  let keyLo = w[p + W_KEY]! ^ ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE]!;
  let keyHi = w[p + W_KEY + 1]! ^ ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE + 1]!;

  const oldEp = w[p + W_EP]!;
  if (oldEp >= 0) {
    if (polyglotEpCounts(w, p, oldEp)) {
      keyLo ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (oldEp & 7))]!;
      keyHi ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (oldEp & 7)) + 1]!;
    }
    w[p + W_EP] = -1;
  }
  w[p + W_HALFMOVE]!++;
  if (us === 1) w[p + W_FULLMOVE]!++;

  const role = roleAt(w, p, from);

  // Castling rights (FIDE 3.8.2.1): lost for good when the king moves, or when the rook moves or
  // is captured.
  const rights = w[p + W_CASTLING]!;
  if (rights !== 0) {
    let next = rights & ~castlingBit(from) & ~castlingBit(to);
    if (role === KING) next &= ~(0xff << (8 * us));
    if (next !== rights) {
      castlingKey(w, p, rights, scratch);
      keyLo ^= scratch[0]!;
      keyHi ^= scratch[1]!;
      castlingKey(w, p, next, scratch);
      keyLo ^= scratch[0]!;
      keyHi ^= scratch[1]!;
      w[p + W_CASTLING] = next;
    }
  }

  if (kind === MOVE_CASTLE) {
    // King-takes-rook encoding: the king goes to the g- or c-file, the rook to the f- or d-file.
    const backRank = from & 56;
    const hSide = to > from;
    const kTo = backRank + (hSide ? 6 : 2);
    const rTo = backRank + (hSide ? 5 : 3);
    togglePiece(w, p, us, KING, from);
    togglePiece(w, p, us, ROOK, to);
    togglePiece(w, p, us, KING, kTo);
    togglePiece(w, p, us, ROOK, rTo);
    let z = 2 * zobristPiece(us, KING, from);
    keyLo ^= ZOBRIST[z]!;
    keyHi ^= ZOBRIST[z + 1]!;
    z = 2 * zobristPiece(us, KING, kTo);
    keyLo ^= ZOBRIST[z]!;
    keyHi ^= ZOBRIST[z + 1]!;
    z = 2 * zobristPiece(us, ROOK, to);
    keyLo ^= ZOBRIST[z]!;
    keyHi ^= ZOBRIST[z + 1]!;
    z = 2 * zobristPiece(us, ROOK, rTo);
    keyLo ^= ZOBRIST[z]!;
    keyHi ^= ZOBRIST[z + 1]!;
  } else {
    if (kind === MOVE_EN_PASSANT) {
      const captured = to + (us === 0 ? -8 : 8);
      togglePiece(w, p, them, PAWN, captured);
      const z = 2 * zobristPiece(them, PAWN, captured);
      keyLo ^= ZOBRIST[z]!;
      keyHi ^= ZOBRIST[z + 1]!;
      w[p + W_HALFMOVE] = 0;
    } else if ((w[p + 2 * them + (to >> 5)]! & (1 << (to & 31))) !== 0) {
      const capturedRole = roleAt(w, p, to);
      togglePiece(w, p, them, capturedRole, to);
      const z = 2 * zobristPiece(them, capturedRole, to);
      keyLo ^= ZOBRIST[z]!;
      keyHi ^= ZOBRIST[z + 1]!;
      w[p + W_HALFMOVE] = 0;
    }
    const newRole = kind >= MOVE_PROMOTION ? kind - 3 : role;
    togglePiece(w, p, us, role, from);
    togglePiece(w, p, us, newRole, to);
    let z = 2 * zobristPiece(us, role, from);
    keyLo ^= ZOBRIST[z]!;
    keyHi ^= ZOBRIST[z + 1]!;
    z = 2 * zobristPiece(us, newRole, to);
    keyLo ^= ZOBRIST[z]!;
    keyHi ^= ZOBRIST[z + 1]!;
    if (role === PAWN) w[p + W_HALFMOVE] = 0;
  }

  w[p + W_TURN] = them;
  if (kind === MOVE_DOUBLE_PUSH) {
    const ep = (from + to) >> 1;
    w[p + W_EP] = ep;
    if (polyglotEpCounts(w, p, ep)) {
      keyLo ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7))]!;
      keyHi ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7)) + 1]!;
    }
  }
  w[p + W_KEY] = keyLo;
  w[p + W_KEY + 1] = keyHi;
}

/** Computes the Polyglot key of the position at `w[p..]` from scratch into `out[0..1]`. */
export function computeKey(w: Int32Array, p: number, out: Int32Array): void {
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
  out[0] = lo;
  out[1] = hi;
}
