/**
 * Every perft suite of test/fixtures/perft (every `.epd` file there, so a suite added later is
 * checked too), each position to the deepest depth whose published count is ≤ 10⁶ (10⁸ with
 * CAISSA_FULL). A position whose every count is over that budget is checked at depth 2 against
 * chessops' perft instead, so that no line goes unchecked. Deliberately illegal positions must be
 * refused by the strict reader with the expected reason and counted correctly by the lenient one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Chess } from 'chessops/chess';
import { perft as opsPerft } from 'chessops/debug';
import { parseFen as opsParseFen } from 'chessops/fen';
import { readText } from '../../src/node/data.js';
import { Position } from '../../src/chess/position.js';
import { parseEpd } from '../../src/notation/epd.js';
import { perft, perftDivide } from '../../src/tools/perft.js';
import { FULL } from '../helpers.js';
import { fixturePath } from '../data.js';

const MAX_NODES = FULL ? 1e8 : 1e6;

/** Positions of the suites that a strict reader must refuse, by id or FEN prefix, with the reason. */
const REFUSED: Record<string, string> = {
  'align-diag-1': 'impossibleCheck', // two diagonal checkers on one line
  'align-diag-2': 'impossibleCheck',
  'align-horizontal': 'impossibleCheck',
  'align-ep': 'impossibleCheck', // the double push cannot have uncovered this check
  'align-ep-pinned': 'impossibleCheck',
  'ep-unrelated-check': 'impossibleCheck',
  'two-pawn-checkers': 'impossibleCheck',
  'two-stepper-checkers': 'impossibleCheck',
  'two-knight-checkers': 'impossibleCheck',
  'max-legals-too-much-material': 'tooMuchMaterial',
  // perftsuite: two white bishops check the black king from both ends of one diagonal.
  'B6b/8/8/8/2K5/5k2/8/b6B b': 'impossibleCheck',
};

/** The operations a perft suite may hold besides the counts `Dn`: any other is refused, not ignored. */
const KNOWN_OPERATIONS = new Set(['id', 'hmvc', 'fmvn']);

const SUITES = readdirSync(fixturePath('perft')).filter((n) => /\.epd(\.gz)?$/.test(n)).sort();

test('the perft folder holds the suites its README lists', () => {
  for (const file of ['perftsuite', 'fischer', 'random', 'mperft_tests', 'adversarial', 'shakmaty_tricky']) {
    assert.ok(SUITES.includes(`${file}.epd`), file);
  }
});

/** chessops' count at `depth`, from the FEN part of the line (its own reader, not ours). */
function chessopsPerft(fen: string, depth: number): number {
  const pos = Chess.fromSetup(opsParseFen(fen).unwrap());
  assert.ok(pos.isOk, `chessops refuses ${fen}`);
  return opsPerft(pos.value, depth, false);
}

for (const file of SUITES) {
  test(`perft suite ${file}`, () => {
    const lines = readText(fixturePath('perft', file)).split(/\r?\n/).filter((l) => l.trim() !== '');
    let checked = 0;
    let overBudget = 0;
    for (const [i, line] of lines.entries()) {
      const record = parseEpd(line);
      assert.ok(record.ok, `line ${i + 1}: ${!record.ok && record.error.message}`);
      const id = record.value.operations.get('id') ?? `line ${i + 1}`;
      const counts = [...record.value.operations].filter(([op]) => /^D\d+$/.test(op));
      assert.ok(counts.length > 0, `${id}: no perft count`);
      for (const [op] of record.value.operations) {
        assert.ok(/^D\d+$/.test(op) || KNOWN_OPERATIONS.has(op), `${id}: unknown operation '${op}'`);
      }
      const expectedRefusal = REFUSED[id] ?? Object.entries(REFUSED).find(([k]) => line.startsWith(k))?.[1];
      const strict = Position.fromSetup(record.value.setup);
      if (expectedRefusal !== undefined) {
        assert.ok(!strict.ok, `${id} should be refused`);
        assert.ok(strict.error.issues.includes(expectedRefusal as never), `${id}: ${strict.error.issues}`);
      } else {
        assert.ok(strict.ok, `${id} refused: ${!strict.ok && strict.error.message}`);
      }
      const pos = Position.fromSetup(record.value.setup, { lenient: true });
      assert.ok(pos.ok, `${id} refused even leniently`);
      let lineChecked = 0;
      for (const [op, value] of counts) {
        assert.match(value, /^\d+$/, `${id} ${op}: not a count`);
        if (Number(value) > MAX_NODES) continue;
        assert.equal(perft(pos.value, Number(op.slice(1))), Number(value), `${id} ${op}`);
        lineChecked++;
      }
      // Every count over the budget (mperft's deep ones): chessops' count at depth 2 stands in,
      // so the line's position and moves are still checked. Such lines are counted below.
      if (lineChecked === 0) {
        assert.equal(perft(pos.value, 2), chessopsPerft(record.value.fen, 2), `${id} depth 2 (chessops)`);
        overBudget++;
      }
      checked += lineChecked;
    }
    assert.ok(checked > 0, `checked ${checked} counts`);
    if (overBudget > 0) console.log(`${file}: ${overBudget} of ${lines.length} lines over the budget, checked against chessops at depth 2`);
  });
}

test('perft without bulk counting agrees', () => {
  const pos = Position.standard();
  assert.equal(perft(pos, 4, { bulk: false }), 197281);
});

test('perft with a limit: the count itself when it stays within, else a count past the limit, found early', () => {
  const pos = Position.standard();
  assert.equal(perft(pos, 4, { limit: 197281 }), 197281);
  assert.equal(perft(pos, 4, { limit: 10_000_000 }), 197281);
  for (const limit of [0, 1, 400, 100_000]) {
    const got = perft(pos, 4, { limit });
    assert.ok(got > limit && got <= 197281, `limit ${limit}: ${got}`);
  }
  // Depth 12 (about 6·10¹⁶ leaves) stops within a few thousand past the limit.
  const deep = perft(pos, 12, { limit: 50_000 });
  assert.ok(deep > 50_000 && deep < 60_000, `depth 12: ${deep}`);
  for (const bad of [-1, NaN]) assert.throws(() => perft(pos, 3, { limit: bad }), RangeError);
  // The first root move's 20 replies (perft 2 = 400: 20 × 20) reach a limit of 20 without passing
  // it, so counting goes on: a count equal to the limit could be taken for the perft itself.
  const atLimit = perft(pos, 2, { limit: 20 });
  assert.ok(atLimit > 20 && atLimit <= 400, `depth 2, limit 20: ${atLimit}`);
  // perftDivide bounds each root move's subtree by the limit: 20 moves, each past 0, below 400.
  const divided = perftDivide(pos, 3, { limit: 0 });
  assert.equal(divided.length, 20);
  for (const { uci, nodes } of divided) assert.ok(nodes > 0 && nodes < 400, `${uci}: ${nodes}`);
});
