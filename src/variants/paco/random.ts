/**
 * Random playouts at the action level: a uniformly random legal action at every decision point,
 * a turn that runs into a dead-end chain is restarted from its first action (as the reference's
 * data generators do). Allocation-free after construction.
 */
import type { Rng } from '../../core/rng.js';
import { legalActions } from './actions.js';
import { HAND_EMPTY, HAND_KIND, PLAYER, REQUIRED, REQ_LIFT, RUNNING, VICTORY, WORDS } from './layout.js';
import { applyActionUnchecked } from './play.js';
import { copyState } from './state.js';

/** Plays random games: a uniformly random legal action at each step, dead-end turns restarted. */
export class RandomPlayer {
  private readonly turnStart = new Int32Array(WORDS);
  private readonly acts = new Int32Array(64);
  /** Actions played by the last playout (restarted turns included). */
  actions = 0;

  /**
   * Plays `s` (in place) to the end or until `maxTurns` completed turns; returns the victory code
   * (layout.ts), or -1 when the player to start a turn has no legal action, or -2 at the limit.
   * `visit`, if given, sees every state before each action.
   */
  playout(s: Int32Array, rng: Rng, maxTurns = 100000, visit?: (s: Int32Array) => void): number {
    const acts = this.acts;
    this.actions = 0;
    let turns = 0;
    copyState(s, this.turnStart);
    let player = s[PLAYER]!;
    let restarts = 0;
    for (;;) {
      if (s[VICTORY] !== RUNNING) return s[VICTORY]!;
      if (visit !== undefined) visit(s);
      const n = legalActions(s, acts);
      if (n === 0) {
        if (s[HAND_KIND] === HAND_EMPTY && s[REQUIRED] === REQ_LIFT) return -1;
        // Dead-end chain: restart the turn (give up after many tries: the turn is all dead ends).
        if (++restarts > 1000) return -1;
        copyState(this.turnStart, s);
        continue;
      }
      applyActionUnchecked(s, acts[rng.below(n)]!);
      this.actions++;
      if (s[PLAYER] !== player) {
        player = s[PLAYER]!;
        restarts = 0;
        if (++turns >= maxTurns) return -2;
        copyState(s, this.turnStart);
      }
    }
  }
}
