/**
 * Files that a kill leaves whole or absent: each is written under a unique temporary name beside
 * its path and renamed into place (a rename within a directory is atomic on POSIX file systems).
 * The checkpoints of enumeration and self-play are written so.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

let tmpCounter = 0;
/** A temporary name beside `path`, unique per process and call. */
export const tmpName = (path: string): string => `${path}.${process.pid}.${++tmpCounter}.${Math.random().toString(36).slice(2, 8)}.tmp`;

/** Writes JSON atomically (temporary file + rename). */
export function writeJsonAtomic(path: string, value: unknown): void {
  const tmp = tmpName(path);
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, path);
}

/** The JSON value of the file at `path`, or undefined when there is no such file. */
export function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
