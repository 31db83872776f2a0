/**
 * The result of anything that can fail on bad input. Parsers return one and never throw;
 * exceptions are kept for broken invariants (bugs).
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Wraps a value as a success. */
export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

/** Wraps an error as a failure. */
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
