/**
 * A setup: what a FEN says, before any check that it is a position one can play from.
 * `Position.fromSetup` validates it.
 */
import { BLACK, WHITE } from './types.js';

export interface Setup {
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

/** Places a piece on an empty square of a placement. */
export function placePiece(placement: Int32Array, color: number, role: number, sq: number): void {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  placement[2 * color + half]! |= bit;
  placement[4 + 2 * role + half]! |= bit;
}

/** The color (0, 1) and role (0..5) of the piece on `sq` as `color * 8 + role`, or -1. */
export function pieceCodeAt(placement: Int32Array, sq: number): number {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  const color = placement[half]! & bit ? 0 : placement[2 + half]! & bit ? 1 : -1;
  if (color < 0) return -1;
  for (let role = 0; role < 6; role++) if (placement[4 + 2 * role + half]! & bit) return color * 8 + role;
  return -1;
}
