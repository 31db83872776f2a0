import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bishopAttacks as opsBishopAttacks, queenAttacks as opsQueenAttacks, rookAttacks as opsRookAttacks,
} from 'chessops/attacks';
import { SquareSet as OpsSquareSet } from 'chessops/squareSet';
import {
  BETWEEN, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS, bishopAttacks, lineAttacks, rookAttacks, squaresOf,
} from '../../src/core/attacks.js';
import { lsb, popcount } from '../../src/core/bitboard.js';
import { Rng } from '../../src/core/rng.js';
import { testSeed } from '../helpers.js';

/** The obvious ray walk, written independently of the table construction. */
function naiveSlide(sq: number, occupied: Set<number>, dirs: [number, number][]): number[] {
  const out: number[] = [];
  for (const [df, dr] of dirs) {
    let f = (sq % 8) + df;
    let r = Math.floor(sq / 8) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      out.push(r * 8 + f);
      if (occupied.has(r * 8 + f)) break;
      f += df;
      r += dr;
    }
  }
  return out.sort((a, b) => a - b);
}

const ROOK_DIRS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const BISHOP_DIRS: [number, number][] = [[1, 1], [-1, -1], [1, -1], [-1, 1]];

test('slider look-ups equal a ray walk on random occupancies', () => {
  const rng = new Rng(testSeed(7));
  const out = new Int32Array(2);
  for (let i = 0; i < 20000; i++) {
    const sq = rng.below(64);
    // Densities from sparse to crowded.
    const density = rng.below(100) / 100;
    let lo = 0;
    let hi = 0;
    const occ = new Set<number>();
    for (let s = 0; s < 64; s++) {
      if (rng.below(1000) / 1000 < density) {
        occ.add(s);
        if (s < 32) lo |= 1 << s;
        else hi |= 1 << (s - 32);
      }
    }
    rookAttacks(sq, lo, hi, out, 0);
    assert.deepEqual(squaresOf(out[0]!, out[1]!), naiveSlide(sq, occ, ROOK_DIRS), `rook ${sq}`);
    bishopAttacks(sq, lo, hi, out, 0);
    assert.deepEqual(squaresOf(out[0]!, out[1]!), naiveSlide(sq, occ, BISHOP_DIRS), `bishop ${sq}`);
  }
});

test('step tables: knight, king and pawn attack counts', () => {
  const count = (t: Int32Array, i: number): number => popcount(t[2 * i]!) + popcount(t[2 * i + 1]!);
  assert.equal(count(KNIGHT_ATTACKS, 0), 2); // a1
  assert.equal(count(KNIGHT_ATTACKS, 27), 8); // d4
  assert.equal(count(KING_ATTACKS, 63), 3); // h8
  assert.equal(count(KING_ATTACKS, 36), 8); // e5
  assert.deepEqual(squaresOf(PAWN_ATTACKS[2 * 12]!, PAWN_ATTACKS[2 * 12 + 1]!), [19, 21]); // white e2: d3, f3
  assert.deepEqual(squaresOf(PAWN_ATTACKS[128 + 2 * 52]!, PAWN_ATTACKS[128 + 2 * 52 + 1]!), [43, 45]); // black e7
  assert.deepEqual(squaresOf(PAWN_ATTACKS[2 * 8]!, PAWN_ATTACKS[2 * 8 + 1]!), [17]); // white a2: b3 only
});

test('between and line tables', () => {
  const between = (a: number, b: number): number[] => squaresOf(BETWEEN[2 * (a * 64 + b)]!, BETWEEN[2 * (a * 64 + b) + 1]!);
  const line = (a: number, b: number): number[] => squaresOf(LINE[2 * (a * 64 + b)]!, LINE[2 * (a * 64 + b) + 1]!);
  assert.deepEqual(between(0, 63), [9, 18, 27, 36, 45, 54]);
  assert.deepEqual(between(4, 60), [12, 20, 28, 36, 44, 52]);
  assert.deepEqual(between(0, 17), []); // a knight's step apart
  assert.deepEqual(between(0, 1), []);
  assert.deepEqual(line(0, 9), [0, 9, 18, 27, 36, 45, 54, 63]);
  assert.deepEqual(line(0, 17), []);
  assert.deepEqual(line(7, 14), [7, 14, 21, 28, 35, 42, 49, 56]);
});

test('lsb and popcount on edge values', () => {
  assert.equal(lsb(1), 0);
  assert.equal(lsb(1 << 31), 31);
  assert.equal(lsb(0b101000), 3);
  assert.equal(popcount(-1), 32);
  assert.equal(popcount(0), 0);
  assert.equal(popcount(0x80000001 | 0), 2);
});

test('lineAttacks (bishop, rook, queen and neither) equals chessops on random occupancies', () => {
  // lineAttacks serves the progressive solver only; the move generator inlines the look-ups.
  const rng = new Rng(testSeed(0x11e));
  const out = new Int32Array(2);
  for (let i = 0; i < 3000; i++) {
    const sq = rng.below(64);
    const density = rng.below(100);
    let lo = 0;
    let hi = 0;
    for (let s = 0; s < 64; s++) {
      if (rng.below(100) < density) {
        if (s < 32) lo |= 1 << s;
        else hi |= 1 << (s - 32);
      }
    }
    const occ = new OpsSquareSet(lo, hi);
    const cases: [boolean, boolean, OpsSquareSet][] = [
      [true, false, opsBishopAttacks(sq, occ)],
      [false, true, opsRookAttacks(sq, occ)],
      [true, true, opsQueenAttacks(sq, occ)],
      [false, false, OpsSquareSet.empty()],
    ];
    for (const [diagonal, orthogonal, expected] of cases) {
      out.fill(7);
      lineAttacks(sq, lo, hi, diagonal, orthogonal, out, 0);
      assert.deepEqual(squaresOf(out[0]!, out[1]!), [...expected], `sq ${sq} diagonal ${diagonal} orthogonal ${orthogonal}`);
    }
  }
});
