/**
 * The self-play search: visit distributions are distributions over exactly the legal labels,
 * and values backed up from the right side find forced results (mate in one, winning a queen)
 * with modest simulation counts, for either colour.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { Chess } from 'chess.js';
import { readFen } from '../../src/notation/fen.js';
import { parseUci } from '../../src/notation/uci.js';
import { encodeChessMove } from '../../src/env/chess-actions.js';
import { chessSearchGame, materialEvaluator } from '../../src/env/chess-search.js';
import { Mcts, rolloutEvaluator } from '../../src/env/mcts.js';

const g = chessSearchGame(false);

function best(fen: string, simulations: number, evaluator = materialEvaluator): { uci: string; count: number; legal: number; sum: number } {
  const r = readFen(fen);
  assert.ok(r.ok, fen);
  const pos = r.value;
  const mcts = new Mcts(g, evaluator, { simulations });
  const labels = new Int32Array(256);
  const probs = new Float32Array(256);
  const { count, chosen } = mcts.search(pos.words.slice(), new Rng(1), labels, probs, false);
  const byLabel = new Map(pos.legalMoves().map((m) => [encodeChessMove(m.code, pos.words[16]!, false), m.uci]));
  const seen = new Set<number>();
  let sum = 0;
  for (let k = 0; k < count; k++) {
    assert.ok(byLabel.has(labels[k]!), 'a legal label');
    seen.add(labels[k]!);
    sum += probs[k]!;
  }
  assert.equal(seen.size, byLabel.size, 'every legal label once');
  return { uci: byLabel.get(labels[chosen]!)!, count, legal: byLabel.size, sum };
}

test('MCTS finds mate in one (White and Black)', () => {
  const w = best('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 200);
  assert.equal(w.uci, 'a1a8');
  assert.ok(Math.abs(w.sum - 1) < 1e-5);
  assert.equal(best('r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1', 200).uci, 'a8a1');
});

test('MCTS takes a hanging queen (both colours)', () => {
  assert.equal(best('6k1/8/8/8/3q4/8/3R4/6K1 w - - 0 1', 300).uci, 'd2d4');
  assert.equal(best('6k1/8/8/8/3Q4/8/3r4/6K1 b - - 0 1', 300).uci, 'd2d4');
});

test('MCTS with random playouts still sees mate in one', () => {
  assert.equal(best('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 300, rolloutEvaluator(g, 20)).uci, 'a1a8');
});

test('a terminal root gives no policy', () => {
  const r = readFen('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1');
  assert.ok(r.ok);
  const mcts = new Mcts(g, materialEvaluator, { simulations: 10 });
  const out = mcts.search(r.value.words.slice(), new Rng(1), new Int32Array(256), new Float32Array(256), true);
  assert.deepEqual(out, { count: 0, chosen: -1 });
});

test('a sampled move is always one the search visited, even when the draw is next to 1', () => {
  // After 1.e4 e5 White has 29 quiet moves and material stays level, so 25 simulations visit
  // 25 moves once each: probabilities 1/25, whose float32 roundings sum to 1 − 2.2e-8. A draw
  // above that sum ran past the list and took its last move, which no simulation had visited.
  const r = readFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  assert.ok(r.ok);
  class Highest extends Rng {
    override below(n: number): number {
      return n - 1;
    }
  }
  const mcts = new Mcts(g, materialEvaluator, { simulations: 25 });
  const labels = new Int32Array(256);
  const probs = new Float32Array(256);
  const { count, chosen } = mcts.search(r.value.words.slice(), new Highest(1), labels, probs, true);
  assert.equal(count, 29);
  const visited = Array.from(probs.subarray(0, count)).filter((p) => p > 0).length;
  assert.equal(visited, 25);
  assert.ok(probs[chosen]! > 0, `chose label ${labels[chosen]} with probability ${probs[chosen]}`);
});

test('the search sees the environment\'s no-progress draw (100 plies by default) as the game\'s end', () => {
  // White is a queen and a pawn up with the clock at 99: in the environment (halfmoveLimit 100)
  // every move but the pawn's ends the game drawn, as chess.js agrees. Before, the tree played
  // on past the clock and chose Kb2 (half the visits), a draw.
  const fen = '7k/8/8/8/8/8/P7/KQ6 w - - 99 80';
  const game = new Chess(fen);
  for (const m of game.moves({ verbose: true })) {
    game.move(m);
    assert.equal(game.isDrawByFiftyMoves(), m.piece !== 'p', m.san);
    game.undo();
  }
  const pawn = best(fen, 400);
  assert.ok(pawn.uci === 'a2a3' || pawn.uci === 'a2a4', pawn.uci);
  // With the limit off, the core's rules only (75 moves): the clock at 149, the same choice.
  const r = readFen('7k/8/8/8/8/8/P7/KQ6 w - - 149 80');
  assert.ok(r.ok);
  const mcts = new Mcts(chessSearchGame(false, 0), materialEvaluator, { simulations: 400 });
  const labels = new Int32Array(256);
  const probs = new Float32Array(256);
  const { chosen } = mcts.search(r.value.words.slice(), new Rng(1), labels, probs, false);
  const label = (uci: string): number => {
    const m = parseUci(r.value, uci);
    assert.ok(m.ok);
    return encodeChessMove(m.value.code, 0, false);
  };
  assert.ok([label('a2a3'), label('a2a4')].includes(labels[chosen]!));
});
