import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFen } from '../../../src/notation/fen.js';
import { parseCourseProblem } from '../../../src/variants/progressive/text.js';
import { solveSeries } from '../../../src/tools/progressive/solve.js';
import { inferCastling, refereeSeries } from '../../variants/progressive/oracle.js';
import { bruteForceSolutions } from './bruteforce.js';
import { friProblems } from './fixtures.js';
import { FULL } from '../../helpers.js';

const problems = friProblems();

function problem(line: string) {
  const p = parseCourseProblem(line);
  assert.ok(p.ok, line);
  return p.value;
}

test('the data set is the one described: 40 problems, N 4..9', () => {
  assert.equal(problems.length, 40);
  assert.deepEqual([...new Set(problems.map((p) => p.n))].sort(), [4, 5, 6, 7, 8, 9]);
});

test('the referee accepts every listed solution and rejects broken ones', () => {
  for (const p of problems) {
    const castling = inferCastling(p.board);
    for (const s of p.solutions) assert.deepEqual(refereeSeries(p.board, p.side, castling, s), { ok: true }, `#${p.id} ${s.join(';')}`);
    const first = p.solutions[0]!;
    // Without its last move, or with the last two swapped, a listed solution must fail.
    assert.equal(refereeSeries(p.board, p.side, castling, first.slice(0, -1)).ok, false, `#${p.id} truncated`);
  }
});

test('every course problem is solved and the answer passes the chess.js referee', () => {
  for (const p of problems) {
    const { position, n } = problem(p.line);
    const r = solveSeries(position, n, { timeLimitMs: 20000 });
    assert.ok(r.ok);
    assert.equal(r.value.status, 'mate', `#${p.id}`);
    const moves = r.value.solutionUci!;
    assert.equal(moves.length, p.n, `#${p.id} length`);
    assert.deepEqual(refereeSeries(p.board, p.side, inferCastling(p.board), moves), { ok: true }, `#${p.id} ${moves.join(';')}`);
  }
});

test('--all finds every listed solution, and each one it finds passes the referee', () => {
  const chosen = FULL ? problems : problems.filter((p) => p.n <= 5);
  for (const p of chosen) {
    const { position, n } = problem(p.line);
    const r = solveSeries(position, n, { all: true, timeLimitMs: 60000 });
    assert.ok(r.ok);
    assert.equal(r.value.status, 'mate', `#${p.id}`);
    const found = new Set(r.value.solutionsUci.map((s) => s.join(';')));
    assert.equal(found.size, r.value.solutionsUci.length, `#${p.id} duplicates`);
    for (const s of p.solutions) assert.ok(found.has(s.join(';')), `#${p.id} misses ${s.join(';')}`);
    const castling = inferCastling(p.board);
    for (const s of r.value.solutionsUci) assert.deepEqual(refereeSeries(p.board, p.side, castling, s), { ok: true }, `#${p.id} ${s.join(';')}`);
  }
});

test('the complete search alone (no best-first pass) finds what the brute force finds', () => {
  // Every solution of the N = 4 problems, compared set-wise with a plain enumeration.
  const chosen = problems.filter((p) => p.n === 4).slice(0, FULL ? undefined : 4);
  for (const p of chosen) {
    const { position, n } = problem(p.line);
    const brute = bruteForceSolutions(position.chess, n).map((s) => s.join(';')).sort();
    const r = solveSeries(position, n, { all: true, completeOnly: true });
    assert.ok(r.ok);
    assert.deepEqual(r.value.solutionsUci.map((s) => s.join(';')).sort(), brute, `#${p.id}`);
  }
});

test('"no mate in N - 1" proofs agree with the brute-force enumeration', () => {
  // N = 4 problems (3-move series) always, N = 5 (4-move series, slower to enumerate) in part.
  const chosen = problems.filter((p) => p.n === 4 || (p.n === 5 && (FULL || p.id <= 23)));
  for (const p of chosen) {
    const { position } = problem(p.line);
    const r = solveSeries(position.chess, p.n - 1, { timeLimitMs: 60000 });
    assert.ok(r.ok);
    const brute = bruteForceSolutions(position.chess, p.n - 1);
    assert.equal(r.value.status, brute.length === 0 ? 'none' : 'mate', `#${p.id} N-1`);
    if (brute.length > 0) assert.ok(brute.some((s) => s.join(';') === r.value.solutionUci!.join(';')), `#${p.id}`);
  }
});

test('the solver proves "no mate in N - 1" on the larger problems too', { skip: !FULL }, () => {
  for (const p of problems.filter((q) => q.n >= 6)) {
    const { position } = problem(p.line);
    const r = solveSeries(position.chess, p.n - 1, { timeLimitMs: 120000 });
    assert.ok(r.ok);
    assert.notEqual(r.value.status, 'unknown', `#${p.id}`);
    if (r.value.status === 'mate') assert.deepEqual(refereeSeries(p.board, p.side, inferCastling(p.board), r.value.solutionUci!), { ok: true });
  }
});

test('published anchors: the solver mates each in its series length (referee-checked)', async () => {
  const { readText, sharedPath } = await import('../../../src/node/data.js');
  const data = JSON.parse(readText(sharedPath('progressive', 'published-anchors.json'))) as {
    anchors: { name: string; fen: string; n: number; moves: string[] }[];
  };
  for (const a of data.anchors) {
    const pos = readFen(a.fen, { lenient: true });
    assert.ok(pos.ok, a.name);
    const r = solveSeries(pos.value, a.n, { timeLimitMs: 20000 });
    assert.ok(r.ok);
    assert.equal(r.value.status, 'mate', a.name);
    const [board, side, castling] = a.fen.split(' ') as [string, 'w' | 'b', string];
    assert.deepEqual(refereeSeries(board, side, castling, r.value.solutionUci!), { ok: true }, a.name);
    // The published series is among the solutions --all finds (the longer ones in the full run).
    if (a.n <= 5 || FULL) {
      const all = solveSeries(pos.value, a.n, { all: true, timeLimitMs: 120000 });
      assert.ok(all.ok);
      assert.ok(all.value.solutionsUci.some((s) => s.join(';') === a.moves.join(';')), `${a.name}: published series not found`);
    }
  }
});

test('bad input gives typed errors, a time limit gives unknown', () => {
  const { position, n } = problem(problems.find((p) => p.n === 9)!.line);
  assert.equal(solveSeries(position, 0).ok, false);
  const wrong = solveSeries(position, n + 1);
  assert.ok(!wrong.ok && wrong.error.field === 'n');
  const r = solveSeries(position.chess, 12, { timeLimitMs: 30, completeOnly: true });
  assert.ok(r.ok);
  assert.equal(r.value.status, 'unknown');
});
