/**
 * SquareSet's set algebra against JavaScript's own Set of square numbers, on random sets that
 * include the halves' edge squares (31, 32: a half's sign bit and the other's first bit).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SquareSet } from '../../src/core/bitboard.js';
import { Rng } from '../../src/core/rng.js';
import { testSeed } from '../helpers.js';

function randomSquares(rng: Rng): Set<number> {
  const out = new Set<number>();
  const density = rng.below(65);
  for (let sq = 0; sq < 64; sq++) if (rng.below(64) < density) out.add(sq);
  return out;
}

const sorted = (s: Iterable<number>): number[] => [...s].sort((a, b) => a - b);
const ALL = Array.from({ length: 64 }, (_, i) => i);

test('union, intersect, diff, complement, without, equals and isSubsetOf agree with a Set of squares', () => {
  const rng = new Rng(testSeed(0x5e75));
  for (let round = 0; round < 2000; round++) {
    const a = randomSquares(rng);
    const b = round % 7 === 0 ? new Set(a) : randomSquares(rng);
    const sa = SquareSet.fromSquares(a);
    const sb = SquareSet.fromSquares(b);
    const where = `${sorted(a)} / ${sorted(b)}`;
    assert.deepEqual([...sa], sorted(a), where);
    assert.equal(sa.size(), a.size, where);
    assert.deepEqual([...sa.union(sb)], sorted(new Set([...a, ...b])), where);
    assert.deepEqual([...sa.intersect(sb)], sorted([...a].filter((sq) => b.has(sq))), where);
    assert.deepEqual([...sa.diff(sb)], sorted([...a].filter((sq) => !b.has(sq))), where);
    assert.deepEqual([...sa.complement()], ALL.filter((sq) => !a.has(sq)), where);
    const sq = rng.below(2) === 0 ? rng.below(64) : 31 + rng.below(2);
    assert.deepEqual([...sa.without(sq)], sorted([...a].filter((x) => x !== sq)), `${where} without ${sq}`);
    assert.deepEqual([...sa.with(sq)], sorted(new Set([...a, sq])), `${where} with ${sq}`);
    const same = a.size === b.size && [...a].every((x) => b.has(x));
    assert.equal(sa.equals(sb), same, where);
    assert.equal(sa.isSubsetOf(sb), [...a].every((x) => b.has(x)), where);
    assert.equal(sa.isEmpty(), a.size === 0, where);
  }
});

test('full and empty are each other\'s complement; fromSquares takes any iterable, duplicates once', () => {
  assert.deepEqual([...SquareSet.full()], ALL);
  assert.ok(SquareSet.full().complement().equals(SquareSet.empty()));
  assert.ok(SquareSet.empty().complement().equals(SquareSet.full()));
  assert.deepEqual([...SquareSet.fromSquares(new Set([63, 0, 31, 32, 0]))], [0, 31, 32, 63]);
  assert.ok(SquareSet.fromSquares([]).isEmpty());
});

test('fromSquare holds exactly its square, in either half, and agrees with fromSquares', () => {
  for (const sq of ALL) {
    const one = SquareSet.fromSquare(sq);
    assert.deepEqual([...one], [sq], String(sq));
    assert.equal(one.size(), 1, String(sq));
    assert.ok(one.equals(SquareSet.fromSquares([sq])), String(sq));
  }
});
