/**
 * Progressive chess behind the `Game` interface (core/game.ts): states are the words of
 * `state.ts`, actions the engine's 16-bit move codes; `currentPlayer` repeats for the length of
 * a series. `hash` mixes the Polyglot key of the board with the series fields, so states that
 * differ in moves left, en-passant targets or rule set never collide on purpose. The no-progress
 * count (`P_QUIET`) is left out, as chess leaves its clocks out of a position's identity: two
 * states with one hash have the same actions, but one may be drawn by the 10-series rule.
 */
import type { Game } from '../../core/game.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { W_KEY, W_TURN } from '../../chess/layout.js';
import { progressiveOutcome } from './position.js';
import { generateSeries, playSeriesMove } from './rules.js';
import { P_EP, P_LEFT, P_RULES, P_SERIES, P_WORDS } from './state.js';

const scratch = new Uint16Array(MAX_MOVES_ANY);

/** A 32-bit mix (Murmur3 finaliser) for the series fields. */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** The series part of a state's identity, XORed into the Polyglot key halves. */
export function seriesKeyLo(w: Int32Array, p: number): number {
  return mix((w[p + P_LEFT]! * 0x10001) ^ (w[p + P_EP]! << 7) ^ 0x2545f491);
}
export function seriesKeyHi(w: Int32Array, p: number): number {
  return mix((w[p + P_SERIES]! * 0x3f1) ^ (w[p + P_RULES]! << 29) ^ w[p + P_LEFT]! ^ (w[p + P_EP]! << 13) ^ 0x6c8e9cf5);
}

/**
 * Progressive chess as a `Game` over `P_WORDS`-word states: actions are 16-bit move codes
 * (`actionCount` 2^15), the player to act repeats for a series.
 */
export const progressiveGame: Game<Int32Array> = {
  id: 'progressive',
  // Move codes fit in 15 bits (chess/move.ts).
  actionCount: 1 << 15,
  legalActions(s, out) {
    const n = generateSeries(s, 0, scratch, 0);
    if (n > out.length) throw new RangeError(`legalActions: ${n} actions, but out holds ${out.length}`);
    for (let i = 0; i < n; i++) out[i] = scratch[i]!;
    return n;
  },
  play(s, action, into) {
    into.set(s);
    playSeriesMove(into, 0, action);
  },
  currentPlayer: (s) => s[W_TURN] as 0 | 1,
  outcome: progressiveOutcome,
  hash(s, out) {
    out[0] = s[W_KEY]! ^ seriesKeyLo(s, 0);
    out[1] = s[W_KEY + 1]! ^ seriesKeyHi(s, 0);
  },
  newState: () => new Int32Array(P_WORDS),
};
