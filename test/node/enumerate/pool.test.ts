/**
 * The enumeration's pool of worker threads when a thread dies (out of memory, for one; here it is
 * terminated from outside): the run it had fails with a reason, and the pool goes on with a new
 * thread. A cluster worker keeps its pool for every job it takes, so a dead thread left in the
 * pool would take the next job and never answer: the job would stay active, its lock renewed,
 * and the run would wait for it for ever.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Worker } from 'node:worker_threads';
import { Position } from '../../../src/chess/position.js';
import { WorkerPool } from '../../../src/node/enumerate/pool.js';
import type { WorkerMsg } from '../../../src/node/enumerate/worker.js';
import { rootRecord } from '../../../src/tools/enumerate/expand.js';
import { REC_WORDS } from '../../../src/tools/enumerate/record.js';

/** Σ multiplicity × perft(depth) over the start position alone: perft(depth). */
function perftMsg(depth: number): WorkerMsg {
  const entries = new Int32Array(REC_WORDS + 2);
  entries.set(rootRecord(Position.standard().words, 0));
  entries[REC_WORDS] = 1;
  return { type: 'perft-entries', entries, depth, chess960: false };
}

/** The reply, or a failure after `ms` (a run that never settles must not hang the test). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const threadsOf = (pool: WorkerPool): Worker[] => (pool as unknown as { workers: Worker[] }).workers;

test('a thread that dies during a run fails that run with a reason; the pool answers the next ones on a new thread', async () => {
  const pool = new WorkerPool(1);
  try {
    assert.deepEqual(await within(pool.run(perftMsg(2)), 20000), { type: 'perft', nodes: 400n });
    const [thread] = threadsOf(pool);
    const running = pool.run(perftMsg(7)); // minutes of work: still running when the thread dies
    setTimeout(() => void thread!.terminate(), 100);
    await assert.rejects(within(running, 20000), /worker thread .*exited/);
    assert.deepEqual(await within(pool.run(perftMsg(3)), 20000), { type: 'perft', nodes: 8902n });
    assert.deepEqual(await within(pool.broadcast(perftMsg(1)), 20000), [{ type: 'perft', nodes: 20n }]);
  } finally {
    await pool.close();
  }
});

test('a thread that died while idle is replaced before it is given a run', async () => {
  const pool = new WorkerPool(2);
  try {
    // Threads start as runs need them: two at once start both.
    await within(pool.broadcast(perftMsg(1)), 20000);
    await threadsOf(pool)[0]!.terminate();
    await threadsOf(pool)[1]!.terminate();
    assert.deepEqual(await within(pool.broadcast(perftMsg(2)), 20000), [{ type: 'perft', nodes: 400n }, { type: 'perft', nodes: 400n }]);
  } finally {
    await pool.close();
  }
});
