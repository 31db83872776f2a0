/**
 * Move codes of the variants: the chess codes (`chess/move.ts`: from, to, kind in bits 12–14)
 * and two more kinds in the fourth kind bit, which standard chess never produces:
 * - kind 8, a pawn promoting to a king (antichess; `kind − 3` is KING, as for the other promotions);
 * - kinds 9..13, a drop from the pocket (crazyhouse) of the role `kind − 9` (pawn … queen) on
 *   the target square; the origin field repeats the target.
 */
export const MOVE_KING_PROMOTION = 8;
/** The move kind of a drop of a pawn; kinds 9 to 13 drop pawn … queen (`dropCode`). */
export const MOVE_DROP = 9;

/** The code of a drop of `role` (pawn 0 … queen 4) on `to`. */
export const dropCode = (role: number, to: number): number => ((MOVE_DROP + role) << 12) | (to << 6) | to;

/** Whether a code is a drop. */
export const isDrop = (code: number): boolean => code >> 12 >= MOVE_DROP;

/** The role a drop puts down (pawn 0 … queen 4); meaningless for other codes. */
export const dropRole = (code: number): number => (code >> 12) - MOVE_DROP;
