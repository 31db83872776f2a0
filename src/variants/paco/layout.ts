/**
 * The Paco Ŝako state: one `Int32Array` of `WORDS` words (copy-make into preallocated slots).
 *
 * Rules: docs/rules/paco-sako.md §1.2 (the reference's `DenseBoard`). A square holds
 * nothing, one piece, or one white and one black piece (a union). The board is kept as one byte
 * per square (bits 0–2 the white piece, bits 3–5 the black piece, each `type + 1`, 0 = none),
 * four squares per word, plus the occupancy bitboard of each colour as (lo, hi) int32 pairs.
 *
 * Piece types use the reference's order (§1.1): Pawn 0, Rook 1, Knight 2, Bishop 3, Queen 4,
 * King 5. Colours: White 0, Black 1. Squares a1 = 0 … h8 = 63.
 */

// Named PACO_… because chess' roles (chess/types.ts) number the same pieces otherwise.
/** Piece type of a pawn (`pieceAt` gives a type, or -1 for none; docs/rules/paco-sako.md §1.1). */
export const PACO_PAWN = 0;
/** Piece type of a rook. */
export const PACO_ROOK = 1;
/** Piece type of a knight. */
export const PACO_KNIGHT = 2;
/** Piece type of a bishop. */
export const PACO_BISHOP = 3;
/** Piece type of a queen. */
export const PACO_QUEEN = 4;
/** Piece type of a king. */
export const PACO_KING = 5;

/** The colour (and player) White. */
export const WHITE = 0;
/** The colour (and player) Black. */
export const BLACK = 1;

/** Required action (§1.3). */
export const REQ_LIFT = 0;
export const REQ_PLACE = 1;
export const REQ_PROMOTE_THEN_LIFT = 2;
export const REQ_PROMOTE_THEN_PLACE = 3;
export const REQ_PROMOTE_THEN_FINISH = 4;
export const REQUIRED_NAMES = ['Lift', 'Place', 'PromoteThenLift', 'PromoteThenPlace', 'PromoteThenFinish'] as const;

/** Hand kinds. */
export const HAND_EMPTY = 0;
export const HAND_SINGLE = 1;
export const HAND_PAIR = 2;

/** Victory state (§1.2, §1.10), as `RandomPlayer.playout` returns it: the game goes on. */
export const RUNNING = 0;
/** Victory state: White united with Black's king (Paco). */
export const PACO_WHITE = 1;
/** Victory state: Black united with White's king (Paco). */
export const PACO_BLACK = 2;
/** Victory state: White won on time. */
export const TIMEOUT_WHITE = 3;
/** Victory state: Black won on time. */
export const TIMEOUT_BLACK = 4;
/** Victory state: a draw by the no-progress rule (§1.10). */
export const NO_PROGRESS_DRAW = 5;
/** Victory state: a draw by repetition (§1.10). */
export const REPETITION_DRAW = 6;
/** The reference's names of the victory states, by code. */
export const VICTORY_NAMES = [
  'Running', 'PacoVictory(white)', 'PacoVictory(black)', 'TimeoutVictory(white)', 'TimeoutVictory(black)',
  'NoProgressDraw', 'RepetitionDraw',
] as const;

/** Word offsets. */
export const BOARD = 0; // 16 words, one byte per square
export const OCC = 16; // white lo, hi at 16, 17; black lo, hi at 18, 19
export const PLAYER = 20; // controlling player
export const REQUIRED = 21;
export const HAND_KIND = 22;
export const HAND_PIECE = 23; // own piece in hand
export const HAND_PARTNER = 24; // opponent's piece of a lifted pair
export const HAND_POS = 25; // lift square or the union square it was released from
export const EP = 26; // en-passant square or -1
export const PROMO = 27; // pending promotion square or -1
export const CASTLING = 28; // four identifier bytes: white queen side, white king side, black queen, black king
export const VICTORY = 29;
export const NO_PROGRESS = 30; // no-progress half moves (incremented on every Lift)
export const REPS = 31; // draw after n repetitions (0 = off)
export const HALF_MOVES = 32;
export const MOVES = 33;
export const ACTIONS = 34;
export const ZLO = 35; // incremental Zobrist key of the board (both colour layers)
export const ZHI = 36;
export const HIST_LEN = 37; // number of repetition keys recorded since the last progress
/** King square of White (38) and Black (39), -1 when absent (kept by setPiece/removePiece). */
export const KING_SQ = 38;
/** Words that describe everything but the repetition history. */
export const BASE = 40;
/** Repetition keys (lo, hi) recorded since the last progress; at most ~101 (one per turn). */
export const HIST = 40;
export const HIST_MAX = 128;
/** Words of one state: the size of an `Int32Array` that `copyState` writes into. */
export const WORDS = HIST + 2 * HIST_MAX;

/** Action codes (the reference's network encoding, §1.13): Lift 1..64, Place 65..128, Promote 129..132; Lift(tile) is `LIFT_BASE + tile`. */
export const LIFT_BASE = 1;
/** The code of placing on a1: Place(tile) is `PLACE_BASE + tile`. */
export const PLACE_BASE = 65;
/** The code of promoting to a rook: 129 Rook, 130 Knight, 131 Bishop, 132 Queen. */
export const PROMOTE_BASE = 129; // + 0 Rook, 1 Knight, 2 Bishop, 3 Queen (type = code - 128)
/** Upper bound on the number of legal actions of one state (a lift set or a place set). */
export const MAX_ACTIONS = 64;
