import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Position } from '../../../src/chess/position.js';
import { makeFen, readFen } from '../../../src/notation/fen.js';
import { Progress } from '../../../src/node/enumerate/progress.js';
import { initWorkdir, runEnumeration, type EnumerateOptions } from '../../../src/node/enumerate/run.js';
import { expandTableCapacity } from '../../../src/node/enumerate/units.js';
import { levelDir, manifestFile, spillDir } from '../../../src/node/enumerate/workdir.js';
import type { Identity } from '../../../src/tools/enumerate/identity.js';
import { searchSpaceThreaded } from '../../../src/node/enumerate/search-space.js';
import { searchSpace } from '../../../src/tools/enumerate/search-space.js';
import { tempDir } from '../../helpers.js';

// Ground truth: docs/rules/enumeration.md §2.1 (A083276 = A057745 to n = 5, FEN-style, A048987).
const FIDE = [1, 20, 400, 5362, 72078, 822518];
const FEN = [1, 20, 400, 7602, 101240, 1244414];
const PERFT = [1, 20, 400, 8902, 197281, 4865609];
const RUNNER = fileURLToPath(new URL('./cli-runner.js', import.meta.url));

const options = (plies: number, identity: Identity, extra: Partial<EnumerateOptions> = {}): EnumerateOptions => ({
  pos: Position.standard(),
  fen: makeFen(Position.standard()),
  plies,
  identity,
  within: false,
  threads: 2,
  memoryBytes: 2 ** 30,
  resume: false,
  progress: new Progress(false),
  ...extra,
});

const temp = (): string => tempDir('caissa-enum-test-');

test('worker threads on shared tables: same counts and paths (n ≤ 5, fide and fen)', async () => {
  const fide = await runEnumeration(options(5, 'fide'));
  assert.equal(fide.mode, 'memory');
  assert.deepEqual(fide.levels.map((l) => l.positions), FIDE);
  assert.deepEqual(fide.levels.map((l) => l.paths), PERFT);
  const fen = await runEnumeration(options(5, 'fen', { threads: 3 }));
  assert.deepEqual(fen.levels.map((l) => l.positions), FEN);
});

test('the spill path with a tiny memory budget gives the same counts', async () => {
  const dir = temp();
  try {
    const r = await runEnumeration(options(5, 'fide', { workdir: join(dir, 'a'), memoryBytes: 2 ** 19 }));
    assert.equal(r.mode, 'disk');
    assert.deepEqual(r.levels.map((l) => l.positions), FIDE);
    assert.deepEqual(r.levels.map((l) => l.paths), PERFT);
    const p = await runEnumeration(options(4, 'pseudo-ep', { workdir: join(dir, 'b'), memoryBytes: 2 ** 18, threads: 1 }));
    assert.deepEqual(p.levels.map((l) => l.positions), FIDE.slice(0, 5));
    // No work directory: in memory until a level does not fit, then spilled to a temporary one.
    const auto = await runEnumeration(options(5, 'fen', { memoryBytes: 2 ** 21 }));
    assert.equal(auto.mode, 'disk');
    assert.deepEqual(auto.levels.map((l) => l.positions), FEN);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an expansion table is sized to its unit: all its children fit at the load limit, within the budget, no more', () => {
  const GB = 2 ** 30;
  for (const [parents, stride, memory] of [[1, 12, 2 * GB], [20, 12, 2 * GB], [5362, 12, 2 * GB], [197281, 8, 2 * GB], [197281, 8, 2 ** 20], [0, 12, 64]]) {
    const c = expandTableCapacity(parents!, stride!, memory!);
    assert.equal(c & (c - 1), 0, `${c} is a power of two`);
    assert.ok(c >= 1024);
    const budget = Math.floor(memory! / (stride! * 4));
    // Children of every parent (256 at most) and the 256 slack of the flush rule, at load 0.7.
    const needed = (parents! * 256 + 256) / 0.7;
    if (budget >= 2 * needed) assert.ok(c >= needed && c < 2 * needed, `${parents} parents: ${c} slots`);
    else assert.ok(c <= Math.max(1024, budget), `${parents} parents under a budget of ${budget}: ${c} slots`);
  }
  // 20 parents under 2 GB: 8,192 slots, where the budget alone gave 2^25 (`enumerate --workdir` took 34 s for 4 plies).
  assert.equal(expandTableCapacity(20, 12, 2 * GB), 8192);
});

test('a run killed after its last level\'s manifest entry: the resume removes what the level left (its spill files, its parent level)', async () => {
  const dir = temp();
  try {
    // The last level is ply 1 (its parent is level 0, written by the set-up) or a later one.
    for (const plies of [1, 3]) {
      const work = join(dir, `w${plies}`);
      const first = await runEnumeration(options(plies, 'fide', { workdir: work, memoryBytes: 2 ** 19, threads: 1 }));
      assert.deepEqual(first.levels.map((l) => l.positions), FIDE.slice(0, plies + 1));
      // What a kill between the manifest write and the clean-up leaves: the parent level and the spill files.
      for (const leftover of [levelDir(work, plies - 1), spillDir(work, plies)]) {
        mkdirSync(leftover, { recursive: true });
        writeFileSync(join(leftover, 'bucket-0'), 'x');
      }
      const again = await runEnumeration(options(plies, 'fide', { workdir: work, memoryBytes: 2 ** 19, threads: 1, resume: true }));
      assert.deepEqual(again.levels.map((l) => l.positions), FIDE.slice(0, plies + 1));
      assert.deepEqual(readdirSync(work).sort(), [`L${plies}`, 'manifest.json']);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a run killed while it set up its work directory (level 0 on disk, no manifest yet) resumes, with or without --resume', async () => {
  const dir = temp();
  try {
    for (const resume of [true, false]) {
      const work = join(dir, `w-${resume}`);
      // What a kill inside the set-up leaves: level 0 written, the manifest still a temporary file.
      initWorkdir(work, { fen: makeFen(Position.standard()), identity: 'fide', plies: 3, resume: false, pos: Position.standard() });
      renameSync(manifestFile(work), `${manifestFile(work)}.4242.1.abcdef.tmp`);
      writeFileSync(join(levelDir(work, 0), 'b0.bin.4242.2.abcdef.tmp'), 'x');
      const r = await runEnumeration(options(3, 'fide', { workdir: work, memoryBytes: 2 ** 19, threads: 1, resume }));
      assert.deepEqual(r.levels.map((l) => l.positions), FIDE.slice(0, 4));
      assert.deepEqual(readdirSync(work).sort(), ['L3', 'manifest.json']);
    }
    // Anything else in a directory without a manifest is not ours: refused, left alone.
    const foreign = join(dir, 'foreign');
    mkdirSync(levelDir(foreign, 0), { recursive: true });
    writeFileSync(join(levelDir(foreign, 0), 'notes.txt'), 'mine');
    await assert.rejects(runEnumeration(options(3, 'fide', { workdir: foreign, threads: 1, resume: true })), /is not empty and has no manifest/);
    assert.ok(existsSync(join(levelDir(foreign, 0), 'notes.txt')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a run killed at random points and resumed gives the same counts', async () => {
  const dir = temp();
  const work = join(dir, 'run');
  try {
    let kills = 0;
    let last = '';
    for (let attempt = 0; attempt < 40; attempt++) {
      const args = [RUNNER, 'enumerate', '--plies', '5', '--workdir', work, '--memory', '0.0005', '--threads', '2', '--json', '--quiet'];
      if (attempt > 0) args.push('--resume');
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      const delay = attempt < 6 ? 400 + Math.floor(Math.random() * 1500) : 1e9;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        kills++;
      }, delay);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      clearTimeout(timer);
      if (code === 0) {
        last = out.trim().split('\n').pop()!;
        break;
      }
    }
    assert.ok(kills > 0, 'the run was killed at least once');
    const final = JSON.parse(last) as { positions: number; plies: number; ms: number };
    assert.equal(final.positions, 822518);
    assert.equal(final.plies, 5);
    assert.deepEqual(Object.keys(final), ['positions', 'plies', 'ms']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('CLI: --json last line, bad usage exit 2, foreign work directory exit 2', () => {
  const ok = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '3', '--identity', 'diagram', '--within', '--json', '--quiet'], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  const lines = ok.stdout.trim().split('\n');
  assert.match(lines.pop()!, /^\{"positions":5623,"plies":3,"ms":\d+\}$/);
  const bad = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '3', '--identity', 'nope'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown identity 'nope'/);
  const badFen = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '1', '--fen', 'not a fen'], { encoding: 'utf8' });
  assert.equal(badFen.status, 2);
  for (const memory of ['5.', 'x', '0', `${'1'.repeat(100_000)}x`]) {
    const badMemory = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '1', '--memory', memory, '--quiet'], { encoding: 'utf8' });
    assert.equal(badMemory.status, 2, memory.slice(0, 10));
    assert.match(badMemory.stderr, /--memory: expected a positive number of GB/);
  }
  const dir = temp();
  try {
    // Options that cannot go together are bad usage (exit 2, with the usage), refused before any work.
    const work = join(dir, 'w');
    for (const [args, reason] of [
      [['--within', '--workdir', work], /--within is computed in memory only/],
      [['--identity', 'diagram', '--workdir', work], /the diagram identity runs in memory only/],
    ] as const) {
      const r = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', ...args, '--quiet'], { encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, reason);
      assert.match(r.stderr, /usage: caissa enumerate/);
      assert.ok(!existsSync(work));
    }
    // An option of the other mode is refused, not ignored: --search-space --identity pseudo-ep
    // would count FIDE positions while the user asked for another identity.
    for (const args of [
      ['--search-space', '--identity', 'pseudo-ep'],
      ['--search-space', '--identity', 'fide'],
      ['--search-space', '--within'],
      ['--search-space', '--workdir', work],
      ['--search-space', '--resume'],
      ['--search-space', '--memory', '1'],
      ['--plies', '2', '--seed-semantics'],
    ]) {
      const r = spawnSync(process.execPath, [RUNNER, 'enumerate', ...args, '--quiet'], { encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, new RegExp(`${args.find((a) => a.startsWith('--') && a !== '--search-space' && a !== '--plies')} .*(--search-space|--plies)`), args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
    }
    const first = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', dir, '--quiet', '--json'], { encoding: 'utf8' });
    assert.equal(first.status, 0, first.stderr);
    // Another run's directory, or a run not given --resume, is bad input (exit 2), as perft's
    // checkpoint of another count is; it was exit 1, as for a failed count. The usage is not printed.
    const again = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '3', '--workdir', dir, '--resume', '--quiet'], { encoding: 'utf8' });
    assert.equal(again.status, 2);
    assert.match(again.stderr, /^caissa enumerate: .* holds a different run \(fide, 2 plies, rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1\)\n$/);
    const noResume = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', dir, '--quiet'], { encoding: 'utf8' });
    assert.equal(noResume.status, 2);
    assert.match(noResume.stderr, /^caissa enumerate: .* holds a run already: pass --resume to continue it, or use an empty directory\n$/);
    // A work directory that is a file: a message that names it, not an EEXIST stack trace.
    const file = join(dir, 'manifest.json');
    const onFile = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', file, '--quiet'], { encoding: 'utf8' });
    assert.equal(onFile.status, 2);
    assert.match(onFile.stderr, /^caissa enumerate: .*manifest\.json cannot be a work directory \(EEXIST/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('CLI: --json prints one line per level, then the summary; the text form a row per level, then the summary line (the ground truth above)', () => {
  const json = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '3', '--json', '--quiet', '--threads', '1'], { encoding: 'utf8' });
  assert.equal(json.status, 0, json.stderr);
  const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, number>);
  assert.deepEqual(
    lines.slice(0, -1).map((l) => [l.ply, l.positions, l.paths]),
    [0, 1, 2, 3].map((n) => [n, FIDE[n], PERFT[n]]),
  );
  assert.deepEqual([lines.at(-1)!.positions, lines.at(-1)!.plies], [FIDE[3], 3]);
  const text = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '3', '--quiet', '--threads', '1'], { encoding: 'utf8' });
  const rows = text.stdout.trim().split('\n');
  assert.equal(rows[0], 'ply\tpositions\tpaths (perft)');
  assert.deepEqual(rows.slice(1, -1), [0, 1, 2, 3].map((n) => `${n}\t${FIDE[n]}\t${PERFT[n]}`));
  assert.match(rows.at(-1)!, new RegExp(`^after exactly 3 plies \\(fide, memory\\): ${FIDE[3]} positions, \\d+ ms$`));
  // --within: no position recurs within 2 plies (at ply 1 Black is to move, and at ply 2 each side
  // has a piece off its start square), so 1 + 20 + 400 positions.
  const within = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--within', '--quiet', '--threads', '1'], { encoding: 'utf8' });
  assert.match(within.stdout.trim().split('\n').at(-1)!, /^within 2 plies \(fide, memory\): 421 positions, \d+ ms$/);
});

test('CLI: --resume on the work directory of a run from another position or under another identity is refused (exit 2), not continued', () => {
  const dir = temp();
  try {
    const first = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', dir, '--quiet', '--threads', '1'], { encoding: 'utf8' });
    assert.equal(first.status, 0, first.stderr);
    for (const args of [
      ['--identity', 'fen'],
      ['--fen', '4k3/8/8/8/8/8/8/4K2R w K - 0 1'],
    ]) {
      const r = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', dir, '--resume', '--quiet', '--threads', '1', ...args], { encoding: 'utf8' });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}`);
      assert.match(r.stderr, /holds a different run \(fide, 2 plies, rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1\)/, args.join(' '));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('search spaces on worker threads equal the single-threaded closure (both semantics)', async () => {
  const fens = [
    '4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1',
    'r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq - 0 1',
    '4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1',
    'k2r4/pppppp1p/8/8/8/8/PPPPPPpP/4K2R b K - 0 1',
  ];
  for (const fen of fens) {
    const pos = readFen(fen);
    assert.ok(pos.ok, fen);
    for (const seed of [false, true]) {
      assert.deepEqual(await searchSpaceThreaded(pos.value, { seed }, 2), searchSpace(pos.value, { seed }), `${fen} seed=${seed}`);
    }
  }
});

test('a work directory that procfs refuses (/proc/nonexistent/x) is the error that names it, not a hang', { skip: !existsSync('/proc/self') }, () => {
  // Node's recursive mkdirSync spins for ever where a parent exists and still answers ENOENT
  // for its child, as procfs does: the run hung at 100% CPU before enumerating anything.
  const r = spawnSync(process.execPath, [RUNNER, 'enumerate', '--plies', '2', '--workdir', '/proc/nonexistent/x', '--quiet'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.signal, null, 'killed after 20 s: the run hung');
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^caissa enumerate: \/proc\/nonexistent\/x cannot be a work directory \(ENOENT/);
});
