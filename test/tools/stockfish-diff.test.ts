/**
 * Differential perft against Stockfish's `go perft 3` on ≥ 300 positions reached by random play
 * (standard and Chess960): the per-move counts of `perft 3 --divide` must be equal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { Position } from '../../src/chess/position.js';
import { makeFen } from '../../src/notation/fen.js';
import { perftDivide } from '../../src/tools/perft.js';
import { findStockfish, StockfishProcess } from '../stockfish.js';
import { FULL, testSeed } from '../helpers.js';

/** Positions after 0..60 random plies from the start or from a Chess960 start, seeded. */
function randomPositions(count: number, seed: number): Position[] {
  const rng = new Rng(testSeed(seed));
  const out: Position[] = [];
  while (out.length < count) {
    let pos = out.length % 4 === 3 ? Position.chess960Start(rng.below(960)) : Position.standard();
    const plies = rng.below(61);
    for (let i = 0; i < plies; i++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos = moves[rng.below(moves.length)]!.play();
    }
    if (pos.countLegalMoves() > 0) out.push(pos);
  }
  return out;
}

const stockfish = findStockfish();

test('perft 3 divide equals Stockfish go perft 3', { skip: stockfish === undefined && 'stockfish unavailable' }, async () => {
  const engine = new StockfishProcess(stockfish!);
  try {
    for (const pos of randomPositions(FULL ? 3000 : 320, 2026)) {
      // Stockfish reads the en-passant square of a FEN whether or not the capture is legal.
      const fen = makeFen(pos, { epSquare: 'always', castling: pos.chess960 ? 'shredder' : 'xfen' });
      const theirs = await engine.perft(fen, 3, pos.chess960);
      const ours = new Map(perftDivide(pos, 3).map((d) => [d.uci, d.nodes]));
      assert.deepEqual(ours, theirs.divide, fen);
    }
  } finally {
    engine.close();
  }
});
