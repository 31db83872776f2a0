/**
 * Writing moves of the variant generators into a move list (`Uint16Array`): one per target
 * square of a set, pawn moves with their promotions.
 */
import { lsb } from '../../core/bitboard.js';
import { MOVE_NORMAL } from '../../chess/move.js';
import { MOVE_KING_PROMOTION } from './move.js';

/** Writes one move of `kind` per target square of (lo, hi) from `from`; returns how many. */
export function emitTargets(out: Uint16Array, i: number, from: number, lo: number, hi: number): number {
  const start = i;
  const base = from | (MOVE_NORMAL << 12);
  while (lo !== 0) {
    out[i++] = base | (lsb(lo) << 6);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[i++] = base | ((32 + lsb(hi)) << 6);
    hi &= hi - 1;
  }
  return i - start;
}

/**
 * Writes pawn moves to each target square of (lo, hi), from `target − delta`, of `kind`; on the
 * last rank the promotions instead (queen, knight, rook, bishop, and a king where `kingPromotion`:
 * antichess). Returns how many.
 */
export function emitPawnTargets(
  out: Uint16Array, i: number, lo: number, hi: number, delta: number, kind: number, kingPromotion: boolean,
): number {
  const start = i;
  while (lo !== 0) {
    const to = lsb(lo);
    lo &= lo - 1;
    i = emitPawnMove(out, i, to - delta, to, kind, kingPromotion);
  }
  while (hi !== 0) {
    const to = 32 + lsb(hi);
    hi &= hi - 1;
    i = emitPawnMove(out, i, to - delta, to, kind, kingPromotion);
  }
  return i - start;
}

/** One pawn move, or its promotions on the last rank; returns the next free index. */
export function emitPawnMove(out: Uint16Array, i: number, from: number, to: number, kind: number, kingPromotion: boolean): number {
  const base = from | (to << 6);
  if (to < 8 || to >= 56) {
    out[i++] = base | (7 << 12);
    out[i++] = base | (4 << 12);
    out[i++] = base | (6 << 12);
    out[i++] = base | (5 << 12);
    if (kingPromotion) out[i++] = base | (MOVE_KING_PROMOTION << 12);
  } else {
    out[i++] = base | (kind << 12);
  }
  return i;
}

/** Squares of ranks 1 and 8 in the low and high half. */
export const RANK_1 = 0xff;
export const RANK_8 = 0xff000000 | 0;
export const FILE_A = 0x01010101;
export const FILE_H = 0x80808080 | 0;
