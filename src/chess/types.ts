/** Colours and roles as small integers inside the engine; names at the API's edge. */

export const WHITE = 0;
export const BLACK = 1;
/** The two colours, White first. */
export const COLORS = ['white', 'black'] as const;
/** A side: `'white'` or `'black'`. */
export type Color = (typeof COLORS)[number];

export const PAWN = 0;
export const KNIGHT = 1;
export const BISHOP = 2;
export const ROOK = 3;
export const QUEEN = 4;
export const KING = 5;
/** The six roles, in the engine's order (pawn 0 … king 5). */
export const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
/** A kind of piece: `'pawn'`, `'knight'`, `'bishop'`, `'rook'`, `'queen'` or `'king'`. */
export type Role = (typeof ROLES)[number];

/** FEN letters of the roles, white upper case. */
export const ROLE_LETTERS = 'pnbrqk';

/** A piece on the board: its colour and its role. */
export interface Piece {
  /** Whose piece it is. */
  readonly color: Color;
  /** What kind of piece it is. */
  readonly role: Role;
}
