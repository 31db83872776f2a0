/** Worker thread of `perft-pool.ts`: perft of one position per message, answered with the count. */
import { parentPort } from 'node:worker_threads';
import { Position } from '../chess/position.js';
import { perft } from '../tools/perft.js';

/** One position to count. */
export interface PerftMsg {
  readonly words: Int32Array;
  readonly chess960: boolean;
  readonly depth: number;
  readonly bulk: boolean;
}

parentPort!.on('message', (msg: PerftMsg) => {
  const pos = Position.fromWordsUnchecked(msg.words, msg.chess960);
  parentPort!.postMessage(perft(pos, msg.depth, { bulk: msg.bulk }));
});
