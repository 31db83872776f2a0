/**
 * Worker threads sharing the buffers: a batch split over two threads gives exactly the buffers
 * of the same batch stepped on one thread (same seed, same actions), Chess960 starts and
 * auto-resets included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { BatchEnv } from '../../src/env/batch.js';
import { ChessKernel } from '../../src/env/chess-kernel.js';
import { DEFAULT_KERNEL_OPTIONS } from '../../src/env/kernel.js';
import { ThreadedBatchEnv } from '../../src/node/env-pool.js';
import { testSeed } from '../helpers.js';

test('two threads step exactly like one', async () => {
  const size = 10;
  const kernel = { observation: 'compact' as const };
  const batch = { seed: 9, maxSteps: 40 };
  const pool = await ThreadedBatchEnv.create({ game: 'chess960', size, threads: 2, kernel, batch });
  assert.equal(pool.threads, 2);
  const single = new BatchEnv(new ChessKernel(size, true, { ...DEFAULT_KERNEL_OPTIONS, ...kernel }), batch);
  try {
    pool.reset();
    single.reset();
    const rng = new Rng(testSeed(3));
    const a = pool.buffers;
    const b = single.buffers;
    let ended = 0;
    for (let step = 0; step < 150; step++) {
      const actions = new Int32Array(size);
      for (let i = 0; i < size; i++) {
        const n = b.legalCount[i]!;
        // A few illegal actions too.
        actions[i] = rng.below(50) === 0 || n === 0 ? rng.below(4672) : b.legalLabels[i * b.maxLegal + rng.below(n)]!;
      }
      pool.step(actions);
      single.step(actions);
      for (const key of ['masks', 'observations', 'rewards', 'terminated', 'truncated', 'currentPlayer', 'stepCount', 'legalCount'] as const) {
        assert.deepEqual(a[key], b[key], `${key} at step ${step}`);
      }
      for (let i = 0; i < size; i++) ended += b.terminated[i]! | b.truncated[i]!;
    }
    assert.ok(ended > 5);
    // Random actions drawn inside the threads from each environment's own generator.
    pool.stepRandom(30);
    single.stepRandom(30);
    for (const key of ['masks', 'observations', 'rewards', 'terminated', 'truncated', 'stepCount'] as const) {
      assert.deepEqual(a[key], b[key], `${key} after stepRandom`);
    }
  } finally {
    await pool.close();
  }
});

test('threads are capped by the batch size; unknown games are refused', async () => {
  const pool = await ThreadedBatchEnv.create({ game: 'chess', size: 1, threads: 4 });
  assert.equal(pool.threads, 1);
  pool.reset();
  assert.equal(pool.buffers.legalCount[0], 20);
  await pool.close();
  await assert.rejects(ThreadedBatchEnv.create({ game: 'go', size: 1, threads: 1 }), RangeError);
});
