/**
 * The public accessors that take a colour or a role name (`Position.pieces`, `Position.king`)
 * refuse any other value with a RangeError, as `pieceAt` refuses a number that is no square. A
 * JavaScript caller's `'White'` or `'Knight'` was an index of -1 into the position's words: an
 * empty set from `pieces`, and h4 (31) from `king`, silently wrong.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { readFen } from '../../src/notation/fen.js';
import type { Color, Role } from '../../src/chess/types.js';

const FEN = 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5';

test('Position.pieces and king agree with chess.js for the colour and role names', () => {
  const r = readFen(FEN);
  assert.ok(r.ok);
  const ref = new Chess(FEN);
  const squares = (color: 'w' | 'b', type?: string): string[] =>
    ref.board().flat().filter((p) => p !== null && p.color === color && (type === undefined || p.type === type)).map((p) => p!.square).sort();
  const names = (set: Iterable<number>): string[] => [...set].map((sq) => 'abcdefgh'[sq & 7]! + String((sq >> 3) + 1)).sort();
  for (const [color, c] of [['white', 'w'], ['black', 'b']] as const) {
    assert.deepEqual(names(r.value.pieces(color)), squares(c), color);
    for (const [role, t] of [['pawn', 'p'], ['knight', 'n'], ['bishop', 'b'], ['rook', 'r'], ['queen', 'q'], ['king', 'k']] as const) {
      assert.deepEqual(names(r.value.pieces(color, role)), squares(c, t), `${color} ${role}`);
    }
    assert.deepEqual(names([r.value.king(color)]), squares(c, 'k'), `${color} king`);
  }
});

test('a colour or role that is not one of the names is a RangeError, not an answer', () => {
  const r = readFen(FEN);
  assert.ok(r.ok);
  const pos = r.value;
  for (const color of ['White', 'w', 'b', '', 0, 1, undefined] as unknown as Color[]) {
    assert.throws(() => pos.pieces(color), RangeError, String(color));
    assert.throws(() => pos.pieces(color, 'knight'), RangeError, String(color));
    assert.throws(() => pos.king(color), RangeError, String(color));
  }
  for (const role of ['Knight', 'n', 'N', '', 0, null] as unknown as Role[]) {
    assert.throws(() => pos.pieces('white', role), RangeError, String(role));
  }
});
