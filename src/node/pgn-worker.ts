/** Worker thread of `pgn-pool.ts`: splits (for a segment) and replays the games of one job per message. */
import { parentPort } from 'node:worker_threads';
import { GameReplayer, type ReplayError } from '../notation/pgn-replay.js';
import { PgnSplitter, type GameSlice } from '../notation/pgn-split.js';
import type { PgnJob, PgnJobResult } from './pgn-pool.js';

const replayer = new GameReplayer();

parentPort!.on('message', (job: PgnJob) => {
  const plies: number[] = [];
  const results: string[] = [];
  const fens: (string | null)[] | null = job.fen ? [] : null;
  const errors: [number, ReplayError][] = [];
  const replay = (slice: GameSlice): void => {
    const r = replayer.replay(slice, plies.length + 1, { fen: job.fen });
    if (r.error !== null) errors.push([plies.length, r.error]);
    plies.push(r.plies);
    results.push(r.result);
    fens?.push(r.fen);
  };
  let segment: Pick<PgnJobResult, 'lineBreaks' | 'endsBetweenGames'> = {};
  if (job.kind === 'segment') {
    const splitter = PgnSplitter.whole(job.bytes);
    for (let g = splitter.take(); g !== undefined; g = splitter.take()) replay(g);
    segment = { lineBreaks: splitter.lineBreaks, endsBetweenGames: splitter.endsBetweenGames };
  } else {
    const b = job.bounds;
    for (let i = 0; i < b.length; i += 4) replay({ buf: job.bytes, start: b[i]!, end: b[i + 1]!, line: b[i + 2]!, column: b[i + 3]! });
  }
  const pliesArray = Int32Array.from(plies);
  const result: PgnJobResult = { id: job.id, plies: pliesArray, results, fens, errors, ...segment };
  // Copied, not transferred: a detach would slow every typed-array access of this thread (pgn-pool.ts).
  parentPort!.postMessage(result);
});
