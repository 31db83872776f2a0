/** The one-run-at-a-time lock of resumable work (`src/node/lock.ts`): a pid file with a stale check. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeLock, type LockOptions } from '../../src/node/lock.js';
import { tempDir } from '../helpers.js';

class Held extends Error {}
class Failed extends Error {}
const options: LockOptions = { subject: 'the work', users: 'a test', fail: (message, held) => (held ? new Held(message) : new Failed(message)) };

/** The pid of a process that has ended (and been reaped), so is not running. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

const holderText = (pid: number, token = `t${pid}`) => JSON.stringify({ pid, host: hostname(), token });
const staleText = () => holderText(deadPid());
const tokenOf = (path: string): string => (JSON.parse(readFileSync(path, 'utf8')) as { token: string }).token;

test('a lock is taken (pid, host, token), refused to a second run while a live process holds it, and released', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  const release = takeLock(path, options);
  const held = JSON.parse(readFileSync(path, 'utf8')) as { pid: number; host: string; token: string };
  assert.equal(held.pid, process.pid);
  assert.equal(held.host, hostname());
  assert.match(held.token, /^[0-9a-f]{24}$/);
  release();
  assert.equal(existsSync(path), false);
  // The parent process runs: its lock holds, and the message says whose it is and what to do.
  writeFileSync(path, holderText(process.ppid));
  assert.throws(
    () => takeLock(path, options),
    (e) => e instanceof Held && e.message === `the work is in use by process ${process.ppid} on ${hostname()} (a test): wait for it to end, or remove ${path} if it no longer runs`,
  );
  // One held on another host cannot be checked: left to the user.
  writeFileSync(path, JSON.stringify({ pid: 1, host: `${hostname()}-other`, token: 'x' }));
  assert.throws(() => takeLock(path, options), (e) => e instanceof Held && e.message.includes('-other'));
  assert.deepEqual(readdirSync(dir), ['lock.json']);
});

test("a killed run's lock, or one cut short or naming no holder, is taken over and leaves no file behind", () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  // A holder is a pid and a host (its token, when given, only names takeover files): a live pid
  // without a host is no run's.
  const deadNoToken = JSON.stringify({ pid: deadPid(), host: hostname() });
  for (const left of [staleText(), deadNoToken, '', '{"pid":12', JSON.stringify({ pid: process.ppid }), JSON.stringify({ pid: String(process.ppid), host: hostname(), token: 'a' })]) {
    writeFileSync(path, left);
    const release = takeLock(path, options);
    assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid, left);
    assert.deepEqual(readdirSync(dir), ['lock.json'], left);
    release();
    assert.deepEqual(readdirSync(dir), [], left);
  }
});

test('a lock file that cannot be written (its directory is missing) is that error, not a lock another run holds', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'missing', 'lock.json');
  assert.throws(() => takeLock(path, options), (e) => e instanceof Failed && e.message.startsWith('the work: cannot take its lock (') && e.message.includes('ENOENT'));
  assert.deepEqual(readdirSync(dir), []);
});

test('a lock path that is no regular file (a directory, a symbolic link, a FIFO) is a clear error naming it, and is left alone', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  const make: [string, () => void][] = [
    ['a directory', () => mkdirSync(join(path, 'x'), { recursive: true })],
    ['a symbolic link', () => symlinkSync(join(dir, 'elsewhere'), path)],
  ];
  if (spawnSync('mkfifo', ['--help']).status === 0) make.push(['not a regular file', () => spawnSync('mkfifo', [path])]);
  for (const [kind, create] of make) {
    create();
    assert.throws(() => takeLock(path, options), (e) => e instanceof Failed && e.message === `${path} is not a lock file (${kind}): remove it`, kind);
    assert.deepEqual(readdirSync(dir), ['lock.json'], kind);
    rmSync(path, { recursive: true });
  }
});

test('a stale lock that a live run is taking over (its takeover file names a running process) is left to that run: nothing is removed', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  const stale = staleText();
  writeFileSync(path, stale);
  const marker = `${path}.${tokenOf(path)}.takeover`;
  const taker = holderText(process.ppid);
  writeFileSync(marker, taker);
  assert.throws(() => takeLock(path, options), (e) => e instanceof Held && e.message.includes('at the same time'));
  assert.equal(readFileSync(path, 'utf8'), stale);
  assert.equal(readFileSync(marker, 'utf8'), taker);
  assert.equal(readdirSync(dir).length, 2);
});

test("runs killed while taking over a stale lock (their takeover files left) keep no later run off, which removes their files", () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  for (const killed of [1, 2, 4]) {
    writeFileSync(path, staleText());
    const token = tokenOf(path);
    for (let k = 1; k <= killed; k++) writeFileSync(`${path}.${token}.takeover${k === 1 ? '' : k}`, staleText());
    const release = takeLock(path, options);
    assert.deepEqual(readdirSync(dir), ['lock.json'], `${killed} left`);
    assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid);
    release();
    assert.deepEqual(readdirSync(dir), []);
  }
});

test('two runs taking over one stale lock at once: the one that comes second finds the first holding it, and removes nothing of it', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  writeFileSync(path, staleText());
  // Run A judges the lock stale; before A acts, run B (a live process: the parent's pid, as a
  // second process would write it) takes it over whole.
  const rival = holderText(process.ppid, 'rival');
  const takeRival = () => {
    if (readFileSync(path, 'utf8') === rival) return;
    rmSync(path);
    writeFileSync(path, rival);
  };
  assert.throws(
    () => takeLock(path, { ...options, beforeTakeover: takeRival }),
    (e) => e instanceof Held && e.message.includes(`in use by process ${process.ppid}`),
  );
  assert.equal(readFileSync(path, 'utf8'), rival);
  assert.deepEqual(readdirSync(dir), ['lock.json']);
});

test('a stale lock that another run removes between its judging and its takeover is taken on the next try', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  writeFileSync(path, staleText());
  const release = takeLock(path, { ...options, beforeTakeover: () => rmSync(path) });
  assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid);
  release();
  assert.deepEqual(readdirSync(dir), []);
});

test('a release removes only its own lock: one the user replaced meanwhile is left', () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  const release = takeLock(path, options);
  const other = holderText(process.ppid, 'other');
  writeFileSync(path, other);
  release();
  assert.equal(readFileSync(path, 'utf8'), other);
});

test('processes racing for one lock (free, stale, or stale with a killed takeover): never two holders at once, and one holds it', async () => {
  const dir = tempDir('caissa-lock-');
  const path = join(dir, 'lock.json');
  const log = join(dir, 'log');
  const lockModule = fileURLToPath(new URL('../../src/node/lock.js', import.meta.url));
  // Each child waits for a common instant plus a random delay, tries the lock, and if it gets it
  // logs its hold; a child refused tries again until the round ends, so holds follow each other.
  // Children sleep (not spin: two cores) until a common instant, then try; a child refused tries
  // again until the round ends, so holds follow each other.
  const child = `
import { appendFileSync } from 'node:fs';
import { takeLock } from ${JSON.stringify(lockModule)};
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
sleep(Number(process.argv[1]) - Date.now());
// A random pause between judging a lock stale and taking it over lets the others act meanwhile.
const beforeTakeover = () => sleep(Math.random() * 15);
const end = Date.now() + 400;
while (Date.now() < end) {
  let release;
  try { release = takeLock(${JSON.stringify(path)}, { subject: 'w', users: 'u', fail: (m) => new Error(m), beforeTakeover }); } catch { sleep(1); continue; }
  appendFileSync(${JSON.stringify(log)}, 'in ' + process.pid + '\\n');
  sleep(20);
  appendFileSync(${JSON.stringify(log)}, 'out ' + process.pid + '\\n');
  release();
  break;
}`;
  for (let round = 0; round < 6; round++) {
    rmSync(path, { force: true });
    if (round % 3 >= 1) writeFileSync(path, staleText());
    if (round % 3 === 2) writeFileSync(`${path}.${tokenOf(path)}.takeover`, staleText());
    writeFileSync(log, '');
    const start = String(Date.now() + 1500);
    await Promise.all(
      Array.from({ length: 6 }, () => new Promise((resolve) => spawn(process.execPath, ['--input-type=module', '-e', child, start], { stdio: 'ignore' }).on('close', resolve))),
    );
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    // Holds never overlap: every 'in' is followed by the same process's 'out'.
    assert.ok(lines.length >= 2, `round ${round}: someone took the lock`);
    for (let i = 0; i < lines.length; i += 2) assert.equal(lines[i + 1], lines[i]!.replace('in', 'out'), `round ${round}: ${lines.join(', ')}`);
    assert.deepEqual(readdirSync(dir).sort(), ['log'], `round ${round}`);
  }
});
