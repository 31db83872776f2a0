import { Position } from '../chess/position.js';
import { readFen } from '../notation/fen.js';
import { InputError, UsageError } from './usage.js';

/** The word every command takes for the standard start position, in `--fen` or in place of a FEN. */
export const STARTPOS = 'startpos';

/** The FEN text of a `--fen` option (`startpos` for the start), or `fallback` when absent. */
export const fenOrStart = (fen: string | undefined, start: string): string => (fen === undefined || fen === STARTPOS ? start : fen);

/**
 * The position a command is given: `--fen FEN` and the positional form it had before (`alias`),
 * at most one of them; `startpos` (or neither) is the start position.
 */
export function oneFen(option: string | undefined, alias: string | undefined): string | undefined {
  if (option !== undefined && alias !== undefined) throw new UsageError('give the position once: --fen FEN or the positional form, not both');
  return option ?? alias;
}

/** The position of a `--fen` option (`startpos` or absent: the start position), or a UsageError. */
export function positionArg(fen: string | undefined, lenient = false): Position {
  if (fen === undefined || fen === STARTPOS) return Position.standard();
  const result = readFen(fen, { lenient });
  if (!result.ok) throw new InputError(result.error.message);
  return result.value;
}
