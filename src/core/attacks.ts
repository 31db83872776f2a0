/**
 * Attack tables for every piece, as int32 (lo, hi) pairs in typed arrays: entry `2 * i` is the
 * low half, `2 * i + 1` the high half.
 *
 * Sliding pieces use *line look-ups* (a kindergarten-bitboard variant for 32-bit halves): a
 * rook's attacks are the union of its rank and file attacks, a bishop's of its diagonal and
 * anti-diagonal attacks, and each line's attacks come from one table indexed by the square and
 * the 6 inner occupancy bits of that line. The occupancy is gathered without 64-bit arithmetic:
 * a rank is one byte of one half; a diagonal has one square per file, so OR-folding the bytes of
 * both halves yields its file-indexed occupancy; a file's eight bits are gathered by one 32-bit
 * multiplication per half. The table is 4 × 64 × 64 pairs (128 KiB).
 *
 * Why this method: magic bitboards need a 64-bit multiply (two `Math.imul`s and an XOR on 32-bit
 * halves, plus magics to search for and 800 KiB of tables); Hyperbola Quintessence needs a 64-bit
 * byte swap and subtraction with borrow across the halves; the classical ray scan branches on
 * which half holds the first blocker. Line look-ups use only int32 shifts, ANDs, ORs and one
 * `Math.imul`, and have no data-dependent branches.
 */

import { lsb } from './bitboard.js';

/** Line kinds of the sliding table (0 is the rank). */
const FILE = 1;
const DIAG = 2; // a1-h8 direction
const ANTI = 3; // h1-a8 direction

const inBoard = (f: number, r: number): boolean => f >= 0 && f < 8 && r >= 0 && r < 8;

function setBit(table: Int32Array, index: number, sq: number): void {
  if (sq < 32) table[2 * index]! |= 1 << sq;
  else table[2 * index + 1]! |= 1 << (sq - 32);
}

function stepTable(deltas: readonly (readonly [number, number])[]): Int32Array {
  const table = new Int32Array(128);
  for (let sq = 0; sq < 64; sq++) {
    const f = sq & 7;
    const r = sq >> 3;
    for (const [df, dr] of deltas) {
      if (inBoard(f + df, r + dr)) setBit(table, sq, (r + dr) * 8 + f + df);
    }
  }
  return table;
}

/** Knight attacks per square. */
export const KNIGHT_ATTACKS = stepTable([
  [1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2],
]);

/** King attacks per square. */
export const KING_ATTACKS = stepTable([
  [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1],
]);

/** Pawn capture squares, indexed by `color * 64 + square` (white = 0 captures upwards). */
export const PAWN_ATTACKS = new Int32Array(256);
{
  const white = stepTable([[-1, 1], [1, 1]]);
  const black = stepTable([[-1, -1], [1, -1]]);
  PAWN_ATTACKS.set(white, 0);
  PAWN_ATTACKS.set(black, 128);
}

/** Direction (file step, rank step) of each line kind; the opposite direction is the negation. */
const LINE_DIRECTIONS: readonly (readonly [number, number])[] = [[1, 0], [0, 1], [1, 1], [-1, 1]];

/** Masks of the diagonal and anti-diagonal through each square (the square included). */
export const DIAG_MASK = new Int32Array(128);
export const ANTI_MASK = new Int32Array(128);

/**
 * Sliding attacks per line: entry `(line << 12 | sq << 6 | occ6)` (times two for the pair) holds
 * the squares a slider on `sq` attacks along `line` when the inner six squares of the line are
 * occupied as in `occ6`. Bit i of the line's occupancy byte stands for file i (ranks and
 * diagonals) or rank i (files).
 */
export const SLIDE = new Int32Array(4 * 64 * 64 * 2);

/** Position of a square along a line: its file, or its rank for files. */
const linePosition = (line: number, sq: number): number => (line === FILE ? sq >> 3 : sq & 7);

{
  for (let sq = 0; sq < 64; sq++) {
    for (const [mask, line] of [[DIAG_MASK, DIAG], [ANTI_MASK, ANTI]] as const) {
      const [df, dr] = LINE_DIRECTIONS[line]!;
      setBit(mask, sq, sq);
      for (const s of [1, -1]) {
        let f = (sq & 7) + s * df;
        let r = (sq >> 3) + s * dr;
        while (inBoard(f, r)) {
          setBit(mask, sq, r * 8 + f);
          f += s * df;
          r += s * dr;
        }
      }
    }
  }
  for (let line = 0; line < 4; line++) {
    const [df, dr] = LINE_DIRECTIONS[line]!;
    for (let sq = 0; sq < 64; sq++) {
      for (let occ6 = 0; occ6 < 64; occ6++) {
        const occ8 = occ6 << 1;
        const index = (line << 12) | (sq << 6) | occ6;
        for (const s of [1, -1]) {
          let f = (sq & 7) + s * df;
          let r = (sq >> 3) + s * dr;
          while (inBoard(f, r)) {
            const target = r * 8 + f;
            setBit(SLIDE, index, target);
            if (occ8 & (1 << linePosition(line, target))) break;
            f += s * df;
            r += s * dr;
          }
        }
      }
    }
  }
}

/*
 * The index functions below return ((line << 12) | (sq << 6) | occ6) << 1 with the line's
 * constant written out (RANK 0, FILE 0x2000, DIAG 0x4000, ANTI 0x6000): they are inlined at many
 * call sites of the move generator and V8 inlines only up to a bytecode budget, so they are kept
 * as short as possible. The file gather multiplies by 0x10204080, which moves bit 8i of a half
 * (the file's square on rank i of that half) to bit 28 + i.
 */

/** Pair index into SLIDE for the rank through `sq`. */
export function rankIndex(sq: number, lo: number, hi: number): number {
  // The rank's byte, without file a: shift by 8 * (rank mod 4) + 1. (RANK = 0.)
  return (sq << 7) | ((((sq < 32 ? lo : hi) >>> ((sq & 24) + 1)) & 63) << 1);
}

/** Pair index into SLIDE for the file through `sq`. */
export function fileIndex(sq: number, lo: number, hi: number): number {
  const f = sq & 7;
  // Ranks 1–4 from the low half into bits 0–3, ranks 5–8 into bits 4–7; inner six: bits 1–6.
  const occ8 = (Math.imul((lo >>> f) & 0x01010101, 0x10204080) >>> 28) | ((Math.imul((hi >>> f) & 0x01010101, 0x10204080) >>> 24) & 0xf0);
  return 0x2000 | (sq << 7) | (occ8 & 0x7e); // (FILE << 12 | sq << 6 | occ8 >>> 1) << 1
}

/** Pair index into SLIDE for the a1-h8 diagonal through `sq`. */
export function diagIndex(sq: number, lo: number, hi: number): number {
  let x = (lo & DIAG_MASK[2 * sq]!) | (hi & DIAG_MASK[2 * sq + 1]!);
  x |= x >>> 16;
  return 0x4000 | (sq << 7) | ((x | (x >>> 8)) & 0x7e); // (DIAG << 12 | sq << 6 | occ6) << 1
}

/** Pair index into SLIDE for the h1-a8 anti-diagonal through `sq`. */
export function antiIndex(sq: number, lo: number, hi: number): number {
  let x = (lo & ANTI_MASK[2 * sq]!) | (hi & ANTI_MASK[2 * sq + 1]!);
  x |= x >>> 16;
  return 0x6000 | (sq << 7) | ((x | (x >>> 8)) & 0x7e); // (ANTI << 12 | sq << 6 | occ6) << 1
}

/**
 * Rook attacks from `sq` with occupancy (lo, hi), written to `out[o]`, `out[o + 1]`.
 * For code off the hot paths; the move generator inlines the index functions.
 */
export function rookAttacks(sq: number, lo: number, hi: number, out: Int32Array, o: number): void {
  const a = rankIndex(sq, lo, hi);
  const b = fileIndex(sq, lo, hi);
  out[o] = SLIDE[a]! | SLIDE[b]!;
  out[o + 1] = SLIDE[a + 1]! | SLIDE[b + 1]!;
}

/**
 * Attacks along the diagonals (if `diagonal`) and the rank and file (if `orthogonal`) from `sq`
 * with occupancy (lo, hi), written to `out[o]`, `out[o + 1]`: a bishop's, a rook's or, with
 * both, a queen's. `rookAttacks` and `bishopAttacks` keep their own bodies: written as calls to
 * this, SAN replay measured 2% slower.
 */
export function lineAttacks(sq: number, lo: number, hi: number, diagonal: boolean, orthogonal: boolean, out: Int32Array, o: number): void {
  let aLo = 0;
  let aHi = 0;
  if (diagonal) {
    const d = diagIndex(sq, lo, hi);
    const a = antiIndex(sq, lo, hi);
    aLo = SLIDE[d]! | SLIDE[a]!;
    aHi = SLIDE[d + 1]! | SLIDE[a + 1]!;
  }
  if (orthogonal) {
    const r = rankIndex(sq, lo, hi);
    const f = fileIndex(sq, lo, hi);
    aLo |= SLIDE[r]! | SLIDE[f]!;
    aHi |= SLIDE[r + 1]! | SLIDE[f + 1]!;
  }
  out[o] = aLo;
  out[o + 1] = aHi;
}

/** Bishop attacks from `sq` with occupancy (lo, hi), written to `out[o]`, `out[o + 1]`. */
export function bishopAttacks(sq: number, lo: number, hi: number, out: Int32Array, o: number): void {
  const a = diagIndex(sq, lo, hi);
  const b = antiIndex(sq, lo, hi);
  out[o] = SLIDE[a]! | SLIDE[b]!;
  out[o + 1] = SLIDE[a + 1]! | SLIDE[b + 1]!;
}

/** Rook and bishop attacks on an empty board, per square. */
export const ROOK_EMPTY = new Int32Array(128);
export const BISHOP_EMPTY = new Int32Array(128);

/**
 * `BETWEEN[2 * (a * 64 + b)]`: squares strictly between a and b when they share a rank, file or
 * diagonal, else empty. `LINE[…]`: the whole line through a and b (edge to edge), else empty.
 */
export const BETWEEN = new Int32Array(64 * 64 * 2);
export const LINE = new Int32Array(64 * 64 * 2);

{
  for (let sq = 0; sq < 64; sq++) {
    rookAttacks(sq, 0, 0, ROOK_EMPTY, 2 * sq);
    bishopAttacks(sq, 0, 0, BISHOP_EMPTY, 2 * sq);
  }
  const all: readonly (readonly [number, number])[] = [
    [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1],
  ];
  for (let a = 0; a < 64; a++) {
    for (const [df, dr] of all) {
      // Walk from a in one direction; every square met is aligned with a.
      let f = (a & 7) + df;
      let r = (a >> 3) + dr;
      const path: number[] = [];
      while (inBoard(f, r)) {
        const b = r * 8 + f;
        const index = a * 64 + b;
        for (const p of path) setBit(BETWEEN, index, p);
        // The full line: walk both ways from a.
        setBit(LINE, index, a);
        for (const s of [1, -1]) {
          let lf = (a & 7) + s * df;
          let lr = (a >> 3) + s * dr;
          while (inBoard(lf, lr)) {
            setBit(LINE, index, lr * 8 + lf);
            lf += s * df;
            lr += s * dr;
          }
        }
        path.push(b);
        f += df;
        r += dr;
      }
    }
  }
}

/** Squares of the set (lo, hi) as an array, ascending. For tests and tools, not hot paths. */
export function squaresOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  while (lo !== 0) {
    out.push(lsb(lo));
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out.push(32 + lsb(hi));
    hi &= hi - 1;
  }
  return out;
}
