/**
 * Compact position records and 128-bit identity keys.
 *
 * A record is 9 int32 words, enough to rebuild the position for expansion:
 *
 * | word | content |
 * | ---- | ------- |
 * | 0, 1 | white occupancy (lo, hi) |
 * | 2, 3 | role bit 0 plane: pawn, bishop, queen (roles coded 1..6, bit 0 set) |
 * | 4, 5 | role bit 1 plane: knight, bishop, king |
 * | 6, 7 | role bit 2 plane: rook, queen, king |
 * | 8    | state: bit 0 side to move, bits 1..7 en-passant square + 1 (0: none), bits 8..23 castling rights, bit 31 always set |
 *
 * Role codes: pawn 1 (001), knight 2 (010), bishop 3 (011), rook 4 (100), queen 5 (101), king 6 (110).
 * Bit 31 of the state word makes every record's last word non-zero, which the hash sets use as
 * their occupied marker. The en-passant square stored is the identity's (see `identity.ts`).
 *
 * A key is 4 int32 words: two lanes of a MurmurHash3-style mix and two lanes of an
 * xxHash32-style mix of the record, with different seeds: two independent 64-bit hashes. Lane 0
 * picks the hash-table slot, lane 2's top bits the spill bucket. Lane 3 has bit 0 set and bit 1
 * clear, so a key is never all zero (empty slot) nor -1 (slot being written).
 */
import { W_CASTLING, W_EP, W_FULLMOVE, W_HALFMOVE, W_TURN, WORDS } from '../../chess/layout.js';
import { refreshKey } from '../../chess/play.js';
import { popcount } from '../../core/bitboard.js';

export const REC_WORDS = 9;
export const KEY_WORDS = 4;
/** Words of the placement part of a record (the diagram). */
export const PLACEMENT_WORDS = 8;
export const STATE_MARK = 1 << 31;

/** Packs the position at `w[p..]` into a record at `out[o..]`, with en-passant square `ep`. */
export function packRecord(w: Int32Array, p: number, ep: number, out: Int32Array, o: number): void {
  for (let h = 0; h < 2; h++) {
    const pawn = w[p + 4 + h]!;
    const knight = w[p + 6 + h]!;
    const bishop = w[p + 8 + h]!;
    const rook = w[p + 10 + h]!;
    const queen = w[p + 12 + h]!;
    const king = w[p + 14 + h]!;
    out[o + h] = w[p + h]!;
    out[o + 2 + h] = pawn | bishop | queen;
    out[o + 4 + h] = knight | bishop | king;
    out[o + 6 + h] = rook | queen | king;
  }
  out[o + 8] = w[p + W_TURN]! | ((ep + 1) << 1) | (w[p + W_CASTLING]! << 8) | STATE_MARK;
}

/**
 * Whether the record at `rec[o..]` is one `packRecord` can write: no role code 7, white pieces
 * among the occupied squares, one king of each colour, the state word's unused bits clear and an
 * en-passant square on the board. A check for records read from files, which may be damaged.
 */
export function isSoundRecord(rec: Int32Array, o: number): boolean {
  let whiteKings = 0;
  let blackKings = 0;
  for (let h = 0; h < 2; h++) {
    const b0 = rec[o + 2 + h]!;
    const b1 = rec[o + 4 + h]!;
    const b2 = rec[o + 6 + h]!;
    const white = rec[o + h]!;
    if ((b0 & b1 & b2) !== 0 || (white & ~(b0 | b1 | b2)) !== 0) return false;
    const king = ~b0 & b1 & b2;
    whiteKings += popcount(king & white);
    blackKings += popcount(king & ~white);
  }
  const state = rec[o + 8]!;
  return whiteKings === 1 && blackKings === 1 && (state & 0x7f000000) === 0 && state < 0 && ((state >> 1) & 127) <= 64;
}

/**
 * Rebuilds position words at `w[p..]` from a record (clocks 0 and 1). The key words are left as
 * they were: expansion plays moves without the key; `recordWords` computes it.
 */
export function unpackRecord(rec: Int32Array, o: number, w: Int32Array, p: number): void {
  for (let h = 0; h < 2; h++) {
    const b0 = rec[o + 2 + h]!;
    const b1 = rec[o + 4 + h]!;
    const b2 = rec[o + 6 + h]!;
    const occ = b0 | b1 | b2;
    const white = rec[o + h]!;
    w[p + h] = white;
    w[p + 2 + h] = occ & ~white;
    w[p + 4 + h] = b0 & ~b1 & ~b2; // pawn 001
    w[p + 6 + h] = ~b0 & b1 & ~b2; // knight 010
    w[p + 8 + h] = b0 & b1 & ~b2; // bishop 011
    w[p + 10 + h] = ~b0 & ~b1 & b2; // rook 100
    w[p + 12 + h] = b0 & ~b1 & b2; // queen 101
    w[p + 14 + h] = ~b0 & b1 & b2; // king 110
  }
  const state = rec[o + 8]!;
  w[p + W_TURN] = state & 1;
  w[p + W_EP] = ((state >> 1) & 127) - 1;
  w[p + W_CASTLING] = (state >> 8) & 0xffff;
  w[p + W_HALFMOVE] = 0;
  w[p + W_FULLMOVE] = 1;
}

/** A record's words of a fresh position (for callers outside the hot paths). */
export function recordWords(rec: Int32Array, o = 0): Int32Array {
  const w = new Int32Array(WORDS);
  unpackRecord(rec, o, w, 0);
  refreshKey(w, 0);
  return w;
}

/** MurmurHash3 (x86, 32-bit) over `n` int32 words. */
export function murmurWords(a: Int32Array, o: number, n: number, seed: number): number {
  let h = seed | 0;
  for (let i = 0; i < n; i++) {
    let k = Math.imul(a[o + i]!, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= n << 2;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** xxHash32's small-input path over `n` int32 words: a second, unrelated mixing function. */
export function xxWords(a: Int32Array, o: number, n: number, seed: number): number {
  let h = (seed + 0x165667b1 + (n << 2)) | 0;
  for (let i = 0; i < n; i++) {
    h = (h + Math.imul(a[o + i]!, 0xc2b2ae3d)) | 0;
    h = Math.imul((h << 17) | (h >>> 15), 0x27d4eb2f);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae3d);
  return h ^ (h >>> 16);
}

const SEED_M0 = 0x2545f491;
const SEED_M1 = 0x6c8e9cf5 | 0;
const SEED_X0 = 0x1b56c4e9;
const SEED_X1 = 0x7f4a7c15;

/** Slot hash of `n` key or record words (lane 0 of the key). */
export const slotHash = (a: Int32Array, o: number, n: number): number =>
  n === KEY_WORDS ? a[o]! : murmurWords(a, o, n, SEED_M0);

/** Bucket hash of `n` key or record words (lane 2 of the key): take the top bits. */
export const bucketHash = (a: Int32Array, o: number, n: number): number =>
  n === KEY_WORDS ? a[o + 2]! : xxWords(a, o, n, SEED_X0);

/** The 128-bit key of `n` record words (9 for a position, 8 for a diagram) into `out[oo..]`. */
export function keyOf(a: Int32Array, o: number, n: number, out: Int32Array, oo: number): void {
  out[oo] = murmurWords(a, o, n, SEED_M0);
  out[oo + 1] = murmurWords(a, o, n, SEED_M1);
  out[oo + 2] = xxWords(a, o, n, SEED_X0);
  out[oo + 3] = (xxWords(a, o, n, SEED_X1) | 1) & ~2;
}
