/**
 * Perft in a Web Worker, so that the page stays responsive: the page posts `{ variant, fen,
 * depth }`; the worker answers with one `move` message per root move (the divide list, in the
 * order counted) and a final `done` with the total, or an `error`. The page cancels by ending the
 * worker.
 */
import { perftCount } from './perft-count.js';
import { positionFromFen, isBoardVariant } from './rules.js';

export interface PerftRequest {
  readonly variant: string;
  readonly fen: string;
  readonly depth: number;
}

export type PerftReply =
  | { readonly type: 'move'; readonly uci: string; readonly san: string; readonly nodes: number; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly nodes: number; readonly ms: number }
  | { readonly type: 'error'; readonly message: string };

const post = (reply: PerftReply): void => (self as unknown as { postMessage(m: PerftReply): void }).postMessage(reply);

self.onmessage = (e: MessageEvent<PerftRequest>): void => {
  const { variant, fen, depth } = e.data;
  try {
    if (!isBoardVariant(variant)) throw new RangeError(`unknown variant '${variant}'`);
    if (!Number.isInteger(depth) || depth < 1 || depth > 12) throw new RangeError(`perft depth: expected 1 to 12, got ${depth}`);
    const pos = positionFromFen(variant, fen);
    const started = performance.now();
    const moves = pos.moves();
    let nodes = 0;
    moves.forEach((move, i) => {
      const n = perftCount(pos.play(move), depth - 1);
      nodes += n;
      post({ type: 'move', uci: move.uci, san: pos.san(move), nodes: n, done: i + 1, total: moves.length });
    });
    post({ type: 'done', nodes, ms: performance.now() - started });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
