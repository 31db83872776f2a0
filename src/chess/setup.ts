/**
 * A setup: what a FEN says, before any check that it is a position one can play from.
 * `Position.fromSetup` validates it; `pos.toSetup()` gives one back.
 */
import { SquareSet } from '../core/bitboard.js';
import type { Square, SquareLike } from '../core/square.js';
import { Board } from './board.js';
import { BLACK, WHITE, type Color, type Role } from './types.js';

/** One value per colour. */
export interface ByColor<T> {
  /** White's value. */
  readonly white: T;
  /** Black's value. */
  readonly black: T;
}

/** One value per role. */
export type ByRole<T> = { readonly [R in Role]: T };

/** Pieces in hand (crazyhouse): per colour, how many of each role. */
export type Pockets = ByColor<ByRole<number>>;

/** Three-check: per colour, how many more checks that side must give to win. */
export type RemainingChecks = ByColor<number>;

/**
 * What a FEN holds: a board and the state around it, not yet checked (see `Position.fromSetup`).
 *
 * ```ts
 * const setup = { ...defaultSetup(), board: Board.standard().take('d1') };
 * Position.fromSetup(setup).ok; // true: queen odds
 * ```
 */
export interface Setup {
  /** The pieces on the board. */
  readonly board: Board;
  /** The side to move. */
  readonly turn: Color;
  /**
   * Castling rights as the squares of the rooks that keep one (a1 and h1 for white's two in
   * standard chess; any back-rank rook in Chess960). Not yet checked against the board.
   */
  readonly castlingRights: SquareSet;
  /** The en-passant target square as written (`e3` after e2e4), if any; not yet checked. */
  readonly epSquare?: SquareLike | undefined;
  /** Plies since the last capture or pawn move: an integer from 0 to MAX_CLOCK. */
  readonly halfmoves: number;
  /** The move number: an integer from 1 to MAX_CLOCK. */
  readonly fullmoves: number;
  /** Crazyhouse: the pieces in each side's hand. Standard chess ignores them. */
  readonly pockets?: Pockets | undefined;
  /** Three-check: the checks each side has still to give. Standard chess ignores them. */
  readonly remainingChecks?: RemainingChecks | undefined;
}

/** The setup of the standard starting position. */
export function defaultSetup(): Setup {
  return {
    board: Board.standard(),
    turn: 'white',
    castlingRights: SquareSet.fromSquares([0, 7, 56, 63]),
    epSquare: undefined,
    halfmoves: 0,
    fullmoves: 1,
  };
}

/**
 * The engine's form of a setup, as `Position.fromSetup` reads it: placement words and small
 * integers (`caissa/internal`).
 */
export interface RawSetup {
  /**
   * Piece placement as the first 16 words of the position layout: colour (lo, hi) pairs for
   * white and black, then role pairs for pawn, knight, bishop, rook, queen, king.
   */
  readonly placement: Int32Array;
  /** 0 white, 1 black. */
  readonly turn: typeof WHITE | typeof BLACK;
  /**
   * Castling rights as rook squares: bit f for the white rook on file f of rank 1, bit 8 + f for
   * the black rook on file f of rank 8. Not yet checked against the board.
   */
  readonly castling: number;
  /** The en-passant target square as written, if any; not yet checked. */
  readonly epSquare: number | undefined;
  /** Plies since the last capture or pawn move: an integer from 0 to MAX_CLOCK. */
  readonly halfmoves: number;
  /** The move number: an integer from 1 to MAX_CLOCK. */
  readonly fullmoves: number;
}

/**
 * The largest clock a setup may give: the nine digits `parseFen` reads. Play stops the clocks
 * there, so that the FEN of any position reached reads back (a game a billion moves long is no
 * game; from a FEN at the bound, the count it gives is the bound).
 */
export const MAX_CLOCK = 999_999_999;

/** The castling word's bits (see RawSetup.castling) of a set of rook squares on ranks 1 and 8. */
export const castlingBits = (rooks: SquareSet): number => (rooks.lo & 0xff) | ((rooks.hi >>> 24) << 8);

/** The rook squares of a castling word. */
export const castlingSquares = (bits: number): SquareSet => new SquareSet(bits & 0xff, ((bits >> 8) & 0xff) << 24);

/** Places a piece on an empty square of a placement. */
export function placePiece(placement: Int32Array, color: number, role: number, sq: Square): void {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  placement[2 * color + half]! |= bit;
  placement[4 + 2 * role + half]! |= bit;
}

/** The color (0, 1) and role (0..5) of the piece on `sq` as `color * 8 + role`, or -1. */
export function pieceCodeAt(placement: Readonly<Int32Array>, sq: Square): number {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  const color = placement[half]! & bit ? 0 : placement[2 + half]! & bit ? 1 : -1;
  if (color < 0) return -1;
  for (let role = 0; role < 6; role++) if (placement[4 + 2 * role + half]! & bit) return color * 8 + role;
  return -1;
}
