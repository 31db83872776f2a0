import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Position } from '../../../src/chess/position.js';
import { makeFen } from '../../../src/notation/fen.js';
import { parseRedisUrl, redactRedisUrl, unreachableRedis } from '../../../src/node/cluster/connection.js';
import { initWorkdir } from '../../../src/node/enumerate/run.js';
import { debianBinary } from '../../debian.js';
import { tempDir } from '../../helpers.js';

// Ground truth: A083276 to n = 5 and perft 6 (A048987), from docs/rules/enumeration.md §2.1.
const FIDE = [1, 20, 400, 5362, 72078, 822518];
const PERFT_6 = 119060324;
// perft 0 to 3 of the start position (A048987).
const PERFT = [1, 20, 400, 8902];
const RUNNER = fileURLToPath(new URL('../enumerate/cli-runner.js', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function lines(child: ChildProcess, onLine: (line: string) => void): void {
  let buf = '';
  child.stdout!.on('data', (b: Buffer) => {
    buf += b.toString();
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      onLine(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
}

/** Runs the CLI; killed after `killAfterMs` if given (its code is then null). */
async function run(args: string[], cwd?: string, killAfterMs?: number): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [RUNNER, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...(cwd !== undefined ? { cwd } : {}) });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, out, err };
}

const server = debianBinary('redis-server', ['/usr/bin/redis-server']);

test('cluster: 3 workers on a local Redis, one killed mid-job: same counts to n = 5 and perft 6', { skip: server === undefined ? 'redis-server not installable (apt-get failed)' : false, timeout: 240000 }, async () => {
  const port = await freePort();
  const redis = spawn(server!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const dir = tempDir('caissa-cluster-test-');
  const url = `redis://127.0.0.1:${port}`;
  const workers: ChildProcess[] = [];
  try {
    // Wait for Redis.
    for (let i = 0; i < 50; i++) {
      const ping = await run(['cluster', 'status', '--redis', url, '--json']);
      if (ping.code === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    let killed = '';
    for (let k = 0; k < 3; k++) {
      // Worker 0 sleeps inside each job, so it is surely killed in the middle of one.
      const extra = k === 0 ? ['--delay-ms', '3000'] : [];
      const w = spawn(process.execPath, [RUNNER, 'cluster', 'worker', '--redis', url, '--lock-ms', '2000', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
      if (k === 0) {
        lines(w, (line) => {
          if (killed === '' && line.startsWith('start ')) {
            killed = line;
            w.kill('SIGKILL');
          }
        });
      } else {
        lines(w, () => {});
      }
      workers.push(w);
    }
    const submit = await run(['cluster', 'submit', '--redis', url, '--plies', '5', '--workdir', join(dir, 'run'), '--memory', '0.001', '--json']);
    assert.equal(submit.code, 0, submit.err);
    assert.notEqual(killed, '', 'worker 0 was killed during a job');
    const out = submit.out.trim().split('\n');
    const final = JSON.parse(out.pop()!) as { positions: number; plies: number };
    assert.equal(final.positions, FIDE[5]);
    assert.deepEqual(out.map((l) => (JSON.parse(l) as { positions: number }).positions), FIDE.slice(1));
    const perft = await run(['cluster', 'submit', '--redis', url, '--perft', '6', '--cut', '3', '--shards', '12', '--json']);
    assert.equal(perft.code, 0, perft.err);
    assert.equal((JSON.parse(perft.out.trim().split('\n').pop()!) as { nodes: number }).nodes, PERFT_6);
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cluster commands with no Redis at the URL exit 2 with the reason (no endless retries)', { timeout: 60000 }, async () => {
  const port = await freePort(); // nothing listens there
  for (const args of [['status'], ['submit', '--perft', '2'], ['worker']]) {
    const r = await run(['cluster', ...args, '--redis', `redis://127.0.0.1:${port}`]);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, new RegExp(`cannot reach Redis at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
  }
});

/**
 * Runs `body` with a fresh local Redis, one cluster worker started in its own directory (not the
 * submitter's), and a temporary directory; stops them all after.
 */
async function withCluster(body: (url: string, dir: string) => Promise<void>, o: { worker: boolean } = { worker: true }): Promise<void> {
  const port = await freePort();
  const redis = spawn(server!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const dir = tempDir('caissa-cluster-test-');
  const url = `redis://127.0.0.1:${port}`;
  let worker: ChildProcess | undefined;
  try {
    for (let i = 0; i < 50; i++) {
      if ((await run(['cluster', 'status', '--redis', url, '--json'])).code === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const elsewhere = join(dir, 'worker-cwd');
    mkdirSync(elsewhere);
    if (o.worker) worker = spawn(process.execPath, [RUNNER, 'cluster', 'worker', '--redis', url, '--lock-ms', '2000'], { stdio: ['ignore', 'ignore', 'inherit'], cwd: elsewhere });
    const submitter = join(dir, 'submit-cwd');
    mkdirSync(submitter);
    await body(url, submitter);
  } finally {
    worker?.kill('SIGKILL');
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first line of Redis's reply to one command (RESP), e.g. ':1500' for PTTL. */
async function redisCommand(url: string, ...args: string[]): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let reply = '';
    socket.once('error', reject);
    socket.on('data', (b: Buffer) => {
      reply += b.toString();
      const end = reply.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(reply.slice(0, end));
      }
    });
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}

/** The exit code `exit` gives within 20 s, else 'hung' (and the child is killed). */
async function exitWithin(child: ChildProcess, exit: Promise<number | null>): Promise<number | null | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 20000)));
  const code = await Promise.race([exit, hung]);
  clearTimeout(timer);
  if (code === 'hung') child.kill('SIGKILL');
  return code;
}

const needsRedis = { skip: server === undefined ? 'redis-server not installable (apt-get failed)' : false, timeout: 120000 };

test('cluster submit: a relative --workdir names the submitter\'s directory, which workers elsewhere are given whole', needsRedis, async () => {
  await withCluster(async (url, cwd) => {
    const r = await run(['cluster', 'submit', '--redis', url, '--plies', '3', '--workdir', 'run', '--json'], cwd);
    assert.equal(r.code, 0, r.err);
    const out = r.out.trim().split('\n');
    assert.equal((JSON.parse(out.pop()!) as { positions: number }).positions, FIDE[3]);
    // Each level's line: paths are perft (A048987), and children, the moves of the previous
    // level's distinct positions, are perft too while no position is reached twice (to ply 2:
    // A083276(2) = 400 = perft 2), so to ply 3.
    assert.deepEqual(
      out.map((l) => JSON.parse(l) as unknown),
      [1, 2, 3].map((ply) => ({ ply, positions: FIDE[ply], children: PERFT[ply], paths: PERFT[ply] })),
    );
    assert.ok(existsSync(join(cwd, 'run', 'manifest.json')));
  });
});

test('cluster submit then status --workdir: the work directory keeps only the last level and the manifest, whose levels status reports (JSON and text)', needsRedis, async () => {
  await withCluster(async (url, cwd) => {
    const work = join(cwd, 'run');
    const r = await run(['cluster', 'submit', '--redis', url, '--plies', '2', '--workdir', work, '--json']);
    assert.equal(r.code, 0, r.err);
    // The level before the last and the last level's spill files are removed as the run goes.
    assert.deepEqual(readdirSync(work).sort(), ['L2', 'manifest.json']);
    assert.ok(!existsSync(join(work, 'L2', 'spill')));
    const json = await run(['cluster', 'status', '--redis', url, '--workdir', work, '--json']);
    assert.equal(json.code, 0, json.err);
    const s = JSON.parse(json.out) as { jobs: Record<string, number>; manifest: { levels: { ply: number; positions: number }[] } };
    assert.deepEqual(s.manifest.levels.map((l) => [l.ply, l.positions]), [0, 1, 2].map((ply) => [ply, FIDE[ply]]));
    assert.equal(s.jobs.failed, 0);
    assert.ok(s.jobs.completed! > 0);
    const text = await run(['cluster', 'status', '--redis', url, '--workdir', work]);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /^completed +\d+$/m);
    assert.match(text.out, /^ply 2: 400 positions \(\d+ buckets\)$/m);
  });
});

test('cluster worker --threads 2 runs two jobs at once, each under a lock of --lock-ms, and with neither one at a time under BullMQ\'s 30 s lock; perft runs of other depths or cuts are jobs of their own; SIGTERM or SIGINT stops a worker (exit 0)', needsRedis, async () => {
  await withCluster(
    async (url, cwd) => {
      const perft = async (depth: number, cut: number, nodes: number): Promise<void> => {
        const r = await run(['cluster', 'submit', '--redis', url, '--perft', String(depth), '--cut', String(cut), '--shards', '2', '--json']);
        assert.equal(r.code, 0, r.err);
        assert.equal((JSON.parse(r.out.trim()) as { nodes: number }).nodes, nodes, `perft ${depth} cut ${cut}`);
      };
      const worker = (args: string[]) => {
        const w = spawn(process.execPath, [RUNNER, 'cluster', 'worker', '--redis', url, ...args], { stdio: ['ignore', 'pipe', 'inherit'], cwd });
        const log: string[] = [];
        const ready = new Promise<void>((resolve) => lines(w, (line) => (line === 'worker ready' ? resolve() : log.push(line))));
        return { w, log, ready, exit: new Promise<number | null>((resolve) => w.on('exit', resolve)) };
      };
      // Each job sleeps 3 s first: both shards start before either is done, which a worker taking
      // one job at a time would not log.
      const a = worker(['--threads', '2', '--delay-ms', '3000', '--lock-ms', '2000']);
      let ok = false;
      try {
        await a.ready;
        const counted = perft(2, 1, 400); // A048987
        while (a.log.length === 0) await new Promise((r) => setTimeout(r, 50));
        // A job's lock (BullMQ's key of the job with ':lock') lasts --lock-ms, renewed while it runs:
        // a dead worker's job is taken again after about that long.
        const id = /^start (\S+) perft$/.exec(a.log[0]!)![1]!;
        const ttl = Number((await redisCommand(url, 'PTTL', `bull:caissa:${id}:lock`)).slice(1));
        await counted;
        assert.ok(ttl > 0 && ttl <= 2000, `lock of ${id}: ${ttl} ms left`);
        assert.match(a.log.slice(0, 2).join(', '), /^start perft\.\w+\.[01] perft, start perft\.\w+\.[01] perft$/, a.log.join(', '));
        ok = true;
      } finally {
        // Stopped by signal once it has passed; killed else (it would retry the Redis that goes away).
        a.w.kill(ok ? 'SIGTERM' : 'SIGKILL');
      }
      assert.equal(await exitWithin(a.w, a.exit), 0);
      // Without --threads or --lock-ms a worker takes BullMQ's defaults for a Worker: one job at a
      // time (concurrency 1), under a lock of 30,000 ms (lockDuration), renewed at half of it.
      const b = worker(['--delay-ms', '1000']);
      await b.ready;
      ok = false;
      try {
        // Another depth or cut of the same position is a count of its own (--cut past the depth is the depth).
        const counted = perft(3, 1, 8902);
        while (b.log.length === 0) await new Promise((r) => setTimeout(r, 50));
        const id = /^start (\S+) perft$/.exec(b.log[0]!)![1]!;
        const ttl = Number((await redisCommand(url, 'PTTL', `bull:caissa:${id}:lock`)).slice(1));
        await counted;
        assert.ok(ttl > 15000 && ttl <= 30000, `lock of ${id}: ${ttl} ms left`);
        await perft(2, 3, 400);
        // Each job is done before the next starts.
        for (let i = 0; i + 1 < b.log.length; i += 2) {
          const started = /^start (\S+) /.exec(b.log[i]!)?.[1];
          assert.equal(b.log[i + 1], `done ${started}`, b.log.join(', '));
        }
        ok = true;
      } finally {
        b.w.kill(ok ? 'SIGINT' : 'SIGKILL');
      }
      assert.equal(await exitWithin(b.w, b.exit), 0);
    },
    { worker: false },
  );
});

test('cluster submit again after a kill that followed the last level\'s manifest entry: what the level left (its spill files, its parent level) is removed', needsRedis, async () => {
  await withCluster(async (url, cwd) => {
    const work = join(cwd, 'run');
    const args = ['cluster', 'submit', '--redis', url, '--plies', '3', '--workdir', work, '--json'];
    assert.equal((await run(args)).code, 0);
    // What a kill of the submitter between the manifest write and the clean-up leaves.
    for (const leftover of [join(work, 'L2'), join(work, 'L3', 'spill')]) {
      mkdirSync(leftover, { recursive: true });
      writeFileSync(join(leftover, 'x0.bin'), 'x');
    }
    const again = await run(args);
    assert.equal(again.code, 0, again.err);
    assert.equal((JSON.parse(again.out.trim().split('\n').pop()!) as { positions: number }).positions, FIDE[3]);
    assert.deepEqual(readdirSync(work).sort(), ['L3', 'manifest.json']);
    assert.ok(!existsSync(join(work, 'L3', 'spill')));
  });
});

test('cluster submit: a job that fails for good ends the submit with its reason (exit 1, no stack trace, control characters escaped), and submitting again, once the cause is gone, resumes the run', needsRedis, async () => {
  await withCluster(async (url, cwd) => {
    // A directory name with a terminal escape in it, which the reason quotes.
    const work = join(cwd, 'run\x1b[7m');
    const start = Position.standard();
    initWorkdir(work, { fen: makeFen(start), identity: 'fide', plies: 2, resume: false, pos: start });
    // A file where level 1's spill directory goes: every attempt of the expand job fails.
    mkdirSync(join(work, 'L1'));
    writeFileSync(join(work, 'L1', 'spill'), 'x');
    const args = ['cluster', 'submit', '--redis', url, '--plies', '2', '--workdir', work, '--json'];
    const failed = await run(args);
    assert.equal(failed.code, 1, failed.err);
    assert.match(failed.err, /^caissa cluster: L1 expand failed: .*EEXIST.*spill.* \(submit again to resume, once the cause is gone\)\n$/);
    assert.doesNotMatch(failed.err, /\n\s+at /);
    // The escape is shown, not sent to the terminal.
    assert.ok(failed.err.includes('run\\x1b[7m/L1/spill') && !failed.err.includes('\x1b'), failed.err);
    rmSync(join(work, 'L1', 'spill'));
    const again = await run(args);
    assert.equal(again.code, 0, again.err);
    assert.equal((JSON.parse(again.out.trim().split('\n').pop()!) as { positions: number }).positions, FIDE[2]);
  });
});

test('cluster submit: a job that fails once is retried, and the run goes on once the cause is gone', needsRedis, async () => {
  await withCluster(
    async (url, cwd) => {
      const work = join(cwd, 'run');
      const start = Position.standard();
      initWorkdir(work, { fen: makeFen(start), identity: 'fide', plies: 2, resume: false, pos: start });
      // A file where level 1's spill directory goes fails the expand job, until the test removes
      // it on the worker's first 'failed' line: a later attempt (of 5, 500 ms apart) succeeds.
      mkdirSync(join(work, 'L1'));
      writeFileSync(join(work, 'L1', 'spill'), 'x');
      const w = spawn(process.execPath, [RUNNER, 'cluster', 'worker', '--redis', url], { stdio: ['ignore', 'pipe', 'inherit'], cwd });
      const failures: string[] = [];
      lines(w, (line) => {
        if (line.startsWith('failed ') && failures.push(line) === 1) rmSync(join(work, 'L1', 'spill'));
      });
      try {
        const r = await run(['cluster', 'submit', '--redis', url, '--plies', '2', '--workdir', work, '--json']);
        assert.equal(r.code, 0, r.err);
        assert.equal((JSON.parse(r.out.trim().split('\n').pop()!) as { positions: number }).positions, FIDE[2]);
        assert.ok(failures.length >= 1 && /EEXIST/.test(failures[0]!), failures.join(', '));
      } finally {
        w.kill('SIGKILL');
      }
    },
    { worker: false },
  );
});

test('cluster: bad usage is named as such before Redis is tried (exit 2 with the usage), with no Redis at the URL too', { timeout: 60000 }, async () => {
  const url = `redis://127.0.0.1:${await freePort()}`; // nothing listens there
  for (const [args, reason] of [
    [['stats'], /expected worker, submit or status, got 'stats'/],
    [['submit'], /submit needs --plies N and --workdir DIR, or --perft D/],
    [['submit', '--plies', '2'], /submit needs --plies N and --workdir DIR, or --perft D/],
    [['submit', '--workdir', 'w'], /submit needs --plies N and --workdir DIR, or --perft D/],
    [['submit', '--plies', 'x', '--workdir', 'w'], /--plies: expected an integer/],
    [['submit', '--perft', '3', '--shards', '0'], /--shards: expected an integer ≥ 1/],
    [['submit', '--plies', '2', '--workdir', 'w', '--identity', 'diagram'], /the diagram identity runs in memory only/],
    [['submit', '--plies', '2', '--workdir', 'w', '--identity', 'nope'], /--identity: unknown identity 'nope'/],
    [['worker', '--threads', '0'], /--threads: expected an integer from 1 to 256/],
    [['worker', '--lock-ms', '5'], /--lock-ms: expected an integer ≥ 100/],
    // An option of another form is refused, not ignored (--perft with --plies counted perft only).
    [['submit', '--perft', '3', '--plies', '2', '--workdir', 'w'], /--plies is not an option of cluster submit --perft/],
    [['submit', '--perft', '3', '--memory', '1'], /--memory is not an option of cluster submit --perft/],
    [['submit', '--plies', '2', '--workdir', 'w', '--shards', '4'], /--shards is not an option of cluster submit --plies/],
    [['worker', '--plies', '2'], /--plies is not an option of cluster worker/],
    [['status', '--threads', '2'], /--threads is not an option of cluster status/],
    // --memory reads as caissa enumerate's does: a plain decimal number of GB.
    [['submit', '--plies', '2', '--workdir', 'w', '--memory', 'Infinity'], /--memory: expected a positive number of GB, got 'Infinity'/],
    [['submit', '--plies', '2', '--workdir', 'w', '--memory', '0x10'], /--memory: expected a positive number of GB, got '0x10'/],
    [['submit', '--plies', '2', '--workdir', 'w', '--memory', '1e3'], /--memory: expected a positive number of GB, got '1e3'/],
  ] as const) {
    const r = await run(['cluster', ...args, '--redis', url]);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, reason, args.join(' '));
    assert.match(r.err, /\nusage: caissa cluster worker/, args.join(' '));
    // Tried, the Redis at the URL (none) would have been the error: it is not.
    assert.doesNotMatch(r.err, /cannot reach Redis/, args.join(' '));
  }
  // A FEN is bad input, named as such before Redis is tried too.
  const fen = await run(['cluster', 'submit', '--perft', '2', '--fen', 'not a fen', '--redis', url]);
  assert.equal(fen.code, 2);
  assert.match(fen.err, /^caissa cluster: invalid FEN/);
});

test('cluster submit and status: a work directory of another run (exit 2), or a damaged manifest (exit 1), is refused with the reason, no stack trace', needsRedis, async () => {
  await withCluster(async (url, cwd) => {
    const work = join(cwd, 'run');
    const start = Position.standard();
    initWorkdir(work, { fen: makeFen(start), identity: 'fide', plies: 2, resume: false, pos: start });
    const other = await run(['cluster', 'submit', '--redis', url, '--plies', '3', '--workdir', work]);
    assert.equal(other.code, 2, other.err);
    assert.match(other.err, /^caissa cluster: .*run holds a different run \(fide, 2 plies, /);
    assert.doesNotMatch(other.err, /\n\s+at /);
    writeFileSync(join(work, 'manifest.json'), '{"version":1,');
    for (const args of [['submit', '--plies', '2', '--workdir', work], ['status', '--workdir', work]]) {
      const r = await run(['cluster', ...args, '--redis', url]);
      assert.equal(r.code, 1, `${args[0]}: ${r.err}`);
      assert.match(r.err, /^caissa cluster: work directory damaged: .*manifest\.json is not JSON/, args[0]);
      assert.doesNotMatch(r.err, /\n\s+at /, args[0]);
    }
  });
});

test('cluster commands with something other than Redis at the URL (an HTTP server, a silent one) exit 2 with the reason, not hang', { timeout: 120000 }, async () => {
  const http = createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
  const silent = createServer(() => {});
  const listen = (srv: typeof http): Promise<number> =>
    new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve((srv.address() as { port: number }).port)));
  const [httpPort, silentPort] = [await listen(http), await listen(silent)];
  try {
    for (const [port, reason] of [[httpPort, /127\.0\.0\.1:\d+ is not Redis \(its answer is no Redis reply\)\n$/], [silentPort, /no answer from 127\.0\.0\.1:\d+ within 3000 ms\n$/]] as const) {
      for (const args of [['status'], ['submit', '--perft', '2'], ['worker']]) {
        const child = spawn(process.execPath, [RUNNER, 'cluster', ...args, '--redis', `redis://127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
        let err = '';
        child.stderr.on('data', (b: Buffer) => (err += b.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        clearTimeout(timer);
        assert.equal(code, 2, `${args.join(' ')} at ${port}: ${err.slice(0, 300)}`);
        assert.match(err, reason, args.join(' '));
      }
    }
  } finally {
    http.close();
    silent.close();
  }
});

test('cluster --redis URL: host, port (Redis\'s 6379 when none), user and password (percent-decoded) and database are read as ioredis reads them, with no retry limit for BullMQ', async () => {
  // ioredis, the client BullMQ connects with, is an independent reader of the redis:// scheme;
  // the port it takes when the URL gives none is its default option.
  const { parseURL } = await import('ioredis/built/utils/index.js');
  const { DEFAULT_REDIS_OPTIONS } = await import('ioredis/built/redis/RedisOptions.js');
  for (const url of ['redis://127.0.0.1', 'redis://redis.example:6380', 'redis://redis.example:6380/', 'redis://:p%40ss%3Aw0rd@10.1.2.3:7000/3', 'redis://h:1/15', 'redis://j%C3%BCrg:pw@h:1/2', 'redis://[::1]:7000', 'redis://[2001:db8::7]']) {
    const r = parseRedisUrl(url);
    assert.ok(r.ok, url);
    const ref = parseURL(url) as { host?: string; port?: string; username?: string; password?: string; db?: string };
    const { host, port, username, password, db, maxRetriesPerRequest } = r.value;
    assert.deepEqual(
      { host, port, username, password, db, maxRetriesPerRequest },
      {
        host: ref.host,
        port: ref.port === undefined ? DEFAULT_REDIS_OPTIONS.port : Number(ref.port),
        // ioredis gives an empty user name with a password alone: the default user.
        username: ref.username || undefined,
        password: ref.password,
        db: ref.db === undefined ? undefined : Number(ref.db),
        // BullMQ's blocking commands must wait for Redis, not fail after a number of retries.
        maxRetriesPerRequest: null,
      },
      url,
    );
  }
  // A database is a number (SELECT's index), not a name.
  const named = parseRedisUrl('redis://127.0.0.1:6379/jobs');
  assert.deepEqual(named.ok ? named.value : named.error, { kind: 'redis-url', message: "bad database number in 'redis://127.0.0.1:6379/jobs'" });
  // Messages that name a URL show no password: ioredis' password, wherever it ends, is replaced.
  for (const url of ['redis://:s3cr@t@h:1/x', 'redis://alice:pw%2Fx@h:1/y', 'redis://alice:p:w@[::1]:1/z']) {
    const ref = parseURL(url) as { password?: string };
    const parsed = parseRedisUrl(url);
    assert.ok(!parsed.ok, url);
    assert.ok(ref.password !== undefined && !parsed.error.message.includes(ref.password) && !redactRedisUrl(url).includes(ref.password), `${url}: ${parsed.error.message}`);
    assert.match(parsed.error.message, /^bad database number in 'redis:\/\/[a-z]*:\*\*\*@[^@]*'$/);
  }
  assert.equal(redactRedisUrl('redis://alice@h:1'), 'redis://alice@h:1');
  assert.equal(redactRedisUrl('redis://h:1/2'), 'redis://h:1/2');
  assert.equal(parseRedisUrl('redis://:pw@h:port').ok ? 'parsed' : (parseRedisUrl('redis://:pw@h:port') as { error: { message: string } }).error.message, "not a URL: 'redis://:***@h:port' (expected redis://host:port)");
});

test('the Redis check (ioredis connect and PING, no retries) names a server that is not Redis, one that closes the connection or says nothing, within its timeout, and closes its own connection', { timeout: 60000 }, async () => {
  const cases: [(s: Socket) => void, (at: string) => string][] = [
    [(s) => s.once('data', () => s.end('HTTP/1.1 400 Bad Request\r\n\r\n')), (at) => `${at} is not Redis (its answer is no Redis reply)`],
    [(s) => s.write('SSH-2.0-OpenSSH_9.2\r\n'), (at) => `${at} is not Redis (its answer is no Redis reply)`],
    [(s) => s.end(), (at) => `${at} is not Redis (it closed the connection)`],
    [() => {}, (at) => `no answer from ${at} within 1000 ms`],
  ];
  for (const [answer, reason] of cases) {
    const closed: Promise<void>[] = [];
    const sockets: Socket[] = [];
    const srv = createServer((s) => {
      sockets.push(s);
      closed.push(new Promise((resolve) => s.once('close', () => resolve())));
      s.on('error', () => {});
      s.resume(); // reads what the client sends, so that its end is seen
      answer(s);
    });
    const port = await new Promise<number>((resolve) => srv.listen(0, '127.0.0.1', () => resolve((srv.address() as { port: number }).port)));
    try {
      const start = Date.now();
      const why = await unreachableRedis({ host: '127.0.0.1', port, maxRetriesPerRequest: null }, 1000);
      assert.equal(why, reason(`127.0.0.1:${port}`));
      assert.ok(Date.now() - start < 2500, `${why}: ${Date.now() - start} ms`);
      // One connection, no retry, and it is closed (the server's side sees it end).
      assert.equal(closed.length, 1, `${why}`);
      await closed[0];
    } finally {
      for (const s of sockets) s.destroy();
      srv.close();
    }
  }
});

test('cluster commands at a Redis that needs a password, given none or a wrong one, or naming a database Redis does not have, exit 2 with Redis\'s reason, no stack trace; the password, percent-encoded, is used, and one Redis does not need is no error', needsRedis, async () => {
  const port = await freePort();
  // Databases 0 to 15; the password holds an '@', written %40 in the URL.
  let redis = spawn(server!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--databases', '16', '--requirepass', 's3cr@t'], { stdio: 'ignore' });
  const at = `127.0.0.1:${port}`;
  try {
    let status = await run(['cluster', 'status', '--redis', `redis://:s3cr%40t@${at}/15`, '--json']);
    for (let i = 0; i < 50 && status.code !== 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await run(['cluster', 'status', '--redis', `redis://:s3cr%40t@${at}/15`, '--json']);
    }
    assert.equal(status.code, 0, status.err);
    assert.equal((JSON.parse(status.out) as { jobs: Record<string, number> }).jobs.completed, 0);
    for (const [url, reason] of [
      [`redis://${at}`, `Redis at ${at} refused: NOAUTH Authentication required.`],
      [`redis://:secret@${at}`, `Redis at ${at} refused: WRONGPASS invalid username-password pair or user is disabled.`],
      [`redis://:s3cr%40t@${at}/16`, `Redis at ${at} refused: ERR DB index is out of range`],
    ]) {
      for (const args of [['status'], ['submit', '--perft', '2'], ['worker']]) {
        // Killed if it hangs, as the clients retrying a refused connection would.
        const r = await run(['cluster', ...args, '--redis', url!], undefined, 20000);
        assert.equal(r.code, 2, `${args.join(' ')} ${url}: ${r.err}`);
        // The URL as given, its password hidden.
        assert.equal(r.err, `caissa cluster: --redis ${url!.replace(/:[^:@]*@/, ':***@')}: ${reason}\n`, args.join(' '));
        assert.ok(!/secret|s3cr/.test(r.err), r.err);
      }
    }
    // A password for a Redis that needs none is no reason to stop: ioredis warns and goes on.
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
    redis = spawn(server!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const open = `redis://:unneeded@${at}`;
    status = await run(['cluster', 'status', '--redis', open, '--json']);
    for (let i = 0; i < 50 && /cannot reach/.test(status.err); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await run(['cluster', 'status', '--redis', open, '--json']);
    }
    assert.equal(status.code, 0, status.err);
  } finally {
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
  }
});

test('cluster commands reach a Redis at an IPv6 address, written in brackets in the URL', needsRedis, async () => {
  const port = await freePort();
  const redis = spawn(server!, ['--port', String(port), '--bind', '::1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  try {
    const url = `redis://[::1]:${port}`;
    let status = await run(['cluster', 'status', '--redis', url, '--json']);
    for (let i = 0; i < 50 && /ECONNREFUSED/.test(status.err); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await run(['cluster', 'status', '--redis', url, '--json']);
    }
    assert.equal(status.code, 0, status.err);
    assert.equal((JSON.parse(status.out) as { jobs: Record<string, number> }).jobs.completed, 0);
  } finally {
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
  }
});

test('cluster commands given a user in --redis authenticate as that ACL user (Redis 6 and later), not as the default user; a user given without a password is sent as ioredis sends it', needsRedis, async () => {
  const port = await freePort();
  // The default user is off: only alice, with her password, and bob, who needs none, may connect.
  const redis = spawn(server!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--user', 'default', 'off', '--user', 'alice', 'on', '>pw', '~*', '&*', '+@all', '--user', 'bob', 'on', 'nopass', '~*', '&*', '+@all'], { stdio: 'ignore' });
  const at = `127.0.0.1:${port}`;
  try {
    const url = `redis://alice:pw@${at}`;
    let status = await run(['cluster', 'status', '--redis', url, '--json'], undefined, 20000);
    for (let i = 0; i < 50 && /ECONNREFUSED/.test(status.err); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await run(['cluster', 'status', '--redis', url, '--json'], undefined, 20000);
    }
    assert.equal(status.code, 0, status.err);
    assert.equal((JSON.parse(status.out) as { jobs: Record<string, number> }).jobs.completed, 0);
    // A user without a password: ioredis, the clients' connection, logs in as that user (with an
    // empty password), so bob is let in and alice is not. The probe must say the same.
    const { Redis } = await import('ioredis');
    for (const [user, whoami] of [['bob', 'bob'], ['alice', undefined]] as const) {
      const client = new Redis({ host: '127.0.0.1', port, username: user, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => {});
      let reference: string | undefined;
      try {
        await client.connect();
        reference = String(await client.call('ACL', 'WHOAMI'));
      } catch {
        reference = undefined;
      } finally {
        client.disconnect();
      }
      assert.equal(reference, whoami, `ioredis as ${user}`);
      const r = await run(['cluster', 'status', '--redis', `redis://${user}@${at}`, '--json'], undefined, 20000);
      if (whoami !== undefined) assert.equal(r.code, 0, `${user}: ${r.err}`);
      else assert.deepEqual([r.code, r.err], [2, `caissa cluster: --redis redis://${user}@${at}: Redis at ${at} refused: WRONGPASS invalid username-password pair or user is disabled.\n`]);
    }
  } finally {
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
  }
});

test('a Redis that restarts empty mid-run: the submitter notices the lost jobs, submits them again and gets the right count; the loss is reported once, in one line each, with no stack trace', needsRedis, async () => {
  const port = await freePort();
  const startRedis = () => spawn(server!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  let redis = startRedis();
  const url = `redis://127.0.0.1:${port}`;
  const dir = tempDir('caissa-cluster-test-');
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < 50 && (await run(['cluster', 'status', '--redis', url, '--json'])).code !== 0; i++) await new Promise((r) => setTimeout(r, 200));
    // Jobs that take 300 ms each: the run outlasts the restart.
    const worker = spawn(process.execPath, [RUNNER, 'cluster', 'worker', '--redis', url, '--delay-ms', '300', '--lock-ms', '2000'], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    children.push(worker);
    const log: string[] = [];
    let workerErr = '';
    worker.stderr!.on('data', (b: Buffer) => (workerErr += b.toString()));
    const ready = new Promise<void>((resolve) => lines(worker, (line) => (line === 'worker ready' ? resolve() : log.push(line))));
    await ready;
    const submitter = spawn(process.execPath, [RUNNER, 'cluster', 'submit', '--redis', url, '--perft', '4', '--cut', '2', '--shards', '12', '--json'], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    children.push(submitter);
    let out = '';
    let err = '';
    submitter.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    submitter.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    const exit = new Promise<number | null>((resolve) => submitter.on('exit', resolve));
    // Once a job has run, Redis goes away for 3 s and comes back with nothing in it.
    while (!log.some((l) => l.startsWith('done '))) await new Promise((r) => setTimeout(r, 50));
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    await new Promise((r) => setTimeout(r, 3000));
    redis = startRedis();
    assert.equal(await exitWithin(submitter, exit), 0, err);
    assert.equal((JSON.parse(out.trim()) as { nodes: number }).nodes, 197281); // perft 4 (A048987)
    const at = `127.0.0.1:${port}`;
    for (const [who, text] of [['submitter', err], ['worker', workerErr]] as const) {
      assert.doesNotMatch(text, /^\s+at /m, `${who}: ${text}`);
      assert.equal(text.match(/lost the connection/g)?.length, 1, `${who}: ${text}`);
      assert.match(text, new RegExp(`^caissa cluster: lost the connection to Redis at ${at.replace(/\./g, '\\.')} \\(E[A-Z]+\\): retrying every 2 s$`, 'm'), who);
      assert.match(text, new RegExp(`^caissa cluster: the connection to Redis at ${at.replace(/\./g, '\\.')} is back$`, 'm'), who);
    }
    assert.match(err, /^caissa cluster: Redis lost the jobs of perft 4 \(restarted without its data\?\): submitting them again$/m);
  } finally {
    for (const c of children) c.kill('SIGKILL');
    redis.kill('SIGKILL');
  }
});
