/** Exit codes and the error type of bad usage, shared by every command. */
import { MAX_DEPTH } from '../core/depth.js';
import { boundedMessage, visible } from '../core/visible.js';
import { threadsNote } from '../node/thread-pool.js';

// The exit codes live in exit.ts; re-exported here, where the commands take them from.
export { EXIT_FAILED, EXIT_IO, EXIT_OK, EXIT_USAGE } from './exit.js';

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
  // parseArgs writes some messages over several lines (`--games -1`: "… is ambiguous.", then two
  // hints): one line here, so that no line break shows as an escape.
  const parseArgsError = (e as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS') === true;
  const message = visible(boundedMessage(parseArgsError ? e.message.replace(/\n/g, ' ') : e.message));
  return e instanceof InputError ? `caissa ${command.name}: ${message}` : `caissa ${command.name}: ${message}\n${usageText(command)}`;
}

/** A command's usage and its example, as `--help` prints them and as bad usage is followed by. */
export const usageText = (command: Command): string => `usage: ${command.usage}\nexample: ${command.example}`;

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
  /** One command line that works as given (`caissa <command> --help` shows it). */
  readonly example: string;
  run(args: string[]): Promise<number>;
}

/**
 * The most worker threads (`--threads`) a command starts: far more than any machine has cores,
 * and few enough that a mistyped count cannot exhaust the process.
 */
export const MAX_THREADS = 256;

/** Parses a non-negative integer option, from `min` to `max`, or throws a UsageError naming it. */
export function parseIntOption(name: string, text: string | undefined, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  if (!/^\d+(e\d+)?$/i.test(text) || Number(text) < min || Number(text) > max || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(max === Number.MAX_SAFE_INTEGER ? `${name}: expected an integer ≥ ${min}, got '${text}'` : `${name}: expected an integer from ${min} to ${max}, got '${text}'`);
  }
  return Number(text);
}

/** A `--threads` option: 1 to `MAX_THREADS`. */
export const parseThreads = (text: string | undefined, fallback: number): number => parseIntOption('--threads', text, fallback, 1, MAX_THREADS);

/** Says on standard error (one line) when `--threads` asks for more threads than the machine has cores. */
export function noteThreads(command: string, threads: number): void {
  const note = threadsNote(threads);
  if (note !== undefined) console.error(`caissa ${command}: note: ${note}`);
}

/** A search depth in plies: 0 to `MAX_DEPTH`. */
export const parseDepth = (name: string, text: string | undefined, fallback: number): number => parseIntOption(name, text, fallback, 0, MAX_DEPTH);

/** A memory budget in GB (`--memory`): a plain positive decimal number (no exponent, hex or Infinity); in bytes. */
export function parseGigabytes(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback * 2 ** 30;
  const gb = Number(text);
  if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(text) || !(gb > 0)) throw new UsageError(`${name}: expected a positive number of GB, got '${text}'`);
  return gb * 2 ** 30;
}
