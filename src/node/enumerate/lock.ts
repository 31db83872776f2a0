/**
 * One run at a time in a work directory. Two processes resuming the same directory would redo
 * the same units, and each would delete the other's temporary files as a kill's leftovers; so a
 * run holds `lock.json` (its pid and host) from start to end. A lock whose process is gone (a
 * killed run) is taken over; one held on another host cannot be checked and is left to the user.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EnumerateError } from './workdir.js';

export const LOCK_NAME = 'lock.json';

interface Holder {
  readonly pid: number;
  readonly host: string;
}

/** The holder a lock file names, or undefined for one a kill left empty or cut short. */
function readHolder(path: string): Holder | undefined {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder> | null;
    return Number.isSafeInteger(v?.pid) && typeof v?.host === 'string' ? { pid: v.pid!, host: v.host } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` of this host runs (a process of another user counts: EPERM). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of the existing directory `dir`, or throws an EnumerateError naming the run that
 * holds it; returns the function that releases it.
 */
export function lockWorkdir(dir: string): () => void {
  const path = join(dir, LOCK_NAME);
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies Holder);
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new EnumerateError(`${dir}: cannot take its lock (${(e as Error).message})`);
      const holder = readHolder(path);
      const gone = holder === undefined || (holder.host === hostname() && (holder.pid === process.pid || !isRunning(holder.pid)));
      if (!gone) {
        throw new EnumerateError(
          `${dir} is in use by process ${holder.pid} on ${holder.host} (a caissa enumerate or cluster submit): wait for it to end, or remove ${path} if it no longer runs`,
        );
      }
      // Left by a run that is gone: taken over, once (a second EEXIST is another run's new lock).
      if (tries > 0) throw new EnumerateError(`${dir}: another run took its lock at the same time`);
      rmSync(path, { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(path, 'utf8') === mine) rmSync(path, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}
