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

/*
 * The tables are built when the module loads, so the building is written for a cold start: plain
 * counted loops over typed arrays, no arrays or closures made per step (the interpreter runs it
 * once; written with destructuring and per-square direction arrays it took about 10 ms).
 */

function setBit(table: Int32Array, index: number, sq: number): void {
  if (sq < 32) table[2 * index]! |= 1 << sq;
  else table[2 * index + 1]! |= 1 << (sq - 32);
}

/** A step table from (file, rank) deltas given as a flat list: df0, dr0, df1, dr1, … */
function stepTable(deltas: readonly number[]): Int32Array {
  const table = new Int32Array(128);
  for (let sq = 0; sq < 64; sq++) {
    for (let d = 0; d < deltas.length; d += 2) {
      const f = (sq & 7) + deltas[d]!;
      const r = (sq >> 3) + deltas[d + 1]!;
      if (f >= 0 && f < 8 && r >= 0 && r < 8) setBit(table, sq, r * 8 + f);
    }
  }
  return table;
}

/** Knight attacks per square. */
export const KNIGHT_ATTACKS = stepTable([1, 2, 2, 1, 2, -1, 1, -2, -1, -2, -2, -1, -2, 1, -1, 2]);

/** King attacks per square. */
export const KING_ATTACKS = stepTable([1, 0, 1, 1, 0, 1, -1, 1, -1, 0, -1, -1, 0, -1, 1, -1]);

/** Pawn capture squares, indexed by `color * 64 + square` (white = 0 captures upwards). */
export const PAWN_ATTACKS = new Int32Array(256);
PAWN_ATTACKS.set(stepTable([-1, 1, 1, 1]), 0);
PAWN_ATTACKS.set(stepTable([-1, -1, 1, -1]), 128);

/** Masks of the diagonal (a1–h8 direction) through each square, the square included: (lo, hi) at `2 * square`. */
export const DIAG_MASK = new Int32Array(128);
/** Masks of the anti-diagonal (a8–h1 direction) through each square, the square included: (lo, hi) at `2 * square`. */
export const ANTI_MASK = new Int32Array(128);
for (let sq = 0; sq < 64; sq++) {
  const f = sq & 7;
  const r = sq >> 3;
  for (let t = 0; t < 64; t++) {
    if ((t & 7) - (t >> 3) === f - r) setBit(DIAG_MASK, sq, t);
    if ((t & 7) + (t >> 3) === f + r) setBit(ANTI_MASK, sq, t);
  }
}

/**
 * Sliding attacks per line: entry `(line << 12 | sq << 6 | occ6)` (times two for the pair) holds
 * the squares a slider on `sq` attacks along `line` when the inner six squares of the line are
 * occupied as in `occ6`. Bit i of the line's occupancy byte stands for file i (ranks and
 * diagonals) or rank i (files).
 */
export const SLIDE = new Int32Array(4 * 64 * 64 * 2);

/**
 * Attacks along one line of eight, as a byte: `LINE_BYTE[p << 6 | occ6]` holds the positions a
 * slider at position p reaches with the inner six positions occupied as in occ6 (the first
 * occupied position each way included, p itself not).
 */
const LINE_BYTE = new Uint8Array(8 * 64);
for (let p = 0; p < 8; p++) {
  for (let occ6 = 0; occ6 < 64; occ6++) {
    const occ8 = occ6 << 1;
    let reach = 0;
    for (let q = p + 1; q < 8; q++) {
      reach |= 1 << q;
      if (occ8 & (1 << q)) break;
    }
    for (let q = p - 1; q >= 0; q--) {
      reach |= 1 << q;
      if (occ8 & (1 << q)) break;
    }
    LINE_BYTE[(p << 6) | occ6] = reach;
  }
}

/** A byte's bits spread up the a-file, bit i to rank i: (lo, hi) pairs per byte. */
const FILE_SPREAD = new Int32Array(512);
for (let b = 0; b < 256; b++) {
  for (let q = 0; q < 8; q++) if (b & (1 << q)) setBit(FILE_SPREAD, b, 8 * q);
}

// Each line's entries from the byte table: a rank's byte is its squares; a file's bit i is rank i;
// a diagonal has one square per file, so the byte copied to every rank and cut by the diagonal's
// mask gives its squares (positions past the diagonal's end are cut away with the squares beyond
// them, so an occupancy bit there changes nothing, as on the board).
for (let sq = 0; sq < 64; sq++) {
  const f = sq & 7;
  const r = sq >> 3;
  for (let occ6 = 0; occ6 < 64; occ6++) {
    const rank = LINE_BYTE[(f << 6) | occ6]!;
    const rankIndexPair = 2 * ((sq << 6) | occ6);
    if (r < 4) SLIDE[rankIndexPair] = rank << (8 * r);
    else SLIDE[rankIndexPair + 1] = rank << (8 * (r - 4));
    const file = LINE_BYTE[(r << 6) | occ6]!;
    const fileIndexPair = 2 * ((FILE << 12) | (sq << 6) | occ6);
    SLIDE[fileIndexPair] = FILE_SPREAD[2 * file]! << f;
    SLIDE[fileIndexPair + 1] = FILE_SPREAD[2 * file + 1]! << f;
    const spread = Math.imul(rank, 0x01010101);
    const diag = 2 * ((DIAG << 12) | (sq << 6) | occ6);
    SLIDE[diag] = spread & DIAG_MASK[2 * sq]!;
    SLIDE[diag + 1] = spread & DIAG_MASK[2 * sq + 1]!;
    const anti = 2 * ((ANTI << 12) | (sq << 6) | occ6);
    SLIDE[anti] = spread & ANTI_MASK[2 * sq]!;
    SLIDE[anti + 1] = spread & ANTI_MASK[2 * sq + 1]!;
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

/** Rook attacks on an empty board: (lo, hi) at `2 * square`. */
export const ROOK_EMPTY = new Int32Array(128);
/** Bishop attacks on an empty board: (lo, hi) at `2 * square`. */
export const BISHOP_EMPTY = new Int32Array(128);

/**
 * `BETWEEN[2 * (a * 64 + b)]`: squares strictly between a and b when they share a rank, file or
 * diagonal, else empty. `LINE[…]`: the whole line through a and b (edge to edge), else empty.
 */
export const BETWEEN = new Int32Array(64 * 64 * 2);
/** `LINE[2 * (a * 64 + b)]`: the whole line through a and b, edge to edge, when they share one; else empty. */
export const LINE = new Int32Array(64 * 64 * 2);

for (let sq = 0; sq < 64; sq++) {
  rookAttacks(sq, 0, 0, ROOK_EMPTY, 2 * sq);
  bishopAttacks(sq, 0, 0, BISHOP_EMPTY, 2 * sq);
}

/** The eight directions as (file, rank) steps, a flat list. */
const DIRECTIONS = [1, 0, -1, 0, 0, 1, 0, -1, 1, 1, -1, -1, 1, -1, -1, 1];
const lineMask = new Int32Array(2);
for (let a = 0; a < 64; a++) {
  for (let d = 0; d < 16; d += 2) {
    const df = DIRECTIONS[d]!;
    const dr = DIRECTIONS[d + 1]!;
    // The whole line through a in this direction, edge to edge.
    lineMask[0] = 0;
    lineMask[1] = 0;
    setBit(lineMask, 0, a);
    for (let s = -1; s <= 1; s += 2) {
      for (let f = (a & 7) + s * df, r = (a >> 3) + s * dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += s * df, r += s * dr) {
        setBit(lineMask, 0, r * 8 + f);
      }
    }
    // Walk from a; every square met is aligned with a, and the squares passed lie between.
    let betweenLo = 0;
    let betweenHi = 0;
    for (let f = (a & 7) + df, r = (a >> 3) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
      const b = r * 8 + f;
      const index = 2 * (a * 64 + b);
      BETWEEN[index] = betweenLo;
      BETWEEN[index + 1] = betweenHi;
      LINE[index] = lineMask[0]!;
      LINE[index + 1] = lineMask[1]!;
      if (b < 32) betweenLo |= 1 << b;
      else betweenHi |= 1 << (b - 32);
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
