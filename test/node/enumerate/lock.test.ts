/**
 * A work directory serves one run at a time (`lock.json`): a second run on it is refused while
 * the first one's process lives, and takes over a lock whose process is gone (a killed run).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { EnumerateError, runEnumeration } from '../../../src/node/enumerate/run.js';
import { diskOptions } from './disk-options.js';
import { tempDir } from '../../helpers.js';

const MAIN = fileURLToPath(new URL('../../../../dist/cli/main.js', import.meta.url));

// Ground truth: OEIS A083276 (docs/rules/enumeration.md §2.1).
const FIDE = [1, 20, 400, 5362];

const options = diskOptions;

const lockOf = (pid: number, host = hostname()): string => JSON.stringify({ pid, host });

test('a run is refused while another live process holds the work directory, and the lock is left to it', async () => {
  const dir = tempDir('caissa-lock-');
  const holder = spawn('sleep', ['30']);
  try {
    const work = join(dir, 'run');
    mkdirSync(work);
    writeFileSync(join(work, 'lock.json'), lockOf(holder.pid!));
    await assert.rejects(runEnumeration(options(work)), (e: Error) => e instanceof EnumerateError && e.message.includes(`in use by process ${holder.pid} on ${hostname()}`));
    assert.ok(existsSync(join(work, 'lock.json')));
    // One on another host cannot be checked: refused too, naming the host.
    writeFileSync(join(work, 'lock.json'), lockOf(process.pid, 'elsewhere.example'));
    await assert.rejects(runEnumeration(options(work)), /in use by process \d+ on elsewhere\.example/);
  } finally {
    holder.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the lock of a process that is gone, or one a kill left empty, is taken over; the run releases its own', async () => {
  const dir = tempDir('caissa-lock-');
  try {
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    for (const [name, stale] of [['dead', lockOf(gone)], ['empty', '']] as const) {
      const work = join(dir, name);
      mkdirSync(work);
      writeFileSync(join(work, 'lock.json'), stale);
      const r = await runEnumeration(options(work));
      assert.deepEqual(r.levels.map((l) => l.positions), FIDE, name);
      assert.ok(!existsSync(join(work, 'lock.json')), name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('caissa enumerate on a directory another caissa enumerate is running in exits 1 naming it; the first run counts on', async () => {
  const dir = tempDir('caissa-lock-');
  const work = join(dir, 'run');
  const args = [MAIN, 'enumerate', '--plies', '5', '--workdir', work, '--resume', '--memory', '0.01', '--threads', '1', '--quiet', '--json'];
  const first = spawn(process.execPath, args);
  let out = '';
  first.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<number | null>((resolve) => first.on('close', resolve));
  try {
    while (!existsSync(join(work, 'lock.json'))) await new Promise((r) => setTimeout(r, 20));
    // Held still while the second starts, so that it cannot finish first on a busy machine.
    first.kill('SIGSTOP');
    const second = spawnSync(process.execPath, args, { encoding: 'utf8' });
    first.kill('SIGCONT');
    assert.equal(second.status, 1, second.stderr);
    assert.match(second.stderr, new RegExp(`in use by process ${first.pid} on `));
    assert.equal(await ended, 0);
    const levels = out.split('\n').filter((line) => line.startsWith('{"ply"')).map((line) => (JSON.parse(line) as { positions: number }).positions);
    assert.deepEqual(levels, [...FIDE, 72078, 822518]);
    assert.ok(!existsSync(join(work, 'lock.json')));
  } finally {
    first.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
