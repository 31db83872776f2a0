/** Worker thread of `perft-pool.ts`: perft of one position per message, answered with the count. */
import { parentPort } from 'node:worker_threads';
import { Position } from '../chess/position.js';
import { perft } from '../tools/perft.js';

parentPort!.on('message', (msg: { words: Int32Array; chess960: boolean; depth: number; bulk: boolean }) => {
  const pos = Position.fromWordsUnchecked(msg.words, msg.chess960);
  parentPort!.postMessage(perft(pos, msg.depth, { bulk: msg.bulk }));
});
