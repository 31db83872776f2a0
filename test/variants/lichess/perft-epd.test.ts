/**
 * The variant perft suites (test/fixtures/perft/variants, copied from ../shared/data/perft/variants;
 * see test/fixtures/README.md): every position of every file to each depth whose count is ≤ 10⁶
 * (10⁸ with CAISSA_FULL), by bulk counting; and at depth ≤ 2 without it, so that listing and
 * playing every move agrees with counting.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VariantPosition, variantPerft, VARIANT_RULES, type VariantRules } from '../../../src/variants/lichess/index.js';
import { sharedPath } from '../../../src/node/data.js';
import { FULL } from '../../helpers.js';
import { sharedSkip } from '../../data.js';
import { readSuite } from './suite.js';

const MAX_NODES = FULL ? 1e8 : 1e6;
const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/perft/variants/', import.meta.url));

const fileOf = (rules: VariantRules): string => `${rules}.epd`;

for (const rules of VARIANT_RULES) {
  test(`${rules}: the perft suite to every depth with at most ${MAX_NODES} nodes`, () => {
    const suite = readSuite(readFileSync(FIXTURES + fileOf(rules), 'utf8'), fileOf(rules));
    assert.ok(suite.length >= 60, `${suite.length} positions`);
    let checked = 0;
    for (const line of suite) {
      const pos = VariantPosition.fromFen(rules, line.fen);
      assert.ok(pos.ok, `${line.id}: ${pos.ok ? '' : pos.error.message}`);
      for (const [depth, expected] of line.counts) {
        if (expected > MAX_NODES) continue;
        assert.equal(variantPerft(pos.value, depth), expected, `${line.id} depth ${depth}`);
        if (depth <= 2) assert.equal(variantPerft(pos.value, depth, { bulk: false }), expected, `${line.id} depth ${depth}, no bulk`);
        checked++;
      }
    }
    assert.ok(checked >= 2 * suite.length, `${checked} counts checked`);
  });
}

test('the fixtures are the shared data files, unchanged', { skip: sharedSkip('perft', 'variants') }, () => {
  const shared = sharedPath('perft', 'variants');
  for (const rules of VARIANT_RULES) {
    assert.equal(readFileSync(FIXTURES + fileOf(rules), 'utf8'), readFileSync(`${shared}/${fileOf(rules)}`, 'utf8'), rules);
  }
});
