/**
 * Bitboards as two int32 halves: `lo` holds squares 0..31 (ranks 1–4), `hi` squares 32..63
 * (ranks 5–8). V8 has no fast 64-bit integers (BigInt is 13–18× slower here, see
 * docs/architecture.md, "Bitboards are (lo, hi) int32 pairs"), so hot code keeps the halves in
 * locals and works with `|0` int32 arithmetic.
 *
 * Iterating the set bits of one half:
 * ```ts
 * while (lo !== 0) { const sq = lsb(lo); lo &= lo - 1; … }
 * while (hi !== 0) { const sq = 32 + lsb(hi); hi &= hi - 1; … }
 * ```
 */
import { toSquare, type SquareLike } from './square.js';

/** Index (0..31) of the least significant set bit of a non-zero int32. */
export const lsb = (x: number): number => 31 - Math.clz32(x & -x);

/** Number of set bits of an int32. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Set-bit counts of all 16-bit values. */
const POPCOUNT16 = new Uint8Array(65536);
{
  // Built when the module loads, so in the fewest interpreted steps: the 256 counts of a low
  // byte, plus c for c = 0..8, copied once per high byte whose count is c.
  const byte = new Uint8Array(256);
  for (let i = 1; i < 256; i++) byte[i] = (i & 1) + byte[i >>> 1]!;
  const plus: Uint8Array[] = [];
  for (let c = 0; c <= 8; c++) plus.push(byte.map((n) => n + c));
  for (let h = 0; h < 256; h++) POPCOUNT16.set(plus[byte[h]!]!, h << 8);
}

/**
 * Number of set bits of the 64-bit set (lo, hi), by four look-ups in a 64 KiB table: on V8 this
 * beat the SWAR count in the move generator because its short bytecode gets inlined at every call
 * site (V8 inlines only up to a bytecode budget per function); `popcount` above is the SWAR form.
 */
export const popcount64 = (lo: number, hi: number): number =>
  POPCOUNT16[lo & 0xffff]! + POPCOUNT16[lo >>> 16]! + POPCOUNT16[hi & 0xffff]! + POPCOUNT16[hi >>> 16]!;

/** The half-word bit of a square inside its half. */
export const bitOf = (sq: number): number => 1 << (sq & 31);

/** Whether the set (lo, hi) contains the square. */
export const has = (lo: number, hi: number, sq: number): boolean =>
  ((sq < 32 ? lo : hi) & (1 << (sq & 31))) !== 0;

/**
 * An immutable set of squares for the public API (the hot paths use raw halves).
 *
 * ```ts
 * const s = SquareSet.empty().with(0).with(63); // a1, h8
 * [...s]; // [0, 63]
 * ```
 */
export class SquareSet implements Iterable<number> {
  /** Squares 0..31 (a1..h4) as the bits of an int32, a1 the lowest. */
  readonly lo: number;
  /** Squares 32..63 (a5..h8) as the bits of an int32, a5 the lowest. */
  readonly hi: number;

  /** The set of the bits of `lo` (squares 0..31) and `hi` (squares 32..63), each taken as an int32. */
  constructor(lo: number, hi: number) {
    this.lo = lo | 0;
    this.hi = hi | 0;
  }

  /** No square. */
  static empty(): SquareSet {
    return new SquareSet(0, 0);
  }

  /** All 64 squares. */
  static full(): SquareSet {
    return new SquareSet(-1, -1);
  }

  /** The set of the given squares (numbers or names); a RangeError for one that is no square. */
  static fromSquares(squares: Iterable<SquareLike>): SquareSet {
    let lo = 0;
    let hi = 0;
    for (const square of squares) {
      const sq = toSquare(square, 'SquareSet.fromSquares');
      if (sq < 32) lo |= 1 << sq;
      else hi |= 1 << (sq - 32);
    }
    return new SquareSet(lo, hi);
  }

  /** The set of one square; a RangeError for a number that is no square (also in `has`, `with`). */
  static fromSquare(square: SquareLike): SquareSet {
    const sq = toSquare(square, 'SquareSet.fromSquare');
    return sq < 32 ? new SquareSet(1 << sq, 0) : new SquareSet(0, 1 << (sq - 32));
  }

  /** Whether the set holds the square (a number or a name). */
  has(square: SquareLike): boolean {
    const sq = toSquare(square, 'SquareSet.has');
    return has(this.lo, this.hi, sq);
  }

  /** The set with the square added. */
  with(square: SquareLike): SquareSet {
    const sq = toSquare(square, 'SquareSet.with');
    return sq < 32 ? new SquareSet(this.lo | (1 << sq), this.hi) : new SquareSet(this.lo, this.hi | (1 << (sq - 32)));
  }

  /** The set without the square (a RangeError for a number that is no square). */
  without(square: SquareLike): SquareSet {
    const sq = toSquare(square, 'SquareSet.without');
    return sq < 32 ? new SquareSet(this.lo & ~(1 << sq), this.hi) : new SquareSet(this.lo, this.hi & ~(1 << (sq - 32)));
  }

  /** The squares in either set. */
  union(other: SquareSet): SquareSet {
    return new SquareSet(this.lo | other.lo, this.hi | other.hi);
  }

  /** The squares in both sets. */
  intersect(other: SquareSet): SquareSet {
    return new SquareSet(this.lo & other.lo, this.hi & other.hi);
  }

  /** The squares of this set that are not in `other`. */
  diff(other: SquareSet): SquareSet {
    return new SquareSet(this.lo & ~other.lo, this.hi & ~other.hi);
  }

  /** The squares of the board not in this set. */
  complement(): SquareSet {
    return new SquareSet(~this.lo, ~this.hi);
  }

  /** Whether both sets hold the same squares. */
  equals(other: SquareSet): boolean {
    return this.lo === other.lo && this.hi === other.hi;
  }

  /** Whether every square of this set is in `other`. */
  isSubsetOf(other: SquareSet): boolean {
    return (this.lo & ~other.lo) === 0 && (this.hi & ~other.hi) === 0;
  }

  /** The number of squares in the set. */
  size(): number {
    return popcount(this.lo) + popcount(this.hi);
  }

  /** Whether the set holds no square. */
  isEmpty(): boolean {
    return (this.lo | this.hi) === 0;
  }

  /** The squares, lowest (a1) first. */
  *[Symbol.iterator](): Iterator<number> {
    let lo = this.lo;
    let hi = this.hi;
    while (lo !== 0) {
      yield lsb(lo);
      lo &= lo - 1;
    }
    while (hi !== 0) {
      yield 32 + lsb(hi);
      hi &= hi - 1;
    }
  }
}
