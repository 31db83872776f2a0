/** Worker thread of `perft-pool.ts`: perft of one position per message. */
import { parentPort } from 'node:worker_threads';
import { Position } from '../chess/position.js';
import { perft } from '../tools/perft.js';

parentPort!.on('message', (msg: { uci: string; words: Int32Array; chess960: boolean; depth: number; bulk: boolean }) => {
  const pos = Position.fromWordsUnchecked(msg.words, msg.chess960);
  parentPort!.postMessage({ uci: msg.uci, nodes: perft(pos, msg.depth, { bulk: msg.bulk }) });
});
