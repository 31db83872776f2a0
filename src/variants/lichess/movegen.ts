/**
 * The legal moves of a variant position: the one entry the variants' perft, `Game` and position
 * class call. Each variant's rules live in its generator; a game over by the variant's own rule
 * (`end.ts`) has no moves.
 */
import { generateLegal } from '../../chess/movegen.js';
import { generateAntichess } from './antichess.js';
import { generateAtomic } from './atomic.js';
import { variantWinner } from './end.js';
import { GEN_DROPS, GEN_NO_CHECK, generateGeneral } from './movegen-general.js';
import { ANTICHESS, ATOMIC, CRAZYHOUSE, HORDE, KING_OF_THE_HILL, RACING_KINGS, THREE_CHECK } from './rules.js';

/**
 * Generates the legal moves of variant `variant` (see rules.ts) for the position at `w[p..]`
 * into `out[o..]`, or counts them with `out === null`; returns how many.
 */
export function generateVariant(variant: number, w: Int32Array, p: number, out: Uint16Array | null, o: number): number {
  switch (variant) {
    case ATOMIC:
      return generateAtomic(w, p, out, o);
    case ANTICHESS:
      return generateAntichess(w, p, out, o);
    case CRAZYHOUSE:
      return generateGeneral(w, p, out, o, GEN_DROPS);
    case HORDE:
      return variantWinner(HORDE, w, p) >= 0 ? 0 : generateGeneral(w, p, out, o, 0);
    case KING_OF_THE_HILL:
      // Kings on both sides and the moves of chess (§5).
      return variantWinner(KING_OF_THE_HILL, w, p) >= 0 ? 0 : generateLegal(w, p, out, o);
    case RACING_KINGS:
      return variantWinner(RACING_KINGS, w, p) >= 0 ? 0 : generateGeneral(w, p, out, o, GEN_NO_CHECK);
    case THREE_CHECK:
      return variantWinner(THREE_CHECK, w, p) >= 0 ? 0 : generateLegal(w, p, out, o);
    default:
      throw new RangeError(`generateVariant: no variant ${variant}`);
  }
}
