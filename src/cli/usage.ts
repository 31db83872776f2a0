/** Exit codes and the error type of bad usage, shared by every command. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Bad usage: printed to stderr with the command's usage, exit code 2. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
}

/**
 * Bad input (a file that cannot be read or written, a FEN, a move, a problem): a UsageError whose
 * message is printed without the usage text, which would not help; also exit code 2.
 */
export class InputError extends UsageError {
  override readonly name: string = 'InputError';
}

/** What `caissa` prints on standard error for an error of bad usage or bad input. */
export function usageErrorText(command: Command, e: Error): string {
  return e instanceof InputError ? `caissa ${command.name}: ${e.message}` : `caissa ${command.name}: ${e.message}\nusage: ${command.usage}`;
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
