import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { EntrySet } from '../../../src/tools/enumerate/entry-set.js';
import { testSeed } from '../../helpers.js';

test('EntrySet: add, has and multiplicities agree with a Map over random 4-word entries, through collisions and growth', () => {
  // Entries drawn from a small pool so that many repeat; the last word is never 0 (an empty
  // slot) nor -1 (a slot being written), as the set requires.
  const rng = new Rng(testSeed(20261124));
  const width = 4;
  const pool: Int32Array[] = [];
  for (let i = 0; i < 3000; i++) {
    const e = new Int32Array(width);
    for (let w = 0; w < width; w++) e[w] = rng.nextUint32() | 0;
    // Some entries differ from another only in their first word: equal slot hashes are likely then.
    if (i % 3 === 1) e.set(pool[i - 1]!.subarray(1), 1);
    if (e[width - 1] === 0 || e[width - 1] === -1) e[width - 1] = 7;
    pool.push(e);
  }
  const reference = new Map<string, number>();
  let set = new EntrySet(width, 16);
  for (let step = 0; step < 6000; step++) {
    const e = pool[rng.below(2000)]!; // the last 1000 of the pool are never added
    const mult = 1 + rng.below(5);
    const key = e.join(',');
    assert.equal(set.add(e, 0, mult), !reference.has(key), `step ${step}: new or not`);
    reference.set(key, (reference.get(key) ?? 0) + mult);
    if (set.count > set.capacity * 0.7) set = set.grown();
  }
  assert.equal(set.count, reference.size);
  for (const e of pool) assert.equal(set.has(e, 0), reference.has(e.join(',')), e.join(','));
  const found = new Map<string, number>();
  set.forEach((b) => found.set(Array.from(set.data.subarray(b, b + width)).join(','), set.multAt(b)));
  assert.deepEqual(found, reference);
  assert.equal(set.totalMult(), [...reference.values()].reduce((a, b) => a + b, 0));

  // A crowded table whose entries all end in the same word: looking for an absent one probes
  // past entries that differ from it only in their first words.
  const twins = pool.slice(0, 24).map((e) => Int32Array.of(e[0]!, e[1]!, e[2]!, 7));
  const crowded = new EntrySet(width, 16);
  for (const t of twins.slice(0, 12)) assert.ok(crowded.add(t, 0, 1));
  twins.forEach((t, i) => assert.equal(crowded.has(t, 0), i < 12, `twin ${i}`));
});
