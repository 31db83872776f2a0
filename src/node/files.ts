/**
 * Small file helpers of the resumable runs: directories made with their parents, and files that
 * a kill leaves whole or absent (written under a unique temporary name beside their path and
 * renamed into place: a rename within a directory is atomic on POSIX file systems).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes the directory `path` and its missing parents (nothing if it is one already); a refusal is
 * thrown as the system gives it (ENOENT, EACCES, ENOTDIR, EEXIST for a file). Not
 * `mkdirSync(path, { recursive: true })`: where a parent exists but still answers ENOENT for its
 * child (procfs: /proc/nonexistent/x), Node 20 and 22 step up and down between them for ever.
 * Here each directory is tried once more only after its parent was made.
 */
export function makeDirectory(path: string, parentMade = false): void {
  try {
    mkdirSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Made already (by another process too): as good as made here.
    if (code === 'EEXIST' && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true) return;
    if (code !== 'ENOENT' || parentMade || dirname(path) === path) throw e;
    makeDirectory(dirname(path));
    makeDirectory(path, true);
  }
}

let tmpCounter = 0;
/** A temporary name beside `path`, unique per process and call. */
export const tmpName = (path: string): string => `${path}.${process.pid}.${++tmpCounter}.${Math.random().toString(36).slice(2, 8)}.tmp`;

/** Writes JSON atomically (temporary file + rename). */
export function writeJsonAtomic(path: string, value: unknown): void {
  writingFile(path, (tmp) => {
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, path);
  });
}

/**
 * Runs `write(tmp)`, which writes `path` under the temporary name `tmp` and renames it into
 * place. A system error (a full disk: ENOSPC) names `path`, not the temporary name nor a bare
 * descriptor, and takes the temporary file away with it.
 */
export function writingFile<T>(path: string, write: (tmp: string) => T): T {
  const tmp = tmpName(path);
  try {
    return write(tmp);
  } catch (e) {
    rmSync(tmp, { force: true });
    if (typeof (e as NodeJS.ErrnoException).code === 'string') (e as NodeJS.ErrnoException).path = path;
    throw e;
  }
}

/** The JSON value of the file at `path`, or undefined when there is no such file. */
export function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
