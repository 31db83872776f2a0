/** The temporary spill directory of an in-memory enumeration (`src/node/enumerate/spill.ts`). */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../helpers.js';

const RUNNER = fileURLToPath(new URL('./cli-runner.js', import.meta.url));
// A budget that the fifth level does not fit in: the run spills to a temporary directory, and
// runs long enough (ply 7) to be interrupted before it ends.
const ARGS = [RUNNER, 'enumerate', '--plies', '7', '--memory', '0.002', '--threads', '1', '--quiet', '--json'];

const spillDirs = (tmp: string): string[] => readdirSync(tmp).filter((n) => n.startsWith('caissa-enumerate-'));

/** Starts an enumeration with `tmp` as its temporary directory; resolves with it once it has spilled there. */
async function spilling(tmp: string) {
  const child = spawn(process.execPath, ARGS, { env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
  const exit = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (code, signal) => resolve([code, signal])));
  const deadline = Date.now() + 60_000;
  // Its directory, named after its process, with spill files in it.
  const own = (): string | undefined => spillDirs(tmp).find((d) => d.startsWith(`caissa-enumerate-${child.pid}-`) && readdirSync(join(tmp, d)).length > 0);
  while (own() === undefined && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  assert.ok(own() !== undefined, 'the run spilled to a directory named after its process');
  return { child, exit };
}

test('an in-memory enumeration that spilled removes its spill directory on SIGINT and SIGTERM, and exits with 128 + the signal\'s number', { timeout: 180_000 }, async () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    const tmp = tempDir('caissa-spill-test-');
    const { child, exit } = await spilling(tmp);
    child.kill(signal);
    assert.deepEqual(await exit, [code, null]);
    assert.deepEqual(spillDirs(tmp), [], signal);
  }
});

test('the spill directory of a run killed with -9 is swept by the next run that spills; a live run\'s is left', { timeout: 180_000 }, async () => {
  const tmp = tempDir('caissa-spill-test-');
  const killed = await spilling(tmp);
  killed.child.kill('SIGKILL');
  await killed.exit;
  const stale = spillDirs(tmp)[0]!;
  assert.ok(existsSync(join(tmp, stale)));
  // The next run sweeps it when it spills, and leaves nothing of its own at its end.
  const next = await spilling(tmp);
  assert.ok(!existsSync(join(tmp, stale)), 'the killed run\'s directory is swept');
  // A third run, while the second runs, leaves the second's directory alone.
  const third = spawn(process.execPath, ARGS, { env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
  const thirdExit = new Promise((resolve) => third.on('exit', resolve));
  const until = Date.now() + 60_000;
  while (spillDirs(tmp).length < 2 && Date.now() < until && third.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  assert.equal(spillDirs(tmp).length, 2, 'the live run\'s directory was left');
  next.child.kill('SIGTERM');
  third.kill('SIGTERM');
  await Promise.all([next.exit, thirdExit]);
  assert.deepEqual(spillDirs(tmp), []);
});
