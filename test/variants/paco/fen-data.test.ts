/**
 * Every FEN the reference's data holds (setups, positions, FENs after actions, final FENs of all
 * the files in data/paco) reads: the positions our FEN reader refuses as impossible are refused
 * only where the reference's data never has them. The data's FENs are found by their shape (six
 * fields, eight ranks, an optional hand), wherever they stand in the files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { parsePacoFen } from '../../../src/variants/paco/fen.js';
import { loadPaco } from './helpers.js';
import { fixturePath } from '../../data.js';

const SHAPE = /^(?:[a-zA-Z1-8_]+\/){7}[a-zA-Z1-8_]+(?:\^[a-h][1-8][a-zA-Z])? [wb] \d+ \S+ \S+ -$/;

function collect(v: unknown, out: Set<string>): void {
  if (typeof v === 'string') {
    if (SHAPE.test(v)) out.add(v);
  } else if (Array.isArray(v)) {
    for (const x of v) collect(x, out);
  } else if (v !== null && typeof v === 'object') {
    for (const x of Object.values(v)) collect(x, out);
  }
}

test('every FEN of the reference data reads', () => {
  const files = readdirSync(fixturePath('paco')).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 12, files.join(' '));
  const fens = new Set<string>();
  for (const f of files) collect(loadPaco(f), fens);
  // The reference writes '_' (king + king) but cannot read it; no data FEN has it.
  assert.ok(fens.size > 3000, `${fens.size} FENs`);
  for (const text of fens) {
    assert.ok(!text.includes('_'), text);
    const r = parsePacoFen(text);
    assert.ok(r.ok, `${text}: ${r.ok ? '' : r.error.message}`);
  }
});
