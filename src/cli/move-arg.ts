import type { Move, Position } from '../chess/position.js';
import { parseSan } from '../notation/san.js';
import { parseUci } from '../notation/uci.js';
import { InputError } from './usage.js';

/** A move argument in UCI or SAN (UCI first when it looks like UCI), or a UsageError naming it. */
export function readMove(pos: Position, text: string, index: number): Move {
  if (/^[a-h][1-8][a-h][1-8][nbrq]?$/.test(text)) {
    const u = parseUci(pos, text);
    if (u.ok) return u.value;
  }
  const s = parseSan(pos, text);
  if (s.ok) return s.value;
  // The message names the kind of error (not SAN, illegal, ambiguous) and the move's text.
  throw new InputError(`move ${index + 1}: ${s.error.message}`);
}

/**
 * Move words with an `e.p.` or `ep` written apart joined to the move before it, as SAN writes an
 * en-passant capture (`exd6 e.p.`, PGN §8.2.3) and the shell or a split on spaces cuts it.
 */
export function joinEnPassantMarks(words: readonly string[]): string[] {
  const moves: string[] = [];
  for (const word of words) {
    if (/^e\.?p\.?$/.test(word) && moves.length > 0) moves[moves.length - 1] += ` ${word}`;
    else moves.push(word);
  }
  return moves;
}
