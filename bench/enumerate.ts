/**
 * `npm run bench:enumerate [-- --quick] [-- --only NAME,…]`: distinct positions after n = 6 and
 * n = 7 plies (in memory, 2 worker threads), n = 6 through the disk path, and ROECE's search
 * space zero under both semantics. Each case runs in its own process (so peak memory is its own)
 * after a warm-up (search spaces on 2 threads; `ss-seed-1t`, `ss-fide-1t`: one thread), checks
 * its counts against the figures of docs/rules/enumeration.md, and prints wall time, peak resident
 * memory and peak disk use.
 *
 * Targets (issue 6, 2 cores): n = 7 ≤ 10 min within 8 GB; search space zero (FIDE) ≤ 5 min.
 * Peers (not run here; docs/rules/enumeration.md): ROECE's own search-space-zero run took 91 min;
 * an in-memory C re-implementation about a CPU-minute for search space zero and 6m40s for n = 7.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position } from '../src/chess/position.js';
import { makeFen } from '../src/notation/fen.js';
import { Progress } from '../src/node/enumerate/progress.js';
import { runEnumeration } from '../src/node/enumerate/run.js';
import { searchSpaceThreaded } from '../src/node/enumerate/search-space.js';
import { searchSpace } from '../src/tools/enumerate/search-space.js';

interface CaseResult {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly ms: number;
  readonly peakRssGb: number;
  readonly peakDiskGb: number;
}

const EXPECT: Record<string, number> = {
  plies6: 9417681,
  plies7: 96400068,
  'plies6-disk': 9417681,
  'ss-seed': 5654876,
  'ss-fide': 25452174,
  'ss-seed-1t': 5654876,
  'ss-fide-1t': 25452174,
};

function dirBytes(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    try {
      total += e.isDirectory() ? dirBytes(p) : statSync(p).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

async function runCase(name: string): Promise<CaseResult> {
  const pos = Position.standard();
  const start = performance.now();
  let value: number;
  let detail: string;
  let peakDisk = 0;
  if (name.startsWith('plies')) {
    const plies = Number(name.slice(5, 6));
    const disk = name.endsWith('-disk');
    const dir = disk ? mkdtempSync(join(tmpdir(), 'caissa-bench-enum-')) : undefined;
    const poll = dir === undefined ? undefined : setInterval(() => (peakDisk = Math.max(peakDisk, dirBytes(dir))), 500);
    try {
      const r = await runEnumeration({
        pos,
        fen: makeFen(pos),
        plies,
        identity: 'fide',
        within: false,
        threads: 2,
        memoryBytes: disk ? 2 ** 28 : 8 * 2 ** 30,
        ...(dir !== undefined ? { workdir: join(dir, 'run') } : {}),
        resume: false,
        progress: new Progress(process.stderr.isTTY === true),
      });
      const last = r.levels[r.levels.length - 1]!;
      value = last.positions;
      detail = `${last.positions} positions, ${last.paths} paths, ${last.children} children, ${r.mode}`;
    } finally {
      if (poll !== undefined) clearInterval(poll);
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    }
  } else {
    const s = name.endsWith('-1t') ? searchSpace(pos, { seed: name.startsWith('ss-seed') }) : await searchSpaceThreaded(pos, { seed: name === 'ss-seed' }, 2);
    value = s.expanded;
    detail = `${s.expanded} expanded, ${s.newRoots} distinct roots, ${s.moves} moves`;
  }
  const ms = performance.now() - start;
  return { name, ok: value === EXPECT[name], detail, ms, peakRssGb: process.resourceUsage().maxRSS / 2 ** 20, peakDiskGb: peakDisk / 2 ** 30 };
}

const caseArg = process.argv.indexOf('--case');
if (caseArg >= 0) {
  // Child: one case, its result as the last line.
  console.log(JSON.stringify(await runCase(process.argv[caseArg + 1]!)));
} else {
  const quick = process.argv.includes('--quick');
  const onlyArg = process.argv.indexOf('--only');
  const names =
    onlyArg >= 0 ? process.argv[onlyArg + 1]!.split(',') : quick ? ['plies6', 'ss-seed'] : ['plies6', 'plies7', 'plies6-disk', 'ss-seed', 'ss-fide'];
  // Warm-up in this process (JIT, tables), then every case in a fresh child process.
  await runEnumeration({ pos: Position.standard(), fen: makeFen(Position.standard()), plies: 4, identity: 'fide', within: false, threads: 2, memoryBytes: 2 ** 30, resume: false, progress: new Progress(false) });
  const self = fileURLToPath(import.meta.url);
  console.log('case          ok   time      peak RSS  peak disk  result');
  for (const name of names) {
    const child = spawnSync(process.execPath, [self, '--case', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
    const last = child.stdout.trim().split('\n').pop() ?? '';
    let r: CaseResult;
    try {
      r = JSON.parse(last) as CaseResult;
    } catch {
      console.log(`${name.padEnd(13)} FAILED (exit ${child.status})`);
      continue;
    }
    console.log(
      `${r.name.padEnd(13)} ${r.ok ? 'yes ' : 'NO  '} ${(r.ms / 1000).toFixed(1).padStart(7)} s ${r.peakRssGb.toFixed(2).padStart(6)} GB ${r.peakDiskGb.toFixed(2).padStart(6)} GB  ${r.detail}`,
    );
  }
  console.log('targets: plies7 ≤ 600 s within 8 GB; ss-fide ≤ 300 s (2 cores). peers (note): seed 91 min for ss zero; C: ~60 CPU-s ss zero, 400 s n = 7');
}
