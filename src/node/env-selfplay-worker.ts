/**
 * A self-play worker: plays environments [start, end) until the shared game quota is used up (an
 * environment that finishes early claims the next game). Game k of the quota is played from
 * seeds of its own, its start from `envSeed(options.seed, first + k)` and its moves from another,
 * so it is the same game whichever environment and thread play it; it goes to the main thread
 * with k.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Rng } from '../core/rng.js';
import { BatchEnv, envSeed } from '../env/batch.js';
import { chessSearchGame, materialEvaluator } from '../env/chess-search.js';
import { DEFAULT_KERNEL_OPTIONS } from '../env/kernel.js';
import { Mcts, rolloutEvaluator } from '../env/mcts.js';
import { kernelFactory } from '../env/registry.js';
import { pacoSearchGame } from '../env/paco-encoder.js';
import { canPacoNowAmazon, checkSako } from '../variants/paco/sako.js';
import type { SearchGame } from '../env/mcts.js';
import type { GameRecord, SelfplayWorkerInit } from './env-selfplay.js';

const { options, start, end, claimed, first } = workerData as SelfplayWorkerInit;
const quota = new Int32Array(claimed);
const n = end - start;
const kernelOptions = { ...DEFAULT_KERNEL_OPTIONS, observation: options.observation };
const kernel = kernelFactory(options.game)!.create(n, kernelOptions);
const env = new BatchEnv(kernel, { seed: options.seed, firstIndex: start, maxSteps: options.maxSteps, autoReset: true });
env.reset(); // an episode in every environment, so that one without a game can idle

const b = env.buffers;
const l = b.maxLegal;
const o = b.observationSize;
/** Each environment's move generator, seeded anew for each of its games. */
const rngs: Rng[] = [];

// Moves sampled in proportion to visits for the first plies, the most visited after (AlphaZero).
const SAMPLING_PLIES = 30;
const paco = options.game === 'paco';
// The tree ends chess games where the kernel does (its no-progress limit).
const searchGame: SearchGame<Int32Array> = paco ? pacoSearchGame : chessSearchGame(options.game === 'chess960', kernelOptions.halfmoveLimit);
// Paco playouts count actions (several per turn), so they get more room.
const evaluator = options.value === 'rollout' ? rolloutEvaluator(searchGame, paco ? 200 : 60, l) : materialEvaluator;
const mcts = options.policy === 'mcts' ? new Mcts(searchGame, evaluator, { simulations: options.simulations }, l) : undefined;

interface Trajectory {
  /** The game's index in the quota. */
  game: number;
  observations: Float32Array[];
  labels: Int32Array[];
  probs: Float32Array[];
  players: number[];
  fens: string[];
  flags: number[];
  actions: number[];
}
/** Claims the next game for environment i and starts it there, or returns undefined when none is left. */
function begin(i: number): Trajectory | undefined {
  const game = Atomics.add(quota, 0, 1);
  if (game >= options.games) return undefined;
  env.resetEnv(i, envSeed(options.seed, first + game));
  rngs[i] = new Rng(envSeed(options.seed ^ 0x5e1f, first + game));
  return { game, observations: [], labels: [], probs: [], players: [], fens: [], flags: [], actions: [] };
}
const trajectories: (Trajectory | undefined)[] = [];
for (let i = 0; i < n; i++) trajectories.push(begin(i));

const labels = new Int32Array(l);
const probs = new Float32Array(l);
while (trajectories.some((t) => t !== undefined)) {
  for (let i = 0; i < n; i++) {
    const t = trajectories[i];
    const count = b.legalCount[i]!;
    if (t === undefined) {
      b.actions[i] = b.legalLabels[i * l]!; // idle: any legal action
      continue;
    }
    let chosen: number;
    if (mcts !== undefined) {
      const r = mcts.search(kernel.state(i) as Int32Array, rngs[i]!, labels, probs, t.players.length < SAMPLING_PLIES);
      chosen = labels[r.chosen]!;
      t.labels.push(labels.slice(0, r.count));
      t.probs.push(probs.slice(0, r.count));
    } else {
      const list = b.legalLabels.slice(i * l, i * l + count);
      chosen = list[rngs[i]!.below(count)]!;
      t.labels.push(list);
      t.probs.push(new Float32Array(count).fill(1 / count));
    }
    t.observations.push(b.observations.slice(i * o, (i + 1) * o));
    t.players.push(b.currentPlayer[i]!);
    t.fens.push(kernel.describe(i));
    if (paco) {
      // The Paco Ŝako reference's training labels (docs/rules/paco-sako.md §1.13): is the mover in Ŝako (−1 mid-turn, where it is
      // undefined), and can the mover Paco within this turn.
      const s = kernel.state(i) as Int32Array;
      const sako = checkSako(s, b.currentPlayer[i]!);
      t.flags.push(sako.ok ? (sako.value ? 1 : 0) : -1, canPacoNowAmazon(s) ? 1 : 0);
    }
    b.actions[i] = chosen;
    t.actions.push(chosen);
  }
  env.step();
  for (let i = 0; i < n; i++) {
    const t = trajectories[i];
    if (b.terminated[i] === 0 && b.truncated[i] === 0) continue;
    if (t === undefined) continue;
    send(t, b.rewards[2 * i]!, b.rewards[2 * i + 1]!, b.truncated[i] === 1);
    trajectories[i] = begin(i);
  }
}
parentPort!.postMessage({ type: 'done' });

function send(t: Trajectory, white: number, black: number, truncated: boolean): void {
  const samples = t.players.length;
  const observations = new Float32Array(samples * o);
  const offsets = new Int32Array(samples + 1);
  let total = 0;
  for (let s = 0; s < samples; s++) {
    observations.set(t.observations[s]!, s * o);
    offsets[s] = total;
    total += t.labels[s]!.length;
  }
  offsets[samples] = total;
  const flatLabels = new Int32Array(total);
  const flatProbs = new Float32Array(total);
  for (let s = 0; s < samples; s++) {
    flatLabels.set(t.labels[s]!, offsets[s]!);
    flatProbs.set(t.probs[s]!, offsets[s]!);
  }
  const players = Int8Array.from(t.players);
  const values = Float32Array.from(t.players, (p) => (p === 0 ? white : black));
  const result = truncated ? 3 : white > 0 ? 0 : black > 0 ? 1 : 2;
  const flags = Int8Array.from(t.flags);
  const actions = Int32Array.from(t.actions);
  const record: GameRecord = { type: 'game', game: t.game, samples, observations, offsets, labels: flatLabels, probs: flatProbs, players, values, fens: t.fens, flags, actions, result };
  parentPort!.postMessage(record, [observations.buffer, offsets.buffer, flatLabels.buffer, flatProbs.buffer, players.buffer, values.buffer, flags.buffer, actions.buffer]);
}
