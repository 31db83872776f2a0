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

export const encodeMove = (from: number, to: number, kind: number): number => from | (to << 6) | (kind << 12);
export const moveFrom = (move: number): number => move & 63;
export const moveTo = (move: number): number => (move >> 6) & 63;
export const moveKind = (move: number): number => move >> 12;
/** The promoted role (1 knight … 4 queen), or 0 when the move is not a promotion. */
export const movePromotion = (move: number): number => (move >> 12 >= MOVE_PROMOTION ? (move >> 12) - 3 : 0);

/** The largest number of legal moves of any chess position (218) rounded up: a ply's buffer. */
export const MAX_MOVES = 256;
