import { Position } from '../chess/position.js';
import { readFen } from '../notation/fen.js';
import { InputError } from './usage.js';

/** The position of a `--fen` option (the start position when absent), or a UsageError. */
export function positionArg(fen: string | undefined, lenient = false): Position {
  if (fen === undefined) return Position.standard();
  const result = readFen(fen, { lenient });
  if (!result.ok) throw new InputError(result.error.message);
  return result.value;
}
