/**
 * The protocol between \`ThreadedBatchEnv\` (env-pool.ts), its supervisor thread
 * (env-supervisor.ts) and its workers (env-worker.ts): the commands and control words of the
 * shared control array, and what each thread is started with. A module of its own, so that the
 * threads load these constants without the pool and the environments behind it.
 */
import type { MessagePort } from 'node:worker_threads';
import type { BatchOptions } from '../env/batch.js';
import type { KernelOptions } from '../env/kernel.js';

export const CMD_STEP = 1;
export const CMD_RESET = 2;
export const CMD_EXIT = 3;
export const CMD_STEP_RANDOM = 4;
/** Argument: 2 · environment + player; the thread that holds it writes into `WorkerInit.scratch`. */
export const CMD_OBSERVE_AS = 5;
/** Control words: generation, command, workers still busy (negative once one is lost), argument. */
export const CTRL_GEN = 0;
export const CTRL_CMD = 1;
export const CTRL_PENDING = 2;
export const CTRL_ARG = 3;
/**
 * Added to the pending count when a worker is lost: the count stays negative whatever the other
 * workers still subtract (at most the workers' number), and the main thread's wait, which
 * compares the count, cannot miss the change.
 */
export const LOST = -0x80000000;
/** Spin iterations before sleeping on a futex (short: the cores may be shared). */
export const SPIN = 2000;

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
  /** One observation (float32) that `CMD_OBSERVE_AS` writes. */
  readonly scratch: SharedArrayBuffer;
}

/** What the supervisor thread is started with. */
export interface SupervisorInit {
  readonly workers: readonly WorkerInit[];
  /** Where the reason of a death goes, before the main thread is woken. */
  readonly port: MessagePort;
}
