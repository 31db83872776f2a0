/**
 * One run at a time on a piece of resumable work (an enumeration's work directory, a perft
 * checkpoint). Two processes resuming the same work would redo the same units and write over each
 * other; so a run holds a lock file (its pid and host) from start to end. A lock whose process is
 * gone (a killed run) is taken over; one held on another host cannot be checked and is left to
 * the user.
 *
 * Any number of runs may start at once, and none may ever take a lock another holds. A lock file
 * appears whole (written aside, then hard-linked into place, which fails if one is there), and no
 * run ever moves or replaces one: the only file a run removes is one it judged stale, and only
 * once it alone may, by creating that very file's takeover file (`<lock>.<identity>.takeover`,
 * named after the file's inode and change time, which no later file shares). Holding it, the run
 * checks that the lock file is still the one judged, removes it and makes its own in the usual
 * way; a run that finds the takeover file made leaves the lock to the run that made it. A run
 * killed while it held a takeover file left a stale one, taken over in turn the same way.
 */
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readFileSync, readSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

interface Holder {
  readonly pid: number;
  readonly host: string;
}

/** The holder a lock file's text names, or undefined for one a kill left empty or cut short. */
function holderOf(text: string): Holder | undefined {
  try {
    const v = JSON.parse(text) as Partial<Holder> | null;
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
 * Whether a lock file's holder may still run: a process of another host (it cannot be checked), or
 * one of this host that runs, other than this process (its pid in a file is an earlier process's).
 */
function mayRun(holder: Holder): boolean {
  return holder.host !== hostname() || (holder.pid !== process.pid && isRunning(holder.pid));
}

/** A file's identity: its inode and change time in nanoseconds, which a later file never has both of. */
const identityOf = (s: { readonly ino: bigint; readonly ctimeNs: bigint }): string => `${s.ino}-${s.ctimeNs}`;

/** The identity of the file at `path`, or undefined when it is gone. */
function identity(path: string): string | undefined {
  try {
    return identityOf(lstatSync(path, { bigint: true }));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** A lock or takeover file as read: its identity and its holder, both of the one file opened. */
interface Judged {
  readonly id: string;
  readonly holder: Holder | undefined;
}

/** A lock or takeover file in the way that is no regular file: the user's to remove. */
class NotALockFile extends Error {}

/**
 * Reads the file at `path`: undefined when it is gone, else its identity and holder. A path that
 * is no regular file (opened without following a link and without blocking, so that a FIFO is
 * not waited on) is a NotALockFile.
 */
function judge(path: string): Judged | undefined {
  const notALockFile = (kind: string) => new NotALockFile(`${path} is not a lock file (${kind}): remove it`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // O_NOFOLLOW on a symbolic link.
    if (code === 'ELOOP') throw notALockFile('a symbolic link');
    if (code === 'EISDIR') throw notALockFile('a directory');
    throw e;
  }
  try {
    const s = fstatSync(fd, { bigint: true });
    if (!s.isFile()) throw notALockFile(s.isDirectory() ? 'a directory' : 'not a regular file');
    // A lock file's text is a few dozen bytes; more is no holder.
    const bytes = Buffer.alloc(4096);
    const n = readSync(fd, bytes, 0, bytes.length, 0);
    return { id: identityOf(s), holder: holderOf(bytes.toString('utf8', 0, n)) };
  } finally {
    closeSync(fd);
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
 * Creates the file at `path` holding `text`, whole, unless one exists: returns false then.
 * The text is written to a file of this process first and linked into place; where the file
 * system has no hard links, the file is created exclusively and written (a reader may then see
 * it empty for an instant, and take it for a killed run's; its change time moves with the write,
 * so a takeover judged on the empty file finds it changed). A kill can leave the file aside, or
 * a takeover file: a directory's checks pass over names starting with the lock's and a dot.
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

/** Takeover files over takeover files: beyond this depth, a run leaves the lock to the others. */
const MAX_TAKEOVER_DEPTH = 3;

/**
 * Removes the file at `path`, judged stale with identity `id`, as the one run that may: the one
 * that creates its takeover file. A takeover file whose run is gone (killed mid-takeover) is
 * itself taken over first. True when the file is out of the way (removed here, or gone already:
 * another run's takeover, or a release); false when it is left to another run (taking it over,
 * or having made a new one in its place).
 */
function takeOver(path: string, id: string, mine: string, depth = 0): boolean {
  const marker = `${path}.${id}.takeover`;
  for (let tries = 0; tries < 3; tries++) {
    if (createWhole(marker, mine)) {
      try {
        // No run replaces the judged file while it is there (a lock file is only ever created
        // where none is), and only the holder of this takeover file removes it: unchanged now,
        // it is still the judged file when removed.
        const now = identity(path);
        if (now === id) unlinkSync(path);
        return now === undefined || now === id;
      } finally {
        rmSync(marker, { force: true });
      }
    }
    const other = judge(marker);
    if (other === undefined) continue; // its run has finished: try again
    if ((other.holder !== undefined && mayRun(other.holder)) || depth + 1 >= MAX_TAKEOVER_DEPTH) return false;
    if (!takeOver(marker, other.id, mine, depth + 1)) return false;
  }
  return false;
}

/**
 * Takes the lock file at `path`, or throws `o.fail(…)` naming the run that holds it; returns the
 * function that releases it.
 */
export function takeLock(path: string, o: LockOptions): () => void {
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies Holder);
  const cannot = (e: unknown) =>
    e instanceof NotALockFile ? o.fail(e.message, false) : o.fail(`${o.subject}: cannot take its lock (${(e as Error).message})`, false);
  // A few tries: a lock file that vanishes between the steps is another run's doing.
  for (let tries = 0; tries < 3; tries++) {
    let file: Judged | undefined;
    try {
      if (createWhole(path, mine)) return () => release(path, mine);
      file = judge(path);
    } catch (e) {
      throw cannot(e);
    }
    if (file === undefined) continue; // gone since: the next try takes it
    const holder = file.holder;
    if (holder !== undefined && mayRun(holder)) {
      throw o.fail(
        `${o.subject} is in use by process ${holder.pid} on ${holder.host} (${o.users}): wait for it to end, or remove ${path} if it no longer runs`,
        true,
      );
    }
    // Left by a run that is gone (or a file a kill left empty or cut short, which names no run):
    // taken over, unless another run is doing so or has done it.
    o.beforeTakeover?.();
    let outOfTheWay: boolean;
    try {
      outOfTheWay = takeOver(path, file.id, mine);
    } catch (e) {
      throw cannot(e);
    }
    if (!outOfTheWay) break;
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
