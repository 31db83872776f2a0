/** A fixed pool of enumeration worker threads: one request per worker at a time. */
import { Worker } from 'node:worker_threads';
import type { WorkerMsg, WorkerReply } from './worker.js';

export class WorkerPool {
  private readonly workers: Worker[];
  private readonly idle: Worker[];
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    const url = new URL('./worker.js', import.meta.url);
    this.workers = Array.from({ length: Math.max(1, size) }, () => new Worker(url));
    this.idle = [...this.workers];
  }

  get size(): number {
    return this.workers.length;
  }

  /** Sends one message to an idle worker and resolves with its reply. */
  async run(msg: WorkerMsg): Promise<WorkerReply> {
    while (this.idle.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const worker = this.idle.pop()!;
    try {
      return await new Promise<WorkerReply>((resolve, reject) => {
        const onError = (e: Error): void => {
          worker.off('message', onMessage);
          reject(e);
        };
        const onMessage = (reply: WorkerReply): void => {
          worker.off('error', onError);
          if (reply.type === 'error') reject(new Error(reply.message));
          else resolve(reply);
        };
        worker.once('message', onMessage);
        worker.once('error', onError);
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
