/**
 * A batch of environments split over worker threads. The buffers live in one
 * `SharedArrayBuffer`; environment slice 0 is stepped by the calling thread, the others by one
 * worker each, so `threads` = the number of cores used. `step` is synchronous: the caller writes
 * actions into `buffers.actions` (or passes them), every thread steps its slice in place, and
 * `step` returns when all are done (Atomics wait/notify on a small control array, after a
 * short spin, since a step of a few environments takes microseconds).
 *
 * The workers belong to a supervisor thread (env-supervisor.ts), whose event loop stays free to
 * see a worker die while this thread waits: it then makes the pending count negative (LOST) and
 * wakes this thread, which throws a WorkerThreadError with the reason. A worker that fails to
 * start fails `create` the same way, after the other threads are ended.
 *
 * `observeAs` (another player's view, as `BatchEnv.observeAs`) is a command like a step: the
 * thread that holds the environment writes the view into a shared scratch row, which the caller's
 * buffer gets a copy of.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { BatchEnv, checkObserveAs, type BatchOptions } from '../env/batch.js';
import { createBuffers, sliceBuffers, type EnvBuffers } from '../env/buffers.js';
import { DEFAULT_KERNEL_OPTIONS, type KernelOptions } from '../env/kernel.js';
import { kernelFactory } from '../env/registry.js';
import { CMD_EXIT, CMD_OBSERVE_AS, CMD_RESET, CMD_STEP, CMD_STEP_RANDOM, CTRL_ARG, CTRL_CMD, CTRL_GEN, CTRL_PENDING, SPIN, type SupervisorInit, type WorkerInit } from './env-protocol.js';
import { WorkerThreadError } from './worker-error.js';

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

/** Method names of the commands, for errors. */
const COMMAND_NAMES: Record<number, string> = { [CMD_STEP]: 'step', [CMD_STEP_RANDOM]: 'stepRandom', [CMD_OBSERVE_AS]: 'observeAs' };

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
  /** Where a worker writes the view `observeAs` asks it for. */
  private readonly scratch: Float32Array;
  private readonly workers: number;
  /** Owns the workers; undefined when this thread steps the whole batch. */
  private readonly supervisor: Worker | undefined;
  /** The supervisor's reasons for a lost worker. */
  private readonly reasons: MessagePort | undefined;
  private failure: Error | undefined;
  private closed = false;
  private started = false;
  /** Settles when the supervisor, and so every worker, has exited (it may have before `close`). */
  private readonly exited: Promise<void>;

  private constructor(buffers: EnvBuffers, local: BatchEnv, control: Int32Array, scratch: Float32Array, workers: number, supervisor?: Worker, reasons?: MessagePort) {
    this.buffers = buffers;
    this.size = buffers.size;
    this.threads = workers + 1;
    this.local = local;
    this.control = control;
    this.scratch = scratch;
    this.workers = workers;
    this.supervisor = supervisor;
    this.reasons = reasons;
    // The supervisor ends only when closed, or when terminated with its workers: none would answer again.
    this.exited = new Promise<void>((resolve) => {
      if (supervisor === undefined) return resolve();
      supervisor.once('exit', (code) => {
        if (!this.closed) this.failure ??= new WorkerThreadError(`ThreadedBatchEnv: the environment threads ended (code ${code})`);
        resolve();
      });
    });
  }

  static async create(options: PoolOptions): Promise<ThreadedBatchEnv> {
    const factory = kernelFactory(options.game);
    if (factory === undefined) throw new RangeError(`no environment for game '${options.game}'`);
    if (!(Number.isInteger(options.size) && options.size >= 0)) throw new RangeError(`ThreadedBatchEnv: size must be an integer ≥ 0, got ${options.size}`);
    if (!(Number.isInteger(options.threads) && options.threads >= 1)) throw new RangeError(`ThreadedBatchEnv: threads must be an integer ≥ 1, got ${options.threads}`);
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
    const scratchMemory = new SharedArrayBuffer(threads === 1 ? 0 : 4 * obsSize);
    const scratch = new Float32Array(scratchMemory);
    if (threads === 1) return new ThreadedBatchEnv(buffers, local, control, scratch, 0);
    const inits = ranges.slice(1).map(
      ([start, end]): WorkerInit => ({
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
        scratch: scratchMemory,
      }),
    );
    const { port1, port2 } = new MessageChannel();
    const init: SupervisorInit = { workers: inits, port: port2 };
    const supervisor = new Worker(new URL('./env-supervisor.js', import.meta.url), { workerData: init, transferList: [port2] });
    try {
      await new Promise<void>((resolve, reject) => {
        const settle = (error?: WorkerThreadError): void => {
          supervisor.off('message', onMessage).off('error', onError).off('exit', onExit);
          if (error === undefined) resolve();
          else reject(error);
        };
        // 'ready', or why a worker failed to start (the supervisor has ended the others).
        const onMessage = (m: string): void => settle(m === 'ready' ? undefined : new WorkerThreadError(m));
        const onError = (e: Error): void => settle(new WorkerThreadError(`ThreadedBatchEnv: the supervisor thread failed to start: ${String(e)}`));
        const onExit = (code: number): void => settle(new WorkerThreadError(`ThreadedBatchEnv: the supervisor thread exited (code ${code})`));
        supervisor.on('message', onMessage).on('error', onError).on('exit', onExit);
      });
    } catch (e) {
      port1.close();
      await supervisor.terminate();
      throw e;
    }
    return new ThreadedBatchEnv(buffers, local, control, scratch, inits.length, supervisor, port1);
  }

  /** The error of a lost worker, from the reason the supervisor posted before waking this thread. */
  private lost(): Error {
    const reason = receiveMessageOnPort(this.reasons!)?.message as string | undefined;
    return (this.failure ??= new WorkerThreadError(reason ?? 'ThreadedBatchEnv: an environment worker was lost'));
  }

  /** Throws unless `command` can run now: the pool is open, no worker lost, and (but to reset) reset before. */
  private usable(command: number): void {
    if (this.closed) throw new Error('ThreadedBatchEnv: closed');
    if (this.failure !== undefined) throw this.failure;
    // Before the first reset no environment has an episode to step (see BatchEnv.stepOne) or view.
    if (command !== CMD_RESET && !this.started) throw new Error(`ThreadedBatchEnv.${COMMAND_NAMES[command]}: no episode: call reset() first`);
  }

  private run(command: number, arg = 0): void {
    this.usable(command);
    const c = this.control;
    const n = this.workers;
    if (n > 0) {
      Atomics.store(c, CTRL_CMD, command);
      Atomics.store(c, CTRL_ARG, arg);
      // Added, not stored (the count is 0 between commands): a loss flagged since then stays.
      if (Atomics.add(c, CTRL_PENDING, n) < 0) throw this.lost();
      Atomics.add(c, CTRL_GEN, 1);
      Atomics.notify(c, CTRL_GEN);
    }
    if (command === CMD_STEP) this.local.step();
    else if (command === CMD_RESET) this.local.reset();
    else if (command === CMD_STEP_RANDOM) this.local.stepRandom(arg);
    if (n > 0) {
      for (let spin = 0; spin < SPIN && Atomics.load(c, CTRL_PENDING) > 0; spin++);
      let pending: number;
      while ((pending = Atomics.load(c, CTRL_PENDING)) > 0) Atomics.wait(c, CTRL_PENDING, pending);
      if (pending < 0) throw this.lost();
    }
  }

  /** Starts a new episode everywhere. */
  reset(): void {
    this.run(CMD_RESET);
    this.started = true;
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
    // The workers read the count as an int32 from shared memory: it must be one, as the main thread's.
    if (!(Number.isInteger(steps) && steps >= 0 && steps <= 0x7fffffff)) throw new RangeError(`ThreadedBatchEnv.stepRandom: steps must be an integer from 0 to 2147483647, got ${steps}`);
    this.run(CMD_STEP_RANDOM, steps);
  }

  /**
   * Writes into `out[o..]` the observation of environment `i` from `player`'s side (0 White, 1
   * Black), as `BatchEnv.observeAs` does, with its errors; the states stay as they are.
   */
  observeAs(i: number, player: number, out: Float32Array, o = 0): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.size)) throw new RangeError(`ThreadedBatchEnv.observeAs: environment ${i} is not in 0..${this.size - 1}`);
    // Checked here, not in a worker, where an error would end the thread: the caller's slice has
    // the same kind of kernel as every other.
    checkObserveAs('ThreadedBatchEnv.observeAs', this.local.kernel, this.buffers.observationSize, player, out, o);
    if (i >= this.local.size) {
      this.run(CMD_OBSERVE_AS, 2 * i + player);
      out.set(this.scratch, o);
      return;
    }
    this.usable(CMD_OBSERVE_AS);
    this.local.observeAs(i, player, out, o);
  }

  /** Stops the workers (those still alive after a loss too); later commands throw. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const c = this.control;
    Atomics.store(c, CTRL_CMD, CMD_EXIT);
    Atomics.add(c, CTRL_GEN, 1);
    Atomics.notify(c, CTRL_GEN);
    // After a loss the workers left may be in the middle of the failed command: ended at once.
    if (this.failure !== undefined) await this.supervisor?.terminate();
    await this.exited;
    this.reasons?.close();
  }
}
