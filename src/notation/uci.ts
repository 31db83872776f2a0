/**
 * UCI move notation: `e2e4`, `e7e8q`. Castling is written `e1g1` in standard chess and
 * king-takes-rook (`e1h1`) in Chess960 mode; on input either form is accepted where it is
 * unambiguous (a king move to g1 that is also a legal normal king move stays the normal move).
 */
import { err, ok, type Result } from '../core/result.js';
import { parseSquare } from '../core/square.js';
import { movePromotion } from '../chess/move.js';
import type { Move, Position } from '../chess/position.js';

export interface UciError {
  readonly kind: 'syntax' | 'illegal';
  readonly uci: string;
  readonly message: string;
}

/** The legal move of `pos` written `uci`. */
export function parseUci(pos: Position, uci: string): Result<Move, UciError> {
  const m = /^([a-h][1-8])([a-h][1-8])([nbrq]?)$/.exec(uci);
  if (m === null) return err({ kind: 'syntax', uci, message: `not a UCI move: '${uci}'` });
  const from = parseSquare(m[1]!)!;
  const to = parseSquare(m[2]!)!;
  // Role numbers: 1 knight, 2 bishop, 3 rook, 4 queen, as movePromotion returns them.
  const promotion = m[3] ? 'nbrq'.indexOf(m[3]) + 1 : 0;
  const moves = pos.legalMoves();
  // Exact forms first: normal moves by target, castling by king target or by rook square.
  for (const move of moves) {
    if (move.from !== from) continue;
    if (!move.isCastle && move.to === to && movePromotion(move.code) === promotion) return ok(move);
  }
  if (promotion === 0) {
    for (const move of moves) {
      if (move.isCastle && move.from === from && (move.to === to || move.castlingRook === to)) return ok(move);
    }
  }
  return err({ kind: 'illegal', uci, message: `illegal move '${uci}'` });
}

/** The UCI text of a move (the move knows its position's Chess960 mode). */
export const makeUci = (move: Move): string => move.uci;
