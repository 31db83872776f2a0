/**
 * Perft over worker threads. Work is handed out one job at a time to a pool of workers, each
 * computing its subtree with the single-threaded perft; counts are summed per root move. From
 * depth 3 on, a job is one grandchild (one root move and one reply), not a whole root move: the
 * root moves' subtrees differ a lot in size, and hundreds of smaller jobs keep both workers busy
 * to the end.
 */
import type { Position } from '../chess/position.js';
import type { VariantPosition } from '../variants/lichess/position.js';
import type { VariantRules } from '../variants/lichess/rules.js';
import { ThreadPool } from './thread-pool.js';
import type { PerftMsg } from './perft-worker.js';

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
export function perftJobs(pos: Position | VariantPosition, depth: number): { roots: string[]; jobs: PerftJob[] } {
  const roots: readonly JobMove[] = depth === 0 ? [] : pos.legalMoves();
  const jobs: PerftJob[] = [];
  roots.forEach((move, root) => {
    const child = move.play();
    if (depth < 3) jobs.push({ index: jobs.length, root, moves: move.uci, words: child.words as Int32Array, depth: depth - 1 });
    else for (const reply of child.legalMoves()) jobs.push({ index: jobs.length, root, moves: `${move.uci} ${reply.uci}`, words: reply.play().words as Int32Array, depth: depth - 2 });
  });
  return { roots: roots.map((m) => m.uci), jobs };
}

/** What job making needs of a move, chess' or a variant's. */
interface JobMove {
  readonly uci: string;
  play(): { readonly words: Readonly<Int32Array>; legalMoves(): readonly JobMove[] };
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
  pos: Position | VariantPosition,
  depth: number,
  threads: number,
  bulk = true,
): Promise<RootCount[]> {
  const { roots, jobs } = perftJobs(pos, depth);
  const counts = roots.map(() => 0n);
  const variant = 'rules' in pos ? pos.rules : undefined;
  await runPerftJobs(jobs, pos.chess960, threads, bulk, (job, nodes) => (counts[job.root]! += BigInt(nodes)), variant);
  return roots.map((uci, i) => ({ uci, nodes: counts[i]! }));
}

/**
 * The worker threads worth starting for `jobs`: at most one per job, and one per 2^18 nodes of
 * work, estimated at 32 per ply of each job's depth. A thread costs tens of milliseconds and
 * megabytes to start: perft 3 (400 jobs of one ply) took 36 s and 1.8 GB on 256 threads, and
 * takes milliseconds on one.
 */
export function perftThreads(jobs: readonly PerftJob[], threads: number): number {
  let work = 0;
  for (const job of jobs) work += 32 ** job.depth;
  return Math.max(1, Math.min(threads, jobs.length, Math.ceil(work / 2 ** 18)));
}

/**
 * Counts `jobs` (of the lichess variant `variant`, if given) on `threads` worker threads at most (`perftThreads`), handing each count to
 * `onDone` as it comes. A worker that fails or ends before the work is done rejects with a
 * WorkerThreadError, and an `onDone` that throws with its error, once every worker has ended.
 */
export async function runPerftJobs(
  jobs: readonly PerftJob[],
  chess960: boolean,
  threads: number,
  bulk: boolean,
  onDone: (job: PerftJob, nodes: number) => void,
  variant?: VariantRules,
): Promise<void> {
  const pool = new ThreadPool<PerftMsg, number>({ url: new URL('./perft-worker.js', import.meta.url), size: perftThreads(jobs, threads), name: 'perft' });
  try {
    await pool.map(
      jobs.map((job) => ({ words: job.words, chess960, depth: job.depth, bulk, variant })),
      (nodes, i) => onDone(jobs[i]!, nodes),
    );
  } finally {
    // On failure too: the other workers would go on through the jobs left.
    await pool.close();
  }
}
