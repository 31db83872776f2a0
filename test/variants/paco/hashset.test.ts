/** HashSet64 (generation-stamped clear, growth) and StateArena (ring buffer with growth). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../../src/core/rng.js';
import { HashSet64, StateArena } from '../../../src/variants/paco/hashset.js';
import { testSeed } from '../../helpers.js';

test('HashSet64 agrees with a Set over random keys, across clears and growth', () => {
  const rng = new Rng(testSeed(5));
  const set = new HashSet64(2);
  for (let round = 0; round < 5; round++) {
    set.clear();
    const ref = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const lo = rng.below(300) | 0, hi = (rng.below(3) - 1) | 0;
      const key = `${lo},${hi}`;
      assert.equal(set.add(lo, hi, i), !ref.has(key));
      if (!ref.has(key)) ref.set(key, i);
    }
    assert.equal(set.size, ref.size);
    for (const [key, v] of ref) {
      const [lo, hi] = key.split(',').map(Number) as [number, number];
      assert.ok(set.has(lo, hi));
      assert.equal(set.get(lo, hi), v);
    }
    assert.ok(!set.has(1000, 7));
    assert.equal(set.get(1000, 7), -1);
  }
});

test('StateArena: FIFO with release reuses slots and keeps live records across growth', () => {
  const a = new StateArena(3, 2);
  const rec = new Int32Array(3);
  const out = new Int32Array(3);
  let next = 0;
  let head = 0;
  const rng = new Rng(testSeed(9));
  for (let step = 0; step < 2000; step++) {
    if (rng.below(3) !== 0 || head === next) {
      rec.set([next, -next | 0, next * 7]);
      assert.equal(a.push(rec), next);
      next++;
    } else {
      a.load(head, out);
      assert.deepEqual(Array.from(out), [head, -head | 0, head * 7]);
      head++;
      a.release(head);
    }
  }
  for (let i = head; i < next; i++) {
    a.load(i, out);
    assert.equal(out[0], i);
  }
  a.reset();
  assert.equal(a.count, 0);
});
