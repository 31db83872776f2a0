/**
 * Shapes that board user interfaces take: chessground's `dests` map (square names to square
 * names), as lichess's board draws it.
 */
import type { SquareSet } from '../core/bitboard.js';
import { squareName, type Square, type SquareName } from '../core/square.js';
import type { Role } from './types.js';

/**
 * What `chessgroundDests` reads of a position: chess' `Position`, or a lichess variant's
 * `VariantPosition` (whose `dests` leave drops out).
 */
export interface DestsPosition {
  /** Chess960 castling (written as the king's move onto its rook only). */
  readonly chess960: boolean;
  /** Each square with a legal move from it, and the squares its moves go to. */
  dests(): Map<Square, SquareSet>;
  /** The piece on a square, or undefined when it is empty. */
  pieceAt(square: Square): {
    /** The piece's kind. */
    readonly role: Role;
  } | undefined;
}

/** How `chessgroundDests` writes castling. */
export interface ChessgroundDestsOptions {
  /**
   * Chess960 castling: the king's move onto its rook only. Otherwise (standard chess) castling
   * is given both ways, onto the rook (`e1` to `h1`) and two squares (`e1` to `g1`), since
   * chessground chooses between them by its own `rookCastle` setting. Default: the position's
   * own `chess960`.
   */
  readonly chess960?: boolean;
}

/**
 * The legal destinations of each piece of the side to move, by square name, for chessground's
 * `movable.dests`. Pieces with no legal move are left out.
 *
 * ```ts
 * chessgroundDests(Position.standard()).get('g1'); // ['f3', 'h3']
 * ```
 */
export function chessgroundDests(pos: DestsPosition, options: ChessgroundDestsOptions = {}): Map<SquareName, SquareName[]> {
  const chess960 = options.chess960 ?? pos.chess960;
  const result = new Map<SquareName, SquareName[]>();
  for (const [from, set] of pos.dests()) {
    const squares = [...set];
    // Standard castling: the king on its e-file square and a rook in a corner; add c1/g1 (c8/g8).
    if (!chess960 && (from === 4 || from === 60) && pos.pieceAt(from)?.role === 'king') {
      for (const rook of [from - 4, from + 3]) {
        const twoSquares = rook < from ? from - 2 : from + 2;
        if (set.has(rook) && !set.has(twoSquares)) squares.push(twoSquares);
      }
      squares.sort((a, b) => a - b);
    }
    result.set(squareName(from) as SquareName, squares.map((sq) => squareName(sq) as SquareName));
  }
  return result;
}
