/**
 * `Position.chess960Start(n)` follows Scharnagl's numbering: checked against Stockfish's book of
 * all 960 start positions (`FRC_openings.epd.gz`, in that order) and the published table's
 * landmarks (0 BBQNNRKR, 518 the standard RNBQKBNR, 959 RKRNNQBB). Nothing else checked more than
 * position 518, so a slip in the mixed-radix digits would have passed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position } from '../../src/chess/position.js';
import { makeFen } from '../../src/notation/fen.js';
import { epdFens, noPositions } from '../helpers.js';

const backRank = (pos: Position): string => makeFen(pos).split('/')[7]!.split(' ')[0]!;

test('chess960Start(n) is start position n of Scharnagl\'s numbering', { skip: noPositions() }, () => {
  const book = epdFens('FRC_openings.epd.gz');
  assert.equal(book.length, 960);
  for (const [n, fen] of book.entries()) {
    const pos = Position.chess960Start(n);
    assert.equal(makeFen(pos), fen, String(n));
    assert.ok(pos.chess960);
  }
  assert.deepEqual([0, 518, 959].map((n) => backRank(Position.chess960Start(n))), ['BBQNNRKR', 'RNBQKBNR', 'RKRNNQBB']);
  for (const n of [-1, 960, 1.5, NaN]) assert.throws(() => Position.chess960Start(n), RangeError, String(n));
});
