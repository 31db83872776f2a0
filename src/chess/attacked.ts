/**
 * Whether a square is attacked: the one test that move legality, SAN resolution and the
 * progressive solver all need.
 */
import {
  antiIndex, BISHOP_EMPTY, diagIndex, fileIndex, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, rankIndex, ROOK_EMPTY, SLIDE,
} from '../core/attacks.js';
import { kingSquareAt, W_TURN } from './layout.js';

/**
 * Whether a piece of colour `by` standing on one of the squares (byLo, byHi) attacks `sq` over
 * the occupancy (occLo, occHi), in the position at `w[p..]`. The attacker set is normally all of
 * `by`'s pieces; callers testing a move pass it without a piece the move captures. Step attacks
 * are tested first; a slider is looked up only when one stands on a line with the square.
 */
export function isSquareAttacked(
  w: Int32Array, p: number, sq: number, by: number, byLo: number, byHi: number, occLo: number, occHi: number,
): boolean {
  const i = 2 * sq;
  const pi = 128 * (by ^ 1) + i;
  if (
    ((KNIGHT_ATTACKS[i]! & w[p + 6]! & byLo) | (KNIGHT_ATTACKS[i + 1]! & w[p + 7]! & byHi)) !== 0 ||
    ((PAWN_ATTACKS[pi]! & w[p + 4]! & byLo) | (PAWN_ATTACKS[pi + 1]! & w[p + 5]! & byHi)) !== 0 ||
    ((KING_ATTACKS[i]! & w[p + 14]! & byLo) | (KING_ATTACKS[i + 1]! & w[p + 15]! & byHi)) !== 0
  ) {
    return true;
  }
  const queenLo = w[p + 12]!;
  const queenHi = w[p + 13]!;
  const orthLo = (w[p + 10]! | queenLo) & byLo & ROOK_EMPTY[i]!;
  const orthHi = (w[p + 11]! | queenHi) & byHi & ROOK_EMPTY[i + 1]!;
  if ((orthLo | orthHi) !== 0) {
    const r = rankIndex(sq, occLo, occHi);
    const f = fileIndex(sq, occLo, occHi);
    if ((((SLIDE[r]! | SLIDE[f]!) & orthLo) | ((SLIDE[r + 1]! | SLIDE[f + 1]!) & orthHi)) !== 0) return true;
  }
  const diagLo = (w[p + 8]! | queenLo) & byLo & BISHOP_EMPTY[i]!;
  const diagHi = (w[p + 9]! | queenHi) & byHi & BISHOP_EMPTY[i + 1]!;
  if ((diagLo | diagHi) !== 0) {
    const d = diagIndex(sq, occLo, occHi);
    const a = antiIndex(sq, occLo, occHi);
    if ((((SLIDE[d]! | SLIDE[a]!) & diagLo) | ((SLIDE[d + 1]! | SLIDE[a + 1]!) & diagHi)) !== 0) return true;
  }
  return false;
}

/** Whether the side to move of the position at `w[p..]` is in check (FIDE 3.9). */
export function inCheckAt(w: Int32Array, p: number): boolean {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  return isSquareAttacked(w, p, kingSquareAt(w, p, us), them, w[p + 2 * them]!, w[p + 2 * them + 1]!, w[p]! | w[p + 2]!, w[p + 1]! | w[p + 3]!);
}
