/**
 * The openings the reference names in a game's replay (`analysis/opening.rs`, the `opening` of its
 * replay), recognised from the standard start only. Each is a pattern of White's pieces reached
 * within a number of lifts, both players' lifts counted:
 * - "Swedish Knights": White knights on c3 and f4 at once, before the 11th lift;
 * - "Double Rai": two White rooks on the third rank, before the 13th lift;
 * - else "Rai": a White rook on h3 before the 7th lift, then, before the 5th lift after that, a
 *   White rook on e3 or f3 with no White pawn in front of it (e4, f4).
 * The names found are joined with ", " in that order; none gives ''.
 */
import { writePacoFen } from './fen.js';
import { PACO_START_FEN } from './game.js';
import { PACO_KNIGHT, PACO_PAWN, PLACE_BASE, PACO_ROOK } from './layout.js';
import { applyActionUnchecked } from './play.js';
import { pieceAt } from './state.js';

const WHITE = 0;
const C3 = 18, E3 = 20, F3 = 21, H3 = 23, E4 = 28, F4 = 29;

const isLift = (code: number): boolean => code < PLACE_BASE;
const whiteAt = (s: Int32Array, sq: number, type: number): boolean => pieceAt(s, WHITE, sq) === type;

/**
 * Plays `actions` from `start` until `found` holds after an action (true), or the lifts so far
 * exceed `maxLifts` (the lift that found it counts after the test), or the actions run out
 * (false). Returns the index after the deciding action, negated when not found.
 */
function within(s: Int32Array, actions: readonly number[], from: number, maxLifts: number, found: (s: Int32Array) => boolean): number {
  let lifts = 0;
  for (let i = from; i < actions.length; i++) {
    const code = actions[i]!;
    applyActionUnchecked(s, code);
    if (found(s)) return i + 1;
    if (isLift(code) && ++lifts > maxLifts) return -(i + 1);
  }
  return -actions.length - 1;
}

const swedishKnights = (s: Int32Array): boolean => whiteAt(s, C3, PACO_KNIGHT) && whiteAt(s, F4, PACO_KNIGHT);

function doubleRai(s: Int32Array): boolean {
  let rooks = 0;
  for (let sq = 16; sq < 24; sq++) if (whiteAt(s, sq, PACO_ROOK)) rooks++;
  return rooks === 2;
}

function rai(start: Int32Array, actions: readonly number[]): boolean {
  const s = start.slice();
  const onH3 = within(s, actions, 0, 6, (t) => whiteAt(t, H3, PACO_ROOK));
  if (onH3 < 0) return false;
  // The test stops at the first of e3 or f3 reached; a pawn in front of that rook spoils it.
  const onFile = within(s, actions, onH3, 4, (t) => whiteAt(t, E3, PACO_ROOK) || whiteAt(t, F3, PACO_ROOK));
  if (onFile < 0) return false;
  return whiteAt(s, E3, PACO_ROOK) ? !whiteAt(s, E4, PACO_PAWN) : !whiteAt(s, F4, PACO_PAWN);
}

/** The names of the openings of the game `actions` (legal, from `start`), as the reference gives them. */
export function replayOpening(start: Int32Array, actions: readonly number[]): string {
  if (writePacoFen(start) !== PACO_START_FEN) return '';
  const names: string[] = [];
  if (within(start.slice(), actions, 0, 10, swedishKnights) > 0) names.push('Swedish Knights');
  // Double Rai includes Rai: one name or the other.
  if (within(start.slice(), actions, 0, 12, doubleRai) > 0) names.push('Double Rai');
  else if (rai(start, actions)) names.push('Rai');
  return names.join(', ');
}
