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
 * undefined) and the mover can Paco within this turn, the Paco Ŝako reference's training labels (docs/rules/paco-sako.md §1.13).
 *
 * A run is a checkpointed job. About once a second (`checkpointMs`), and at the end, the files'
 * headers are rewritten with their row counts and then `manifest.json` (atomically), with
 * `complete: false` until the run ends; so a kill loses at most the games finished since the last
 * checkpoint, and the files always read as the games the manifest counts. `resume` continues such
 * a run: the files are cut back to the manifest's rows and the remaining games are played, with
 * seeds of their own (a resumed run does not repeat the games it already has). A finished run can
 * be resumed with a larger `games` to extend it.
 *
 * Workers claim games from one shared count, so an environment that finishes early takes the
 * next game, and each game is played from seeds of its own (its start and its moves; the worker
 * derives them from the game's index), whichever environment and thread play it: a run plays the
 * same games whatever `threads` and `batch`. They reach the files as they finish, in an order
 * that depends on `batch` and, on several threads, on timing. With `repeatable` a game that
 * finishes before one with a lower index is held back until that one is written: the files then
 * depend on the options alone, not on `threads`, `batch` or timing, and the seeds follow the
 * index in the whole run, so a killed run resumed gives the files of a run never killed. The
 * cost: a kill also loses the games held back, and they take memory meanwhile.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { envSeed } from '../env/batch.js';
import type { ObservationKind } from '../env/kernel.js';
import type { NpyDescr } from '../env/npy.js';
import { kernelFactory } from '../env/registry.js';
import { makeDirectory, readJson, writeJsonAtomic } from './files.js';
import { NpyFileWriter } from './env-npy.js';
import { splitRange } from './env-pool.js';
import { takeLock } from './lock.js';
import { WorkerThreadError } from './worker-error.js';

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
  /** Continue the run in `out` (if there is one) up to `games` games in all. */
  readonly resume?: boolean;
  /**
   * Start afresh over the run in `out`, removing its files. Without it (or `resume`), a directory
   * that holds a run (its manifest or any of its files) is refused with a SelfplayRunError.
   */
  readonly force?: boolean;
  /** Games written in the order of their indices: files independent of `threads`, `batch`, timing and kills. */
  readonly repeatable?: boolean;
  /**
   * Milliseconds between checkpoints (default 1000), the most a kill can lose; 0: one after
   * every game. How often a run checkpoints never changes its files.
   */
  readonly checkpointMs?: number;
}

/** `out` holds a run that this one would overwrite, or that cannot be continued as asked. */
export class SelfplayRunError extends Error {
  override readonly name = 'SelfplayRunError';
}

/** Another process runs in `out` (its `lock.json` names it). */
export class SelfplayBusyError extends Error {
  override readonly name = 'SelfplayBusyError';
}

/** The lock file in `out` that keeps a second run off (`lock.ts`). */
export const SELFPLAY_LOCK = 'lock.json';

/** The files a run writes in `out`, its manifest last. */
const RUN_FILES = ['observations', 'masks', 'policies', 'actions', 'values', 'players', 'games', 'plies', 'fens', 'flags'].map((n) => `${n}.npy`).concat('manifest.json');

/** How often a run writes its checkpoint unless told (`SelfplayOptions.checkpointMs`). */
export const CHECKPOINT_MS = 1000;

/** What `manifest.json` says of a run: the fields a resumed run reads back. */
interface RunManifest {
  readonly format: string;
  readonly game: string;
  readonly policy: SelfplayPolicy;
  readonly simulations?: number;
  readonly value?: string;
  readonly seed: number;
  readonly maxSteps: number;
  readonly observation: { readonly kind: string };
  readonly games: number;
  readonly samples: number;
  readonly results: { readonly whiteWins: number; readonly blackWins: number; readonly draws: number; readonly truncated: number };
  readonly elapsedMs: number;
  /** Absent in manifests of version 1 written before checkpoints, which were written at the end only. */
  readonly complete?: boolean;
  readonly segments?: number;
  /** Absent in manifests written before the option existed: those runs were not. */
  readonly repeatable?: boolean;
}

/** The options that decide what a run's games are: a resumed run must be given the same. */
function runParameters(o: { game: string; policy: SelfplayPolicy; simulations?: number; value?: string; seed: number; maxSteps: number; observation: string; repeatable?: boolean }): string[] {
  return [
    `--game ${o.game}`,
    `--policy ${o.policy}`,
    ...(o.policy === 'mcts' ? [`--sims ${o.simulations}`, `--value ${o.value}`] : []),
    `--observation ${o.observation}`,
    `--max-steps ${o.maxSteps}`,
    `--seed ${o.seed}`,
    ...(o.repeatable === true ? ['--repeatable'] : []),
  ];
}

/** The seed of a run's k-th segment (k runs wrote to it before): the run's own for the first (unless `repeatable`). */
const segmentSeed = (seed: number, k: number): number => (k === 0 ? seed : envSeed(seed ^ 0x5e6, k));

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
  /** Game k of the quota is game `first + k` of the seeds of `options.seed`. */
  readonly first: number;
}

/** One finished game, as a worker sends it. */
export interface GameRecord {
  readonly type: 'game';
  /** Its index in the quota (the order of the files with `repeatable`). */
  readonly game: number;
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
const fenWidth = (game: string): number => (game === 'paco' ? 128 : 100);

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
  const every = options.checkpointMs;
  if (every !== undefined && !(every >= 0 && Number.isFinite(every))) throw new RangeError(`checkpointMs must be a number of milliseconds ≥ 0, got ${every}`);
  makeDirectory(options.out);
  // Two runs in one directory would append to the same files and write over each other's
  // manifest: one at a time, from before the manifest is read to after it is last written.
  const release = takeLock(join(options.out, SELFPLAY_LOCK), {
    subject: options.out,
    users: 'a caissa selfplay',
    fail: (message, held) => (held ? new SelfplayBusyError(message) : new SelfplayRunError(message)),
  });
  try {
    return await runLocked(options, factory, onProgress);
  } finally {
    release();
  }
}

async function runLocked(
  options: SelfplayOptions,
  factory: NonNullable<ReturnType<typeof kernelFactory>>,
  onProgress: ((p: SelfplayProgress) => void) | undefined,
): Promise<{ games: number; samples: number; elapsedMs: number; manifest: object }> {
  const shape = factory.observationShape(options.observation);
  const a = factory.actionCount;
  const observationKind = options.game === 'paco' ? 'reference' : options.observation;
  const path = (name: string): string => join(options.out, name);

  let prior: RunManifest | undefined;
  try {
    prior = readJson<RunManifest>(path('manifest.json'));
  } catch (e) {
    throw new SelfplayRunError(`${path('manifest.json')}: cannot be read (${(e as Error).message})`);
  }
  if (prior !== undefined && prior.format !== 'caissa-selfplay') throw new SelfplayRunError(`${options.out}: its manifest.json is not a self-play manifest`);
  if (prior !== undefined && prior.complete === false && options.resume !== true && options.force !== true) {
    throw new SelfplayRunError(`${options.out} holds an unfinished run (${prior.games} games): pass --resume to continue it, --force to start afresh, or use another directory`);
  }
  // A run's files left without a manifest (a run killed before its first checkpoint, or one that
  // failed while it replaced another's) are a run too: nothing is overwritten unasked.
  const left = RUN_FILES.filter((name) => existsSync(path(name)));
  if (options.resume !== true && options.force !== true && (prior !== undefined || left.length > 0)) {
    const what = prior !== undefined ? `a run (${prior.games} games)` : `the files of a run (${left.join(', ')})`;
    throw new SelfplayRunError(`${options.out} holds ${what}: pass --resume to continue or extend it, --force to start afresh, or use another directory`);
  }
  const resumed = options.resume === true && prior !== undefined ? prior : undefined;
  if (resumed !== undefined) {
    const theirs = runParameters({ ...resumed, observation: resumed.observation.kind });
    const ours = runParameters({ ...options, observation: observationKind });
    if (theirs.join() !== ours.join()) throw new SelfplayRunError(`${options.out} holds a different run (${theirs.join(' ')})`);
  }
  const segment = resumed === undefined ? 0 : resumed.segments ?? 1;
  // A fresh run over another (--force): that run's manifest goes first, so that no kill or
  // failure meanwhile leaves it vouching for files that no longer hold its games; then all its
  // files (another game's flags.npy too).
  if (resumed === undefined) for (const name of ['manifest.json', ...left]) rmSync(path(name), { force: true });

  const files: [string, NpyDescr, readonly number[]][] = [
    ['observations', '<f4', shape],
    ['masks', '|b1', [a]],
    ['policies', '<f4', [a]],
    ['actions', '<i4', []],
    ['values', '<f4', []],
    ['players', '|i1', []],
    ['games', '<i4', []],
    ['plies', '<i4', []],
    ['fens', `<U${fenWidth(options.game)}`, []],
    ...(options.game === 'paco' ? [['flags', '|i1', [2]] as [string, NpyDescr, readonly number[]]] : []),
  ];
  const open = ([name, descr, rowShape]: [string, NpyDescr, readonly number[]]): NpyFileWriter =>
    resumed === undefined ? new NpyFileWriter(path(`${name}.npy`), descr, rowShape) : NpyFileWriter.reopen(path(`${name}.npy`), descr, rowShape, resumed.samples);
  const opened: NpyFileWriter[] = [];
  try {
    for (const f of files) opened.push(open(f));
  } catch (e) {
    for (const w of opened) w.close();
    throw resumed === undefined ? e : new SelfplayRunError(`${options.out}: cannot continue the run (${(e as Error).message})`);
  }
  const [observations, masksFile, policiesFile, actions, values, players, gamesFile, pliesFile, fens, flags] = opened as [NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter, NpyFileWriter | undefined];

  const results = resumed === undefined ? [0, 0, 0, 0] : [resumed.results.whiteWins, resumed.results.blackWins, resumed.results.draws, resumed.results.truncated];
  let games = resumed?.games ?? 0;
  let samples = resumed?.samples ?? 0;
  const remaining = options.games - games;
  const priorMs = resumed?.elapsedMs ?? 0;
  const started = performance.now();
  const elapsed = (): number => priorMs + performance.now() - started;
  const threads = Math.max(1, Math.min(options.threads, options.batch));

  const manifest = (complete: boolean): object => ({
    format: 'caissa-selfplay',
    version: 1,
    game: options.game,
    policy: options.policy,
    simulations: options.policy === 'mcts' ? options.simulations : undefined,
    value: options.policy === 'mcts' ? options.value : undefined,
    seed: options.seed,
    batch: options.batch,
    threads,
    repeatable: options.repeatable === true,
    maxSteps: options.maxSteps,
    games,
    samples,
    complete,
    segments: remaining > 0 ? segment + 1 : segment,
    actions: {
      count: a,
      encoding: options.game === 'paco' ? PACO_ACTIONS_TEXT : CHESS_ACTIONS_TEXT,
    },
    observation: {
      kind: observationKind,
      shape,
      layout: options.game === 'paco' ? PACO_OBSERVATION_TEXT : CHESS_OBSERVATION_TEXT,
    },
    values: 'final reward of the player to act at the sample: +1 win, -1 loss, 0 draw or cut at the step cap',
    results: { whiteWins: results[0], blackWins: results[1], draws: results[2], truncated: results[3] },
    files: Object.fromEntries(opened.map((w, i) => [files[i]![0], { file: `${files[i]![0]}.npy`, dtype: w.descr, shape: [w.rows, ...w.rowShape] }])),
    flags: flags ? 'flags.npy int8 (N, 2): [mover in Ŝako (1/0; −1 mid-turn, where it is undefined), mover can Paco within this turn]' : undefined,
    elapsedMs: Math.round(elapsed()),
    samplesPerSecond: Math.round((samples * 1000) / Math.max(1, elapsed())),
  });
  /** The checkpoint: headers first, then the manifest that vouches for them. */
  const checkpointMs = options.checkpointMs ?? CHECKPOINT_MS;
  let lastCheckpoint = performance.now();
  const checkpoint = (complete: boolean): object => {
    for (const w of opened) w.commit();
    const written = manifest(complete);
    writeJsonAtomic(path('manifest.json'), written);
    lastCheckpoint = performance.now();
    return written;
  };

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
    observations.append(g.observations, n);
    masksFile.append(masks, n);
    policiesFile.append(policies, n);
    actions.append(g.actions, n);
    values.append(g.values, n);
    players.append(g.players, n);
    gamesFile.append(new Int32Array(n).fill(games), n);
    pliesFile.append(Int32Array.from({ length: n }, (_, i) => i), n);
    fens.appendStrings(g.fens);
    flags?.append(g.flags, n);
    results[g.result]!++;
    games++;
    samples += n;
    if (performance.now() - lastCheckpoint >= checkpointMs) checkpoint(false);
    onProgress?.({ games, samples, elapsedMs: elapsed() });
  };

  // With `repeatable`, games that arrive before one with a lower index wait here for it.
  const heldBack = new Map<number, GameRecord>();
  let nextInOrder = 0;
  const arrive = (g: GameRecord): void => {
    if (options.repeatable !== true) return write(g);
    heldBack.set(g.game, g);
    for (let next = heldBack.get(nextInOrder); next !== undefined; next = heldBack.get(nextInOrder)) {
      heldBack.delete(nextInOrder++);
      write(next);
    }
  };

  const claimed = new SharedArrayBuffer(4);
  const url = new URL('./env-selfplay-worker.js', import.meta.url);
  const workers: Worker[] = [];
  let finished = false;
  let writeFailed = false;
  let written: object | undefined;
  try {
    if (remaining > 0) {
      checkpoint(false);
      // A repeatable run's games follow one another in the files, so game g of the run has the
      // seeds of index g, resumed or not. Otherwise the files hold the games that finished first,
      // so a resumed run takes another seed, not to repeat one it has.
      const repeatable = options.repeatable === true;
      const segmentOptions: SelfplayOptions = { ...options, games: remaining, seed: repeatable ? options.seed : segmentSeed(options.seed, segment) };
      const first = repeatable ? games : 0;
      await Promise.all(
        splitRange(options.batch, threads).map(
          ([start, end]) =>
            new Promise<void>((resolve, reject) => {
              const init: SelfplayWorkerInit = { options: segmentOptions, start, end, claimed, first };
              const worker = new Worker(url, { workerData: init });
              workers.push(worker);
              let done = false;
              worker.on('message', (m: GameRecord | { type: 'done' }) => {
                if (m.type !== 'game') {
                  done = true;
                  return resolve();
                }
                // A write that fails (disk full, directory gone) fails the run, and nothing is
                // written after it; thrown from this listener it would be an uncaught exception.
                if (writeFailed) return;
                try {
                  arrive(m);
                } catch (e) {
                  writeFailed = true;
                  reject(e);
                }
              });
              worker.on('error', (e) => reject(new WorkerThreadError(`self-play: a worker thread failed: ${String(e)}`)));
              // Games it claimed and never posted would be missing from a run called complete.
              worker.on('exit', (code) => {
                if (!done) reject(new WorkerThreadError(`self-play: a worker thread exited (code ${code}) before its games were done`));
              });
            }),
        ),
      );
    }
    finished = true;
  } finally {
    // On failure too: stop the other workers and leave a checkpoint of every game written.
    await Promise.all(workers.map((w) => w.terminate()));
    try {
      written = checkpoint(finished);
    } finally {
      for (const w of opened) w.close();
    }
  }
  return { games, samples, elapsedMs: elapsed(), manifest: written! };
}
