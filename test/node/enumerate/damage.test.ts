import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Progress } from '../../../src/node/enumerate/progress.js';
import { EnumerateError, runEnumeration } from '../../../src/node/enumerate/run.js';
import { diskOptions } from './disk-options.js';
import { bucketData, bucketMarker, manifestFile, spillData, spillMarker } from '../../../src/node/enumerate/workdir.js';
import { tempDir } from '../../helpers.js';

// Ground truth: OEIS A083276 (docs/rules/enumeration.md §2.1).
const FIDE = [1, 20, 400, 5362];

/** Progress that stops the run when a phase starting with `stop` begins, as a kill there would. */
class StopAt extends Progress {
  private readonly stop: string;
  constructor(stop: string) {
    super(false);
    this.stop = stop;
  }
  override phase(label: string, total: number, unit: string): void {
    if (label.startsWith(this.stop)) throw new Error(`stopped at ${label}`);
    super.phase(label, total, unit);
  }
}

const options = diskOptions;

/** A work directory of a 3-ply run stopped when the phase `stop` began. */
async function stoppedRun(dir: string, stop: string): Promise<string> {
  const work = join(dir, 'stopped');
  await assert.rejects(runEnumeration(options(work, { resume: false, progress: new StopAt(stop) })), /stopped at/);
  return work;
}

/** Resumes a copy of `work` damaged by `damage`; the rejection, or the counts when it completes. */
async function resumeDamaged(dir: string, work: string, name: string, damage: (copy: string) => void): Promise<unknown> {
  const copy = join(dir, name);
  cpSync(work, copy, { recursive: true });
  damage(copy);
  try {
    return (await runEnumeration(options(copy))).levels.map((l) => l.positions);
  } catch (e) {
    return e;
  }
}

const damagedError = (e: unknown, file: RegExp): boolean => e instanceof EnumerateError && file.test(e.message) && /damaged/.test(e.message);

test('a damaged level file of the work directory is refused with an EnumerateError naming it, not counted', async () => {
  const dir = tempDir('caissa-enum-damage-');
  try {
    const work = await stoppedRun(dir, 'ply 3 expand');
    // The undamaged copy resumes to the published count: the damage below is what makes it fail.
    assert.deepEqual(await resumeDamaged(dir, work, 'whole', () => {}), FIDE);
    const bin = (copy: string): string => bucketData(copy, 2, 0);
    const size = statSync(bucketData(work, 2, 0)).size;
    const damages: [string, (copy: string) => void, RegExp][] = [
      ['records cut off', (c) => truncateSync(bin(c), size - 44 * 10), /L2.b0\.bin/],
      ['a record cut in two', (c) => truncateSync(bin(c), size - 7), /L2.b0\.bin/],
      ['emptied', (c) => writeFileSync(bin(c), ''), /L2.b0\.bin/],
      ['random bytes of the same size', (c) => writeFileSync(bin(c), Buffer.from(Array.from({ length: size }, (_, i) => (i * 2654435761) >>> 24))), /L2.b0\.bin/],
      ['the multiplicities changed', (c) => {
        const words = new Int32Array(new Uint8Array(readFileSync(bin(c))).buffer);
        words[9] = words[9]! + 1;
        writeFileSync(bin(c), new Uint8Array(words.buffer));
      }, /L2.b0\.bin/],
      ['its marker gone', (c) => unlinkSync(bucketMarker(c, 2, 0)), /L2.b0\.json/],
      ['its marker not JSON', (c) => writeFileSync(bucketMarker(c, 2, 0), '{"count":'), /L2.b0\.json/],
      ['the manifest not JSON', (c) => writeFileSync(manifestFile(c), '{"version":1,'), /manifest\.json/],
      ['the manifest without levels', (c) => writeFileSync(manifestFile(c), JSON.stringify({ ...JSON.parse(readFileSync(manifestFile(c), 'utf8')), levels: undefined })), /manifest\.json/],
    ];
    for (const [name, damage, file] of damages) {
      const r = await resumeDamaged(dir, work, name.replace(/ /g, '-'), damage);
      assert.ok(damagedError(r, file), `${name}: ${r instanceof Error ? r.stack : JSON.stringify(r)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a damaged spill file of the work directory is refused with an EnumerateError naming it, not counted', async () => {
  const dir = tempDir('caissa-enum-damage-');
  try {
    const work = await stoppedRun(dir, 'ply 3 dedup');
    assert.deepEqual(await resumeDamaged(dir, work, 'whole', () => {}), FIDE);
    const size = statSync(spillData(work, 3, 0)).size;
    const damages: [string, (copy: string) => void, RegExp][] = [
      ['entries cut off', (c) => truncateSync(spillData(c, 3, 0), size - 24 * 10), /L3.spill.x0\.bin/],
      ['longer than its index says', (c) => writeFileSync(spillData(c, 3, 0), new Uint8Array(24), { flag: 'a' }), /L3.spill.x0\.bin/],
      ['its index not JSON', (c) => writeFileSync(spillMarker(c, 3, 0), '{"runs":[['), /L3.spill.x0\.json/],
      ['its index of another shape', (c) => writeFileSync(spillMarker(c, 3, 0), '{"runs":7,"children":1}'), /L3.spill.x0\.json/],
    ];
    for (const [name, damage, file] of damages) {
      const r = await resumeDamaged(dir, work, name.replace(/ /g, '-'), damage);
      assert.ok(damagedError(r, file), `${name}: ${r instanceof Error ? r.stack : JSON.stringify(r)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('move paths past 2^53: caissa enumerate fails with the reason (exit 1), in memory and on disk, and prints no rounded count', async () => {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const runner = fileURLToPath(new URL('./cli-runner.js', import.meta.url));
  const dir = tempDir('caissa-enum-damage-');
  try {
    for (const extra of [[], ['--workdir', join(dir, 'w')]]) {
      const args = [runner, 'enumerate', '--plies', '25', '--fen', '8/8/8/4k3/8/8/8/4K3 w - - 0 1', '--quiet', '--json', ...extra];
      const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
      assert.equal(r.status, 1, `${extra.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^caissa enumerate: .*ply 20.*2\^53/, extra.join(' '));
      assert.equal(r.stdout, '', extra.join(' '));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a work directory that cannot be made (under /proc: mkdir says ENOENT while its parent exists) is refused at once, not retried for ever', { skip: process.platform === 'linux' ? false : '/proc is Linux', timeout: 60000 }, async () => {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const runner = fileURLToPath(new URL('./cli-runner.js', import.meta.url));
  for (const workdir of ['/proc/caissa-enum', '/proc/caissa-enum/deeper']) {
    const r = spawnSync(process.execPath, [runner, 'enumerate', '--plies', '1', '--workdir', workdir, '--quiet'], { encoding: 'utf8', timeout: 20000 });
    assert.equal(r.signal, null, `${workdir}: still running after 20 s`);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`^caissa enumerate: ${workdir} cannot be a work directory \\(ENOENT`));
  }
});

test('the temporary files a kill leaves (a marker or bucket being written) are removed when the run resumes', async () => {
  const { readdirSync } = await import('node:fs');
  const dir = tempDir('caissa-enum-damage-');
  try {
    const work = await stoppedRun(dir, 'ply 3 dedup');
    // What a kill inside writeJsonAtomic / writeWordsAtomic leaves: a file under its temporary name.
    writeFileSync(`${bucketMarker(work, 3, 0)}.4242.1.abcdef.tmp`, '{"count":');
    writeFileSync(`${bucketData(work, 2, 0)}.4242.2.abcdef.tmp`, 'xx');
    const r = await runEnumeration(options(work));
    assert.deepEqual(r.levels.map((l) => l.positions), FIDE);
    const left = readdirSync(work, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'));
    assert.deepEqual(left, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
