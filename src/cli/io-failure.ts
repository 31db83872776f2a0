/**
 * Failures of the system's input/output rather than of the input (exit code `EXIT_IO`): a full
 * disk or a full output (/dev/full), a quota, a device error. Said in one line,
 * "caissa CMD: cannot write WHAT: no space left on device", instead of a stack trace.
 */
import { visible } from '../core/visible.js';

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
};

/**
 * The line for `e` if it is such a failure, else undefined. What could not be written is the
 * error's path, or standard output for a write to a descriptor (console output).
 */
export function ioFailure(e: unknown): string | undefined {
  const { code, path, syscall } = (e ?? {}) as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : REASONS[code];
  if (reason === undefined) return undefined;
  const what = path !== undefined ? visible(path) : syscall === 'write' ? 'standard output' : 'a file';
  return `cannot ${syscall === 'read' ? 'read' : 'write'} ${what}: ${reason}`;
}
