/** Exit codes and the error type of bad usage, shared by every command. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Bad usage or bad input: printed to stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Whether `e` is bad usage: a `UsageError`, or an unknown or malformed option reported by `parseArgs`. */
export function isUsageError(e: unknown): e is Error {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
}

/** A CLI command: parses its own arguments, returns the exit code. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(args: string[]): Promise<number>;
}

/** Parses a non-negative integer option or throws a UsageError naming it. */
export function parseIntOption(name: string, text: string | undefined, fallback: number, min = 0): number {
  if (text === undefined) return fallback;
  if (!/^\d+(e\d+)?$/i.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${name}: expected an integer ≥ ${min}, got '${text}'`);
  }
  return Number(text);
}
