/**
 * Every perft suite of ../shared/data/perft, each position to the deepest depth whose published
 * count is ≤ 10⁶ (10⁸ with CAISSA_FULL). Deliberately illegal positions must be refused by the
 * strict reader with the expected reason and counted correctly by the lenient one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readText, sharedPath } from '../../src/node/data.js';
import { Position } from '../../src/chess/position.js';
import { parseEpd } from '../../src/notation/epd.js';
import { perft } from '../../src/tools/perft.js';
import { FULL } from '../helpers.js';

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

for (const file of ['perftsuite', 'fischer', 'random', 'mperft_tests', 'adversarial', 'shakmaty_tricky']) {
  test(`perft suite ${file}.epd`, () => {
    const lines = readText(sharedPath('perft', `${file}.epd`)).split(/\r?\n/).filter((l) => l.trim() !== '');
    let checked = 0;
    for (const [i, line] of lines.entries()) {
      const record = parseEpd(line);
      assert.ok(record.ok, `line ${i + 1}: ${!record.ok && record.error.message}`);
      const id = record.value.operations.get('id') ?? `line ${i + 1}`;
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
      for (const [op, value] of record.value.operations) {
        const m = /^D(\d+)$/.exec(op);
        if (m === null || Number(value) > MAX_NODES) continue;
        assert.equal(perft(pos.value, Number(m[1])), Number(value), `${id} depth ${m[1]}`);
        checked++;
      }
    }
    // Lines whose every count exceeds the budget (mperft's deep ones) are only checked for
    // validity here; test:full raises the budget.
    assert.ok(checked > 0, `checked ${checked} counts`);
  });
}

test('perft without bulk counting agrees', () => {
  const pos = Position.standard();
  assert.equal(perft(pos, 4, { bulk: false }), 197281);
});
