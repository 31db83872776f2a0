/**
 * A board as text, for terminals and logs: one line a rank, white at the bottom unless flipped.
 *
 * ```
 * 8 r n b q k b n r
 * 7 p p p p p p p p
 * …
 * 1 R N B Q K B N R
 *   a b c d e f g h
 * ```
 */
import { Board } from './board.js';
import type { Position } from './position.js';
import { ROLE_LETTERS, ROLES } from './types.js';

/** How `boardText` draws a board. */
export interface BoardTextOptions {
  /** Chess symbols (♔ ♛ …) instead of FEN letters. Default false. */
  readonly unicode?: boolean;
  /** Rank digits on the left and file letters below. Default false. */
  readonly coordinates?: boolean;
  /** Black's side at the bottom (rank 1 on top, the h-file on the left). Default false. */
  readonly flip?: boolean;
}

/** White's symbols then black's, in ROLES order (pawn … king). */
const SYMBOLS = '♙♘♗♖♕♔♟♞♝♜♛♚';

/**
 * The board of a position (or a board) as lines of text: FEN letters (white upper case) and `.`
 * for an empty square, or chess symbols and `·` with `unicode`.
 *
 * ```ts
 * boardText(Position.standard()).split('\n')[7]; // 'R N B Q K B N R'
 * boardText(Position.standard(), { coordinates: true, flip: true }).split('\n')[8]; // '  h g f e d c b a'
 * ```
 */
export function boardText(pos: Position | Board, options: BoardTextOptions = {}): string {
  const board = pos instanceof Board ? pos : pos.board;
  const flip = options.flip ?? false;
  const lines: string[] = [];
  for (let row = 0; row < 8; row++) {
    const rank = flip ? row : 7 - row;
    const cells: string[] = [];
    for (let col = 0; col < 8; col++) {
      const file = flip ? 7 - col : col;
      const piece = board.get(rank * 8 + file);
      if (piece === undefined) {
        cells.push(options.unicode ? '·' : '.');
      } else {
        const role = ROLES.indexOf(piece.role);
        cells.push(options.unicode ? SYMBOLS[(piece.color === 'white' ? 0 : 6) + role]! : piece.color === 'white' ? ROLE_LETTERS[role]!.toUpperCase() : ROLE_LETTERS[role]!);
      }
    }
    lines.push((options.coordinates ? `${rank + 1} ` : '') + cells.join(' '));
  }
  if (options.coordinates) lines.push(`  ${[...(flip ? 'hgfedcba' : 'abcdefgh')].join(' ')}`);
  return lines.join('\n');
}
