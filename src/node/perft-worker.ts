/** Worker thread of `perft-pool.ts`: perft of one position per message (chess, or a lichess variant), answered with the count. */
import { parentPort } from 'node:worker_threads';
import { Position } from '../chess/position.js';
import { perft } from '../tools/perft.js';
import { variantPerft } from '../variants/lichess/perft.js';
import { VariantPosition } from '../variants/lichess/position.js';
import type { VariantRules } from '../variants/lichess/rules.js';

/** One position to count. */
export interface PerftMsg {
  readonly words: Int32Array;
  readonly chess960: boolean;
  readonly depth: number;
  readonly bulk: boolean;
  /** The lichess variant of the position's words, else chess. */
  readonly variant?: VariantRules | undefined;
}

parentPort!.on('message', (msg: PerftMsg) => {
  if (msg.variant !== undefined) {
    const pos = VariantPosition.fromWordsUnchecked(msg.variant, msg.words, msg.chess960);
    parentPort!.postMessage(variantPerft(pos, msg.depth, { bulk: msg.bulk }));
    return;
  }
  const pos = Position.fromWordsUnchecked(msg.words, msg.chess960);
  parentPort!.postMessage(perft(pos, msg.depth, { bulk: msg.bulk }));
});
