/**
 * The enumeration's worker threads (shared tables, disk units, search spaces, cluster jobs): the
 * shared pool of `../thread-pool.ts` over `worker.ts`, whose error replies are thrown here as the
 * errors they were: an EnumerateError, or a system error keeping its code, call and path (a full
 * disk is then said as one, `src/cli/io-failure.ts`).
 */
import { ThreadPool } from '../thread-pool.js';
import type { WorkerMsg, WorkerReply } from './worker.js';
import { EnumerateError } from './workdir.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** The error an error reply of `worker.ts` stands for. */
function failure(reply: WorkerReply): Error | undefined {
  if (reply.type !== 'error') return undefined;
  if (reply.enumerate === true) return new EnumerateError(reply.message);
  const e: NodeJS.ErrnoException = new Error(reply.message);
  if (reply.code !== undefined) e.code = reply.code;
  if (reply.syscall !== undefined) e.syscall = reply.syscall;
  if (reply.path !== undefined) e.path = reply.path;
  return e;
}

/** A pool of at most `size` enumeration threads, started as the work needs them. */
export class WorkerPool extends ThreadPool<WorkerMsg, WorkerReply> {
  constructor(size: number) {
    super({ url: WORKER_URL, size, name: 'enumeration', failure });
  }
}
