/**
 * Games that end by a variant's own rule before mate or stalemate, seen from the position alone
 * (docs/rules/variants.md). An ended position has no legal moves.
 */
import { KING_ATTACKS } from '../../core/attacks.js';
import { lsb } from '../../core/bitboard.js';
import { isSquareAttacked } from '../../chess/attacked.js';
import { W_TURN } from '../../chess/layout.js';
import { W_CHECKS } from './layout.js';
import { ANTICHESS, ATOMIC, HORDE, KING_OF_THE_HILL, RACING_KINGS, THREE_CHECK } from './rules.js';

/** d4, e4 (low half) and d5, e5 (high half): the hill (docs/rules/variants.md §5). */
const HILL_LO = (1 << 27) | (1 << 28);
const HILL_HI = (1 << 3) | (1 << 4);
const RANK_8_HI = 0xff000000 | 0;

/**
 * The winner by the variant's own rule, 0 white, 1 black, 2 a draw (racing kings), or −1 while
 * the game goes on by that rule:
 * - atomic §1.5: a side whose king has exploded has lost;
 * - antichess §2.3: a side to move with no pieces left has won (no moves: see the outcome);
 * - horde §4.2: white with no pieces left has lost;
 * - king of the hill §5: a king on d4, e4, d5 or e5 has won;
 * - racing kings §6.2: a king on the eighth rank has won, unless white got there and black, to
 *   move, can get there at once (then the game goes on; if both get there, a draw);
 * - three-check §7.2: a side with no checks left to give has won.
 */
export function variantWinner(variant: number, w: Int32Array, p: number): number {
  switch (variant) {
    case ATOMIC:
      if (((w[p + 14]! & w[p]!) | (w[p + 15]! & w[p + 1]!)) === 0) return 1;
      if (((w[p + 14]! & w[p + 2]!) | (w[p + 15]! & w[p + 3]!)) === 0) return 0;
      return -1;
    case ANTICHESS: {
      const us = w[p + W_TURN]!;
      return (w[p + 2 * us]! | w[p + 2 * us + 1]!) === 0 ? us : -1;
    }
    case HORDE:
      if ((w[p]! | w[p + 1]!) === 0) return 1;
      if ((w[p + 2]! | w[p + 3]!) === 0) return 0;
      return -1;
    case KING_OF_THE_HILL: {
      const onHillLo = w[p + 14]! & HILL_LO;
      const onHillHi = w[p + 15]! & HILL_HI;
      if ((onHillLo | onHillHi) === 0) return -1;
      return ((onHillLo & w[p]!) | (onHillHi & w[p + 1]!)) !== 0 ? 0 : 1;
    }
    case RACING_KINGS:
      return racingKingsWinner(w, p);
    case THREE_CHECK:
      if (w[p + W_CHECKS]! <= 0) return 0;
      if (w[p + W_CHECKS + 1]! <= 0) return 1;
      return -1;
    default:
      return -1;
  }
}

function racingKingsWinner(w: Int32Array, p: number): number {
  const goal = w[p + 15]! & RANK_8_HI;
  if (goal === 0) return -1;
  const white = (goal & w[p + 1]!) !== 0;
  const black = (goal & w[p + 3]!) !== 0;
  if (white && black) return 2;
  if (black) return 1;
  if (w[p + W_TURN] === 0) return 0;
  // White is there and black is to move: can black's king step onto a free, safe goal square?
  const bLo = w[p + 14]! & w[p + 2]!;
  const bHi = w[p + 15]! & w[p + 3]!;
  if ((bLo | bHi) === 0) return 0;
  const bk = bLo !== 0 ? lsb(bLo) : 32 + lsb(bHi);
  let steps = KING_ATTACKS[2 * bk + 1]! & RANK_8_HI & ~w[p + 3]!;
  const occLo = (w[p]! | w[p + 2]!) & ~(bk < 32 ? 1 << bk : 0);
  const occHi = (w[p + 1]! | w[p + 3]!) & ~(bk < 32 ? 0 : 1 << (bk - 32));
  while (steps !== 0) {
    const sq = 32 + lsb(steps);
    steps &= steps - 1;
    if (!isSquareAttacked(w, p, sq, 0, w[p]!, w[p + 1]!, occLo, occHi)) return -1;
  }
  return 0;
}
