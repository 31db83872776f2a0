/**
 * Worker threads sharing the buffers: a batch split over two threads gives exactly the buffers
 * of the same batch stepped on one thread (same seed, same actions), Chess960 starts and
 * auto-resets included. A pool that is closed or has lost a worker throws instead of hanging.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Runs `body` (an ES module's text, with `pool` created over two threads) in a child process,
 * so that a hang shows as a timeout instead of blocking this file; returns what it printed.
 */
function inChild(body: string): { status: number | null; stdout: string; timedOut: boolean } {
  const url = new URL('../../src/node/env-pool.js', import.meta.url).href;
  const script = `import { ThreadedBatchEnv } from ${JSON.stringify(url)};
const pool = await ThreadedBatchEnv.create({ game: 'chess', size: 4, threads: 2, kernel: { observation: 'none' } });
pool.reset();
${body}
process.exit(0);`;
  // A file, not --eval: the workers would inherit --input-type and refuse to start.
  const dir = mkdtempSync(join(tmpdir(), 'caissa-pool-'));
  try {
    writeFileSync(join(dir, 'run.mjs'), script);
    const r = spawnSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.stderr, '');
    return { status: r.status, stdout: r.stdout, timedOut: r.error !== undefined || r.signal !== null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a closed pool, or one whose worker is gone, throws on the next call instead of hanging', () => {
  // Before, step() waited for ever on the workers that had left (a hang, here the timeout).
  const closed = inChild(`await pool.close();
for (const call of [() => pool.step(), () => pool.reset(), () => pool.stepRandom(1)]) {
  try { call(); console.log('returned'); } catch (e) { console.log('threw ' + e.message); }
}
await pool.close();
console.log('closed twice');`);
  assert.equal(closed.timedOut, false, 'hung');
  assert.deepEqual(closed.stdout.trim().split('\n'), [...Array(3).fill('threw ThreadedBatchEnv: closed'), 'closed twice']);
  // A worker that died between calls (as one killed for running out of memory does).
  const lost = inChild(`await pool.workers[0].terminate();
try { pool.step(); console.log('returned'); } catch (e) { console.log('threw ' + e.message); }
await pool.close();
console.log('closed');`);
  assert.equal(lost.timedOut, false, 'hung');
  assert.deepEqual(lost.stdout.trim().split('\n'), ['threw ThreadedBatchEnv: an environment worker exited (code 1)', 'closed']);
});
