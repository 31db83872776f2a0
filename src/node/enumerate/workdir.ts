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
 * ```
 *
 * Every file is written under a unique temporary name and renamed into place, so a killed run
 * leaves either a whole file or none; a unit whose marker is missing is simply redone, and redoing
 * it writes the same bytes, which also makes retried cluster jobs idempotent.
 */
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tmpName } from '../atomic-file.js';
import { makeDirectory } from '../make-dir.js';

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
  /** Per run, entries per bucket of the next level. */
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
export const planFile = (dir: string, ply: number): string => join(levelDir(dir, ply), 'plan.json');
export const manifestFile = (dir: string): string => join(dir, 'manifest.json');

export { readJson, tmpName, writeJsonAtomic } from '../atomic-file.js';

/** Writes int32 words atomically. */
export function writeWordsAtomic(path: string, words: Int32Array): void {
  const tmp = tmpName(path);
  const fd = openSync(tmp, 'w');
  writeAll(fd, words);
  closeSync(fd);
  renameSync(tmp, path);
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
