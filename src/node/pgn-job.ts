/**
 * The messages between `PgnReplayPool` (pgn-pool.ts) and its workers (pgn-worker.ts): the work
 * sent, and the records that come back, in columns.
 */
import type { ReplayError } from '../notation/pgn-replay.js';

/** Work for a worker: a segment of raw text, or whole games cut by the main thread. */
export type PgnWork =
  | { readonly kind: 'segment'; readonly bytes: Uint8Array; readonly fen: boolean; readonly maxGameBytes: number }
  | {
      readonly kind: 'games';
      readonly bytes: Uint8Array;
      /**
       * Per game (`BOUNDS` numbers): start, end, line, column, byte column, and flags: 1 if its
       * line before it is UTF-8, 2 if it is too long, 4 for UTF-16 input (`GameSlice`).
       */
      readonly bounds: Int32Array;
      readonly fen: boolean;
      readonly maxGameBytes: number;
    };

/** Numbers per game in `bounds`. */
export const BOUNDS = 6;

/** Work as sent, with the id its result comes back with. */
export type PgnJob = PgnWork & { readonly id: number };

/**
 * The game-termination markers a job's results are coded by (`PgnJobResult.results`): a game's
 * code is its marker's index here, or `OTHER_RESULT` for a result written otherwise.
 */
export const RESULT_CODES: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];
export const OTHER_RESULT = 255;

/** A game's result as a code of `RESULT_CODES`, or `OTHER_RESULT`. */
export function resultCode(result: string): number {
  const i = RESULT_CODES.indexOf(result);
  return i >= 0 ? i : OTHER_RESULT;
}

/**
 * A job's records in columns: cheaper to clone between threads than 10,000 objects. The results
 * go as bytes rather than as strings, which the clone writes and reads back one by one (in a
 * profile of the masters file, the workers' `postMessage` fell from 216 to 130 ms in 4 runs).
 */
export interface PgnJobResult {
  readonly id: number;
  readonly plies: Int32Array;
  /** Per game, its result's code (`resultCode`). */
  readonly results: Uint8Array;
  /** The results coded `OTHER_RESULT`, in the order of their games. */
  readonly otherResults: string[];
  /** Final FENs, when asked for. */
  readonly fens: (string | null)[] | null;
  /** Errors by index in the job. */
  readonly errors: [number, ReplayError][];
  /** Segments: the text's line breaks, and whether it ended between games. */
  readonly lineBreaks?: number;
  readonly endsBetweenGames?: boolean;
}
