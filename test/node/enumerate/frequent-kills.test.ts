import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Rng } from '../../../src/core/rng.js';
import { levelDir, manifestFile, spillDir } from '../../../src/node/enumerate/workdir.js';
import { tempDir, testSeed } from '../../helpers.js';

const RUNNER = fileURLToPath(new URL('./cli-runner.js', import.meta.url));

/**
 * What a work directory holds of its run, as one number that grows with the work done: the
 * finished levels, then the committed units of the level under way (bucket markers, expansion
 * indexes and the parts of restarted expansions).
 */
function committed(work: string): number {
  if (!existsSync(manifestFile(work))) return 0;
  const levels = (JSON.parse(readFileSync(manifestFile(work), 'utf8')) as { levels: unknown[] }).levels.length;
  const names = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);
  const units =
    names(levelDir(work, levels)).filter((n) => /^b\d+\.json$/.test(n)).length +
    names(spillDir(work, levels)).filter((n) => /^x\d+\.(p\d+\.)?json$/.test(n)).length;
  return levels * 1e6 + units;
}

/** The milliseconds of a whole run of 2 plies on disk: what a process takes to start and get going here. */
function startup(dir: string, name: string): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', join(dir, name), '--threads', '2', '--quiet'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return performance.now() - start;
}

// docs/rules/enumeration.md §2.1: 822,518 positions after 5 plies (A083276). At ply 5 the level of
// ply 4 is one bucket: its expansion is one unit of a second or more, longer than the time each
// process gets here past its start.
test('a run killed every 0.2 to 1 s past its start-up still finishes: no kill undoes work, and the count is exact', { timeout: 900_000 }, async (t) => {
  const dir = tempDir('caissa-enum-kills-');
  const work = join(dir, 'run');
  const rng = new Rng(testSeed(45));
  const base = Math.max(startup(dir, 'a'), startup(dir, 'b'));
  let kills = 0;
  let before = 0;
  let idle = 0;
  let longestIdle = 0;
  let last = '';
  for (let attempt = 0; last === ''; attempt++) {
    assert.ok(attempt < 200, `still unfinished after ${kills} kills (${longestIdle} in a row without progress)`);
    const args = [RUNNER, 'enumerate', '--plies', '5', '--workdir', work, '--threads', '2', '--json', '--quiet'];
    if (attempt > 0) args.push('--resume');
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      kills++;
    }, base + 200 + rng.below(800));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(timer);
    if (code === 0) {
      last = out.trim().split('\n').pop()!;
      break;
    }
    assert.equal(code, null, `exit ${code}: ${err}`);
    const now = committed(work);
    assert.ok(now >= before, `a kill undid work: ${before} → ${now}`);
    idle = now > before ? 0 : idle + 1;
    longestIdle = Math.max(longestIdle, idle);
    before = now;
  }
  t.diagnostic(`start-up ${base.toFixed(0)} ms; ${kills} kills, at most ${longestIdle} in a row without progress`);
  assert.ok(kills >= 3, `killed ${kills} times only: the intervals did not interrupt the run`);
  const final = JSON.parse(last) as { positions: number; plies: number };
  assert.equal(final.positions, 822518);
  assert.equal(final.plies, 5);
});
