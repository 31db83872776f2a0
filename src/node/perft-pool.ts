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

/** One subtree to count: below one root move, or from depth 3 below one reply to it. */
export interface PerftJob {
  /** Position of this job in the list `perftJobs` returns. */
  readonly index: number;
  /** Index of the root move this job counts for. */
  readonly root: number;
  /** The moves from the root to the job's position, in UCI, space-separated. */
  readonly moves: string;
  readonly words: Int32Array;
  readonly depth: number;
}

/**
 * The jobs perft `depth` of `pos` is split into (none at depth 0), in the order of legal move
 * generation, and the root moves in UCI.
 */
export function perftJobs(pos: Position, depth: number): { roots: string[]; jobs: PerftJob[] } {
  const roots = depth === 0 ? [] : pos.legalMoves();
  const jobs: PerftJob[] = [];
  roots.forEach((move, root) => {
    const child = move.play();
    if (depth < 3) jobs.push({ index: jobs.length, root, moves: move.uci, words: child.words, depth: depth - 1 });
    else for (const reply of child.legalMoves()) jobs.push({ index: jobs.length, root, moves: `${move.uci} ${reply.uci}`, words: reply.play().words, depth: depth - 2 });
  });
  return { roots: roots.map((m) => m.uci), jobs };
}

/** A root move (UCI) and the leaves of its subtree. */
export interface RootCount {
  readonly uci: string;
  readonly nodes: bigint;
}

/**
 * Subtree counts per root move, computed by `threads` workers; as bigints, exact past 2^53 (a
 * job's count is a number: `perft` refuses one past it). A worker that fails or ends before
 * the work is done rejects with a WorkerThreadError, once every worker has ended.
 */
export async function perftThreaded(
  pos: Position,
  depth: number,
  threads: number,
  bulk = true,
): Promise<RootCount[]> {
  const { roots, jobs } = perftJobs(pos, depth);
  const counts = roots.map(() => 0n);
  await runPerftJobs(jobs, pos.chess960, threads, bulk, (job, nodes) => (counts[job.root]! += BigInt(nodes)));
  return roots.map((uci, i) => ({ uci, nodes: counts[i]! }));
}

/**
 * Counts `jobs` on `threads` worker threads, handing each count to `onDone` as it comes. A worker
 * that fails or ends before the work is done rejects with a WorkerThreadError, and an `onDone`
 * that throws with its error, once every worker has ended.
 */
export async function runPerftJobs(
  jobs: readonly PerftJob[],
  chess960: boolean,
  threads: number,
  bulk: boolean,
  onDone: (job: PerftJob, nodes: number) => void,
): Promise<void> {
  const url = new URL('./perft-worker.js', import.meta.url);
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new Worker(url));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current: PerftJob | undefined;
            let done = false;
            const feed = (): void => {
              if (failed) return;
              if (next >= jobs.length) {
                done = true;
                void worker.terminate().then(() => resolve());
                return;
              }
              current = jobs[next++]!;
              worker.postMessage({ words: current.words, chess960, depth: current.depth, bulk });
            };
            worker.on('message', (nodes: number) => {
              try {
                onDone(current!, nodes);
              } catch (e) {
                reject(e);
                return;
              }
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
}
