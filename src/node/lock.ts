/**
 * One run at a time on a piece of resumable work (an enumeration's work directory, a perft
 * checkpoint). Two processes resuming the same work would redo the same units and write over each
 * other; so a run holds a lock file (its pid and host) from start to end. A lock whose process is
 * gone (a killed run) is taken over; one held on another host cannot be checked and is left to
 * the user.
 */
import { lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

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

/** What the lock path is when not a regular file (or gone): said in the error; undefined for a file. */
function lockKind(path: string): string | undefined {
  try {
    const s = lstatSync(path);
    if (s.isFile()) return undefined;
    return s.isDirectory() ? 'a directory' : 'not a regular file';
  } catch {
    return undefined; // gone since: the next try takes it
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

export interface LockOptions {
  /** What the lock guards, as messages name it (a directory, a file). */
  readonly subject: string;
  /** The commands that take it, as the message for a held lock names them. */
  readonly users: string;
  /** The error to throw: `held` when another run holds the lock, else the lock file could not be written. */
  readonly fail: (message: string, held: boolean) => Error;
}

/**
 * Takes the lock file at `path`, or throws `o.fail(…)` naming the run that holds it; returns the
 * function that releases it.
 */
export function takeLock(path: string, o: LockOptions): () => void {
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies Holder);
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw o.fail(`${o.subject}: cannot take its lock (${(e as Error).message})`, false);
      // Only a regular file is read (a FIFO would block the read) or removed as a lock.
      const kind = lockKind(path);
      if (kind !== undefined) throw o.fail(`${path} is not a lock file (${kind}): remove it`, false);
      const holder = readHolder(path);
      const gone = holder === undefined || (holder.host === hostname() && (holder.pid === process.pid || !isRunning(holder.pid)));
      if (!gone) {
        throw o.fail(
          `${o.subject} is in use by process ${holder.pid} on ${holder.host} (${o.users}): wait for it to end, or remove ${path} if it no longer runs`,
          true,
        );
      }
      // Left by a run that is gone: taken over, once (a second EEXIST is another run's new lock).
      if (tries > 0) throw o.fail(`${o.subject}: another run took its lock at the same time`, true);
      try {
        rmSync(path, { force: true });
      } catch (e) {
        throw o.fail(`${o.subject}: cannot take its lock (${(e as Error).message})`, false);
      }
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
