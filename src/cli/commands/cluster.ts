import { parseArgs } from 'node:util';
import { makeFen } from '../../notation/fen.js';
import { parseRedisUrl, redactRedisUrl, unreachableRedis } from '../../node/cluster/connection.js';
import { EnumerateError } from '../../node/enumerate/run.js';
import { parseIdentity } from '../../tools/enumerate/identity.js';
import type { LevelStats } from '../../tools/enumerate/plies.js';
import { positionArg } from '../position-arg.js';
import { EXIT_FAILED, EXIT_OK, InputError, parseDepth, parseGigabytes, parseIntOption, parseThreads, UsageError, type Command } from '../usage.js';
import { visible } from '../../core/visible.js';

const usage = `caissa cluster worker --redis URL [--threads K] [--lock-ms N] [--delay-ms N]
caissa cluster submit --redis URL --plies N --workdir DIR (shared) [--fen F] [--identity fide|pseudo-ep|fen] [--memory GB] [--json]
caissa cluster submit --redis URL --perft D [--cut C] [--shards S] [--fen F] [--json]
caissa cluster status --redis URL [--workdir DIR] [--json]`;

/** The options of each form of the command (the usage's lines): any other is refused, not ignored. */
const FORM_OPTIONS: Record<'worker' | 'status' | 'submit --perft' | 'submit --plies', readonly string[]> = {
  worker: ['redis', 'threads', 'lock-ms', 'delay-ms'],
  status: ['redis', 'workdir', 'json'],
  'submit --perft': ['redis', 'perft', 'cut', 'shards', 'fen', 'json'],
  'submit --plies': ['redis', 'plies', 'workdir', 'fen', 'identity', 'memory', 'json'],
};

// The cluster's queue modules load BullMQ and ioredis, a quarter of a second that every other
// command would pay if they were imported with this file: they are loaded when used.
const submitModule = () => import('../../node/cluster/submit.js');
const workerModule = () => import('../../node/cluster/worker.js');

/**
 * BullMQ and ioredis are optional peer dependencies: a library user who never runs the cluster
 * does not install them. Their absence is named before Redis is reached, found by resolving
 * them, which loads nothing.
 */
function requireQueuePackages(): void {
  const missing = ['bullmq', 'ioredis'].filter((name) => {
    try {
      import.meta.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new InputError(`the cluster needs the optional packages bullmq and ioredis; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed (npm install bullmq ioredis)`);
  }
}

export const clusterCommand: Command = {
  name: 'cluster',
  summary: 'distributed enumeration and perft over BullMQ on Redis (worker, submit, status)',
  usage,
  example: 'caissa cluster status --redis redis://127.0.0.1:6379',
  async run(args) {
    const [sub, ...rest] = args;
    const { values } = parseArgs({
      args: rest,
      options: {
        redis: { type: 'string' },
        threads: { type: 'string' },
        'lock-ms': { type: 'string' },
        'delay-ms': { type: 'string' },
        plies: { type: 'string' },
        perft: { type: 'string' },
        cut: { type: 'string' },
        shards: { type: 'string' },
        workdir: { type: 'string' },
        fen: { type: 'string' },
        identity: { type: 'string' },
        memory: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    // Everything the options say is checked before Redis is reached: bad usage is named as such
    // at once, with Redis down too, rather than after a connection attempt or in its place.
    if (sub !== 'worker' && sub !== 'submit' && sub !== 'status') throw new UsageError(`expected worker, submit or status, got '${sub ?? ''}'`);
    const form = sub === 'submit' ? (values.perft !== undefined ? 'submit --perft' : 'submit --plies') : sub;
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined && value !== false && !FORM_OPTIONS[form].includes(name)) throw new UsageError(`--${name} is not an option of cluster ${form}`);
    }
    if (values.redis === undefined) throw new UsageError('--redis URL is required');
    const redis = parseRedisUrl(values.redis);
    if (!redis.ok) throw new UsageError(redis.error.message);
    const connection = redis.value;
    // The queue packages are installed and Redis answers.
    const ready = async (): Promise<void> => {
      requireQueuePackages();
      const unreachable = await unreachableRedis(connection);
      if (unreachable !== undefined) throw new InputError(`--redis ${redactRedisUrl(values.redis!)}: ${unreachable}`);
    };
    if (sub === 'worker') {
      const options = {
        connection,
        concurrency: parseThreads(values.threads, 1),
        lockMs: parseIntOption('--lock-ms', values['lock-ms'], 30000, 100),
        delayMs: parseIntOption('--delay-ms', values['delay-ms'], 0),
        log: (line: string) => console.log(line),
        warn: (line: string) => console.error(`caissa cluster: ${visible(line)}`),
      };
      await ready();
      const worker = (await workerModule()).startClusterWorker(options);
      console.log('worker ready');
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await worker.close();
      return EXIT_OK;
    }
    if (sub === 'status') {
      await ready();
      let s;
      try {
        s = await (await submitModule()).clusterStatus(connection, values.workdir);
      } catch (e) {
        if (!(e instanceof EnumerateError)) throw e;
        console.error(`caissa cluster: ${visible(e.message)}`);
        return EXIT_FAILED;
      }
      if (values.json) console.log(JSON.stringify(s));
      else {
        for (const [k, v] of Object.entries(s.jobs)) console.log(`${k.padEnd(18)} ${v}`);
        for (const l of s.manifest?.levels ?? []) console.log(`ply ${l.ply}: ${l.positions} positions (${l.buckets} buckets)`);
      }
      return EXIT_OK;
    }
    const pos = positionArg(values.fen);
    const warn = (line: string): void => console.error(`caissa cluster: ${visible(line)}`);
    let submit: () => Promise<void>;
    if (values.perft !== undefined) {
      const depth = parseDepth('--perft', values.perft, 0);
      const o = { connection, pos, depth, cut: parseDepth('--cut', values.cut, Math.min(3, depth)), shards: parseIntOption('--shards', values.shards, 64, 1), warn };
      submit = async () => {
        const start = performance.now();
        const nodes = await (await submitModule()).submitPerft(o);
        const ms = Math.round(performance.now() - start);
        // The count as a JSON number, every digit kept (JSON.stringify refuses a bigint).
        console.log(values.json ? `{"nodes":${nodes},"depth":${depth},"ms":${ms}}` : `Nodes searched: ${nodes}`);
      };
    } else {
      if (values.plies === undefined || values.workdir === undefined) throw new UsageError('submit needs --plies N and --workdir DIR, or --perft D');
      const plies = parseDepth('--plies', values.plies, 0);
      const identity = parseIdentity(values.identity ?? 'fide');
      if (!identity.ok) throw new UsageError(`--identity: ${identity.error.message}`);
      if (identity.value === 'diagram') throw new UsageError('the diagram identity runs in memory only (caissa enumerate)');
      const o = {
        connection,
        dir: values.workdir,
        pos,
        fen: makeFen(pos),
        plies,
        identity: identity.value,
        unitBytes: parseGigabytes('--memory', values.memory, 1),
        warn,
        onLevel: (l: LevelStats) => console.log(values.json ? JSON.stringify(l) : `ply ${l.ply}: ${l.positions} positions, ${l.paths} paths`),
      };
      submit = async () => {
        const start = performance.now();
        const levels = await (await submitModule()).submitEnumeration(o);
        const ms = Math.round(performance.now() - start);
        const positions = levels[levels.length - 1]!.positions;
        console.log(values.json ? JSON.stringify({ positions, plies, ms }) : `after exactly ${plies} plies: ${positions} positions, ${ms} ms`);
      };
    }
    await ready();
    const { ClusterError } = await submitModule();
    try {
      await submit();
      return EXIT_OK;
    } catch (e) {
      // A work directory of another run is bad input (exit 2), as for caissa enumerate; a damaged
      // one is the user's to mend: its reason alone (exit 1).
      if (e instanceof EnumerateError && e.input) throw new InputError(e.message);
      if (e instanceof EnumerateError) {
        console.error(`caissa cluster: ${visible(e.message)}`);
        return EXIT_FAILED;
      }
      // A job that fails for good is reported with its reason, not BullMQ's stack trace.
      if (!(e instanceof ClusterError)) throw e;
      console.error(`caissa cluster: ${visible(e.message)} (submit again to resume, once the cause is gone)`);
      return EXIT_FAILED;
    }
  },
};
