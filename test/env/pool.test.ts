/**
 * Worker threads sharing the buffers: a batch split over two threads gives exactly the buffers
 * of the same batch stepped on one thread (same seed, same actions), Chess960 starts and
 * auto-resets included. A pool that is closed, or whose worker dies or fails to start, throws
 * instead of hanging, and leaves no thread running.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../../src/core/rng.js';
import { BatchEnv } from '../../src/env/batch.js';
import { ChessKernel } from '../../src/env/chess-kernel.js';
import { DEFAULT_KERNEL_OPTIONS } from '../../src/env/kernel.js';
import { ThreadedBatchEnv } from '../../src/node/env-pool.js';
import { testSeed, tempDir } from '../helpers.js';
import { faultTree } from '../node/fault-tree.js';

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

test('observeAs on a pool gives what a single-threaded BatchEnv gives, for environments of every thread, and leaves the rest of out alone', async () => {
  const size = 7;
  const kernel = { observation: 'alphazero' as const };
  const batch = { seed: 4, maxSteps: 30 };
  const pool = await ThreadedBatchEnv.create({ game: 'chess960', size, threads: 3, kernel, batch });
  const single = new BatchEnv(new ChessKernel(size, true, { ...DEFAULT_KERNEL_OPTIONS, ...kernel }), batch);
  const o = single.buffers.observationSize;
  try {
    assert.throws(() => pool.observeAs(0, 0, new Float32Array(o)), /ThreadedBatchEnv.observeAs: no episode: call reset\(\) first/);
    assert.throws(() => pool.observeAs(size - 1, 0, new Float32Array(o)), /ThreadedBatchEnv.observeAs: no episode: call reset\(\) first/);
    pool.reset();
    single.reset();
    for (const steps of [0, 9, 23]) {
      pool.stepRandom(steps);
      single.stepRandom(steps);
      for (let i = 0; i < size; i++) {
        for (const player of [0, 1]) {
          const got = new Float32Array(o + 5).fill(-1);
          const want = new Float32Array(o + 5).fill(-1);
          pool.observeAs(i, player, got, 2);
          single.observeAs(i, player, want, 2);
          assert.deepEqual(got, want, `environment ${i}, player ${player}, after ${steps} more steps`);
          // The player to act's view is the row of the shared buffers.
          if (player === single.buffers.currentPlayer[i]) assert.deepEqual(got.subarray(2, 2 + o), pool.buffers.observations.subarray(i * o, (i + 1) * o));
        }
      }
    }
    // Bad arguments are the caller's errors, raised before any thread is asked: the pool goes on.
    assert.throws(() => pool.observeAs(size, 0, new Float32Array(o)), /RangeError: ThreadedBatchEnv.observeAs: environment 7 is not in 0..6/);
    assert.throws(() => pool.observeAs(5, 2, new Float32Array(o)), /RangeError: ThreadedBatchEnv.observeAs: player must be 0 \(White\) or 1 \(Black\), got 2/);
    assert.throws(() => pool.observeAs(5, 0, new Float32Array(o), 1), /RangeError: ThreadedBatchEnv.observeAs: out\[1\.\.\d+\) does not fit a buffer of \d+ values/);
    pool.stepRandom(5);
    single.stepRandom(5);
    assert.deepEqual(pool.buffers.observations, single.buffers.observations);
  } finally {
    await pool.close();
  }
  assert.throws(() => pool.observeAs(size - 1, 0, new Float32Array(o)), /ThreadedBatchEnv: closed/);
  // Paco Ŝako's observation has no viewer: an Error before any thread is asked.
  const paco = await ThreadedBatchEnv.create({ game: 'paco', size: 4, threads: 2 });
  try {
    paco.reset();
    assert.throws(() => paco.observeAs(3, 0, new Float32Array(1 << 12)), /Error: ThreadedBatchEnv.observeAs: this game's observation is the player to act's only/);
    paco.stepRandom(3);
  } finally {
    await paco.close();
  }
});

test('threads are capped by the batch size; unknown games are refused', async () => {
  const pool = await ThreadedBatchEnv.create({ game: 'chess', size: 1, threads: 4 });
  assert.equal(pool.threads, 1);
  pool.reset();
  assert.equal(pool.buffers.legalCount[0], 20);
  await pool.close();
  // A batch of no environments (the size's bound, ≥ 0) steps on the calling thread alone, as BatchEnv's does.
  const empty = await ThreadedBatchEnv.create({ game: 'chess', size: 0, threads: 2 });
  assert.deepEqual([empty.threads, empty.size], [1, 0]);
  empty.reset();
  empty.step(new Int32Array(0));
  empty.stepRandom(3);
  await empty.close();
  await assert.rejects(ThreadedBatchEnv.create({ game: 'go', size: 1, threads: 1 }), RangeError);
});

test('a pool stepped before its first reset throws, and the next reset and step work', async () => {
  const pool = await ThreadedBatchEnv.create({ game: 'chess', size: 4, threads: 2, kernel: { observation: 'none' } });
  try {
    assert.throws(() => pool.step(new Int32Array(4).fill(33 * 73 + 17)), /ThreadedBatchEnv\.step: no episode: call reset\(\) first/);
    assert.throws(() => pool.stepRandom(1), /ThreadedBatchEnv\.stepRandom: no episode/);
    // The largest count its message allows (2^31 − 1) passes the check and meets the missing episode.
    assert.throws(() => pool.stepRandom(2 ** 31 - 1), /ThreadedBatchEnv\.stepRandom: no episode/);
    pool.reset();
    pool.step(new Int32Array(4).fill(33 * 73 + 17));
    assert.deepEqual([...pool.buffers.terminated], [0, 0, 0, 0]);
  } finally {
    await pool.close();
  }
});

test('pool stepRandom: a count that is not an int32 ≥ 0 is a RangeError before any thread steps', async () => {
  // 2.5 played 3 steps in the main thread's slice and 2 in the workers' (an int32 in shared memory).
  const pool = await ThreadedBatchEnv.create({ game: 'chess', size: 4, threads: 2, kernel: { observation: 'none' } });
  try {
    pool.reset();
    for (const steps of [2.5, -1, NaN, 2 ** 31]) assert.throws(() => pool.stepRandom(steps), /ThreadedBatchEnv\.stepRandom: steps must be an integer from 0 to 2147483647, got/, String(steps));
    assert.deepEqual([...pool.buffers.stepCount], [0, 0, 0, 0]);
    pool.stepRandom(2);
    assert.deepEqual([...pool.buffers.stepCount], [2, 2, 2, 2]);
  } finally {
    await pool.close();
  }
});

test('a pool size that is not an integer ≥ 0, or a thread count that is not one ≥ 1, is a RangeError naming it', async () => {
  // Before: size 1.5 made a pool of 1, threads 0 or −2 one thread, NaN a TypeError ('undefined is
  // not iterable') and 1.5 a worker that failed to start ('bad slice 2..5 of 4').
  for (const size of [-1, 1.5, NaN]) await assert.rejects(ThreadedBatchEnv.create({ game: 'chess', size, threads: 1 }), /ThreadedBatchEnv: size must be an integer ≥ 0, got/, String(size));
  for (const threads of [0, -2, 1.5, NaN]) await assert.rejects(ThreadedBatchEnv.create({ game: 'chess', size: 4, threads }), /ThreadedBatchEnv: threads must be an integer ≥ 1, got/, String(threads));
});

/**
 * Runs `body` (an ES module's text, with `ThreadedBatchEnv` imported from `poolUrl`) in a child
 * process, so that a hang shows as a timeout instead of blocking this file; returns what it
 * printed. The child is not made to exit: it ends only if no thread is left running.
 */
function inChild(body: string, poolUrl = new URL('../../src/node/env-pool.js', import.meta.url).href, env: Record<string, string> = {}): { stdout: string; timedOut: boolean } {
  const script = `import { ThreadedBatchEnv } from ${JSON.stringify(poolUrl)};
const report = (call) => { try { call(); console.log('returned'); } catch (e) { console.log('threw ' + e.name + ': ' + e.message); } };
${body}`;
  // A file, not --eval: the workers would inherit --input-type and refuse to start.
  const dir = tempDir('caissa-pool-');
  try {
    writeFileSync(join(dir, 'run.mjs'), script);
    // A hang is what the timeout catches; 30 s, since starting four threads took over 4 s under a
    // load average of 5 (a seed sweep beside the helpers: seed 374).
    const r = spawnSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, ...env } });
    assert.equal(r.stderr, '');
    return { stdout: r.stdout, timedOut: r.error !== undefined || r.signal !== null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CREATE = `const pool = await ThreadedBatchEnv.create({ game: 'chess', size: 6, threads: 3, kernel: { observation: 'none' } });`;

test('a closed pool, or one whose threads were ended, throws on the next call instead of hanging', () => {
  // Before, step() waited for ever on the workers that had left (a hang, here the timeout).
  const closed = inChild(`${CREATE}
pool.reset();
await pool.close();
for (const call of [() => pool.step(), () => pool.reset(), () => pool.stepRandom(1)]) report(call);
await pool.close();
console.log('closed twice');`);
  assert.equal(closed.timedOut, false, 'hung');
  assert.deepEqual(closed.stdout.trim().split('\n'), [...Array(3).fill('threw Error: ThreadedBatchEnv: closed'), 'closed twice']);
  // The thread that watches the workers, terminated between calls (its workers end with it).
  const lost = inChild(`${CREATE}
pool.reset();
await pool.supervisor.terminate();
report(() => pool.step());
await pool.close();
console.log('closed');`);
  assert.equal(lost.timedOut, false, 'hung');
  assert.deepEqual(lost.stdout.trim().split('\n'), ['threw WorkerThreadError: ThreadedBatchEnv: the environment threads ended (code 1)', 'closed']);
});

test('a worker that dies during a step (exit, exit without exit handlers, uncaught throw) fails that step and every later one; close ends every thread', () => {
  // The worker of environments 4..6 dies in its third step. Before, the main thread waited for
  // ever (Atomics.wait cannot see the 'exit' event), or, after a throw, hung on the next step.
  const tree = faultTree('env-worker', `import { workerData } from 'node:worker_threads';
import { BatchEnv } from '../env/batch.js';
if (workerData.start === 4) {
  const step = BatchEnv.prototype.step;
  let steps = 0;
  BatchEnv.prototype.step = function () {
    if (++steps === 3) {
      const death = process.env.CAISSA_TEST_DEATH;
      if (death === 'exit') process.exit(0);
      if (death === 'reallyExit') process.reallyExit(7);
      throw new Error('boom');
    }
    return step.call(this);
  };
}
await import('./env-worker.real.js');
`);
  try {
    for (const [death, message] of [
      ['exit', 'ThreadedBatchEnv: an environment worker exited (code 0)'],
      ['reallyExit', 'ThreadedBatchEnv: an environment worker exited (code 7)'],
      ['throw', 'ThreadedBatchEnv: an environment worker failed: Error: boom'],
    ] as const) {
      const r = inChild(`${CREATE}
pool.reset();
for (let i = 0; i < 4; i++) report(() => pool.step());
await pool.close();
console.log('closed');`, tree.url('env-pool'), { CAISSA_TEST_DEATH: death });
      assert.equal(r.timedOut, false, `${death}: hung`);
      assert.deepEqual(r.stdout.trim().split('\n'), ['returned', 'returned', ...Array(2).fill(`threw WorkerThreadError: ${message}`), 'closed'], death);
    }
  } finally {
    tree.remove();
  }
});

test('a worker that fails to start fails create with a WorkerThreadError, and the other workers end', () => {
  // Before, create rejected with the worker's own error and the other worker ran on, so the
  // process never ended (here the timeout).
  const tree = faultTree('env-worker', `import { workerData } from 'node:worker_threads';
if (workerData.start === 4) throw new Error('cannot start');
await import('./env-worker.real.js');
`);
  try {
    const r = inChild(`try { ${CREATE} console.log('created'); } catch (e) { console.log('threw ' + e.name + ': ' + e.message); }`, tree.url('env-pool'));
    assert.equal(r.timedOut, false, 'a thread was left running');
    assert.equal(r.stdout.trim(), 'threw WorkerThreadError: ThreadedBatchEnv: an environment worker failed to start: Error: cannot start');
  } finally {
    tree.remove();
  }
});

test('the pool takes what a single-threaded BatchEnv takes: too few actions is its RangeError before any thread steps, stepRandom(0) steps nothing, step() plays buffers.actions', async () => {
  const size = 5;
  const kernel = { observation: 'compact' as const };
  const batch = { seed: 12 };
  const pool = await ThreadedBatchEnv.create({ game: 'chess', size, threads: 2, kernel, batch });
  const single = new BatchEnv(new ChessKernel(size, false, { ...DEFAULT_KERNEL_OPTIONS, ...kernel }), batch);
  const same = (what: string): void => {
    for (const key of ['masks', 'observations', 'rewards', 'terminated', 'truncated', 'currentPlayer', 'stepCount', 'legalCount'] as const) {
      assert.deepEqual(pool.buffers[key], single.buffers[key], `${key} ${what}`);
    }
  };
  try {
    pool.reset();
    single.reset();
    // A different legal move in each environment, so that each slice's own actions must reach it.
    const actions = Int32Array.from({ length: size }, (_, i) => single.buffers.legalLabels[i * single.buffers.maxLegal + 3 * i]!);
    const short = actions.subarray(0, size - 1);
    const refused = ((): unknown => {
      try {
        single.step(short);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(refused instanceof RangeError, 'BatchEnv took too few actions');
    assert.throws(() => pool.step(short), { name: 'RangeError', message: refused.message });
    same('after too few actions');
    pool.stepRandom(0);
    single.stepRandom(0);
    same('after stepRandom(0)');
    assert.deepEqual([...pool.buffers.stepCount], Array(size).fill(0));
    pool.buffers.actions.set(actions);
    pool.step();
    single.step(actions);
    same('after step() of buffers.actions');
    assert.deepEqual([...pool.buffers.stepCount], Array(size).fill(1));
  } finally {
    await pool.close();
  }
});
