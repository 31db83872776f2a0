/**
 * Chess observations, from the player to move (the board mirrored top-to-bottom for Black, as
 * pgx's `_flip` does; `ChessKernel.observeAs` gives either player's, as pgx's `observe` with a
 * `player_id`: "own" and "the mover" are then that player), laid out `(8, 8, planes)` channels-last like pgx's
 * `observe`: `obs[(row * 8 + col) * planes + plane]`, row 0 = the mover's far rank (rank 8 for
 * White), col 0 = the a-file.
 *
 * `alphazero` (119 planes, pgx's `observe`): for each of the last 8 positions (0 = now):
 * 6 own piece planes (P N B R Q K), 6 opponent planes, "occurs exactly once" and "occurs again"
 * (pgx: the position's hash found once / more than once in the game's hash history; a slot
 * before the game's start has empty piece planes and the "once" plane set, as in pgx). Then:
 * 112 colour (1 when Black is to move), 113 plies since reset / 512, 114–117 castling rights
 * (own queen-side, own king-side, opponent queen-side, opponent king-side; Chess960: the
 * a-side/h-side rook), 118 no-progress clock / 100.
 *
 * `compact` (20 planes): the current position only: 0–11 own and opponent pieces, 12 the legal
 * en-passant target square, 13–16 castling rights as above, 17 "occurred before", 18 no-progress
 * clock / 100, 19 colour.
 */
/**
 * Planes of the `alphazero` observation (pgx's `observe`), laid out `(8, 8, planes)` from the
 * player to move: for each of the last 8 positions, 6 own and 6 opponent piece planes and two
 * repetition planes; then colour, plies since reset / 512, four castling rights, no-progress
 * clock / 100.
 */
export const ALPHAZERO_PLANES = 119;
/**
 * Planes of the `compact` observation, the current position only: 12 piece planes, the legal
 * en-passant square, four castling rights, "occurred before", no-progress clock / 100, colour.
 */
export const COMPACT_PLANES = 20;
/** Positions of history in the AlphaZero observation. */
export const HISTORY = 8;

/**
 * Sets the 12 piece planes of the 16 placement words `b[bo..]` at `plane0` (own pieces, i.e.
 * those of `turn`, first) in an observation of `planes` channels already zeroed.
 */
export function writePiecePlanes(
  out: Float32Array,
  o: number,
  planes: number,
  plane0: number,
  b: Int32Array,
  bo: number,
  turn: number,
): void {
  // Cell of square sq: the mover's rank r is drawn in row 7 − r (see the module comment).
  const flip = 56 * (1 - turn);
  for (let color = 0; color < 2; color++) {
    const base = plane0 + (color === turn ? 0 : 6);
    for (let role = 0; role < 6; role++) {
      const plane = o + base + role;
      let lo = b[bo + 2 * color]! & b[bo + 4 + 2 * role]!;
      let hi = b[bo + 2 * color + 1]! & b[bo + 5 + 2 * role]!;
      while (lo !== 0) {
        const sq = 31 - Math.clz32(lo & -lo);
        lo &= lo - 1;
        out[plane + (sq ^ flip) * planes] = 1;
      }
      while (hi !== 0) {
        const sq = 63 - Math.clz32(hi & -hi);
        hi &= hi - 1;
        out[plane + (sq ^ flip) * planes] = 1;
      }
    }
  }
}

/**
 * The four castling flags (own queen-side, own king-side, opponent queen-side, opponent
 * king-side) as bits 0..3, from the rights word and the kings' files.
 */
export function castlingFlags(rights: number, turn: number, kingFileWhite: number, kingFileBlack: number): number {
  let flags = 0;
  for (let side = 0; side < 2; side++) {
    const color = side === 0 ? turn : turn ^ 1;
    const files = (rights >> (8 * color)) & 0xff;
    const kf = color === 0 ? kingFileWhite : kingFileBlack;
    if ((files & ((1 << kf) - 1)) !== 0) flags |= 1 << (2 * side);
    if (files >> (kf + 1) !== 0) flags |= 2 << (2 * side);
  }
  return flags;
}
