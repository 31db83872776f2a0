/**
 * Moves inside the engine are 16-bit integers: bits 0–5 the origin square, 6–11 the target
 * square, 12–14 the kind. Castling is encoded king-takes-own-rook (target = the rook's square),
 * which covers standard chess and Chess960 alike; notation converts it at the edge.
 */
export const MOVE_NORMAL = 0;
export const MOVE_DOUBLE_PUSH = 1;
export const MOVE_EN_PASSANT = 2;
export const MOVE_CASTLE = 3;
/** Promotion kinds: 4 knight, 5 bishop, 6 rook, 7 queen (kind - 3 = the promoted role). */
export const MOVE_PROMOTION = 4;

export const moveFrom = (move: number): number => move & 63;
export const moveTo = (move: number): number => (move >> 6) & 63;
export const moveKind = (move: number): number => move >> 12;
/** The promoted role (1 knight … 4 queen), or 0 when the move is not a promotion. */
export const movePromotion = (move: number): number => (move >> 12 >= MOVE_PROMOTION ? (move >> 12) - 3 : 0);
/**
 * The king's destination of a castling move (king-takes-rook): the g-file with a rook on the
 * king's h-side, the c-file with one on its a-side (FIDE 3.8.2, Chess960 too).
 */
export const castlingKingTo = (move: number): number => (move & 56) + (((move >> 6) & 63) > (move & 63) ? 6 : 2);

/**
 * The largest number of legal moves of a position with material that promotions can produce
 * (218) rounded up: a ply's buffer where only strictly valid positions occur (the environments,
 * enumeration).
 */
export const MAX_MOVES = 256;

/**
 * A bound on the legal moves of *any* position, including those the lenient reader accepts with
 * too much material (such positions reach 270 and more): a ply's buffer wherever a position may
 * come from the lenient reader (`Position`, perft, the `Game` seam, progressive chess). At most
 * 16 moves end on one square (one along each of the 8 lines through it, 8 knight jumps), so with
 * k pieces of the side to move at most 16·(64 − k) + 72 (promotions count four times: 24
 * promoting moves at most) + 2 (castling); and at most 27 per piece (a queen's most; a pawn's 12
 * with promotions; a king's 10 with castling), so 27·k. The smaller of the two never exceeds 682.
 */
export const MAX_MOVES_ANY = 768;
