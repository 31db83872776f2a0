/**
 * The compact position: 23 int32 words in a typed array, so that copy-make is one
 * `copyWithin`/`set` of 92 bytes into a preallocated slot.
 *
 * | words  | content |
 * | ------ | ------- |
 * | 0..3   | occupancy by colour: white (lo, hi), black (lo, hi) |
 * | 4..15  | occupancy by role: pawn, knight, bishop, rook, queen, king, each (lo, hi) |
 * | 16     | side to move: 0 white, 1 black |
 * | 17     | en-passant target square after a double push, else -1 (stored after *every* double push; whether a capture is possible is decided where it matters) |
 * | 18     | castling rights: bit f = white may castle with the rook on file f of rank 1, bit 8 + f = black with the rook on file f of rank 8 (Chess960-general) |
 * | 19     | halfmove clock (plies since the last capture or pawn move) |
 * | 20     | fullmove number |
 * | 21, 22 | Polyglot Zobrist key (lo, hi), kept by the keyed fast paths (`applyMove`, `refreshKey`); not kept in a `Position`'s words (`polyglotKey` computes it) |
 */
import { lsb } from '../core/bitboard.js';

/** Word offsets of the bitboards, each a (lo, hi) pair: colour c at W_COLOR + 2c, role r at W_ROLE + 2r. */
export const W_COLOR = 0;
export const W_ROLE = 4;
export const W_PAWNS = 4;
export const W_KNIGHTS = 6;
export const W_BISHOPS = 8;
export const W_ROOKS = 10;
export const W_QUEENS = 12;
export const W_KINGS = 14;
export const W_TURN = 16;
export const W_EP = 17;
export const W_CASTLING = 18;
export const W_HALFMOVE = 19;
export const W_FULLMOVE = 20;
export const W_KEY = 21;
export const WORDS = 23;

/**
 * The square of `color`'s king in the position at `w[p..]`: the one place that reads it. (A
 * position has exactly one king of each colour; with none the result is meaningless.)
 */
export function kingSquareAt(w: Int32Array, p: number, color: number): number {
  const lo = w[p + W_KINGS]! & w[p + W_COLOR + 2 * color]!;
  return lo !== 0 ? lsb(lo) : 32 + lsb(w[p + W_KINGS + 1]! & w[p + W_COLOR + 2 * color + 1]!);
}

/**
 * Copies the position at `w[from..]` to `w[to..]` (copy-make's copy). `copyWithin` measured
 * about 14% faster in perft than a plain loop over the 23 words.
 */
export function copyPosition(w: Int32Array, from: number, to: number): void {
  w.copyWithin(to, from, from + WORDS);
}

/**
 * Copies `count` words from `src[from..]` to `dst[to..]` (another array). A word loop: in a hot
 * path, `dst.set(src.subarray(…))` would make a subarray object at every call.
 */
export function copyWords(src: Int32Array, from: number, dst: Int32Array, to: number, count: number): void {
  for (let k = 0; k < count; k++) dst[to + k] = src[from + k]!;
}
