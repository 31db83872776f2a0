/**
 * What the batched environment needs from a game: a *kernel* holds the states of `n`
 * environments of one game and knows its action labels and observations. The batch (batch.ts)
 * adds everything the contract of pgx's `api_test` asks for and that is the same for every
 * game: exact masks, illegal actions, absorbing terminals, rewards per player, the step cap,
 * auto-reset. Chess has a hand-tuned kernel (chess-kernel.ts); any `Game<S>` with an
 * `ActionEncoder<S>` becomes a kernel through `gameKernel` (game-kernel.ts), which is how Paco
 * Ŝako (132 actions, current player repeating through a chain) plugs in.
 */
import type { Game } from '../core/game.js';
import type { Rng } from '../core/rng.js';

/** Terminal status codes returned by `GameKernel.status`: the game goes on. */
export const ONGOING = -1;
/** `GameKernel.status`: White (player 0) has won. */
export const WHITE_WINS = 0;
/** `GameKernel.status`: Black (player 1) has won. */
export const BLACK_WINS = 1;
/** `GameKernel.status`: a draw. */
export const DRAW = 2;

/**
 * The states of `n` environments of one game, which a `BatchEnv` steps: labels of the legal
 * actions, play, status and observations. Made by a `KernelFactory`, or from any `Game` by
 * `gameKernel`.
 */
export interface GameKernel {
  /** Number of environments. */
  readonly n: number;
  /** Size of the action space (the mask's width). */
  readonly actionCount: number;
  /** Most legal actions any state can have (a list's capacity). */
  readonly maxLegal: number;
  /** Observation tensor shape per environment (empty when observations are off). */
  readonly observationShape: readonly number[];
  /** Puts environment `i` in a start state (drawing with its own seeded `rng`). */
  reset(i: number, rng: Rng): void;
  /** Writes the labels of the legal actions of `i` into `labels[o..]`, returns how many. */
  generate(i: number, labels: Int32Array, o: number): number;
  /** Plays the `k`-th action of the list last generated for `i`. */
  play(i: number, k: number): void;
  /** The player to act in `i` (0 or 1; may repeat). */
  currentPlayer(i: number): number;
  /** After `generate`: ONGOING, WHITE_WINS, BLACK_WINS or DRAW (history rules included). */
  status(i: number, legalCount: number): number;
  /** Writes the observation of `i` (from the player to act) into `out[o..]`. */
  observe(i: number, out: Float32Array, o: number): void;
  /**
   * Writes the observation of `i` as `player` (0 White, 1 Black) sees it, whether or not it is
   * to act (pgx's `observe(state, player_id)`). Only for games whose observation has a viewer:
   * chess's; Paco Ŝako's is the reference's, which has the player to act's view only.
   */
  observeAs?(i: number, player: number, out: Float32Array, o: number): void;
  /** A text form of the state (FEN for chess). */
  describe(i: number): string;
  /** The state of `i` as its `Game` sees it (for searches); valid until `i` is played. */
  state(i: number): unknown;
  /** The game behind the kernel, with `label` mapping its actions to labels. */
  readonly game: Game<unknown>;
  /** The label (0 ≤ label < actionCount) of `action`, a legal action of the game's state `s`. */
  label(s: unknown, action: number): number;
}

/** Builds kernels by game id; registered in registry.ts. */
export interface KernelFactory {
  /** The game's id: `chess`, `chess960`, `paco`. */
  readonly id: string;
  /** Size of the game's action space. */
  readonly actionCount: number;
  /** The observation shape per environment for a kind (empty for `none`). */
  observationShape(observation: ObservationKind): readonly number[];
  /** A kernel of `n` environments. */
  create(n: number, options: KernelOptions): GameKernel;
}

/**
 * Which observation a kernel writes: `alphazero` (chess: 119 planes with 8 positions of
 * history; Paco Ŝako: its 30 layers), `compact` (chess: 20 planes; Paco Ŝako: its 30 layers), or
 * `none` (no observation, for play without a network).
 */
export type ObservationKind = 'alphazero' | 'compact' | 'none';

/** Options every kernel takes. */
export interface KernelOptions {
  /** The observation written (see ObservationKind). */
  readonly observation: ObservationKind;
  /** Draw by repetition when a position occurs this often, 2 to 255 (pgx/AlphaZero: 3; FIDE automatic: 5; 0 off). */
  readonly repetitions: number;
  /**
   * Draw when the no-progress clock reaches this many plies (pgx: 100; FIDE automatic: 150; 0
   * off). Repetitions are looked for within this window, so the chess kernel takes 1..4094 while
   * it counts them (`repetitions` on, or an observation with repetition planes).
   */
  readonly halfmoveLimit: number;
  /** Plies after which the observation's move-count plane reaches 1 (pgx: 512). */
  readonly moveCountScale: number;
}

/** The defaults, pgx's: AlphaZero observations, draw on the third repetition, at 100 plies without progress, move-count scale 512. */
export const DEFAULT_KERNEL_OPTIONS: KernelOptions = {
  observation: 'alphazero',
  repetitions: 3,
  halfmoveLimit: 100,
  moveCountScale: 512,
};
