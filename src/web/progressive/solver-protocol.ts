/**
 * The messages between the page and the solver's Web Worker (solver-worker.ts). The page posts
 * one `SolveRequest`; the worker answers with `progress` messages (at most ten a second) and one
 * `done` or `error`. The page cancels by ending the worker (`Worker.terminate`): the solver's
 * loop never yields to the worker's event loop, so a cancel message could not be read before
 * the end, and ending the worker frees its tables at once; the next solve starts a new one.
 */
import type { SolveStatus } from '../../tools/progressive/solve.js';

export interface SolveRequest {
  /** Matches the replies to the request. */
  readonly id: number;
  /** The position in progressive text form (`makeProgressive`), the series' player to move. */
  readonly position: string;
  /** The moves left in the series (the position's `movesLeft`). */
  readonly n: number;
}

export type SolveReply =
  | { readonly type: 'progress'; readonly id: number; readonly nodes: number; readonly ms: number }
  | {
      readonly type: 'done';
      readonly id: number;
      readonly status: SolveStatus;
      /** The series found, in UCI, or null. */
      readonly solution: readonly string[] | null;
      readonly nodes: number;
      readonly ms: number;
      readonly complete: boolean;
    }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/** Milliseconds between two progress messages. */
export const PROGRESS_EVERY_MS = 100;
