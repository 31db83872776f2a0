/**
 * One run at a time on a piece of resumable work (an enumeration's work directory, a perft
 * checkpoint, a self-play directory): a pid file. A run creates the lock file exclusively, whole
 * (written aside, then hard-linked into place, which fails if one is there), naming its process,
 * its host and a random token, and removes it at the end. A lock whose process no longer runs on
 * this host (a killed run) is stale; one held on another host cannot be checked and is left to
 * the user.
 *
 * A stale lock is removed by one run only: the run that creates its takeover file, named after
 * the stale lock's token (`<lock>.<token>.takeover`). Tokens are never reused, so a run that comes
 * late to a takeover finds the lock changed and leaves it alone. A run killed in the middle of a
 * takeover leaves its takeover file; the next run then takes the next name (`….takeover2`, …).
 */
import { closeSync, constants, fstatSync, linkSync, openSync, readSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createHash, randomBytes } from 'node:crypto';

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

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** Random, never reused: names the lock's takeover files. */
  readonly token?: string;
}

/** A lock file in the way that is no regular file: the user's to remove. */
class NotALockFile extends Error {}
const notALockFile = (path: string, kind: string) => new NotALockFile(`${path} is not a lock file (${kind}): remove it`);

/**
 * The text of the lock file at `path`, or undefined when there is none. Opened without following
 * a link and without blocking (a FIFO is not waited on); anything but a regular file is refused.
 */
function readLock(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // O_NOFOLLOW on a symbolic link gives ELOOP.
    if (code === 'ELOOP' || code === 'EISDIR') throw notALockFile(path, code === 'ELOOP' ? 'a symbolic link' : 'a directory');
    throw e;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw notALockFile(path, s.isDirectory() ? 'a directory' : 'not a regular file');
    const bytes = Buffer.alloc(4096); // a lock file's text is a few dozen bytes
    return bytes.toString('utf8', 0, readSync(fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The holder a lock file's text names, or undefined for text that names none (cut short, foreign). */
function holderOf(text: string): Holder | undefined {
  try {
    const v = JSON.parse(text) as Partial<Holder> | null;
    return Number.isSafeInteger(v?.pid) && typeof v?.host === 'string' ? (v as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder may still run: a process of another host (it cannot be checked), or a live
 * process of this host other than this one (its pid in a file is an earlier process's). A process
 * of another user counts as live (EPERM).
 */
function mayRun(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  if (h.pid === process.pid) return false;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates the file at `path` holding `text`, whole, unless one exists: returns false then. Where
 * the file system has no hard links, the file is created exclusively and then written.
 */
function createWhole(path: string, text: string): boolean {
  const aside = `${path}.${process.pid}.new`;
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

/** Takeover files of one stale lock tried before the lock is left to the user. */
const MAX_TAKEOVERS = 5;

/**
 * Removes the stale lock at `path` whose text was `judged`, if this run is the one that may:
 * the first to create the lock's takeover file. Nothing happens when another run is taking it
 * over, or the lock has changed since it was judged.
 */
function takeOver(path: string, judged: string, mine: string): void {
  // Text without a token (cut short, or written by hand) is the same bytes for every run that reads it.
  const token = holderOf(judged)?.token ?? createHash('sha1').update(judged).digest('hex');
  const killed: string[] = [];
  for (let k = 1; k <= MAX_TAKEOVERS; k++) {
    const marker = `${path}.${token}.takeover${k === 1 ? '' : k}`;
    if (createWhole(marker, mine)) {
      try {
        if (readLock(path) === judged) unlinkSync(path);
      } finally {
        // The judged lock is gone for good (its token never comes back): no run needs these.
        for (const m of [...killed, marker]) rmSync(m, { force: true });
      }
      return;
    }
    const taker = holderOf(readLock(marker) ?? '');
    // Gone since (a takeover done) or still being written: the lock has changed or will.
    if (taker === undefined || mayRun(taker)) return;
    // A run killed while it took the lock over: the takeover goes on under the next name.
    killed.push(marker);
  }
}

/**
 * Takes the lock file at `path`, or throws `o.fail(…)` naming the run that holds it; returns the
 * function that releases it.
 */
export function takeLock(path: string, o: LockOptions): () => void {
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), token: randomBytes(12).toString('hex') } satisfies Holder);
  const cannot = (e: unknown) =>
    o.fail(e instanceof NotALockFile ? e.message : `${o.subject}: cannot take its lock (${(e as Error).message})`, false);
  // A few tries: a lock file that vanishes between the steps is another run's doing.
  for (let tries = 0; tries < 3; tries++) {
    let text: string | undefined;
    try {
      if (createWhole(path, mine)) return () => release(path, mine);
      text = readLock(path);
    } catch (e) {
      throw cannot(e);
    }
    if (text === undefined) continue;
    const holder = holderOf(text);
    if (holder !== undefined && mayRun(holder)) {
      throw o.fail(
        `${o.subject} is in use by process ${holder.pid} on ${holder.host} (${o.users}): wait for it to end, or remove ${path} if it no longer runs`,
        true,
      );
    }
    // Left by a run that is gone, or text that names no run: taken over, then tried again.
    o.beforeTakeover?.();
    try {
      takeOver(path, text, mine);
    } catch (e) {
      throw cannot(e);
    }
  }
  throw o.fail(`${o.subject}: another run took its lock at the same time`, true);
}

/** Removes the lock file at `path` if it still holds `mine`. */
function release(path: string, mine: string): void {
  try {
    if (readLock(path) === mine) rmSync(path, { force: true });
  } catch {
    // Already gone or replaced by the user: nothing to release.
  }
}
