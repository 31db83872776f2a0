/**
 * UCI move notation: `e2e4`, `e7e8q`. Castling is written `e1g1` in standard chess and
 * king-takes-rook (`e1h1`) in Chess960 mode; on input either form is accepted where it is
 * unambiguous (a king move to g1 that is also a legal normal king move stays the normal move).
 */
import { err, ok, type Result } from '../core/result.js';
import { parseSquare } from '../core/square.js';
import { castlingKingTo, MAX_MOVES_ANY, MOVE_CASTLE, moveFrom, moveKind, movePromotion, moveTo } from '../chess/move.js';
import { generateLegal } from '../chess/movegen.js';
import type { Move, Position } from '../chess/position.js';

/** Why a UCI move does not read: not of the form `e2e4`/`e7e8q` (`syntax`), or no legal move of the position (`illegal`). */
export interface UciError {
  /** `syntax` or `illegal`. */
  readonly kind: 'syntax' | 'illegal';
  /** The text that was read. */
  readonly uci: string;
  /** What is wrong, as one sentence. */
  readonly message: string;
}

/** The legal move of `pos` written `uci`. */
export function parseUci(pos: Position, uci: string): Result<Move, UciError> {
  const m = /^([a-h][1-8])([a-h][1-8])([nbrq]?)$/.exec(uci);
  if (m === null) return err({ kind: 'syntax', uci, message: `not a UCI move: '${uci}'` });
  // Role numbers: 1 knight, 2 bishop, 3 rook, 4 queen, as movePromotion returns them.
  const promotion = m[3] ? 'nbrq'.indexOf(m[3]) + 1 : 0;
  const code = resolveUci(pos.words, parseSquare(m[1]!)!, parseSquare(m[2]!)!, promotion);
  const move = code >= 0 ? pos.moveFromCode(code) : undefined;
  return move !== undefined ? ok(move) : err({ kind: 'illegal', uci, message: `illegal move '${uci}'` });
}

const legalScratch = new Uint16Array(MAX_MOVES_ANY);

/**
 * The code of the legal move from `from` to `to` promoting to `promotion` (a role, 0: none) in
 * the position `w`, else -1. A normal move comes first; then castling, found by the king's target
 * square (`e1g1`, standard UCI) or by its rook's square (`e1h1`, king-takes-rook).
 */
export function resolveUci(w: Int32Array, from: number, to: number, promotion: number): number {
  const n = generateLegal(w, 0, legalScratch, 0);
  for (let j = 0; j < n; j++) {
    const m = legalScratch[j]!;
    if (moveFrom(m) === from && moveKind(m) !== MOVE_CASTLE && moveTo(m) === to && movePromotion(m) === promotion) return m;
  }
  if (promotion !== 0) return -1;
  for (let j = 0; j < n; j++) {
    const m = legalScratch[j]!;
    if (moveFrom(m) !== from || moveKind(m) !== MOVE_CASTLE) continue;
    // Castling is encoded king-takes-rook: read by the rook's square or the king's destination.
    if (moveTo(m) === to || castlingKingTo(m) === to) return m;
  }
  return -1;
}

/** The UCI text of a move (the move knows its position's Chess960 mode). */
export const makeUci = (move: Move): string => move.uci;
