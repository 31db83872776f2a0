/**
 * The coordinator side of the distributed mode: one BullMQ flow per phase of each level (the
 * parent "barrier" job completes only when all its children have, and sums their values), and
 * perft by subtree (distinct positions at a cut depth with multiplicities, in shards; the parent
 * sums Σ multiplicity × perft(rest)). Bulk data goes through the shared work directory only.
 * Submitting the same run again reuses the job ids and the finished units: it resumes (a flow
 * that failed is submitted again under the next generation of its ids, see `runFlow`).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { FlowProducer, Job, Queue, QueueEvents } from 'bullmq';
import type { Position } from '../../chess/position.js';
import { identityCode, type Identity } from '../../tools/enumerate/identity.js';
import { enumeratePlies, type LevelStats } from '../../tools/enumerate/plies.js';
import { lockWorkdir } from '../enumerate/lock.js';
import { exactPaths, initWorkdir, makeWorkdir, planBuckets, removeLeftovers } from '../enumerate/run.js';
import { removeIfPresent } from '../enumerate/units.js';
import { levelDir, manifestFile, readChecked, spillDir, writeJsonAtomic, type Manifest } from '../enumerate/workdir.js';
import { clientOptions, QUEUE, reportConnection, type ConnectionReport, type RedisOptions } from './connection.js';
import { jobId, type ClusterJob, type JobValue } from './jobs.js';

export interface SubmitEnumeration {
  readonly connection: RedisOptions;
  readonly dir: string;
  readonly pos: Position;
  readonly fen: string;
  readonly plies: number;
  readonly identity: Identity;
  /** Memory of one worker thread's unit, in bytes (sizes the buckets). */
  readonly unitBytes: number;
  readonly onLevel?: (l: LevelStats) => void;
  readonly log?: (line: string) => void;
  /** Where a lost connection to Redis, or jobs Redis lost, are reported (one line each). */
  readonly warn?: (line: string) => void;
}

const TIMEOUT = 24 * 3600 * 1000;

/** A run that cannot finish: a job failed for good (its attempts spent); the message says which and why. */
export class ClusterError extends Error {
  override readonly name = 'ClusterError';
}

/** The queue clients a submitter holds while it runs flows. */
interface Clients {
  readonly flows: FlowProducer;
  readonly events: QueueEvents;
  readonly queue: Queue;
  readonly report: ConnectionReport;
  readonly warn: (line: string) => void;
}

async function openClients(o: RedisOptions, warn: (line: string) => void = () => {}): Promise<Clients> {
  const connection = clientOptions(o);
  const report = reportConnection(o, warn);
  const clients = { flows: new FlowProducer({ connection }), events: new QueueEvents(QUEUE, { connection }), queue: new Queue(QUEUE, { connection }), report, warn };
  clients.flows.on('error', report.error);
  clients.events.on('error', report.error);
  clients.queue.on('error', report.error);
  await clients.events.waitUntilReady();
  return clients;
}

async function closeClients(c: Clients): Promise<void> {
  c.report.close();
  await c.flows.close();
  await c.events.close();
  await c.queue.close();
}

/** Milliseconds between the checks that a flow's parent job is still in Redis. */
const LOST_CHECK_MS = 2000;
/** Times a flow that Redis lost (a restart with an empty database) is submitted again. */
const MAX_RESUBMITS = 3;

/** The flow's jobs are gone from Redis: it restarted without its data, or they were removed. */
class LostJobs extends Error {}

/**
 * The parent job's value, once it finishes; a LostJobs error when the job is no longer in Redis.
 * (BullMQ's own wait would wait the whole timeout for a job that no longer exists.)
 */
async function waitForParent(c: Clients, job: Job): Promise<JobValue> {
  const finished = job.waitUntilFinished(c.events, TIMEOUT) as Promise<JobValue>;
  let timer: NodeJS.Timeout | undefined;
  const lost = new Promise<never>((_, reject) => {
    const check = (): void => {
      timer = setTimeout(() => {
        Job.fromId(c.queue, job.id!).then((found) => (found === undefined ? reject(new LostJobs()) : check()), () => check());
      }, LOST_CHECK_MS);
    };
    check();
  });
  try {
    return await Promise.race([finished, lost]);
  } finally {
    clearTimeout(timer);
    // A wait left behind for a lost job settles only at the timeout, or when the clients close.
    finished.catch(() => {});
  }
}

const isFailed = async (queue: Queue, id: string): Promise<Job | undefined> => {
  const job = await Job.fromId(queue, id);
  return job !== undefined && (await job.isFailed()) ? job : undefined;
};

async function runFlow(
  c: Clients,
  id: string,
  label: string,
  parentKind: 'barrier' | 'perft-sum',
  children: { name: string; id: string; data: ClusterJob }[],
): Promise<JobValue> {
  // A failed flow stays in Redis under its ids, and a job added under a taken id is not added
  // again: a run submitted again after a failure takes the next generation of ids (its finished
  // units find their markers on disk and skip the work). A flow that has not failed, such as a
  // killed submitter's, is joined as it is.
  let generation = 0;
  while ((await isFailed(c.queue, generation === 0 ? id : jobId(id, `g${generation}`))) !== undefined) generation++;
  const ofGeneration = (base: string): string => (generation === 0 ? base : jobId(base, `g${generation}`));
  const flow = {
    name: parentKind,
    queueName: QUEUE,
    data: { kind: parentKind, label } satisfies ClusterJob,
    opts: { jobId: ofGeneration(id), removeOnComplete: false },
    children: children.map((child) => ({
      name: child.name,
      queueName: QUEUE,
      data: child.data,
      opts: { jobId: ofGeneration(child.id), attempts: 5, backoff: { type: 'fixed', delay: 500 }, failParentOnFailure: true },
    })),
  };
  try {
    // A flow that Redis lost is submitted again (its finished units skip their work).
    for (let resubmits = 0; ; resubmits++) {
      try {
        return await waitForParent(c, (await c.flows.add(flow)).job);
      } catch (e) {
        if (!(e instanceof LostJobs)) throw e;
        if (resubmits === MAX_RESUBMITS) throw new ClusterError(`${label}: Redis lost its jobs ${MAX_RESUBMITS + 1} times (restarted without its data?)`);
        c.warn(`Redis lost the jobs of ${label} (restarted without its data?): submitting them again`);
      }
    }
  } catch (e) {
    if (e instanceof ClusterError) throw e;
    // The parent only says that a child failed: name the child and its own reason.
    for (const child of children) {
      const failed = await isFailed(c.queue, ofGeneration(child.id));
      if (failed !== undefined) throw new ClusterError(`${label} failed: job ${failed.id}: ${failed.failedReason.split('\n')[0]}`);
    }
    throw new ClusterError(`${label} failed: ${(e as Error).message}`);
  }
}

export async function submitEnumeration(o: SubmitEnumeration): Promise<LevelStats[]> {
  // Jobs name the directory to workers that run in directories of their own (on other machines
  // too, where the shared directory is mounted at the same path): a relative path is made whole.
  const dir = resolve(o.dir);
  makeWorkdir(dir);
  const release = lockWorkdir(dir);
  try {
    return await submitLocked(o, dir);
  } finally {
    release();
  }
}

async function submitLocked(o: SubmitEnumeration, dir: string): Promise<LevelStats[]> {
  const manifest = initWorkdir(dir, { fen: o.fen, identity: o.identity, plies: o.plies, resume: true, pos: o.pos });
  const run = createHash('sha1').update(`${dir}|${o.fen}|${o.identity}|${o.plies}`).digest('hex').slice(0, 12);
  const code = identityCode(o.identity);
  const clients = await openClients(o.connection, o.warn);
  try {
    const levels = [...manifest.levels];
    removeLeftovers(dir, levels);
    for (let ply = levels.length; ply <= o.plies; ply++) {
      const parent = levels[ply - 1]!;
      const last = ply === o.plies;
      const buckets = planBuckets(dir, ply, levels, last, o.unitBytes, 1);
      const expand = await runFlow(
        clients,
        jobId(run, `L${ply}`, 'expand'),
        `L${ply} expand`,
        'barrier',
        Array.from({ length: parent.buckets }, (_, i) => ({
          name: 'expand',
          id: jobId(run, `L${ply}`, 'x', i),
          data: { kind: 'expand', unit: { dir, ply: ply - 1, bucket: i, childBuckets: buckets, last, identity: code, memoryBytes: o.unitBytes } },
        })),
      );
      o.log?.(`L${ply}: expanded ${parent.buckets} buckets, ${expand.children} children`);
      const dedup = await runFlow(
        clients,
        jobId(run, `L${ply}`, 'dedup'),
        `L${ply} dedup`,
        'barrier',
        Array.from({ length: buckets }, (_, j) => ({
          name: 'dedup',
          id: jobId(run, `L${ply}`, 'b', j),
          data: { kind: 'dedup', unit: { dir, ply, bucket: j, parentBuckets: parent.buckets, last } },
        })),
      );
      const rec = { ply, buckets, positions: dedup.count, children: expand.children, paths: exactPaths(ply, dedup.paths) };
      levels.push(rec);
      writeJsonAtomic(manifestFile(dir), { ...manifest, levels } satisfies Manifest);
      removeIfPresent(spillDir(dir, ply));
      removeIfPresent(levelDir(dir, ply - 1));
      o.onLevel?.({ ply, positions: rec.positions, children: rec.children, paths: rec.paths });
    }
    return levels.map((l) => ({ ply: l.ply, positions: l.positions, children: l.children, paths: l.paths }));
  } finally {
    await closeClients(clients);
  }
}

export interface SubmitPerft {
  readonly connection: RedisOptions;
  readonly pos: Position;
  readonly depth: number;
  /** Distinct positions at this depth are the subtrees. */
  readonly cut: number;
  readonly shards: number;
  /** Where a lost connection to Redis, or jobs Redis lost, are reported (one line each). */
  readonly warn?: (line: string) => void;
}

/** perft(depth) as Σ multiplicity × perft(depth − cut) over the distinct positions at `cut`, in shard jobs. */
export async function submitPerft(o: SubmitPerft): Promise<bigint> {
  const cut = Math.min(o.cut, o.depth);
  const level = enumeratePlies(o.pos, cut, { keepLast: true }).last;
  const entries = level.compact();
  const stride = level.stride;
  const count = entries.length / stride;
  const shards = Math.max(1, Math.min(o.shards, count));
  const digest = createHash('sha1').update(`${Array.from(o.pos.words).join(',')}|${o.depth}|${cut}|${shards}`).digest('hex').slice(0, 12);
  const clients = await openClients(o.connection, o.warn);
  try {
    const children = Array.from({ length: shards }, (_, s) => {
      const from = Math.floor((s * count) / shards);
      const to = Math.floor(((s + 1) * count) / shards);
      return {
        name: 'perft',
        id: jobId('perft', digest, s),
        data: { kind: 'perft', entries: Array.from(entries.subarray(from * stride, to * stride)), depth: o.depth - cut, chess960: o.pos.chess960 } satisfies ClusterJob,
      };
    });
    const value = await runFlow(clients, jobId('perft', digest, 'sum'), `perft ${o.depth}`, 'perft-sum', children);
    return BigInt(value.nodes);
  } finally {
    await closeClients(clients);
  }
}

/** Job counts of the queue, and the manifest of a work directory if given. */
export async function clusterStatus(connection: RedisOptions, dir?: string): Promise<{ jobs: Record<string, number>; manifest?: Manifest }> {
  const queue = new Queue(QUEUE, { connection });
  try {
    const jobs = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed', 'waiting-children');
    const manifest = dir !== undefined ? readChecked(manifestFile(dir), 'manifest') : undefined;
    return { jobs, ...(manifest !== undefined ? { manifest } : {}) };
  } finally {
    await queue.close();
  }
}
