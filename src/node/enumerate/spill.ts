/**
 * The temporary directory of an in-memory enumeration that spills to disk: named after its
 * process (`caissa-enumerate-<pid>-…` in the system's temporary directory), removed at the end,
 * on SIGINT and SIGTERM too; the directories of processes that no longer run (killed with -9) are
 * swept by the next run that spills.
 */
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'caissa-enumerate-';

/** Whether process `pid` runs (one of another user counts: EPERM). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the spill directories in `parent` whose process no longer runs. */
export function sweepSpillDirs(parent = tmpdir()): string[] {
  const swept: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return swept;
  }
  for (const name of names) {
    const pid = Number(/^caissa-enumerate-(\d+)-/.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true, maxRetries: 3 });
    swept.push(name);
  }
  return swept;
}

/**
 * Runs `body` with a new spill directory, removed when it settles (unless `keep`) and on SIGINT or
 * SIGTERM meanwhile (after which the process exits with 130 or 143).
 */
export async function withSpillDir<T>(keep: boolean, body: (dir: string) => Promise<T>): Promise<T> {
  sweepSpillDirs();
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  const remove = (): void => {
    if (!keep) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  // The process then ends at once (its worker threads may still be writing), with the code a
  // shell gives a process ended by the signal: 128 + its number.
  // Workers may still be creating files in it: the directory is first renamed out of their way,
  // and a removal that still fails is left to the next run's sweep (the name keeps the pid).
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!keep) {
      try {
        const doomed = `${dir}-removing`;
        renameSync(dir, doomed);
        rmSync(doomed, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // swept by the next run that spills
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await body(dir);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    remove();
  }
}
