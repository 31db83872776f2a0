/**
 * The pool of worker threads of perft, the enumeration and the cluster's jobs: one request per
 * thread at a time, one reply each. Threads start when a request finds none idle, up to `size`,
 * so a pool never holds more threads than it had requests at once (256 asked for 400 jobs of a
 * millisecond start 256 engines, for nothing). A thread that dies (throws, is terminated, runs
 * out of memory, calls process.exit) fails the request it had with a WorkerThreadError and is
 * replaced at the next request: a dead thread left in the pool would take a request and never
 * answer.
 *
 * Not for the pools that share memory with long-lived threads (PGN replay, the environments and
 * self-play): they stream to their threads and keep them for a whole run.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WorkerThreadError } from './worker-error.js';

export interface ThreadPoolOptions<Reply> {
  /** The worker module: it answers each message with one message. */
  readonly url: URL;
  /** The most threads at once. */
  readonly size: number;
  /** What the threads do, for messages ("perft: a worker thread failed: …"). */
  readonly name: string;
  /** The error a reply stands for (the worker caught it), or undefined for a reply to resolve with. */
  readonly failure?: (reply: Reply) => Error | undefined;
}

export class ThreadPool<Msg, Reply> {
  private readonly o: ThreadPoolOptions<Reply>;
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly waiting: (() => void)[] = [];
  /** Threads that died (their 'error' or 'exit' was seen). */
  private readonly dead = new WeakSet<Worker>();
  private closed = false;
  /** Threads started over the pool's life, replacements included. */
  started = 0;

  constructor(o: ThreadPoolOptions<Reply>) {
    this.o = { ...o, size: Math.max(1, o.size) };
  }

  /** The most threads at once. */
  get size(): number {
    return this.o.size;
  }

  private start(): Worker {
    const worker = new Worker(this.o.url);
    this.started++;
    worker.once('error', () => this.dead.add(worker));
    worker.once('exit', () => this.dead.add(worker));
    this.workers.push(worker);
    return worker;
  }

  /** An idle live thread, a new one while there are fewer than `size`, or the next to be idle. */
  private async take(): Promise<Worker> {
    for (;;) {
      if (this.closed) throw new WorkerThreadError(`${this.o.name}: the pool of worker threads is closed`);
      const worker = this.idle.pop();
      if (worker !== undefined) {
        if (!this.dead.has(worker)) return worker;
        void worker.terminate();
        this.workers.splice(this.workers.indexOf(worker), 1);
        continue;
      }
      if (this.workers.length < this.o.size) return this.start();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** Sends one message to a thread and resolves with its reply. */
  async run(msg: Msg): Promise<Reply> {
    const worker = await this.take();
    try {
      return await new Promise<Reply>((resolve, reject) => {
        const off = (): void => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        // A worker that threw (at start too) gives 'error', then 'exit'; one terminated or that
        // called process.exit gives only 'exit': its request would never be answered.
        const onError = (e: Error): void => {
          off();
          this.dead.add(worker);
          reject(new WorkerThreadError(`${this.o.name}: a worker thread failed: ${String(e)}`));
        };
        const onExit = (code: number): void => {
          off();
          this.dead.add(worker);
          reject(new WorkerThreadError(`${this.o.name}: a worker thread exited (code ${code}) before its work was done`));
        };
        const onMessage = (reply: Reply): void => {
          off();
          const error = this.o.failure?.(reply);
          if (error !== undefined) reject(error);
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

  /** The same message to `count` threads at once (all `size` by default): for work they share. */
  broadcast(msg: Msg, count = this.o.size): Promise<Reply[]> {
    return Promise.all(Array.from({ length: Math.max(1, Math.min(count, this.o.size)) }, () => this.run(msg)));
  }

  /**
   * Runs every message, at most `size` at a time, handing each reply to `onReply` as it comes;
   * resolves with the replies in order. The first failure (of a thread, a reply or `onReply`)
   * rejects, and no message is sent after it.
   */
  async map(msgs: readonly Msg[], onReply?: (reply: Reply, index: number) => void): Promise<Reply[]> {
    const out = new Array<Reply>(msgs.length);
    let next = 0;
    let failed = false;
    await Promise.all(
      Array.from({ length: Math.min(this.o.size, msgs.length) }, async () => {
        try {
          while (next < msgs.length && !failed) {
            const i = next++;
            out[i] = await this.run(msgs[i]!);
            onReply?.(out[i]!, i);
          }
        } catch (e) {
          failed = true;
          throw e;
        }
      }),
    );
    return out;
  }

  /** Ends every thread (a request under way fails); the pool takes no more requests. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.splice(0).forEach((wake) => wake());
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Why `--threads threads` is more than this machine has cores (the pools start no more threads
 * than they have work for), or undefined when it is not.
 */
export function threadsNote(threads: number): string | undefined {
  const machine = availableParallelism();
  if (threads <= machine) return undefined;
  return `--threads ${threads} is more than the ${machine} cores of this machine; worker threads are started only as the work needs them`;
}
