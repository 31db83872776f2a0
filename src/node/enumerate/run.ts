/**
 * The enumeration driver for Node: level by level in shared memory over worker threads while a
 * level fits the memory budget, and past that (or whenever a work directory is given, for
 * checkpoints) as an external-memory BFS with hash-bucketed spill files (`units.ts`).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Position } from '../../chess/position.js';
import { capacityFor, EntrySet } from '../../tools/enumerate/entry-set.js';
import { EMIT_KEYS, EMIT_RECORDS, rootRecord } from '../../tools/enumerate/expand.js';
import { ID_DIAGRAM, identityCode, type Identity } from '../../tools/enumerate/identity.js';
import { countLevel, inexactPaths, MAX_LOAD, nextLevelEstimate, type LevelStats } from '../../tools/enumerate/plies.js';
import { KEY_WORDS, REC_WORDS } from '../../tools/enumerate/record.js';
import { WorkerPool } from './pool.js';
import { Progress } from './progress.js';
import { LOCK_NAME, lockWorkdir } from './lock.js';
import { withSpillDir } from './spill.js';
import { bucketOf, log2, removeIfPresent, type DedupUnit, type ExpandUnit } from './units.js';
import { shareSet } from './shared-set.js';
import type { WorkerReply } from './worker.js';
import {
  bucketData,
  bucketMarker,
  EnumerateError,
  ensureDir,
  levelDir,
  manifestFile,
  planFile,
  readChecked,
  spillDir,
  spillMarker,
  writeJsonAtomic,
  writeWordsAtomic,
  type LevelRecord,
  type Manifest,
} from './workdir.js';

export interface EnumerateOptions {
  readonly pos: Position;
  /** FEN of `pos` (recorded in the manifest to refuse resuming a different run). */
  readonly fen: string;
  readonly plies: number;
  readonly identity: Identity;
  readonly within: boolean;
  readonly threads: number;
  readonly memoryBytes: number;
  /** Checkpointed disk run in this directory. */
  readonly workdir?: string;
  readonly resume: boolean;
  readonly progress: Progress;
  /** Keep a temporary spill directory instead of deleting it (debugging). */
  readonly keepTemp?: boolean;
}

export interface EnumerateResult {
  readonly levels: LevelStats[];
  /** 'memory', or 'disk' when any level went through spill files. */
  readonly mode: 'memory' | 'disk';
  /** Largest table bytes held at once (memory mode estimate). */
  readonly peakTableBytes: number;
}

export { EnumerateError } from './workdir.js';

/** `paths`, or an EnumerateError when they are past what the counts hold exactly. */
export function exactPaths(ply: number, paths: number): number {
  const inexact = inexactPaths(ply, paths);
  if (inexact !== undefined) throw new EnumerateError(inexact);
  return paths;
}

export async function runEnumeration(o: EnumerateOptions): Promise<EnumerateResult> {
  const pool = new WorkerPool(o.threads);
  try {
    if (o.workdir !== undefined) {
      if (o.within) throw new EnumerateError('--within is computed in memory only (no --workdir)');
      return await runDisk(pool, o.workdir, o, undefined);
    }
    return await runMemory(pool, o);
  } finally {
    await pool.close();
  }
}

async function runMemory(pool: WorkerPool, o: EnumerateOptions): Promise<EnumerateResult> {
  const code = identityCode(o.identity);
  let level = new EntrySet(REC_WORDS, 16, true);
  level.add(rootRecord(o.pos.words, code), 0, 1);
  let seen = o.within ? EntrySet.forCount(KEY_WORDS, 1024) : undefined;
  const levels: LevelStats[] = [];
  const counts = [1];
  let peak = level.bytes;
  const tally = (set: EntrySet, ply: number, children: number): void => {
    if (seen !== undefined && seen.count + set.count > seen.capacity * MAX_LOAD) {
      seen = seen.grown(capacityFor(seen.count + set.count, MAX_LOAD));
    }
    const paths = exactPaths(ply, set.totalMult());
    const c = countLevel(set, code, seen);
    levels.push({
      ply,
      positions: c.positions,
      children,
      paths,
      ...(seen !== undefined ? { firstReached: c.firstReached, within: seen.count } : {}),
    });
  };
  tally(level, 0, 0);
  for (let ply = 1; ply <= o.plies; ply++) {
    const last = ply === o.plies;
    const width = last ? KEY_WORDS : REC_WORDS;
    const expected = nextLevelEstimate(counts);
    const childBytes = capacityFor(expected, MAX_LOAD) * (width + 2) * 4;
    const needed = childBytes + level.bytes + (seen?.bytes ?? 0);
    if (needed > o.memoryBytes && seen === undefined && code !== ID_DIAGRAM) {
      // The next level does not fit: continue as an external-memory BFS in a temporary directory.
      const spilled = level;
      return withSpillDir(o.keepTemp === true, async (dir) => {
        o.progress.note(`level ${ply} needs ~${(needed / 2 ** 30).toFixed(2)} GB > budget: spilling to ${dir}`);
        dumpLevel(dir, o, levels, spilled, ply - 1);
        const r = await runDisk(pool, dir, o, levels);
        return { levels: r.levels, mode: 'disk' as const, peakTableBytes: peak };
      });
    }
    const { set, children } = await expandShared(pool, level, code, last ? EMIT_KEYS : EMIT_RECORDS, expected, ply, o.progress);
    peak = Math.max(peak, set.bytes + level.bytes + (seen?.bytes ?? 0));
    level = set;
    counts.push(set.count);
    tally(level, ply, children);
  }
  o.progress.finishLine();
  return { levels, mode: 'memory', peakTableBytes: peak };
}

/** The fewest parents of a level in memory that one more thread shares. */
const PARENTS_PER_THREAD = 2048;

/** One level in shared memory: every worker claims chunks of parent slots and inserts children. */
async function expandShared(
  pool: WorkerPool,
  parents: EntrySet,
  identity: number,
  emit: number,
  expected: number,
  ply: number,
  progress: Progress,
): Promise<{ set: EntrySet; children: number }> {
  const width = emit === EMIT_KEYS ? KEY_WORDS : REC_WORDS;
  // At least 2^16 slots, so the headroom above the load limit covers chunks in flight.
  let child = new EntrySet(width, Math.max(1 << 16, capacityFor(expected, MAX_LOAD)), true);
  const counter = new Int32Array(new SharedArrayBuffer(8));
  let children = 0;
  // A thread is worth starting for a few thousand parents (tens of milliseconds of work), not for
  // the 400 of ply 3 (`--threads 256` started 256 engines there: 3.2 GB).
  const threads = Math.min(pool.size, Math.ceil(parents.count / PARENTS_PER_THREAD));
  progress.phase(`ply ${ply}`, parents.count, 'positions expanded');
  const timer = setInterval(() => progress.update(Atomics.load(counter, 1)), 250);
  try {
    for (;;) {
      const headroom = Math.floor(child.capacity * (1 - MAX_LOAD) * 0.5);
      const chunk = Math.max(1, Math.min(256, Math.floor(headroom / (threads * 218))));
      const limit = Math.floor(child.capacity * MAX_LOAD);
      const replies: WorkerReply[] = await pool.broadcast({
        type: 'expand-shared',
        parent: shareSet(parents),
        child: shareSet(child),
        counter,
        chunk,
        identity,
        emit,
        limit,
      }, threads);
      let full = false;
      for (const r of replies) {
        if (r.type !== 'expanded') throw new Error('unexpected worker reply');
        children += r.children;
        full ||= r.full;
      }
      if (!full) break;
      child = child.grown(child.capacity * 2, true);
    }
  } finally {
    clearInterval(timer);
    progress.update(Atomics.load(counter, 1));
  }
  return { set: child, children };
}

/** Bucket count 2^k so that one bucket of `entries` entries of `width` words fits `bytes`. */
function bucketsFor(entries: number, width: number, bytes: number): number {
  const need = (entries * (width + 2) * 4) / 0.7;
  let b = 1;
  while (b < 4096 && need / b > bytes) b *= 2;
  return b;
}

/** Writes an in-memory level as the buckets of level `ply` of a fresh work directory. */
function dumpLevel(dir: string, o: EnumerateOptions, levels: LevelStats[], set: EntrySet, ply: number): void {
  const buckets = bucketsFor(set.count, set.width, o.memoryBytes / (4 * o.threads));
  const bits = log2(buckets);
  ensureDir(levelDir(dir, ply));
  const parts: number[][] = Array.from({ length: buckets }, () => []);
  set.forEach((b) => parts[bucketOf(set.data, b, set.width, bits)]!.push(b));
  parts.forEach((offsets, j) => {
    const out = new Int32Array(offsets.length * set.stride);
    offsets.forEach((b, k) => out.set(set.data.subarray(b, b + set.stride), k * set.stride));
    writeWordsAtomic(bucketData(dir, ply, j), out);
    let paths = 0;
    offsets.forEach((b) => (paths += set.multAt(b)));
    writeJsonAtomic(bucketMarker(dir, ply, j), { count: offsets.length, paths });
  });
  const recs: LevelRecord[] = levels.map((l) => ({ ply: l.ply, buckets: l.ply === ply ? buckets : 1, positions: l.positions, children: l.children, paths: l.paths }));
  writeJsonAtomic(manifestFile(dir), { version: 1, fen: o.fen, identity: o.identity, plies: o.plies, levels: recs } satisfies Manifest);
}

/** Makes the directory `dir` (and its parents) for a run, or throws an EnumerateError saying why not. */
export function makeWorkdir(dir: string): void {
  try {
    ensureDir(dir);
  } catch (e) {
    // A path that cannot hold a run is bad input (exit 2), as an unwritable --out of selfplay or svg.
    throw new EnumerateError(`${dir} cannot be a work directory (${(e as Error).message})`, true);
  }
}

/** Opens (checks, or creates with level 0) the work directory of a run; returns its manifest. */
export function initWorkdir(
  dir: string,
  o: { readonly fen: string; readonly identity: Identity; readonly plies: number; readonly resume: boolean; readonly pos: Position },
  fresh = false,
): Manifest {
  const code = identityCode(o.identity);
  makeWorkdir(dir);
  let manifest = readChecked(manifestFile(dir), 'manifest');
  if (manifest !== undefined && !fresh) {
    if (!o.resume) throw new EnumerateError(`${dir} holds a run already: pass --resume to continue it, or use an empty directory`, true);
    if (manifest.fen !== o.fen || manifest.identity !== o.identity || manifest.plies !== o.plies) {
      throw new EnumerateError(`${dir} holds a different run (${manifest.identity}, ${manifest.plies} plies, ${manifest.fen})`, true);
    }
  } else if (manifest === undefined) {
    if (!isUnfinishedSetUp(dir)) throw new EnumerateError(`${dir} is not empty and has no manifest`, true);
    // A kill during the set-up below leaves level 0 and temporary files, but no manifest yet.
    for (const name of readdirSync(dir)) if (!isLockFile(name)) removeIfPresent(join(dir, name));
    ensureDir(levelDir(dir, 0));
    const root = new Int32Array(REC_WORDS + 2);
    root.set(rootRecord(o.pos.words, code));
    root[REC_WORDS] = 1;
    writeWordsAtomic(bucketData(dir, 0, 0), root);
    writeJsonAtomic(bucketMarker(dir, 0, 0), { count: 1, paths: 1 });
    manifest = { version: 1, fen: o.fen, identity: o.identity, plies: o.plies, levels: [{ ply: 0, buckets: 1, positions: 1, children: 0, paths: 1 }] };
    writeJsonAtomic(manifestFile(dir), manifest);
  }
  return manifest;
}

/** The lock file and the files it writes beside itself (`../lock.ts`): another run's, while it takes the lock. */
const isLockFile = (name: string): boolean => name === LOCK_NAME || name.startsWith(`${LOCK_NAME}.`);

/**
 * Whether `dir` holds nothing, or only what a kill during `initWorkdir` leaves before the manifest
 * is written: level 0's files (`L0/b0.bin`, `L0/b0.json`), temporary files of those and of the manifest,
 * and the lock's (`../lock.ts`).
 */
function isUnfinishedSetUp(dir: string): boolean {
  const level0 = levelDir(dir, 0);
  for (const name of readdirSync(dir)) {
    if (/^manifest\.json\..+\.tmp$/.test(name) || isLockFile(name)) continue;
    if (name !== 'L0' || !statSync(level0).isDirectory()) return false;
    if (!readdirSync(level0).every((file) => /^b0\.(bin|json)(\..+\.tmp)?$/.test(file))) return false;
  }
  return true;
}

/**
 * Removes the leftovers of the last level in `levels` when it was finished just before a kill
 * (the last level of the run too): its spill files and its parent level, which each level
 * removes once its manifest entry is written.
 */
export function removeLeftovers(dir: string, levels: readonly LevelRecord[]): void {
  const done = levels.length - 1;
  if (done >= 1) removeIfPresent(levelDir(dir, done - 1));
  removeIfPresent(spillDir(dir, done));
}

/**
 * Removes the files a kill left under their temporary names (`atomic-file.ts`: path, pid, counter,
 * random, `.tmp`); the units that were writing them are redone. For a run of one process only:
 * cluster workers may be writing theirs while a submit resumes.
 */
function removeTemporaries(dir: string): void {
  for (const name of readdirSync(dir, { recursive: true })) {
    if (/\.\d+\.\d+\.[a-z0-9]*\.tmp$/.test(String(name))) removeIfPresent(join(dir, String(name)));
  }
}

/** The bucket count of level `ply`, fixed in its plan file before anything is routed. */
export function planBuckets(dir: string, ply: number, levels: readonly LevelRecord[], last: boolean, memoryBytes: number, threads: number): number {
  let plan = readChecked(planFile(dir, ply), 'plan');
  if (plan === undefined) {
    const expected = 2 * nextLevelEstimate(levels.map((l) => l.positions));
    // A level worth it gets a few buckets per thread: the next level's expansion has one unit per
    // bucket, and a single bucket would keep all but one thread idle (ply 7 of n = 8 did, 4.5 min).
    const parallel = expected >= 1 << 20 ? 2 ** Math.ceil(Math.log2(4 * threads)) : 1;
    plan = { buckets: Math.max(parallel, bucketsFor(expected, last ? KEY_WORDS : REC_WORDS, memoryBytes / (2 * threads))) };
    ensureDir(levelDir(dir, ply));
    writeJsonAtomic(planFile(dir, ply), plan);
  }
  return plan.buckets;
}

/** Continues (or starts) a checkpointed external-memory BFS in `dir`, holding its lock. */
async function runDisk(pool: WorkerPool, dir: string, o: EnumerateOptions, prior: LevelStats[] | undefined): Promise<EnumerateResult> {
  if (o.identity === 'diagram') throw new EnumerateError('the diagram identity runs in memory only (no --workdir)');
  makeWorkdir(dir);
  const release = lockWorkdir(dir);
  try {
    return await runDiskLocked(pool, dir, o, prior);
  } finally {
    release();
  }
}

async function runDiskLocked(pool: WorkerPool, dir: string, o: EnumerateOptions, prior: LevelStats[] | undefined): Promise<EnumerateResult> {
  const code = identityCode(o.identity);
  const manifest = initWorkdir(dir, o, prior !== undefined);
  const levels = [...manifest.levels];
  removeLeftovers(dir, levels);
  removeTemporaries(dir);
  for (let ply = levels.length; ply <= o.plies; ply++) {
    const parent = levels[ply - 1]!;
    const last = ply === o.plies;
    const plan = { buckets: planBuckets(dir, ply, levels, last, o.memoryBytes, o.threads) };
    ensureDir(spillDir(dir, ply));
    const memtable = Math.max(1 << 16, Math.floor(o.memoryBytes / (2 * o.threads)));
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const expandMsgs = Array.from({ length: parent.buckets }, (_, i) => ({
      type: 'expand-unit' as const,
      unit: { dir, ply: ply - 1, bucket: i, childBuckets: plan.buckets, last, identity: code, memoryBytes: memtable } satisfies ExpandUnit,
      progress: counter,
    }));
    o.progress.phase(`ply ${ply} expand (${parent.buckets}→${plan.buckets} buckets)`, parent.positions, 'positions expanded');
    const timer = setInterval(() => o.progress.update(Atomics.load(counter, 0)), 250);
    try {
      await pool.map(expandMsgs);
    } finally {
      clearInterval(timer);
    }
    let children = 0;
    for (let i = 0; i < parent.buckets; i++) children += readChecked(spillMarker(dir, ply, i), 'spill')!.children;
    o.progress.phase(`ply ${ply} dedup`, plan.buckets, 'buckets');
    let doneBuckets = 0;
    let positions = 0;
    let paths = 0;
    const dedupMsgs = Array.from({ length: plan.buckets }, (_, j) => ({
      type: 'dedup-unit' as const,
      unit: { dir, ply, bucket: j, parentBuckets: parent.buckets, last } satisfies DedupUnit,
    }));
    await pool.map(dedupMsgs, (r) => {
      if (r.type === 'unit') {
        positions += r.count ?? 0;
        paths += r.paths ?? 0;
      }
      o.progress.update(++doneBuckets);
    });
    levels.push({ ply, buckets: plan.buckets, positions, children, paths: exactPaths(ply, paths) });
    writeJsonAtomic(manifestFile(dir), { ...manifest, levels } satisfies Manifest);
    removeIfPresent(spillDir(dir, ply));
    removeIfPresent(levelDir(dir, ply - 1));
  }
  o.progress.finishLine();
  const stats: LevelStats[] = levels.map((l) => ({ ply: l.ply, positions: l.positions, children: l.children, paths: l.paths }));
  return { levels: stats, mode: 'disk', peakTableBytes: 0 };
}
