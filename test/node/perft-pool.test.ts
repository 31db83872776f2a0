/**
 * perftThreaded when a worker thread fails: the promise rejects with a WorkerThreadError and
 * every worker thread ends, whether the worker threw at start, exited on its own or was
 * terminated. (Its counts are checked against the published perft numbers in test/cli.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { Position } from '../../src/chess/position.js';
import { perftJobs, perftThreaded, runPerftJobs } from '../../src/node/perft-pool.js';
import { WorkerThreadError } from '../../src/node/worker-error.js';
import { faultTree, within } from './fault-tree.js';

type Perft = typeof perftThreaded;

/**
 * Runs `perft` (depth 6 from the start: seconds of work, so a thread left running is seen) with
 * every worker it starts caught at its first message; `onFirst` may act on it. Resolves to the
 * rejection and whether every worker has ended within a second after it.
 */
async function failing(perft: Perft, onFirst: (worker: Worker, index: number) => void = () => {}): Promise<{ error: unknown; allEnded: boolean }> {
  const exits: Promise<unknown>[] = [];
  const seen = new WeakSet<Worker>();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    if (!seen.has(this)) {
      seen.add(this);
      exits.push(new Promise((resolve) => this.once('exit', resolve)));
      onFirst(this, exits.length - 1);
    }
    post.apply(this, args);
  };
  try {
    const error = await within(perft(Position.standard(), 6, 2).then(() => 'resolved', (e: unknown) => e), 4000, 'perftThreaded');
    const allEnded = await within(Promise.all(exits), 1000, 'exits').then(() => true, () => false);
    assert.equal(exits.length, 2);
    return { error, allEnded };
  } finally {
    Worker.prototype.postMessage = post;
  }
}

test('a worker terminated during the run rejects the run, and the other worker ends', async () => {
  // Before, the promise never settled: the terminated worker gave 'exit' but no 'error'.
  const r = await failing(perftThreaded, (worker, i) => void (i === 1 && worker.terminate()));
  assert.ok(r.error instanceof WorkerThreadError, String(r.error));
  // (A thread terminated before it ran any code exits with code 0, one terminated later with 1.)
  assert.match(r.error.message, /^perft: a worker thread exited \(code [01]\) before its work was done$/);
  assert.ok(r.allEnded, 'a worker thread was left running');
});

test('a worker that exits on its own (process.exit(0)) rejects the run', async () => {
  const tree = faultTree('perft-worker', `import { parentPort } from 'node:worker_threads';
parentPort.once('message', () => process.exit(0));
await import('./perft-worker.real.js');
`);
  try {
    const { perftThreaded: perft } = (await import(tree.url('perft-pool'))) as { perftThreaded: Perft };
    const r = await failing(perft);
    assert.equal((r.error as Error).name, 'WorkerThreadError', String(r.error));
    assert.equal((r.error as Error).message, 'perft: a worker thread exited (code 0) before its work was done');
    assert.ok(r.allEnded, 'a worker thread was left running');
  } finally {
    tree.remove();
  }
});

test('a worker that fails to start rejects the run, and the other worker ends', async () => {
  // Before, the run rejected with the worker's own error, and the other worker went on through
  // every job (seconds of work) before it ended.
  const tree = faultTree('perft-worker', `import { threadId } from 'node:worker_threads';
if (threadId % 2 === 0) throw new Error('cannot start');
await import('./perft-worker.real.js');
`);
  try {
    const { perftThreaded: perft } = (await import(tree.url('perft-pool'))) as { perftThreaded: Perft };
    const r = await failing(perft);
    assert.ok(r.allEnded, 'a worker thread was left running');
    assert.equal((r.error as Error).name, 'WorkerThreadError', String(r.error));
    assert.equal((r.error as Error).message, 'perft: a worker thread failed: Error: cannot start');
  } finally {
    tree.remove();
  }
});

test('an onDone that throws (a journal that cannot be written) rejects the run with its error, and every worker ends', async () => {
  // Before, the failing worker was left unfed and its promise unsettled: the run never ended.
  const { jobs } = perftJobs(Position.standard(), 4);
  const exits: Promise<unknown>[] = [];
  const post = Worker.prototype.postMessage;
  const seen = new WeakSet<Worker>();
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    if (!seen.has(this)) {
      seen.add(this);
      exits.push(new Promise((resolve) => this.once('exit', resolve)));
    }
    post.apply(this, args);
  };
  try {
    let calls = 0;
    const full = new Error('disk full');
    const run = runPerftJobs(jobs, false, 2, true, () => {
      if (++calls === 3) throw full;
    });
    assert.equal(await within(run.then(() => 'resolved', (e: unknown) => e), 4000, 'runPerftJobs'), full);
    await within(Promise.all(exits), 1000, 'exits');
    assert.equal(exits.length, 2);
  } finally {
    Worker.prototype.postMessage = post;
  }
});

test('the workers count as asked: without bulk counting when bulk is false (perft --no-bulk), with it by default', async () => {
  const asked: boolean[] = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    asked.push((args[0] as { bulk: boolean }).bulk);
    post.apply(this, args);
  };
  try {
    // 8,902: the published perft(3) of the start position.
    for (const bulk of [false, true]) {
      asked.length = 0;
      const counts = await perftThreaded(Position.standard(), 3, 2, bulk);
      assert.equal(counts.reduce((sum, c) => sum + c.nodes, 0n), 8902n);
      assert.equal(asked.length, 400);
      assert.ok(asked.every((b) => b === bulk), String(bulk));
    }
  } finally {
    Worker.prototype.postMessage = post;
  }
});
