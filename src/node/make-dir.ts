/**
 * `mkdir -p` without Node's hang. `mkdirSync(path, { recursive: true })` (Node 20 and 22) steps
 * up to the parent on ENOENT and back down once the parent exists, so where a parent exists but
 * still answers ENOENT for its child (procfs: /proc/nonexistent/x) it spins for ever, blocking
 * the event loop. Here the missing directories are made one at a time from the deepest existing
 * one down, and the first refusal is thrown as the system gives it (ENOENT, EACCES, ENOTDIR…).
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const isDirectory = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

/**
 * Makes the directory `path` and its missing parents; nothing if it is a directory already.
 * The path is used as given (an empty one is refused by the system, not read as the current
 * directory).
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  for (let p = path; ; p = dirname(p)) {
    let exists: boolean;
    try {
      exists = statSync(p, { throwIfNoEntry: false }) !== undefined;
    } catch {
      exists = false; // ENOTDIR, EACCES…: mkdir says so with the path
    }
    // An existing ancestor ends the walk (a file there: mkdir below gives ENOTDIR); `path`
    // itself only if it is a directory (a file there: mkdir gives EEXIST).
    if (exists && (p !== path || isDirectory(p))) break;
    missing.push(p);
    if (dirname(p) === p) break;
  }
  for (let k = missing.length - 1; k >= 0; k--) {
    try {
      mkdirSync(missing[k]!);
    } catch (e) {
      // Made meanwhile by another process: as good as made here.
      if ((e as { code?: string }).code !== 'EEXIST' || !isDirectory(missing[k]!)) throw e;
    }
  }
}
