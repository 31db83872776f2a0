/**
 * The variant position: the 23 words of the chess layout (`chess/layout.ts`), so that the chess
 * attack tables, `applyMoveKeyless` and the chess generator read it unchanged, followed by the
 * words only the variants need. Standard chess never sees these words.
 *
 * | words  | content |
 * | ------ | ------- |
 * | 0..22  | as in chess (colours, roles, turn, en passant, castling, clocks, key) |
 * | 23..32 | crazyhouse pockets: word 23 + 5 · colour + role holds how many pieces of that role (pawn … queen) the colour has in hand |
 * | 33, 34 | crazyhouse: the squares of promoted pieces (lo, hi); captured, they go to the pocket as pawns |
 * | 35, 36 | three-check: the checks white, then black, still has to give to win (3 at the start) |
 */
import { WORDS } from '../../chess/layout.js';

/** Word offset of the crazyhouse pockets (see the table above). */
export const W_POCKET = WORDS;
/** Word offset of the promoted pieces' squares (lo, hi). */
export const W_PROMOTED = WORDS + 10;
/** Word offset of the three-check counters (white, black). */
export const W_CHECKS = WORDS + 12;
/** Words of one variant position. */
export const VWORDS = WORDS + 14;

/** Copies the variant position at `w[from..]` to `w[to..]` (copy-make's copy). */
export function copyVariantPosition(w: Int32Array, from: number, to: number): void {
  w.copyWithin(to, from, from + VWORDS);
}
