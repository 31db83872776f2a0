/**
 * The result of anything that can fail on bad input. Parsers return one and never throw;
 * exceptions are kept for broken invariants (bugs).
 */
export type Result<T, E> = Ok<T> | Err<E>;

/** A success of a `Result`. */
export interface Ok<T> {
  /** True: `value` is there. */
  readonly ok: true;
  /** What was asked for. */
  readonly value: T;
}

/** A failure of a `Result`. */
export interface Err<E> {
  /** False: `error` is there. */
  readonly ok: false;
  /** Why it failed: a typed error. */
  readonly error: E;
}

/** Wraps a value as a success. */
export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

/** Wraps an error as a failure. */
export const err = <E>(error: E): Err<E> => ({ ok: false, error });
