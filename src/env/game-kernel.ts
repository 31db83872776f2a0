/**
 * Any `Game<S>` as a kernel of the batched environment, given an `ActionEncoder<S>` that maps
 * the game's actions to the labels of a fixed action space and draws observations. This is the
 * seam for Paco Ŝako (132 labels: lift 1–64, place 65–128, promote 129–132 as the reference's
 * networks number them, mirrored for Black; a 30-layer observation; the current player repeats
 * through a chain): its `Game` and an encoder are all it needs.
 *
 * States are kept two per environment and played into each other (copy-make without copies).
 * Game end comes from `game.outcome`; history rules (repetition) are the game's own business.
 */
import type { Game } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import { BLACK_WINS, DRAW, ONGOING, WHITE_WINS, type GameKernel } from './kernel.js';

/** What turns a `Game<S>` into a kernel: its action labels, observation and start states. */
export interface ActionEncoder<S> {
  /** Size of the label space. */
  readonly actionCount: number;
  /** Most legal actions of any state. */
  readonly maxLegal: number;
  /** Observation shape (empty for none). */
  readonly observationShape: readonly number[];
  /** The label (0 ≤ label < actionCount) of a legal action of `s`. */
  label(s: S, action: number): number;
  /** Writes the observation of `s` into `out[o..]` (from the player to act). */
  observe(s: S, out: Float32Array, o: number): void;
  /** Writes a start state into `s`. */
  start(s: S, rng: Rng): void;
  /** A text form of `s`. */
  describe(s: S): string;
}

/** A kernel of `n` environments of `game`, labelled and observed by `encoder`; a RangeError if `n` is not an integer ≥ 0. */
export function gameKernel<S>(game: Game<S>, encoder: ActionEncoder<S>, n: number): GameKernel {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`gameKernel: n must be an integer ≥ 0 (the number of environments), got ${n}`);
  const states: S[] = [];
  for (let i = 0; i < 2 * n; i++) states.push(game.newState());
  const current = new Uint8Array(n);
  const maxLegal = encoder.maxLegal;
  const actions = new Int32Array(n * maxLegal);
  const lists: Int32Array[] = [];
  for (let i = 0; i < n; i++) lists.push(actions.subarray(i * maxLegal, (i + 1) * maxLegal));
  const at = (i: number): S => states[2 * i + current[i]!]!;
  return {
    n,
    actionCount: encoder.actionCount,
    maxLegal,
    observationShape: encoder.observationShape,
    game: game as Game<unknown>,
    reset(i, rng) {
      current[i] = 0;
      encoder.start(states[2 * i]!, rng);
    },
    generate(i, labels, o) {
      const s = at(i);
      const list = lists[i]!;
      const count = game.legalActions(s, list);
      for (let k = 0; k < count; k++) labels[o + k] = encoder.label(s, list[k]!);
      return count;
    },
    play(i, k) {
      const from = current[i]!;
      game.play(states[2 * i + from]!, actions[i * maxLegal + k]!, states[2 * i + (from ^ 1)]!);
      current[i] = from ^ 1;
    },
    currentPlayer: (i) => game.currentPlayer(at(i)),
    status(i) {
      const outcome = game.outcome(at(i));
      if (outcome === undefined) return ONGOING;
      return outcome.winner === 'white' ? WHITE_WINS : outcome.winner === 'black' ? BLACK_WINS : DRAW;
    },
    observe: (i, out, o) => encoder.observe(at(i), out, o),
    describe: (i) => encoder.describe(at(i)),
    state: at,
    label: (s, action) => encoder.label(s as S, action),
  };
}
