/**
 * Zobrist keys compatible with the Polyglot opening-book format: the key of a position is the
 * XOR of the Polyglot random numbers of its pieces, castling rights, en-passant file and side to
 * move. Keys are kept as int32 (lo, hi) halves: `ZOBRIST[2 * i]` is the low half of entry i.
 */
import { POLYGLOT_RANDOM_HEX } from './polyglot-random.js';

/**
 * The Polyglot numbers as (lo, hi) pairs. Built by a call marked pure, so that a bundler leaves
 * the table, and the hex strings, out of a program that never hashes.
 */
export const ZOBRIST: Int32Array = /* @__PURE__ */ buildZobrist();

function buildZobrist(): Int32Array {
  const table = new Int32Array(2 * POLYGLOT_RANDOM_HEX.length);
  for (let i = 0; i < POLYGLOT_RANDOM_HEX.length; i++) {
    const hex = POLYGLOT_RANDOM_HEX[i]!;
    table[2 * i] = parseInt(hex.slice(8), 16) | 0;
    table[2 * i + 1] = parseInt(hex.slice(0, 8), 16) | 0;
  }
  return table;
}

/** Offsets into the Polyglot array. */
export const ZOBRIST_CASTLING = 768; // + 0 white short, 1 white long, 2 black short, 3 black long
export const ZOBRIST_EP_FILE = 772; // + file
export const ZOBRIST_WHITE_TO_MOVE = 780;

/** Offset of a piece on a square; `color` 0 = white, `role` 0 = pawn … 5 = king. */
export const zobristPiece = (color: number, role: number, sq: number): number =>
  64 * (2 * role + (1 - color)) + sq;

/** A key's two halves as one unsigned 64-bit BigInt (for display and tests, not hot paths). */
export const keyToBigInt = (lo: number, hi: number): bigint =>
  (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
