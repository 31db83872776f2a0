/**
 * Differential test against chessops (independent implementation, dev-dependency): on ≥ 20,000
 * positions from ../shared/data/positions, our legal move set equals chessops' (castling as
 * king-to-rook, promotions counted four times), and so do check, mate, stalemate and
 * insufficient material.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { squareName } from '../../src/core/square.js';
import { isInsufficientMaterial, positionOutcome } from '../../src/chess/outcome.js';
import { readFen } from '../../src/notation/fen.js';
import { epdFens, FULL, spread } from '../helpers.js';

const PER_FILE = FULL ? 200000 : 8000;
const FILES = [
  'UHO_4060_v3.epd.gz',
  'popularpos_lichess_v3.epd.gz',
  'endgames.epd.gz',
  'stalemates_200d30_v1.epd.gz',
  '3moves_FRC.epd.gz',
  'FRC_openings.epd.gz',
];

for (const file of FILES) {
  test(`legal moves equal chessops' on ${file}`, () => {
    const fens = spread(epdFens(file), PER_FILE);
    let compared = 0;
    for (const fen of fens) {
      const ours = readFen(fen);
      const setup = opsParseFen(fen);
      assert.ok(setup.isOk, `chessops cannot parse ${fen}`);
      const theirs = Chess.fromSetup(setup.unwrap());
      // Both must agree on whether the position is playable.
      assert.equal(ours.ok, theirs.isOk, `validity of ${fen}: ours ${!ours.ok && ours.error.message}`);
      if (!ours.ok || !theirs.isOk) continue;
      const pos = ours.value;
      const ops = theirs.unwrap();
      const expected: string[] = [];
      let expectedCount = 0;
      for (const [from, dests] of ops.allDests()) {
        for (const to of dests) {
          expected.push(squareName(from) + squareName(to));
          const promotes = ops.board.pawn.has(from) && (to >> 3 === 0 || to >> 3 === 7);
          expectedCount += promotes ? 4 : 1;
        }
      }
      const moves = pos.legalMoves();
      const got = [...new Set(moves.map((m) => squareName(m.from) + squareName(m.castlingRook ?? m.to)))];
      assert.deepEqual(got.sort(), expected.sort(), fen);
      assert.equal(moves.length, expectedCount, fen);
      assert.equal(pos.countLegalMoves(), expectedCount, fen);
      assert.equal(pos.isCheck(), ops.isCheck(), fen);
      const outcome = positionOutcome(pos);
      assert.equal(outcome?.reason === 'checkmate', ops.isCheckmate(), fen);
      assert.equal(outcome?.reason === 'stalemate', ops.isStalemate(), fen);
      assert.equal(isInsufficientMaterial(pos.words), ops.isInsufficientMaterial(), fen);
      compared++;
    }
    assert.ok(compared >= Math.min(fens.length, PER_FILE) * 0.95, `compared ${compared} of ${fens.length}`);
  });
}
