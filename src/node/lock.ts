/**
 * One run at a time on a piece of resumable work (an enumeration's work directory, a perft
 * checkpoint). Two processes resuming the same work would redo the same units and write over each
 * other; so a run holds a lock file (its pid and host) from start to end. A lock whose process is
 * gone (a killed run) is taken over; one held on another host cannot be checked and is left to
 * the user.
 *
 * Both steps are atomic, so that two runs starting at once cannot both hold it: a lock file
 * appears whole (written aside, then hard-linked into place, which fails if one is there), and a
 * stale one is taken over by renaming it aside and checking that the file moved is the one judged
 * stale (else it is put back: another run had just taken the lock).
 */
import { linkSync, lstatSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

interface Holder {
  readonly pid: number;
  readonly host: string;
}

/** The holder a lock file's text names, or undefined for one a kill left empty or cut short. */
function holderOf(text: string | undefined): Holder | undefined {
  try {
    const v = JSON.parse(text ?? '') as Partial<Holder> | null;
    return Number.isSafeInteger(v?.pid) && typeof v?.host === 'string' ? { pid: v.pid!, host: v.host } : undefined;
  } catch {
    return undefined;
  }
}

/** The lock file's inode, or what the path is when not a regular file; undefined when gone. */
function lockFile(path: string): { readonly ino: number } | { readonly kind: string } | undefined {
  try {
    const s = lstatSync(path);
    if (s.isFile()) return { ino: s.ino };
    return { kind: s.isDirectory() ? 'a directory' : 'not a regular file' };
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

export interface LockOptions {
  /** What the lock guards, as messages name it (a directory, a file). */
  readonly subject: string;
  /** The commands that take it, as the message for a held lock names them. */
  readonly users: string;
  /** The error to throw: `held` when another run holds the lock, else the lock file could not be written. */
  readonly fail: (message: string, held: boolean) => Error;
  /** Called between judging a lock stale and taking it over: tests start a rival run here. */
  readonly beforeTakeover?: () => void;
}

/**
 * Creates the lock file at `path` holding `text`, whole, unless one exists: returns false then.
 * The text is written to a file of this process first and linked into place; where the file
 * system has no hard links, the file is created exclusively and written (a reader may then see
 * it empty for an instant, and take it for a killed run's).
 */
function createWhole(path: string, text: string): boolean {
  const aside = asideName(path, 'new');
  try {
    writeFileSync(aside, text);
    linkSync(aside, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
  } finally {
    rmSync(aside, { force: true });
  }
  try {
    writeFileSync(path, text, { flag: 'wx' });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/**
 * Removes the lock file at `path` if it is still the file judged stale (the same inode and
 * text); returns false, leaving the lock file in place, if another run replaced it meanwhile.
 */
function removeIfStale(path: string, stale: { readonly ino: number; readonly text: string }): boolean {
  const aside = asideName(path, 'stale');
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true; // removed by another run: retry
    throw e;
  }
  const moved = { ino: statSync(aside).ino, text: readText(aside) ?? '' };
  if (moved.ino === stale.ino && moved.text === stale.text) {
    rmSync(aside, { force: true });
    return true;
  }
  // Another run's fresh lock: put back, unless a third run has meanwhile made one (it holds).
  try {
    linkSync(aside, path);
  } catch {
    // That third run holds the lock: the one moved aside has lost it, and finds so on release.
  }
  rmSync(aside, { force: true });
  return false;
}

/**
 * A file of this process beside the lock file, named after it: `<lock>.<pid>.new` or `.stale`.
 * A kill can leave one: a directory's checks pass over names starting with the lock's and a dot.
 */
function asideName(path: string, what: 'new' | 'stale'): string {
  return `${path}.${process.pid}.${what}`;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock file at `path`, or throws `o.fail(…)` naming the run that holds it; returns the
 * function that releases it.
 */
export function takeLock(path: string, o: LockOptions): () => void {
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies Holder);
  const cannot = (e: unknown) => o.fail(`${o.subject}: cannot take its lock (${(e as Error).message})`, false);
  // A few tries: a lock file that vanishes or is taken over between the steps is another run's doing.
  for (let tries = 0; tries < 3; tries++) {
    try {
      if (createWhole(path, mine)) return () => release(path, mine);
    } catch (e) {
      throw cannot(e);
    }
    // Only a regular file is read (a FIFO would block the read) or removed as a lock.
    const file = lockFile(path);
    if (file === undefined) continue; // gone since: the next try takes it
    if ('kind' in file) throw o.fail(`${path} is not a lock file (${file.kind}): remove it`, false);
    const text = readText(path);
    const holder = holderOf(text);
    const gone = holder === undefined || (holder.host === hostname() && (holder.pid === process.pid || !isRunning(holder.pid)));
    if (!gone) {
      throw o.fail(
        `${o.subject} is in use by process ${holder.pid} on ${holder.host} (${o.users}): wait for it to end, or remove ${path} if it no longer runs`,
        true,
      );
    }
    // Left by a run that is gone: taken over, unless another run has just done so.
    o.beforeTakeover?.();
    try {
      if (!removeIfStale(path, { ino: file.ino, text: text ?? '' })) break;
    } catch (e) {
      throw cannot(e);
    }
  }
  throw o.fail(`${o.subject}: another run took its lock at the same time`, true);
}

/** Removes the lock file at `path` if it still holds `mine`. */
function release(path: string, mine: string): void {
  try {
    if (readFileSync(path, 'utf8') === mine) rmSync(path, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}
