/** Shared test helpers: shared-data access, sampling, and CLI commands run in-process. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUsageError, type Command } from '../src/cli/usage.js';
import type { Rng } from '../src/core/rng.js';
import { readText } from '../src/node/data.js';
import { sharedPath, sharedSkip } from './data.js';
import { parseEpd } from '../src/notation/epd.js';

/**
 * Whether the long variants of the tests run (`npm run test:full`): CAISSA_FULL set to anything
 * but empty or `0`. Every test asks this one constant.
 */
export const FULL = (process.env.CAISSA_FULL ?? '') !== '' && process.env.CAISSA_FULL !== '0';

/**
 * The seed of a randomised test (fuzz, property or differential): `fallback` as written in the
 * test, shifted by CAISSA_SEED when that is set, so that a long session can run every such test
 * over other inputs (`CAISSA_SEED=7 npm test`). CAISSA_SEED=0 is the default run.
 */
export function testSeed(fallback: number): number {
  const text = process.env.CAISSA_SEED ?? '';
  if (text === '') return fallback;
  if (!/^\d{1,9}$/.test(text)) throw new Error(`CAISSA_SEED: expected an integer from 0 to 999999999, got '${text}'`);
  return (fallback + Math.imul(Number(text), 0x9e3779b1)) | 0;
}

/**
 * `text` after one to `maxEdits` random edits, each deleting a character, inserting or replacing
 * one from `alphabet`, or cutting a run of up to five: inputs near valid ones, for fuzz tests.
 */
export function mutateText(rng: Rng, text: string, alphabet: string, maxEdits = 4): string {
  const chars = [...text];
  for (let edits = 1 + rng.below(maxEdits); edits > 0; edits--) {
    const i = rng.below(chars.length + 1);
    const c = alphabet[rng.below(alphabet.length)]!;
    switch (rng.below(4)) {
      case 0: chars.splice(i, 1); break;
      case 1: chars.splice(i, 0, c); break;
      case 2: chars[i] = c; break;
      default: chars.splice(i, rng.below(6));
    }
  }
  return chars.join('');
}

/**
 * The position of every line of an EPD file of ../shared/data/positions, as a six-field FEN (the
 * clocks from the line, its `hmvc`/`fmvn` operations, or 0 and 1). A line that is not EPD throws,
 * naming the file and line: a position the tests cannot read must fail them, not drop out.
 */
export function epdFens(file: string, limit = Infinity): string[] {
  const out: string[] = [];
  for (const [i, line] of readText(sharedPath('positions', file)).split(/\r?\n/).entries()) {
    if (out.length >= limit) break;
    if (line.trim() === '') continue;
    const record = parseEpd(line);
    if (!record.ok) throw new Error(`${file}:${i + 1}: ${record.error.message}`);
    out.push(record.value.fen);
  }
  return out;
}

/**
 * Why tests reading ../shared/data/positions (large: not in the repository) are skipped, or false
 * when it is there; see data.ts.
 */
export const noPositions = (): string | false => sharedSkip('positions');

/** The EPD files of ../shared/data/positions (a file added there is read too); none when it is absent. */
export const positionFiles = (): string[] =>
  noPositions() ? [] : readdirSync(sharedPath('positions')).filter((n) => /\.epd(\.gz)?$/.test(n)).sort();

/** Every k-th element, so a sample spreads over the whole file. */
export const spread = <T>(items: T[], count: number): T[] => {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
};

/**
 * Runs a CLI command in-process with its output captured: the exit code, standard output (text
 * written by `console.log` or `process.stdout.write`), and standard error (for bad usage, exit
 * code 2 and the error's message, which `main` prints).
 */
export async function runCommand(command: Command, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log, error = console.error, write = process.stdout.write.bind(process.stdout);
  console.log = (...a: unknown[]) => void out.push(a.join(' ') + '\n');
  console.error = (...a: unknown[]) => void err.push(a.join(' ') + '\n');
  // The test runner's own reports to its parent pass through as bytes while an async command runs.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    typeof chunk === 'string' ? (out.push(chunk), true) : write(chunk, ...rest)) as typeof process.stdout.write;
  try {
    const code = await command.run(args);
    return { code, out: out.join(''), err: err.join('') };
  } catch (e) {
    if (isUsageError(e)) return { code: 2, out: out.join(''), err: e.message };
    throw e;
  } finally {
    console.log = log;
    console.error = error;
    process.stdout.write = write;
  }
}

const tempDirs: string[] = [];

/**
 * A new directory in the system's temporary directory (`mkdtemp` with `prefix`), removed with all
 * it holds when this test process exits, whether its tests passed or failed.
 */
export function tempDir(prefix: string): string {
  if (tempDirs.length === 0) process.once('exit', () => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
