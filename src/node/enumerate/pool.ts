/**
 * A fixed pool of enumeration worker threads: one request per worker at a time. A thread that
 * dies (an uncaught error such as running out of memory, or a termination) fails the request it
 * had and is replaced by a new one: a dead thread left in the pool would take the next request
 * and never answer, and a cluster worker, which keeps its pool for every job, would hold that
 * job for ever.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerMsg, WorkerReply } from './worker.js';
import { EnumerateError } from './workdir.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

export class WorkerPool {
  private readonly workers: Worker[];
  private readonly idle: Worker[];
  private readonly waiting: (() => void)[] = [];
  /** Threads that died (their 'error' or 'exit' was seen). */
  private readonly dead = new WeakSet<Worker>();

  constructor(size: number) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => this.start());
    this.idle = [...this.workers];
  }

  get size(): number {
    return this.workers.length;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_URL);
    worker.once('error', () => this.dead.add(worker));
    worker.once('exit', () => this.dead.add(worker));
    return worker;
  }

  /** `worker` if it is alive, else a new thread in its place. */
  private alive(worker: Worker): Worker {
    if (!this.dead.has(worker)) return worker;
    void worker.terminate();
    const fresh = this.start();
    this.workers[this.workers.indexOf(worker)] = fresh;
    return fresh;
  }

  /** Sends one message to an idle worker and resolves with its reply. */
  async run(msg: WorkerMsg): Promise<WorkerReply> {
    while (this.idle.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const worker = this.alive(this.idle.pop()!);
    try {
      return await new Promise<WorkerReply>((resolve, reject) => {
        const off = (): void => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onError = (e: Error): void => {
          off();
          this.dead.add(worker);
          reject(e);
        };
        const onExit = (code: number): void => {
          off();
          this.dead.add(worker);
          reject(new Error(`enumeration worker thread exited (code ${code}) before it answered`));
        };
        const onMessage = (reply: WorkerReply): void => {
          off();
          if (reply.type === 'error') reject(reply.enumerate === true ? new EnumerateError(reply.message) : new Error(reply.message));
          else resolve(reply);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(msg);
      });
    } finally {
      this.idle.push(worker);
      this.waiting.shift()?.();
    }
  }

  /** Sends the same message to every worker at once. */
  broadcast(msg: WorkerMsg): Promise<WorkerReply[]> {
    return Promise.all(this.workers.map(() => this.run(msg)));
  }

  /** Runs every message, at most `size` at a time; replies in order. */
  async map(msgs: readonly WorkerMsg[], onReply?: (reply: WorkerReply, index: number) => void): Promise<WorkerReply[]> {
    const out = new Array<WorkerReply>(msgs.length);
    let next = 0;
    await Promise.all(
      this.workers.map(async () => {
        while (next < msgs.length) {
          const i = next++;
          out[i] = await this.run(msgs[i]!);
          onReply?.(out[i]!, i);
        }
      }),
    );
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
