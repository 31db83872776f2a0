/**
 * Self-play data generation over worker threads: each worker plays its share of the batch with
 * its own environments and policy (uniform random, or MCTS), and sends every finished game to
 * the main thread, which appends it to streamed `.npy` files and finally writes a JSON manifest.
 *
 * Files (N samples, one per decision of a recorded game; A actions; observation shape O):
 * `observations.npy` float32 (N, …O), `masks.npy` bool (N, A), `policies.npy` float32 (N, A)
 * (the policy target: uniform over legal actions for `random`, root visit counts for `mcts`),
 * `actions.npy` int32 (N,) (the label played),
 * `values.npy` float32 (N,) (the game's final reward for the player to act at the sample: +1
 * win, −1 loss, 0 draw or cut at the step cap), `players.npy` int8 (N,), `games.npy` int32 (N,)
 * (game index), `plies.npy` int32 (N,), `fens.npy` unicode (N,) (FEN of the sample's position);
 * for Paco Ŝako also `flags.npy` int8 (N, 2): the mover is in Ŝako (−1 mid-turn, where Ŝako is
 * undefined) and the mover can Paco within this turn, the seed's training labels.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ObservationKind } from '../env/kernel.js';
import { kernelFactory } from '../env/registry.js';
import { NpyFileWriter } from './env-npy.js';
import { splitRange } from './env-pool.js';

export type SelfplayPolicy = 'random' | 'mcts';

export interface SelfplayOptions {
  readonly game: string;
  readonly games: number;
  readonly policy: SelfplayPolicy;
  readonly simulations: number;
  readonly value: 'material' | 'rollout';
  readonly batch: number;
  readonly threads: number;
  readonly out: string;
  readonly seed: number;
  readonly observation: ObservationKind;
  readonly maxSteps: number;
}

export interface SelfplayProgress {
  readonly games: number;
  readonly samples: number;
  readonly elapsedMs: number;
}

/** What a self-play worker receives. */
export interface SelfplayWorkerInit {
  readonly options: SelfplayOptions;
  readonly start: number;
  readonly end: number;
  readonly claimed: SharedArrayBuffer;
}

/** One finished game, as a worker sends it. */
export interface GameRecord {
  readonly type: 'game';
  readonly samples: number;
  readonly observations: Float32Array;
  readonly offsets: Int32Array;
  readonly labels: Int32Array;
  readonly probs: Float32Array;
  readonly players: Int8Array;
  readonly values: Float32Array;
  readonly fens: string[];
  /** The label played at each sample. */
  readonly actions: Int32Array;
  /** Paco only: per sample [in Ŝako (−1 mid-turn), can Paco this turn]; empty for chess. */
  readonly flags: Int8Array;
  /** 0 white won, 1 black won, 2 draw, 3 cut at the step cap. */
  readonly result: number;
}

/** FEN field width in `fens.npy` (the longest chess FEN is under 100 characters, Paco's under 128). */
export const fenWidth = (game: string): number => (game === 'paco' ? 128 : 100);

const CHESS_ACTIONS_TEXT =
  'AlphaZero 4672 = 64 x 73, numbered as pgx/OpenSpiel: label = 73 * from + plane, squares file-major (a1=0, a2=1, ...), board mirrored top-to-bottom for Black; castling = king two squares (Chess960: king takes own rook)';
const CHESS_OBSERVATION_TEXT =
  "channels-last (8, 8, planes), from the player to act, row 0 = that player's far rank; planes as pgx observe (alphazero) or the compact 20 (see src/env/chess-observation.ts)";
const PACO_ACTIONS_TEXT =
  'Paco Ŝako reference network codes minus 1: Lift(t) = t, Place(t) = 64 + t, Promote R/N/B/Q = 128..131, tiles mirrored vertically (t ^ 56) for Black';
const PACO_OBSERVATION_TEXT =
  "the reference's 30 layers, channels-first (30, 8, 8) as layer * 64 + tile (a1 = 0, mirrored for Black): own/opponent settled, own/opponent lifted, en passant, castling, no-progress/100";

export async function runSelfplay(
  options: SelfplayOptions,
  onProgress?: (p: SelfplayProgress) => void,
): Promise<{ games: number; samples: number; elapsedMs: number; manifest: object }> {
  const factory = kernelFactory(options.game);
  if (factory === undefined) throw new RangeError(`no environment for game '${options.game}'`);
  const shape = factory.observationShape(options.observation);
  const a = factory.actionCount;
  mkdirSync(options.out, { recursive: true });
  const path = (name: string): string => join(options.out, name);
  const writers = {
    observations: new NpyFileWriter(path('observations.npy'), '<f4', shape),
    masks: new NpyFileWriter(path('masks.npy'), '|b1', [a]),
    policies: new NpyFileWriter(path('policies.npy'), '<f4', [a]),
    actions: new NpyFileWriter(path('actions.npy'), '<i4', []),
    values: new NpyFileWriter(path('values.npy'), '<f4', []),
    players: new NpyFileWriter(path('players.npy'), '|i1', []),
    games: new NpyFileWriter(path('games.npy'), '<i4', []),
    plies: new NpyFileWriter(path('plies.npy'), '<i4', []),
    fens: new NpyFileWriter(path('fens.npy'), `<U${fenWidth(options.game)}`, []),
  };
  const flags = options.game === 'paco' ? new NpyFileWriter(path('flags.npy'), '|i1', [2]) : undefined;
  const results = [0, 0, 0, 0];
  let games = 0;
  let samples = 0;
  const started = performance.now();
  const write = (g: GameRecord): void => {
    const n = g.samples;
    const masks = new Uint8Array(n * a);
    const policies = new Float32Array(n * a);
    for (let s = 0; s < n; s++) {
      for (let k = g.offsets[s]!; k < g.offsets[s + 1]!; k++) {
        masks[s * a + g.labels[k]!] = 1;
        policies[s * a + g.labels[k]!] = g.probs[k]!;
      }
    }
    writers.observations.append(g.observations, n);
    writers.masks.append(masks, n);
    writers.policies.append(policies, n);
    writers.actions.append(g.actions, n);
    writers.values.append(g.values, n);
    writers.players.append(g.players, n);
    writers.games.append(new Int32Array(n).fill(games), n);
    writers.plies.append(Int32Array.from({ length: n }, (_, i) => i), n);
    writers.fens.appendStrings(g.fens);
    flags?.append(g.flags, n);
    results[g.result]!++;
    games++;
    samples += n;
    onProgress?.({ games, samples, elapsedMs: performance.now() - started });
  };

  const threads = Math.max(1, Math.min(options.threads, options.batch));
  const claimed = new SharedArrayBuffer(4);
  const url = new URL('./env-selfplay-worker.js', import.meta.url);
  const workers: Worker[] = [];
  try {
    await Promise.all(
      splitRange(options.batch, threads).map(
        ([start, end]) =>
          new Promise<void>((resolve, reject) => {
            const init: SelfplayWorkerInit = { options, start, end, claimed };
            const worker = new Worker(url, { workerData: init });
            workers.push(worker);
            worker.on('message', (m: GameRecord | { type: 'done' }) => {
              if (m.type === 'game') write(m);
              else resolve();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`self-play worker exited with ${code}`))));
          }),
      ),
    );
  } finally {
    // On failure too: stop the other workers and leave readable (shorter) files.
    await Promise.all(workers.map((w) => w.terminate()));
    for (const w of Object.values(writers)) w.close();
    flags?.close();
  }
  const elapsedMs = performance.now() - started;
  const file = (w: NpyFileWriter): object => ({ file: w.path.split(/[\\/]/).pop(), dtype: w.descr, shape: [w.rows, ...w.rowShape] });
  const manifest = {
    format: 'caissa-selfplay',
    version: 1,
    game: options.game,
    policy: options.policy,
    simulations: options.policy === 'mcts' ? options.simulations : undefined,
    value: options.policy === 'mcts' ? options.value : undefined,
    seed: options.seed,
    batch: options.batch,
    threads,
    maxSteps: options.maxSteps,
    games,
    samples,
    actions: {
      count: a,
      encoding: options.game === 'paco' ? PACO_ACTIONS_TEXT : CHESS_ACTIONS_TEXT,
    },
    observation: {
      kind: options.game === 'paco' ? 'reference' : options.observation,
      shape,
      layout: options.game === 'paco' ? PACO_OBSERVATION_TEXT : CHESS_OBSERVATION_TEXT,
    },
    values: 'final reward of the player to act at the sample: +1 win, -1 loss, 0 draw or cut at the step cap',
    results: { whiteWins: results[0], blackWins: results[1], draws: results[2], truncated: results[3] },
    files: Object.fromEntries([...Object.entries(writers), ...(flags ? [['flags', flags] as const] : [])].map(([k, w]) => [k, file(w)])),
    flags: flags ? 'flags.npy int8 (N, 2): [mover in Ŝako (1/0; −1 mid-turn, where it is undefined), mover can Paco within this turn]' : undefined,
    elapsedMs: Math.round(elapsedMs),
    samplesPerSecond: Math.round((samples * 1000) / Math.max(1, elapsedMs)),
  };
  writeFileSync(path('manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return { games, samples, elapsedMs, manifest };
}
