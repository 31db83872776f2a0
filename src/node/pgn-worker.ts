/** Worker thread of `pgn-pool.ts`: replays one batch of games per message. */
import { parentPort } from 'node:worker_threads';
import { GameReplayer, type ReplayError } from '../notation/pgn-replay.js';
import type { PgnBatch, PgnBatchResult } from './pgn-pool.js';

const replayer = new GameReplayer();

parentPort!.on('message', (batch: PgnBatch) => {
  const b = batch.bounds;
  const n = b.length / 4;
  const plies = new Int32Array(n);
  const results = new Array<string>(n);
  const fens: (string | null)[] | null = batch.fen ? new Array<string | null>(n) : null;
  const errors: [number, ReplayError][] = [];
  for (let i = 0; i < n; i++) {
    const slice = { buf: batch.bytes, start: b[4 * i]!, end: b[4 * i + 1]!, line: b[4 * i + 2]!, column: b[4 * i + 3]! };
    const r = replayer.replay(slice, batch.firstGame + i, { fen: batch.fen });
    plies[i] = r.plies;
    results[i] = r.result;
    if (fens !== null) fens[i] = r.fen;
    if (r.error !== null) errors.push([i, r.error]);
  }
  const result: PgnBatchResult = { id: batch.id, firstGame: batch.firstGame, plies, results, fens, errors };
  parentPort!.postMessage(result, [plies.buffer]);
});
