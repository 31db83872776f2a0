/** Colours and roles as small integers inside the engine; names at the API's edge. */

export const WHITE = 0;
export const BLACK = 1;
export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];

export const PAWN = 0;
export const KNIGHT = 1;
export const BISHOP = 2;
export const ROOK = 3;
export const QUEEN = 4;
export const KING = 5;
export const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
export type Role = (typeof ROLES)[number];

/** FEN letters of the roles, white upper case. */
export const ROLE_LETTERS = 'pnbrqk';

export interface Piece {
  readonly color: Color;
  readonly role: Role;
}
