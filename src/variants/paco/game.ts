/**
 * Paco Ŝako as a `Game<Int32Array>` (src/core/game.ts) for tools and the self-play environment.
 * Actions are the reference's network codes 1..132 (absolute tiles, no viewpoint mirror; a mask
 * index is `code - 1`, `actionCount` 132).
 *
 * Outcome: a Paco wins; the no-progress and repetition draws are part of the state (§1.10). Our
 * decision where the reference is silent: a player in control with no legal action loses (at the
 * start of a turn, as the reference's training code scores it, and also on a dead-end chain in
 * the middle of a turn, which the reference leaves to the UI's rollback).
 */
import type { Game, Outcome } from '../../core/game.js';
import { legalActions } from './actions.js';
import {
  NO_PROGRESS_DRAW, PACO_BLACK, PACO_WHITE, PLAYER, REPETITION_DRAW, REPS, RUNNING, TIMEOUT_BLACK, TIMEOUT_WHITE,
  VICTORY,
} from './layout.js';
import { applyActionUnchecked } from './play.js';
import { copyState, emptyState, hashHi, hashLo, internHash } from './state.js';
import { parsePacoFen } from './fen.js';

/** The start position in the reference's FEN dialect (§1.12). */
export const PACO_START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -';

/** The standard start position with the server's setting (repetition draw after 3). */
export function pacoStart(drawAfterRepetitions = 3): Int32Array {
  const r = parsePacoFen(PACO_START_FEN, { drawAfterRepetitions });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const scratch = new Int32Array(64);

const OUTCOMES: (Outcome | undefined)[] = [];
OUTCOMES[PACO_WHITE] = { winner: 'white', reason: 'paco' };
OUTCOMES[PACO_BLACK] = { winner: 'black', reason: 'paco' };
OUTCOMES[TIMEOUT_WHITE] = { winner: 'white', reason: 'timeout' };
OUTCOMES[TIMEOUT_BLACK] = { winner: 'black', reason: 'timeout' };
OUTCOMES[NO_PROGRESS_DRAW] = { winner: undefined, reason: 'noProgress' };
OUTCOMES[REPETITION_DRAW] = { winner: undefined, reason: 'repetition' };
const NO_ACTION: Outcome[] = [{ winner: 'black', reason: 'noLegalAction' }, { winner: 'white', reason: 'noLegalAction' }];

/** The outcome of `s`, or undefined while the game runs. */
export function pacoOutcome(s: Int32Array): Outcome | undefined {
  const v = s[VICTORY]!;
  if (v !== RUNNING) return OUTCOMES[v];
  if (legalActions(s, scratch) === 0) return NO_ACTION[s[PLAYER]!];
  return undefined;
}

/**
 * Paco Ŝako as a `Game`: actions are codes 1..132 (`actionCount` 132, a mask index is
 * `code - 1`), the player to act repeats through a chain, `newState` draws on the third repetition.
 */
export const pacoGame: Game<Int32Array> = {
  id: 'paco',
  actionCount: 132,
  legalActions: (s, out) => legalActions(s, out),
  play(s, action, into) {
    if (s !== into) copyState(s, into);
    applyActionUnchecked(into, action);
  },
  currentPlayer: (s) => (s[PLAYER] === 0 ? 0 : 1),
  outcome: pacoOutcome,
  // The reference's position identity (`internHash`): board, hand, player, en passant and
  // castling. A state's pending promotion, its counters and a decided result are left out, so
  // two states with one hash may differ in their legal actions: key a transposition table on
  // the hash together with those words if it needs them.
  hash(s, out) {
    internHash(s);
    out[0] = hashLo;
    out[1] = hashHi;
  },
  newState: () => {
    const s = emptyState();
    s[REPS] = 3;
    return s;
  },
};
