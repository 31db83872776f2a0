/**
 * A batch of environments of one game stepped together, with the contract of pgx's
 * `api_test` and `core.Env.step`:
 * - the mask is exact (every legal action, never truncated: the list has room for the most legal
 *   actions a state can have) and non-empty while the episode runs; once it has ended (terminal,
 *   or cut by `maxSteps` without auto-reset: `legalCount` 0) it is all ones, so that normalising
 *   a policy over it never divides by zero;
 * - taking an action outside the mask (or outside 0..A−1) ends the episode: −1 for the mover,
 *   +1 for the other player;
 * - a terminal state absorbs: stepping it changes nothing and gives zero rewards (with
 *   auto-reset, a state that is over when set, e.g. by `setPosition` and `refresh`, absorbs one
 *   step and the next episode starts);
 * - `rewards` are the last step's rewards per player (0 White, 1 Black), zero-sum at the end
 *   (unlike pgx, whose `init` draws which player id plays White, a player here is a colour);
 * - `terminated` is set when the rules (or an illegal action) end the episode, `truncated` when
 *   the step cap `maxSteps` cuts it (a cut episode is not a draw: bootstrap from its value;
 *   pgx's chess instead *terminates* at its 512-step cap, with zero rewards);
 * - with `autoReset` (pgx's `experimental.auto_reset`), a finished environment starts its next
 *   episode inside the same step: observation, mask and current player are the new episode's,
 *   while `rewards`, `terminated` and `truncated` report the finished one until the next step
 *   (so a cut episode's last state is not observed: to bootstrap from it, step with auto-reset
 *   off and reset finished environments with `resetEnv`);
 * - stepping an environment before its first episode (reset, resetEnv, or setPosition and
 *   refresh) is an Error, and `step` and `stepRandom` then step none of the batch;
 * - every environment draws its random choices (Chess960 start, opening) from its own `Rng`,
 *   seeded from the batch seed and its global index, so results do not depend on how a batch
 *   is split over threads.
 */
import { Rng } from '../core/rng.js';
import { createBuffers, type EnvBuffers } from './buffers.js';
import { BLACK_WINS, ONGOING, WHITE_WINS, type GameKernel } from './kernel.js';

/** How a `BatchEnv` runs its episodes. */
export interface BatchOptions {
  /** Step cap per episode: reaching it truncates (0: none). Default 512, AlphaZero's cap. */
  readonly maxSteps?: number;
  /** Start the next episode when one ends (default true). */
  readonly autoReset?: boolean;
  /** Seed of the environments' random generators: a 32-bit integer, signed or not (default 0). */
  readonly seed?: number;
  /** Global index of environment 0 of this batch (when it is a slice of a larger one). */
  readonly firstIndex?: number;
}

/**
 * The checks of an `observeAs` call (`where` names it), but for the environment's index: a
 * RangeError for a player or a buffer that is none, an Error when observations are off (`size`
 * 0) or `kernel` has no viewer.
 */
export function checkObserveAs(where: string, kernel: GameKernel, size: number, player: number, out: Float32Array, o: number): void {
  if (player !== 0 && player !== 1) throw new RangeError(`${where}: player must be 0 (White) or 1 (Black), got ${player}`);
  if (size === 0) throw new Error(`${where}: this batch has no observations (observation kind none)`);
  if (!(Number.isInteger(o) && o >= 0 && o + size <= out.length)) {
    throw new RangeError(`${where}: out[${o}..${o + size}) does not fit a buffer of ${out.length} values`);
  }
  if (kernel.observeAs === undefined) throw new Error(`${where}: this game's observation is the player to act's only`);
}

/** A RangeError unless `seed` is a 32-bit integer: envSeed keeps 32 bits, so another, or a fraction, would alias one. */
function checkSeed(seed: number, where: string): void {
  if (!(Number.isInteger(seed) && seed >= -(2 ** 31) && seed < 2 ** 32)) throw new RangeError(`${where}: seed must be a 32-bit integer (−2^31 to 2^32 − 1), got ${seed}`);
}

/** The seed of environment `index` of a batch seeded `seed` (a 32-bit mix of both). */
export function envSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(index + 1, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}

/**
 * A batch of environments of one game stepped together, pgx's `api_test` contract: exact masks
 * (all ones once an episode is over), an illegal action ends the episode (−1 for the mover, +1
 * for the other), terminal states absorb, rewards per player, truncation at `maxSteps`,
 * auto-reset, and one seeded random generator per environment. Inputs and outputs are the
 * typed arrays of `buffers`.
 */
export class BatchEnv {
  /** The game's states. */
  readonly kernel: GameKernel;
  /** The inputs (`actions`) and outputs of every step. */
  readonly buffers: EnvBuffers;
  /** The number of environments. */
  readonly size: number;
  /** Steps after which an episode is truncated (0: no cap). */
  readonly maxSteps: number;
  /** Whether a finished environment starts its next episode within the same step. */
  readonly autoReset: boolean;
  private readonly rngs: Rng[];

  constructor(kernel: GameKernel, options: BatchOptions = {}, buffers?: EnvBuffers) {
    this.kernel = kernel;
    this.size = kernel.n;
    const obsSize = kernel.observationShape.reduce((a, b) => a * b, kernel.observationShape.length > 0 ? 1 : 0);
    this.buffers = buffers ?? createBuffers(kernel.n, kernel.actionCount, kernel.maxLegal, obsSize);
    const b = this.buffers;
    if (b.size !== kernel.n || b.actionCount !== kernel.actionCount || b.maxLegal < kernel.maxLegal || b.observationSize !== obsSize) {
      throw new RangeError('buffers do not fit the kernel');
    }
    this.maxSteps = options.maxSteps ?? 512;
    this.autoReset = options.autoReset ?? true;
    const seed = options.seed ?? 0;
    const first = options.firstIndex ?? 0;
    if (!(Number.isInteger(this.maxSteps) && this.maxSteps >= 0)) throw new RangeError(`BatchEnv: maxSteps must be an integer ≥ 0 (0: no cap), got ${this.maxSteps}`);
    checkSeed(seed, 'BatchEnv');
    if (!(Number.isInteger(first) && first >= 0)) throw new RangeError(`BatchEnv: firstIndex must be an integer ≥ 0, got ${first}`);
    this.rngs = [];
    for (let i = 0; i < this.size; i++) this.rngs.push(new Rng(envSeed(seed, first + i)));
  }

  /** Starts a new episode in every environment. */
  reset(): void {
    for (let i = 0; i < this.size; i++) {
      this.startEpisode(i);
      this.buffers.rewards[2 * i] = 0;
      this.buffers.rewards[2 * i + 1] = 0;
      this.observe(i);
    }
  }

  /**
   * Starts a new episode in environment `i` (flags cleared, rewards zero). With `seed`, the
   * environment's generator is first seeded with it: the episode's random start (and what that
   * generator draws after it) then depends on `seed` alone, not on the episodes before.
   */
  resetEnv(i: number, seed?: number): void {
    this.checkIndex(i, 'resetEnv');
    if (seed !== undefined) {
      checkSeed(seed, 'BatchEnv.resetEnv');
      this.rngs[i] = new Rng(seed);
    }
    this.startEpisode(i);
    this.buffers.rewards[2 * i] = 0;
    this.buffers.rewards[2 * i + 1] = 0;
    this.observe(i);
  }

  /** Re-reads the state of `i` after its kernel state was set directly (e.g. `setPosition`). */
  refresh(i: number): void {
    this.checkIndex(i, 'refresh');
    this.buildMask(i, 0);
    this.observe(i);
  }

  /** A RangeError unless `i` names one of the environments. */
  private checkIndex(i: number, fn: string): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.size)) throw new RangeError(`BatchEnv.${fn}: environment ${i} is not in 0..${this.size - 1}`);
  }

  private startEpisode(i: number): void {
    this.kernel.reset(i, this.rngs[i]!);
    this.buildMask(i, 0);
  }

  /** Generates the legal labels of `i` and rebuilds its whole mask row; sets flags from the status. */
  private buildMask(i: number, steps: number): void {
    const b = this.buffers;
    const k = this.kernel;
    const a = b.actionCount;
    const l = b.maxLegal;
    b.masks.fill(0, i * a, (i + 1) * a);
    const n = k.generate(i, b.legalLabels, i * l);
    b.stepCount[i] = steps;
    b.currentPlayer[i] = k.currentPlayer(i);
    b.truncated[i] = 0;
    if (k.status(i, n) !== ONGOING) {
      // A start position that is already over: terminal from the outset, with no rewards, as
      // rewards belong to the step that ends a game (pgx's `from_fen` puts a mate's in `rewards`).
      b.terminated[i] = 1;
      b.legalCount[i] = 0;
      b.masks.fill(1, i * a, (i + 1) * a);
      return;
    }
    b.terminated[i] = 0;
    b.legalCount[i] = n;
    for (let j = 0; j < n; j++) b.masks[i * a + b.legalLabels[i * l + j]!] = 1;
  }

  private observe(i: number): void {
    const b = this.buffers;
    if (b.observationSize > 0) this.kernel.observe(i, b.observations, i * b.observationSize);
  }

  /**
   * Writes the observation of environment `i` as `player` (0 White, 1 Black) sees it into
   * `out[o..o + observationSize)`, whether or not that player is to act: pgx's
   * `observe(state, player_id)`, for training from both sides or for an opponent model. The
   * observation of `buffers.observations` is the one of the player to act; this one is written
   * on demand and changes no state. A RangeError for an environment, a player or a buffer that
   * is none, an Error when observations are off or the game's observation has no viewer (Paco
   * Ŝako's).
   */
  observeAs(i: number, player: number, out: Float32Array, o = 0): void {
    this.checkIndex(i, 'observeAs');
    checkObserveAs('BatchEnv.observeAs', this.kernel, this.buffers.observationSize, player, out, o);
    this.kernel.observeAs!(i, player, out, o);
  }

  /** Steps every environment with `actions` (default: `buffers.actions`). */
  step(actions: Int32Array = this.buffers.actions): void {
    if (actions.length < this.size) throw new RangeError(`expected ${this.size} actions, got ${actions.length}`);
    this.checkEpisodes('step');
    for (let i = 0; i < this.size; i++) this.stepOne(i, actions[i]!);
  }

  /** An Error, before anything is stepped, if an environment has no episode yet (see `stepOne`). */
  private checkEpisodes(fn: string): void {
    const b = this.buffers;
    for (let i = 0; i < this.size; i++) {
      if (b.legalCount[i] === 0 && b.terminated[i] === 0 && b.truncated[i] === 0) {
        throw new Error(`BatchEnv.${fn}: environment ${i} has no episode: call reset() first (or resetEnv, or refresh after setPosition)`);
      }
    }
  }

  /**
   * `steps` steps in which every environment plays a uniformly random legal action drawn from
   * its own generator (a random policy without a round trip per step: for random self-play and
   * for measuring the environment itself). Terminal environments without auto-reset absorb.
   */
  stepRandom(steps: number): void {
    if (!(Number.isInteger(steps) && steps >= 0)) throw new RangeError(`BatchEnv.stepRandom: steps must be an integer ≥ 0, got ${steps}`);
    if (steps > 0) this.checkEpisodes('stepRandom');
    const b = this.buffers;
    const l = b.maxLegal;
    for (let s = 0; s < steps; s++) {
      for (let i = 0; i < this.size; i++) {
        const n = b.legalCount[i]!;
        this.stepOne(i, n > 0 ? b.legalLabels[i * l + this.rngs[i]!.below(n)]! : 0);
      }
    }
  }

  /** Steps environment `i` with action label `action`. */
  stepOne(i: number, action: number): void {
    this.checkIndex(i, 'stepOne');
    const b = this.buffers;
    const k = this.kernel;
    const a = b.actionCount;
    const l = b.maxLegal;
    const masks = b.masks;
    const rewards = b.rewards;
    if (b.terminated[i]! !== 0 || b.truncated[i]! !== 0) {
      // With auto-reset the finished episode's state was already replaced, unless it is still
      // the state itself (legalCount 0: one set when already over, e.g. setPosition + refresh).
      if (!this.autoReset || b.legalCount[i] === 0) {
        rewards[2 * i] = 0;
        rewards[2 * i + 1] = 0;
        if (this.autoReset) {
          // Absorbed, as without auto-reset, and the next episode starts.
          this.startEpisode(i);
          if (b.observationSize > 0) k.observe(i, b.observations, i * b.observationSize);
        }
        return;
      }
      b.terminated[i] = 0;
      b.truncated[i] = 0;
    } else if (b.legalCount[i] === 0) {
      // No legal action and not terminal: no episode was started (reset, resetEnv or refresh).
      throw new Error(`BatchEnv.stepOne: environment ${i} has no episode: call reset() first (or resetEnv, or refresh after setPosition)`);
    }
    rewards[2 * i] = 0;
    rewards[2 * i + 1] = 0;
    const mover = b.currentPlayer[i]!;
    const count = b.legalCount[i]!;
    const lo = i * l;
    let index = -1;
    if (action >= 0 && action < a && masks[i * a + action] === 1) {
      for (let j = 0; j < count; j++) {
        if (b.legalLabels[lo + j] === action) {
          index = j;
          break;
        }
      }
    }
    let ended = false;
    if (index < 0) {
      // Illegal action (pgx `_step_with_illegal_action`): the mover loses.
      b.terminated[i] = 1;
      rewards[2 * i + mover] = -1;
      rewards[2 * i + (mover ^ 1)] = 1;
      ended = true;
    } else {
      for (let j = 0; j < count; j++) masks[i * a + b.legalLabels[lo + j]!] = 0;
      k.play(i, index);
      const steps = b.stepCount[i]! + 1;
      b.stepCount[i] = steps;
      const n = k.generate(i, b.legalLabels, lo);
      b.currentPlayer[i] = k.currentPlayer(i);
      const status = k.status(i, n);
      if (status !== ONGOING) {
        b.terminated[i] = 1;
        if (status === WHITE_WINS) {
          rewards[2 * i] = 1;
          rewards[2 * i + 1] = -1;
        } else if (status === BLACK_WINS) {
          rewards[2 * i] = -1;
          rewards[2 * i + 1] = 1;
        }
        ended = true;
      } else if (this.maxSteps > 0 && steps >= this.maxSteps) {
        b.truncated[i] = 1;
        ended = true;
      } else {
        b.legalCount[i] = n;
        for (let j = 0; j < n; j++) masks[i * a + b.legalLabels[lo + j]!] = 1;
      }
    }
    if (ended) {
      if (this.autoReset) {
        const term = b.terminated[i]!;
        const trunc = b.truncated[i]!;
        this.startEpisode(i);
        // Report the finished episode until the next step (pgx auto_reset).
        b.terminated[i] = term;
        b.truncated[i] = trunc;
      } else {
        b.legalCount[i] = 0;
        masks.fill(1, i * a, (i + 1) * a);
      }
    }
    if (b.observationSize > 0) k.observe(i, b.observations, i * b.observationSize);
  }
}
