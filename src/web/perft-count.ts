/** Perft of any of the board's positions, by the engine's own counters (`tools/perft`, `variants/lichess/perft`). */
import { perft } from '../tools/perft.js';
import { variantPerft } from '../variants/lichess/perft.js';
import { ChessPlay, VariantPlay, type PlayPosition } from './rules.js';

export function perftCount(pos: PlayPosition, depth: number): number {
  if (pos instanceof ChessPlay) return perft(pos.pos, depth);
  if (pos instanceof VariantPlay) return variantPerft(pos.pos, depth);
  throw new TypeError('perft: not a position of the board');
}
