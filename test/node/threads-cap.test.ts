/**
 * `--threads N` is a most, not a count: perft and the enumeration start no more worker threads
 * than their work has use for, and the CLI says so when N is more than the machine's cores.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Position } from '../../src/chess/position.js';
import { makeFen } from '../../src/notation/fen.js';
import { Progress } from '../../src/node/enumerate/progress.js';
import { runEnumeration } from '../../src/node/enumerate/run.js';
import { perftThreaded } from '../../src/node/perft-pool.js';

const MAIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));

/** The result of `run` and the worker threads it started (each seen at its first message). */
async function counting<T>(run: () => Promise<T>): Promise<{ value: T; threads: number }> {
  const seen = new WeakSet<Worker>();
  let threads = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    if (!seen.has(this)) {
      seen.add(this);
      threads++;
    }
    post.apply(this, args);
  };
  try {
    return { value: await run(), threads };
  } finally {
    Worker.prototype.postMessage = post;
  }
}

test('perft on 256 threads starts one per share of work: 1 for perft 3 (8,902 nodes), 2 when 2 are asked for perft 5', async () => {
  const small = await counting(() => perftThreaded(Position.standard(), 3, 256));
  assert.equal(small.value.reduce((sum, c) => sum + c.nodes, 0n), 8902n);
  assert.equal(small.threads, 1);
  const five = await counting(() => perftThreaded(Position.standard(), 5, 2));
  assert.equal(five.value.reduce((sum, c) => sum + c.nodes, 0n), 4865609n);
  assert.equal(five.threads, 2);
});

test('enumerate --plies 3 on 256 threads starts one (levels of 1, 20 and 400 parents), and counts 5,362 positions', async () => {
  const pos = Position.standard();
  const r = await counting(() =>
    runEnumeration({ pos, fen: makeFen(pos), plies: 3, identity: 'fide', within: false, threads: 256, memoryBytes: 2 ** 28, resume: false, progress: new Progress(false) }),
  );
  assert.equal(r.value.levels[3]!.positions, 5362);
  assert.equal(r.threads, 1);
});

test('perft and enumerate say on standard error when --threads is more than the cores', () => {
  const threads = String(Math.min(256, availableParallelism() + 1));
  for (const args of [['perft', '2', '--threads', threads], ['enumerate', '--plies', '2', '--threads', threads, '--quiet']]) {
    const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, `caissa ${args[0]}: note: --threads ${threads} is more than the ${availableParallelism()} cores of this machine; worker threads are started only as the work needs them\n`);
  }
});
