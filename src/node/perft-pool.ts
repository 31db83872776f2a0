/**
 * Perft over worker threads. Work is handed out one job at a time to a pool of workers, each
 * computing its subtree with the single-threaded perft; counts are summed per root move. From
 * depth 3 on, a job is one grandchild (one root move and one reply), not a whole root move: the
 * root moves' subtrees differ a lot in size, and hundreds of smaller jobs keep both workers busy
 * to the end.
 */
import { Worker } from 'node:worker_threads';
import { Position } from '../chess/position.js';
import { WorkerThreadError } from './worker-error.js';

interface Job {
  /** Index of the root move this job counts for. */
  readonly root: number;
  readonly words: Int32Array;
  readonly depth: number;
}

/**
 * Subtree counts per root move, computed by `threads` workers. A worker that fails or ends before
 * the work is done rejects with a WorkerThreadError, once every worker has ended.
 */
export async function perftThreaded(
  pos: Position,
  depth: number,
  threads: number,
  bulk = true,
): Promise<{ uci: string; nodes: number }[]> {
  const roots = pos.legalMoves();
  const counts = roots.map(() => 0);
  const jobs: Job[] = [];
  roots.forEach((move, root) => {
    const child = move.play();
    if (depth < 3) jobs.push({ root, words: child.words, depth: depth - 1 });
    else for (const reply of child.legalMoves()) jobs.push({ root, words: reply.play().words, depth: depth - 2 });
  });
  const url = new URL('./perft-worker.js', import.meta.url);
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new Worker(url));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current: Job | undefined;
            let done = false;
            const feed = (): void => {
              if (failed) return;
              if (next >= jobs.length) {
                done = true;
                void worker.terminate().then(() => resolve());
                return;
              }
              current = jobs[next++]!;
              worker.postMessage({ words: current.words, chess960: pos.chess960, depth: current.depth, bulk });
            };
            worker.on('message', (nodes: number) => {
              counts[current!.root]! += nodes;
              feed();
            });
            // A worker that threw (at start too) gives 'error', then 'exit'; one terminated or
            // that called process.exit gives only 'exit': its job would never be answered.
            worker.once('error', (e) => reject(new WorkerThreadError(`perft: a worker thread failed: ${String(e)}`)));
            worker.once('exit', (code) => {
              if (!done) reject(new WorkerThreadError(`perft: a worker thread exited (code ${code}) before its work was done`));
            });
            feed();
          }),
      ),
    );
  } catch (e) {
    // The other workers would go on through the jobs left: ended now.
    failed = true;
    await Promise.all(workers.map((w) => w.terminate()));
    throw e;
  }
  return roots.map((m, i) => ({ uci: m.uci, nodes: counts[i]! }));
}
