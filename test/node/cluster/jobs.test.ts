/** The values cluster jobs return and their parents sum (`src/node/cluster/jobs.ts`). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sumValues, ZERO } from '../../../src/node/cluster/jobs.js';

test('perft shard counts are summed exactly past 2^53, as decimal bigints that JSON carries', () => {
  // Perft 12 of the start position (62,854,969,236,701,747), from two shards that are exact numbers.
  const shard = (nodes: string) => ({ ...ZERO, nodes });
  const total = sumValues([shard('31427484618350873'), shard('31427484618350874'), ZERO]);
  assert.equal(total.nodes, '62854969236701747');
  assert.notEqual(String(Number('31427484618350873') + Number('31427484618350874')), total.nodes, 'numbers would have rounded this sum');
  assert.deepEqual(JSON.parse(JSON.stringify(total)), total);
});

test('a parent sums each field of its children, and of none is zero', () => {
  // Three children with counts that tell the fields apart (each field's sum is distinct).
  const values = [
    { count: 1, paths: 10, children: 100, nodes: '1000' },
    { count: 2, paths: 20, children: 200, nodes: '2000' },
    { count: 4, paths: 40, children: 400, nodes: '4000' },
  ];
  assert.deepEqual(sumValues(values), { count: 7, paths: 70, children: 700, nodes: '7000' });
  assert.deepEqual(sumValues([]), { count: 0, paths: 0, children: 0, nodes: '0' });
});
