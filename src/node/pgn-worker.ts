/** Worker thread of `pgn-pool.ts`: splits (for a segment) and replays the games of one job per message. */
import { parentPort } from 'node:worker_threads';
import { GameReplayer, SplitReplay, type ReplayError, type ReplayRecord } from '../notation/pgn-replay.js';
import { PgnSplitter } from '../notation/pgn-split.js';
import { BOUNDS, OTHER_RESULT, resultCode, type PgnJob, type PgnJobResult } from './pgn-job.js';

const replayer = new GameReplayer();

parentPort!.on('message', (job: PgnJob) => {
  const plies: number[] = [];
  const results: number[] = [];
  const otherResults: string[] = [];
  const fens: (string | null)[] | null = job.fen ? [] : null;
  const errors: [number, ReplayError][] = [];
  const add = (r: ReplayRecord): void => {
    if (r.error !== null) errors.push([plies.length, r.error]);
    const code = resultCode(r.result);
    if (code === OTHER_RESULT) otherResults.push(r.result);
    results.push(code);
    plies.push(r.plies);
    fens?.push(r.fen);
  };
  let segment: Pick<PgnJobResult, 'lineBreaks' | 'endsBetweenGames'> = {};
  if (job.kind === 'segment') {
    const replays = new SplitReplay(PgnSplitter.whole(job.bytes, job.maxGameBytes), { fen: job.fen, maxGameBytes: job.maxGameBytes });
    for (const r of replays.drain()) add(r);
    segment = { lineBreaks: replays.splitter.lineBreaks, endsBetweenGames: replays.splitter.endsBetweenGames };
  } else {
    const b = job.bounds;
    for (let i = 0; i < b.length; i += BOUNDS) {
      const flags = b[i + 5]!;
      const slice = { buf: job.bytes, start: b[i]!, end: b[i + 1]!, line: b[i + 2]!, column: b[i + 3]!, byteColumn: b[i + 4]!, lineUtf8: (flags & 1) === 1, tooLong: (flags & 2) === 2, utf16: (flags & 4) === 4 };
      add(replayer.replay(slice, plies.length + 1, { fen: job.fen, maxGameBytes: job.maxGameBytes }));
    }
  }
  const result: PgnJobResult = {
    id: job.id,
    plies: Int32Array.from(plies),
    results: Uint8Array.from(results),
    otherResults,
    fens,
    errors,
    ...segment,
  };
  // Copied, not transferred: a detach would slow every typed-array access of this thread (pgn-pool.ts).
  parentPort!.postMessage(result);
});
