/**
 * Perft over worker threads: the root moves are handed out one at a time to a pool of workers,
 * each computing its subtree with the single-threaded perft, and the counts are summed.
 */
import { Worker } from 'node:worker_threads';
import { Position } from '../chess/position.js';

interface Job {
  readonly uci: string;
  readonly words: Int32Array;
}

/** Subtree counts per root move, computed by `threads` workers. */
export async function perftThreaded(
  pos: Position,
  depth: number,
  threads: number,
  bulk = true,
): Promise<{ uci: string; nodes: number }[]> {
  const jobs: Job[] = pos.legalMoves().map((m) => ({ uci: m.uci, words: m.play().words }));
  const results = new Map<string, number>();
  const url = new URL('./perft-worker.js', import.meta.url);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new Worker(url));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const feed = (): void => {
            if (next >= jobs.length) {
              void worker.terminate().then(() => resolve());
              return;
            }
            const job = jobs[next++]!;
            worker.postMessage({ uci: job.uci, words: job.words, chess960: pos.chess960, depth: depth - 1, bulk });
          };
          worker.on('message', (msg: { uci: string; nodes: number }) => {
            results.set(msg.uci, msg.nodes);
            feed();
          });
          worker.on('error', reject);
          feed();
        }),
    ),
  );
  return jobs.map((j) => ({ uci: j.uci, nodes: results.get(j.uci)! }));
}
