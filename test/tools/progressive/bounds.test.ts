import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { Rng } from '../../../src/core/rng.js';
import { MAX_MOVES } from '../../../src/chess/move.js';
import { makeProgressive, parseCourseProblem } from '../../../src/variants/progressive/text.js';
import { ProgressivePosition } from '../../../src/variants/progressive/position.js';
import { readFen } from '../../../src/notation/fen.js';
import { generateSeries, isSeriesMate, playSeriesMove } from '../../../src/variants/progressive/rules.js';
import { P_WORDS } from '../../../src/variants/progressive/state.js';
import { BoundContext } from '../../../src/tools/progressive/bounds.js';
import { Heuristic } from '../../../src/tools/progressive/heuristic.js';
import { friProblems } from './fixtures.js';
import { refereeSeries } from '../../variants/progressive/oracle.js';
import { FULL, testSeed } from '../../helpers.js';

const problems = friProblems();

test('"cannot mate in one" never denies the last move of a known solution', () => {
  for (const p of problems) {
    const parsed = parseCourseProblem(p.line);
    assert.ok(parsed.ok);
    const bounds = new BoundContext(parsed.value.position.words, 0, p.n);
    for (const s of p.solutions) {
      let pos: ProgressivePosition = parsed.value.position;
      for (const u of s) {
        const m = pos.movesLeft;
        if (m === 1) assert.equal(bounds.cannotMateInOne(pos.words, 0), false, `#${p.id} ${s.join(';')}`);
        const code = pos.parseMove(u);
        assert.ok(code.ok);
        pos = pos.playUnchecked(code.value);
      }
    }
  }
});

test('"cannot mate in one" is never wrong: checked against every move, on random series', () => {
  const rng = new Rng(testSeed(17));
  const moves = new Uint16Array(MAX_MOVES);
  const child = new Int32Array(P_WORDS);
  let pruned = 0;
  let mates = 0;
  for (const p of problems) {
    const parsed = parseCourseProblem(p.line);
    assert.ok(parsed.ok);
    const bounds = new BoundContext(parsed.value.position.words, 0, p.n);
    for (let game = 0; game < 40; game++) {
      let pos: ProgressivePosition = parsed.value.position;
      // Random non-checking moves down to one move left (sometimes along a listed solution).
      const guide = game % 4 === 0 ? p.solutions[game % p.solutions.length] : undefined;
      while (pos.movesLeft > 1) {
        const legal = pos.legalMoves();
        if (legal.length === 0) break;
        const step = p.n - pos.movesLeft;
        const planned = guide !== undefined ? pos.parseMove(guide[step]!) : undefined;
        pos = pos.playUnchecked(planned?.ok ? planned.value : legal[rng.below(legal.length)]!);
      }
      if (pos.movesLeft !== 1) continue;
      const n = generateSeries(pos.words, 0, moves, 0);
      let canMate = false;
      for (let i = 0; i < n && !canMate; i++) {
        child.set(pos.words);
        playSeriesMove(child, 0, moves[i]!);
        canMate = isSeriesMate(child, 0);
      }
      const cannot = bounds.cannotMateInOne(pos.words, 0);
      if (cannot) pruned++;
      if (canMate) mates++;
      assert.ok(!(cannot && canMate), `#${p.id}: pruned a mate in ${makeProgressive(pos)}`);
    }
  }
  assert.ok(pruned > 500, `the test prunes (${pruned})`);
  assert.ok(mates > 20, `positions with a mate were met (${mates})`);
});

test('"cannot mate in two" is never wrong: checked against every two-move series', () => {
  const rng = new Rng(testSeed(23));
  const moves = new Uint16Array(2 * MAX_MOVES);
  const child = new Int32Array(P_WORDS);
  const grand = new Int32Array(P_WORDS);
  let pruned = 0;
  let mates = 0;
  for (const p of problems) {
    const parsed = parseCourseProblem(p.line);
    assert.ok(parsed.ok);
    const bounds = new BoundContext(parsed.value.position.words, 0, p.n);
    for (let game = 0; game < (FULL ? 40 : 8); game++) {
      let pos: ProgressivePosition = parsed.value.position;
      const guide = game % 2 === 0 ? p.solutions[game % p.solutions.length] : undefined;
      while (pos.movesLeft > 2) {
        const legal = pos.legalMoves();
        if (legal.length === 0) break;
        const planned = guide !== undefined ? pos.parseMove(guide[p.n - pos.movesLeft]!) : undefined;
        pos = pos.playUnchecked(planned?.ok ? planned.value : legal[rng.below(legal.length)]!);
      }
      if (pos.movesLeft !== 2) continue;
      let canMate = false;
      const n = generateSeries(pos.words, 0, moves, 0);
      for (let i = 0; i < n && !canMate; i++) {
        child.set(pos.words);
        playSeriesMove(child, 0, moves[i]!);
        const k = generateSeries(child, 0, moves, MAX_MOVES);
        for (let j = 0; j < k && !canMate; j++) {
          grand.set(child);
          playSeriesMove(grand, 0, moves[MAX_MOVES + j]!);
          canMate = isSeriesMate(grand, 0);
        }
      }
      const cannot = bounds.cannotMateInTwo(pos.words, 0);
      if (cannot) pruned++;
      if (canMate) mates++;
      assert.ok(!(cannot && canMate), `#${p.id}: pruned a mate in ${makeProgressive(pos)}`);
    }
  }
  assert.ok(pruned > 20, `the test prunes (${pruned})`);
  assert.ok(mates > 20, `positions with a mate were met (${mates})`);
});

test('"cannot mate in two" counts the line a capturing piece opens when it moves on', () => {
  // After Kg1, Nxb5 then Nc7 mates: the rook on b1 sees b7 and b8 through b5 once the knight
  // has left it (a capturing piece does not stay on its square when it moves again).
  const chess = readFen('k7/p7/8/1p6/8/N7/5n2/1R5K w - - 0 1');
  assert.ok(chess.ok);
  const start = ProgressivePosition.fromPosition(chess.value, { series: 3 });
  assert.ok(start.ok);
  const bounds = new BoundContext(start.value.words, 0, 3);
  const kg1 = start.value.parseMove('h1g1');
  assert.ok(kg1.ok);
  let pos = start.value.playUnchecked(kg1.value);
  assert.equal(bounds.cannotMateInTwo(pos.words, 0), false);
  for (const u of ['a3b5', 'b5c7']) {
    const code = pos.parseMove(u);
    assert.ok(code.ok, u);
    pos = pos.playUnchecked(code.value);
  }
  assert.ok(isSeriesMate(pos.words, 0), 'Kg1 Nxb5 Nc7 mates');
});

/**
 * A lenient course problem (read leniently by default) with more pieces than a side can have in
 * a game: sixteen light-squared bishops, which can never attack the king on h8 (a dark square),
 * then the rook that mates with Ra8. The bishops come first in the per-piece lists, so the rook
 * is the seventeenth of White's pieces.
 */
const SEVENTEEN = '7k/6pp/2B1B3/1B1B1B1B/2B1B1B1/1B1B1B1B/2B1B1B1/R6K w 1';

function seventeen(): ProgressivePosition {
  const parsed = parseCourseProblem(SEVENTEEN);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error.message);
  return parsed.value.position;
}

test('"cannot mate in one" counts every piece, past sixteen of a side (lenient problem, mate in one)', () => {
  const pos = seventeen();
  // The reference: Ra8 mates (chessops; the defender has no reply at all).
  const ops = Chess.fromSetup(opsParseFen(`${SEVENTEEN.slice(0, -4)} w - - 0 1`).unwrap()).unwrap();
  ops.play({ from: 0, to: 56 });
  assert.ok(ops.isCheckmate());
  const ra8 = pos.parseMove('a1a8');
  assert.ok(ra8.ok);
  assert.ok(isSeriesMate(pos.playUnchecked(ra8.value).words, 0));
  const bounds = new BoundContext(pos.words, 0, 1);
  assert.equal(bounds.cannotMateInOne(pos.words, 0), false);
});

test('the best-first heuristic counts every slider, past sixteen of a side (lenient problem)', () => {
  const pos = seventeen();
  // Without the rook no piece can ever check (light-squared bishops, king on a dark square); the
  // rook is one move from a check (Ra8), so it lowers the score of the check need.
  const without = parseCourseProblem(SEVENTEEN.replace('R6K', '7K'));
  assert.ok(without.ok);
  const heuristic = new Heuristic(new BoundContext(pos.words, 0, 1));
  assert.ok(heuristic.score(pos.words, 0) < heuristic.score(without.value.position.words, 0), 'the rook lowers the score');
});

test('"cannot mate in one" sees a mate by promotion, where the promoted piece checks and the pawn would not', () => {
  // Kg6, pawn e7 against Kh8: e8=Q and e8=R mate along the back rank (chessops), where a pawn on
  // e8 would attack nothing. The pawn is White's only one, so every pawn of ours can promote.
  const fen = '7k/4P3/6K1/8/8/8/8/8 w - - 0 1';
  const mates: string[] = [];
  for (const role of ['queen', 'rook', 'bishop', 'knight'] as const) {
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    ops.play({ from: 52, to: 60, promotion: role });
    if (ops.isCheckmate()) mates.push(role);
  }
  assert.deepEqual(mates, ['queen', 'rook']);
  const chess = readFen(fen);
  assert.ok(chess.ok);
  const pos = ProgressivePosition.fromPosition(chess.value, { series: 3, movesLeft: 1, quiet: 0 });
  assert.ok(pos.ok);
  const promote = pos.value.parseMove('e7e8q');
  assert.ok(promote.ok);
  assert.ok(isSeriesMate(pos.value.playUnchecked(promote.value).words, 0));
  assert.equal(new BoundContext(pos.value.words, 0, 1).cannotMateInOne(pos.value.words, 0), false);
});

test('"cannot mate in one" and "in two" keep an Italian mate whose flights are closed by the rule against checking escapes', () => {
  // The defending king stands between its rook and our king on rank 8: each flight off the rank
  // would uncover the rook's check on our king, which an escape may not give under Italian rules
  // (only the last move of a series may check), so the rook's check along the b-file (g-file)
  // mates. Under Scottish rules, as in chess, the king escapes off the rank. The referee (chess.js)
  // judges both; no course problem has such a mate. The same holds with two moves left.
  for (const [board, mate] of [['rk5K/8/4B3/8/8/8/8/6R1', 'g1b1'], ['K5kr/8/3B4/8/8/8/8/1R6', 'b1g1']] as const) {
    assert.deepEqual(refereeSeries(board, 'w', '-', [mate], 'italian'), { ok: true }, board);
    assert.equal(refereeSeries(board, 'w', '-', [mate], 'scottish').ok, false, board);
    const chess = readFen(`${board} w - - 0 1`);
    assert.ok(chess.ok);
    const pos = ProgressivePosition.fromPosition(chess.value, { series: 3, movesLeft: 1, quiet: 0, rules: 'italian' });
    assert.ok(pos.ok);
    const move = pos.value.parseMove(mate);
    assert.ok(move.ok);
    assert.ok(isSeriesMate(pos.value.playUnchecked(move.value).words, 0), board);
    assert.equal(new BoundContext(pos.value.words, 0, 3).cannotMateInOne(pos.value.words, 0), false, board);
    // Two moves left: the rook first steps up to the second rank, then checks from there.
    const [from, to] = [mate.slice(0, 2), mate.slice(2)];
    const series = [`${from}${from[0]}2`, `${from[0]}2${to[0]}2`];
    assert.deepEqual(refereeSeries(board, 'w', '-', series, 'italian'), { ok: true }, `${board} ${series.join(' ')}`);
    const two = ProgressivePosition.fromPosition(chess.value, { series: 3, movesLeft: 2, quiet: 0, rules: 'italian' });
    assert.ok(two.ok);
    assert.equal(new BoundContext(two.value.words, 0, 3).cannotMateInTwo(two.value.words, 0), false, board);
  }
});
