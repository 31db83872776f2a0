/**
 * A cluster worker process: a BullMQ Worker whose processor hands the CPU work to worker
 * threads, so the queue client's event loop stays free to renew job locks. A job whose worker
 * dies is found stalled when its lock expires and runs again elsewhere; the units are
 * idempotent, so the result is unchanged.
 */
import { Worker, type Job } from 'bullmq';
import { WorkerPool } from '../enumerate/pool.js';
import { clientOptions, QUEUE, reportConnection, type RedisOptions } from './connection.js';
import { sumValues, ZERO, type ClusterJob, type JobValue } from './jobs.js';

export interface ClusterWorkerOptions {
  readonly connection: RedisOptions;
  /** Jobs at a time (= worker threads). */
  readonly concurrency: number;
  /** Job lock duration (a dead worker's job is retried after about this long). */
  readonly lockMs: number;
  /** Sleep before each job: only for crash-recovery tests. */
  readonly delayMs: number;
  readonly log: (line: string) => void;
  /** Where a lost connection is reported (once, with its retry status) and its return. */
  readonly warn: (line: string) => void;
}

export interface RunningWorker {
  close(): Promise<void>;
}

export function startClusterWorker(o: ClusterWorkerOptions): RunningWorker {
  const pool = new WorkerPool(o.concurrency);
  const processJob = async (job: Job<ClusterJob>): Promise<JobValue> => {
    const d = job.data;
    o.log(`start ${job.id} ${d.kind}`);
    if (o.delayMs > 0) await new Promise((r) => setTimeout(r, o.delayMs));
    let value: JobValue;
    if (d.kind === 'expand') {
      const r = await pool.run({ type: 'expand-unit', unit: d.unit });
      value = { ...ZERO, children: r.type === 'unit' ? (r.children ?? 0) : 0 };
    } else if (d.kind === 'dedup') {
      const r = await pool.run({ type: 'dedup-unit', unit: d.unit });
      value = { ...ZERO, count: r.type === 'unit' ? (r.count ?? 0) : 0, paths: r.type === 'unit' ? (r.paths ?? 0) : 0 };
    } else if (d.kind === 'perft') {
      const r = await pool.run({ type: 'perft-entries', entries: Int32Array.from(d.entries), depth: d.depth, chess960: d.chess960 });
      value = { ...ZERO, nodes: r.type === 'perft' ? String(r.nodes) : '0' };
    } else {
      value = sumValues(Object.values(await job.getChildrenValues<JobValue>()));
    }
    o.log(`done ${job.id}`);
    return value;
  };
  const worker = new Worker<ClusterJob, JobValue>(QUEUE, processJob, {
    connection: clientOptions(o.connection),
    concurrency: o.concurrency,
    lockDuration: o.lockMs,
    stalledInterval: Math.max(500, Math.floor(o.lockMs / 2)),
    maxStalledCount: 10,
  });
  worker.on('failed', (job, e) => o.log(`failed ${job?.id} ${e.message}`));
  const report = reportConnection(o.connection, o.warn);
  worker.on('error', report.error);
  return {
    async close() {
      report.close();
      // Without waiting for Redis: a job cut short runs again elsewhere once its lock expires.
      await worker.close(true);
      await pool.close();
    },
  };
}
