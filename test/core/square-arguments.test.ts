/**
 * The public accessors that take a square refuse a number that is no square (an integer 0..63)
 * with a RangeError, as squareName does, rather than reading some other square: the bit of
 * `sq & 31` in half `sq >> 5` is a1's for 64, b1's for 1.5 and a1's for NaN.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SquareSet } from '../../src/core/bitboard.js';
import { readFen } from '../../src/notation/fen.js';

const BAD = [-1, 64, 65, 96, 1.5, NaN, Infinity];

test('Position.pieceAt names squares 0..63 and refuses anything else', () => {
  // A black rook on a1: square 64 read its bits as those of a white piece.
  const r = readFen('4k3/8/8/8/8/8/8/r3K3 w - - 0 1');
  assert.ok(r.ok);
  assert.deepEqual(r.value.pieceAt(0), { color: 'black', role: 'rook' });
  assert.equal(r.value.pieceAt(1), undefined);
  for (const sq of BAD) assert.throws(() => r.value.pieceAt(sq), RangeError, String(sq));
});

test('SquareSet.fromSquare, with and has take squares 0..63 only', () => {
  const corners = SquareSet.fromSquare(0).with(63);
  assert.deepEqual([...corners], [0, 63]);
  assert.ok(corners.has(0) && corners.has(63) && !corners.has(1));
  for (const sq of BAD) {
    assert.throws(() => SquareSet.fromSquare(sq), RangeError, String(sq));
    assert.throws(() => corners.with(sq), RangeError, String(sq));
    assert.throws(() => corners.has(sq), RangeError, String(sq));
    assert.throws(() => corners.without(sq), RangeError, String(sq));
    assert.throws(() => SquareSet.fromSquares([5, sq]), RangeError, String(sq));
  }
});
