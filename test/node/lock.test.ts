/** The one-run-at-a-time lock of resumable work (`src/node/lock.ts`). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeLock, type LockOptions } from '../../src/node/lock.js';

class Held extends Error {}
class Failed extends Error {}
const options: LockOptions = { subject: 'the work', users: 'a test', fail: (message, held) => (held ? new Held(message) : new Failed(message)) };

/** The pid of a process that has ended (and been reaped), so is not running. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

const staleText = () => JSON.stringify({ pid: deadPid(), host: hostname() });

test('a lock is taken, refused to a second run while a live process holds it, and released', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  const release = takeLock(path, options);
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), { pid: process.pid, host: hostname() });
  release();
  assert.equal(existsSync(path), false);
  // The parent process runs: its lock holds.
  writeFileSync(path, JSON.stringify({ pid: process.ppid, host: hostname() }));
  assert.throws(() => takeLock(path, options), (e) => e instanceof Held && e.message.includes(`process ${process.ppid}`));
  // One held on another host cannot be checked: left to the user.
  writeFileSync(path, JSON.stringify({ pid: 1, host: `${hostname()}-other` }));
  assert.throws(() => takeLock(path, options), (e) => e instanceof Held && e.message.includes('-other'));
  assert.deepEqual(readdirSync(dir), ['lock.json']);
});

test("a killed run's lock, or one a kill left empty or cut short, is taken over", () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  for (const left of [staleText(), '', '{"pid":12']) {
    writeFileSync(path, left);
    const release = takeLock(path, options);
    assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid);
    release();
    assert.deepEqual(readdirSync(dir), []);
  }
});

test('a lock file that cannot be written (its directory is missing) is that error, not a lock another run holds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'missing', 'lock.json');
  // LockOptions.fail: held only when another run holds the lock, else the file could not be written.
  assert.throws(() => takeLock(path, options), (e) => e instanceof Failed && e.message.startsWith('the work: cannot take its lock (') && e.message.includes('ENOENT'));
  assert.deepEqual(readdirSync(dir), []);
});

/** The takeover file of the lock file at `path` as it now is (lock.ts: named after its inode and change time). */
function takeoverName(path: string): string {
  const s = statSync(path, { bigint: true });
  return `${path}.${s.ino}-${s.ctimeNs}.takeover`;
}

test('a stale lock whose takeover file is in the way as no regular file (a directory) is that error, naming it, not a lock another run took', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  writeFileSync(path, staleText());
  const marker = takeoverName(path);
  mkdirSync(join(marker, 'x'), { recursive: true });
  assert.throws(() => takeLock(path, options), (e) => e instanceof Failed && e.message === `${marker} is not a lock file (a directory): remove it`);
  rmSync(marker, { recursive: true });
  assert.deepEqual(readdirSync(dir), ['lock.json']);
});

test('a stale lock that a live run is taking over (its takeover file names a running process) is left to that run: nothing is removed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  const stale = staleText();
  writeFileSync(path, stale);
  const marker = takeoverName(path);
  const taker = JSON.stringify({ pid: process.ppid, host: hostname() });
  writeFileSync(marker, taker);
  assert.throws(() => takeLock(path, options), (e) => e instanceof Held && e.message.includes('at the same time'));
  assert.equal(readFileSync(path, 'utf8'), stale);
  assert.equal(readFileSync(marker, 'utf8'), taker);
  assert.equal(readdirSync(dir).length, 2);
});

test('a run killed while taking over a stale lock (its takeover file left, and that one\'s too) keeps no later run off, which leaves no file behind', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  for (const levels of [1, 2]) {
    writeFileSync(path, staleText());
    let file = path;
    for (let l = 0; l < levels; l++) {
      const marker = takeoverName(file);
      writeFileSync(marker, l === 0 ? staleText() : '');
      file = marker;
    }
    const release = takeLock(path, options);
    assert.deepEqual(readdirSync(dir), ['lock.json'], `${levels} left`);
    assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid);
    release();
    assert.deepEqual(readdirSync(dir), []);
  }
});

test('a lock file that names no holder (a pid without a host, a host without a pid, a pid that is no integer) is no run\'s: it is taken over, a live pid notwithstanding', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  // A holder is a pid and a host (module comment): the parent process runs, but no host is named.
  for (const left of [JSON.stringify({ pid: process.ppid }), JSON.stringify({ host: hostname() }), JSON.stringify({ pid: String(process.ppid), host: hostname() })]) {
    writeFileSync(path, left);
    const release = takeLock(path, options);
    assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid, left);
    release();
    assert.deepEqual(readdirSync(dir), []);
  }
});

test('two runs taking over one stale lock at once: the second to act finds the first holding it, and leaves its lock alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  writeFileSync(path, staleText());
  // Run A judges the lock stale; before A acts, run B takes it over whole.
  let rival: (() => void) | undefined;
  const rivalText = () => readFileSync(path, 'utf8');
  let taken = '';
  let takenAs = '';
  assert.throws(
    () =>
      takeLock(path, {
        ...options,
        beforeTakeover: () => {
          rival = takeLock(path, options);
          taken = rivalText();
          takenAs = takeoverName(path);
        },
      }),
    (e) => e instanceof Held && e.message.includes('at the same time'),
  );
  assert.ok(rival !== undefined, 'the rival took the lock');
  // B's lock is still there, the very file B made, never moved (its inode and change time are
  // the same): A removed nothing of B's.
  assert.equal(rivalText(), taken);
  assert.equal(takeoverName(path), takenAs);
  assert.deepEqual(readdirSync(dir), ['lock.json']);
  rival();
  assert.deepEqual(readdirSync(dir), []);
});

test('a stale lock that another run removes between its judging and its takeover is taken on the next try (the vanished lock is a retry, not an error)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  writeFileSync(path, staleText());
  // Run A judges the lock stale; before A acts, another run removes it (and leaves).
  const release = takeLock(path, { ...options, beforeTakeover: () => rmSync(path) });
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), { pid: process.pid, host: hostname() });
  release();
  assert.deepEqual(readdirSync(dir), []);
});

test('a lock file put in place between judging and takeover is left alone even when its text is the stale one (a reused pid): the file moved must be the one judged', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  const text = staleText();
  writeFileSync(path, text);
  // Before run A acts, another run's lock of the same text replaces the judged file: made aside
  // while the judged one still exists (so a new inode), then renamed over it.
  const replace = () => {
    writeFileSync(join(dir, 'rival'), text);
    renameSync(join(dir, 'rival'), path);
  };
  assert.throws(() => takeLock(path, { ...options, beforeTakeover: replace }), (e) => e instanceof Held && e.message.includes('at the same time'));
  assert.equal(readFileSync(path, 'utf8'), text);
  assert.deepEqual(readdirSync(dir), ['lock.json']);
});

test('processes racing for one stale lock: never two holders at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-lock-'));
  const path = join(dir, 'lock.json');
  const log = join(dir, 'log');
  const lockModule = fileURLToPath(new URL('../../src/node/lock.js', import.meta.url));
  // Each child waits for a common instant, tries the lock, and if it gets it logs its hold.
  const child = `
import { appendFileSync } from 'node:fs';
import { takeLock } from ${JSON.stringify(lockModule)};
const start = Number(process.argv[1]);
while (Date.now() < start);
let release;
try { release = takeLock(${JSON.stringify(path)}, { subject: 'w', users: 'u', fail: (m) => new Error(m) }); } catch { process.exit(0); }
appendFileSync(${JSON.stringify(log)}, 'in ' + process.pid + '\\n');
const until = Date.now() + 150;
while (Date.now() < until);
appendFileSync(${JSON.stringify(log)}, 'out ' + process.pid + '\\n');
release();`;
  for (let round = 0; round < 5; round++) {
    writeFileSync(path, staleText());
    writeFileSync(log, '');
    const start = String(Date.now() + 400);
    await Promise.all(
      Array.from({ length: 6 }, () => new Promise((resolve) => spawn(process.execPath, ['--input-type=module', '-e', child, start], { stdio: 'ignore' }).on('close', resolve))),
    );
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    // Holds never overlap: every 'in' is followed by the same process's 'out'.
    assert.ok(lines.length >= 2, `round ${round}: someone took the lock`);
    for (let i = 0; i < lines.length; i += 2) assert.equal(lines[i + 1], lines[i]!.replace('in', 'out'), `round ${round}: ${lines.join(', ')}`);
    assert.equal(existsSync(path), false);
  }
});
