/**
 * A batch of environments split over worker threads. The buffers live in one
 * `SharedArrayBuffer`; environment slice 0 is stepped by the calling thread, the others by one
 * worker each, so `threads` = the number of cores used. `step` is synchronous: the caller writes
 * actions into `buffers.actions` (or passes them), every thread steps its slice in place, and
 * `step` returns when all are done (Atomics wait/notify on a small control array, after a
 * short spin, since a step of a few environments takes microseconds).
 */
import { Worker } from 'node:worker_threads';
import { BatchEnv, type BatchOptions } from '../env/batch.js';
import { createBuffers, sliceBuffers, type EnvBuffers } from '../env/buffers.js';
import { DEFAULT_KERNEL_OPTIONS, type KernelOptions } from '../env/kernel.js';
import { kernelFactory } from '../env/registry.js';

export const CMD_STEP = 1;
export const CMD_RESET = 2;
export const CMD_EXIT = 3;
export const CMD_STEP_RANDOM = 4;
/** Control words: generation, command, workers still busy, error flag, argument. */
export const CTRL_GEN = 0;
export const CTRL_CMD = 1;
export const CTRL_PENDING = 2;
export const CTRL_ERROR = 3;
export const CTRL_ARG = 4;
/** Spin iterations before sleeping on a futex (short: the cores may be shared). */
export const SPIN = 2000;

export interface PoolOptions {
  /** A registered game id (`chess`, `chess960`). */
  readonly game: string;
  /** Number of environments B. */
  readonly size: number;
  /** Threads (the caller's included); at most `size`. */
  readonly threads: number;
  readonly kernel?: Partial<KernelOptions> & { readonly startFens?: readonly string[] };
  readonly batch?: BatchOptions;
}

/** What a worker needs to rebuild its slice (structured-cloneable). */
export interface WorkerInit {
  readonly memory: SharedArrayBuffer;
  readonly control: SharedArrayBuffer;
  readonly size: number;
  readonly actionCount: number;
  readonly maxLegal: number;
  readonly observationSize: number;
  readonly start: number;
  readonly end: number;
  readonly game: string;
  readonly kernel: KernelOptions & { readonly startFens?: readonly string[] };
  readonly batch: BatchOptions;
}

/** Splits `size` environments into `parts` contiguous slices of near-equal length. */
export function splitRange(size: number, parts: number): [number, number][] {
  const out: [number, number][] = [];
  for (let p = 0; p < parts; p++) out.push([Math.floor((p * size) / parts), Math.floor(((p + 1) * size) / parts)]);
  return out;
}

export class ThreadedBatchEnv {
  readonly buffers: EnvBuffers;
  readonly size: number;
  readonly threads: number;
  private readonly local: BatchEnv;
  private readonly control: Int32Array;
  private readonly workers: Worker[];
  private failure: Error | undefined;
  private closed = false;
  /** Settles when each worker has exited (it may have before `close`). */
  private readonly exits: Promise<void>[];

  private constructor(buffers: EnvBuffers, local: BatchEnv, control: Int32Array, workers: Worker[]) {
    this.buffers = buffers;
    this.size = buffers.size;
    this.threads = workers.length + 1;
    this.local = local;
    this.control = control;
    this.workers = workers;
    // A worker that is gone never answers again: every later command would wait for it for ever.
    this.exits = workers.map((w) => {
      w.on('error', (e) => (this.failure ??= e));
      return new Promise<void>((resolve) =>
        w.once('exit', (code) => {
          if (!this.closed) this.failure ??= new Error(`ThreadedBatchEnv: an environment worker exited (code ${code})`);
          resolve();
        }),
      );
    });
  }

  static async create(options: PoolOptions): Promise<ThreadedBatchEnv> {
    const factory = kernelFactory(options.game);
    if (factory === undefined) throw new RangeError(`no environment for game '${options.game}'`);
    const kernelOptions = { ...DEFAULT_KERNEL_OPTIONS, ...options.kernel };
    const batch = options.batch ?? {};
    const threads = Math.max(1, Math.min(options.threads, options.size));
    const shape = factory.observationShape(kernelOptions.observation);
    const obsSize = shape.length === 0 ? 0 : shape.reduce((a, b) => a * b, 1);
    const ranges = splitRange(options.size, threads);
    const [s0, e0] = ranges[0]!;
    const localKernel = factory.create(e0 - s0, kernelOptions);
    const buffers = createBuffers(options.size, factory.actionCount, localKernel.maxLegal, obsSize, undefined, true);
    const local = new BatchEnv(localKernel, { ...batch, firstIndex: s0 }, sliceBuffers(buffers, s0, e0));
    const controlMemory = new SharedArrayBuffer(32);
    const control = new Int32Array(controlMemory);
    const url = new URL('./env-worker.js', import.meta.url);
    const workers = await Promise.all(
      ranges.slice(1).map(
        ([start, end]) =>
          new Promise<Worker>((resolve, reject) => {
            const init: WorkerInit = {
              memory: buffers.memory as SharedArrayBuffer,
              control: controlMemory,
              size: options.size,
              actionCount: factory.actionCount,
              maxLegal: localKernel.maxLegal,
              observationSize: obsSize,
              start,
              end,
              game: options.game,
              kernel: kernelOptions,
              batch,
            };
            const worker = new Worker(url, { workerData: init });
            worker.once('message', () => resolve(worker));
            worker.once('error', reject);
          }),
      ),
    );
    return new ThreadedBatchEnv(buffers, local, control, workers);
  }

  private run(command: number, arg = 0): void {
    if (this.closed) throw new Error('ThreadedBatchEnv: closed');
    if (this.failure !== undefined) throw this.failure;
    const c = this.control;
    const n = this.workers.length;
    if (n > 0) {
      Atomics.store(c, CTRL_CMD, command);
      Atomics.store(c, CTRL_ARG, arg);
      Atomics.store(c, CTRL_PENDING, n);
      Atomics.add(c, CTRL_GEN, 1);
      Atomics.notify(c, CTRL_GEN);
    }
    if (command === CMD_STEP) this.local.step();
    else if (command === CMD_RESET) this.local.reset();
    else if (command === CMD_STEP_RANDOM) this.local.stepRandom(arg);
    if (n > 0) {
      for (let spin = 0; spin < SPIN && Atomics.load(c, CTRL_PENDING) !== 0; spin++);
      let pending: number;
      while ((pending = Atomics.load(c, CTRL_PENDING)) !== 0) Atomics.wait(c, CTRL_PENDING, pending, 1000);
      if (Atomics.load(c, CTRL_ERROR) !== 0) throw this.failure ?? new Error('an environment worker failed');
    }
  }

  /** Starts a new episode everywhere. */
  reset(): void {
    this.run(CMD_RESET);
  }

  /** Steps all environments with `actions` (default: what is already in `buffers.actions`). */
  step(actions?: Int32Array): void {
    if (actions !== undefined && actions !== this.buffers.actions) {
      if (actions.length < this.size) throw new RangeError(`expected ${this.size} actions, got ${actions.length}`);
      this.buffers.actions.set(actions.subarray(0, this.size));
    }
    this.run(CMD_STEP);
  }

  /** `steps` steps of uniformly random legal actions, drawn inside each thread (see BatchEnv.stepRandom). */
  stepRandom(steps: number): void {
    this.run(CMD_STEP_RANDOM, steps);
  }

  /** Stops the workers; later commands throw. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const c = this.control;
    Atomics.store(c, CTRL_CMD, CMD_EXIT);
    Atomics.add(c, CTRL_GEN, 1);
    Atomics.notify(c, CTRL_GEN);
    await Promise.all(this.exits);
  }
}
