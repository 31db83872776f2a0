/**
 * The on-disk layout of a resumable enumeration (external-memory BFS):
 *
 * ```
 * DIR/manifest.json            run parameters + the finished levels (the level checkpoint)
 * DIR/L<n>/plan.json           number of buckets of level n (fixed before level n is routed)
 * DIR/L<n>/b<j>.bin            level n, bucket j: deduplicated entries (records + multiplicity)
 * DIR/L<n>/b<j>.json           {count, paths}: written last, marks bucket j done (the bucket checkpoint)
 * DIR/L<n>/spill/x<i>.bin      children of level n-1 bucket i, in runs grouped by bucket of level n
 * DIR/L<n>/spill/x<i>.json     per run, the entry count of each bucket: written last, marks expansion i done
 * DIR/L<n>/spill/x<i>.begun    expansion i was started (a later start that finds it works in parts)
 * DIR/L<n>/spill/x<i>.<a>-<b>.bin, x<i>.p<a>.json
 *                              a part: the children of parents a to b (excluded) of bucket i, and
 *                              its runs (a restarted expansion commits its work every fraction of a second)
 * ```
 *
 * Every file is written under a unique temporary name and renamed into place, so a killed run
 * leaves either a whole file or none; a unit whose marker is missing is simply redone, and redoing
 * it writes the same entries, which also makes retried cluster jobs idempotent. The parts of an
 * expansion are named by the parents they cover, so an index lists only files that hold what it says.
 *
 * A file that a kill cannot leave (a marker or manifest that is no JSON of its shape, a data file
 * whose size or content disagrees with its marker) was damaged otherwise: the readers below refuse
 * it with an EnumerateError naming it, rather than count what is left.
 */
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory, readJson, writingFile } from '../files.js';

/**
 * A failure the user caused (bad workdir state, unsupported combination, a damaged file). `input`
 * for a work directory that is not this run's to use (another run's, or one not given --resume):
 * bad input, as a perft checkpoint of another count is.
 */
export class EnumerateError extends Error {
  override readonly name = 'EnumerateError';
  readonly input: boolean;
  constructor(message: string, input = false) {
    super(message);
    this.input = input;
  }
}

/** The error for a file of the work directory that is not as the run left it. */
export const damaged = (path: string, reason: string): EnumerateError =>
  new EnumerateError(`work directory damaged: ${path} ${reason} (remove the directory and start again)`);

export interface LevelRecord {
  readonly ply: number;
  readonly buckets: number;
  readonly positions: number;
  readonly children: number;
  readonly paths: number;
}

export interface Manifest {
  readonly version: 1;
  readonly fen: string;
  readonly identity: string;
  readonly plies: number;
  readonly levels: LevelRecord[];
}

export interface SpillIndex {
  /** Per run, entries per bucket of the next level (the runs of `x<i>.bin`; none with `parts`). */
  readonly runs: number[][];
  readonly children: number;
  /** The parts of an expansion that was restarted, in order; their files replace `x<i>.bin`. */
  readonly parts?: SpillPart[];
}

/** The children of parents `from` to `to` (excluded) of an expansion's bucket, in runs. */
export interface SpillPart {
  readonly from: number;
  readonly to: number;
  readonly runs: number[][];
  readonly children: number;
}

export interface BucketDone {
  readonly count: number;
  readonly paths: number;
}

export const levelDir = (dir: string, ply: number): string => join(dir, `L${ply}`);
export const spillDir = (dir: string, ply: number): string => join(levelDir(dir, ply), 'spill');
export const bucketData = (dir: string, ply: number, j: number): string => join(levelDir(dir, ply), `b${j}.bin`);
export const bucketMarker = (dir: string, ply: number, j: number): string => join(levelDir(dir, ply), `b${j}.json`);
export const spillData = (dir: string, ply: number, i: number): string => join(spillDir(dir, ply), `x${i}.bin`);
export const spillMarker = (dir: string, ply: number, i: number): string => join(spillDir(dir, ply), `x${i}.json`);
export const spillBegun = (dir: string, ply: number, i: number): string => join(spillDir(dir, ply), `x${i}.begun`);
export const spillPartData = (dir: string, ply: number, i: number, from: number, to: number): string =>
  join(spillDir(dir, ply), `x${i}.${from}-${to}.bin`);
export const spillPartMarker = (dir: string, ply: number, i: number, from: number): string => join(spillDir(dir, ply), `x${i}.p${from}.json`);
export const planFile = (dir: string, ply: number): string => join(levelDir(dir, ply), 'plan.json');
export const manifestFile = (dir: string): string => join(dir, 'manifest.json');

export { readJson, tmpName, writeJsonAtomic, writingFile } from '../files.js';

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isRuns = (v: unknown): boolean => Array.isArray(v) && v.every((r) => Array.isArray(r) && r.every(isCount));
const isPart = (v: unknown): boolean => {
  const p = v as SpillPart | null;
  return typeof p === 'object' && p !== null && isCount(p.from) && isCount(p.to) && p.to > p.from && isCount(p.children) && isRuns(p.runs);
};
const isLevel = (v: unknown, ply: number): boolean => {
  const l = v as LevelRecord | null;
  return typeof l === 'object' && l !== null && l.ply === ply && isCount(l.buckets) && l.buckets >= 1 && isCount(l.positions) && isCount(l.children) && isCount(l.paths);
};

/** The checks of each JSON file of the layout: its shape. */
const SHAPES = {
  manifest: (v: unknown): boolean => {
    const m = v as Manifest | null;
    return (
      typeof m === 'object' && m !== null && m.version === 1 && typeof m.fen === 'string' && typeof m.identity === 'string' && isCount(m.plies) &&
      Array.isArray(m.levels) && m.levels.length >= 1 && m.levels.every(isLevel)
    );
  },
  plan: (v: unknown): boolean => isCount((v as { buckets?: unknown } | null)?.buckets) && (v as { buckets: number }).buckets >= 1,
  bucket: (v: unknown): boolean => isCount((v as BucketDone | null)?.count) && isCount((v as BucketDone).paths),
  spill: (v: unknown): boolean => {
    const x = v as SpillIndex | null;
    return typeof x === 'object' && x !== null && isCount(x.children) && isRuns(x.runs) && (x.parts === undefined || (Array.isArray(x.parts) && x.parts.every(isPart)));
  },
  part: isPart,
} as const;

export interface Shapes {
  manifest: Manifest;
  plan: { buckets: number };
  bucket: BucketDone;
  spill: SpillIndex;
  part: SpillPart;
}

/** The JSON file at `path` of the kind `kind` (undefined when absent), or a damaged-file EnumerateError. */
export function readChecked<K extends keyof Shapes>(path: string, kind: K): Shapes[K] | undefined {
  let value: unknown;
  try {
    value = readJson(path);
  } catch (e) {
    throw damaged(path, `is not JSON (${(e as Error).message})`);
  }
  if (value !== undefined && !SHAPES[kind](value)) throw damaged(path, `is not a ${kind} file of this layout`);
  return value as Shapes[K] | undefined;
}

/** Writes int32 words atomically. */
export function writeWordsAtomic(path: string, words: Int32Array): void {
  writingFile(path, (tmp) => {
    const fd = openSync(tmp, 'w');
    try {
      writeAll(fd, words);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  });
}

/** Appends int32 words to an open file. */
export function writeAll(fd: number, words: Int32Array): void {
  const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, Math.min(bytes.length - off, 1 << 30));
}

export function ensureDir(path: string): void {
  makeDirectory(path);
}
