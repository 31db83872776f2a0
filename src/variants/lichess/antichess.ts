/**
 * Antichess: legal moves (docs/rules/variants.md §2).
 *
 * - §2.1 The king is an ordinary piece: there is no check, it may be captured, and there is no
 *   castling; a pawn may also promote to a king. So every pseudo-legal move is a candidate.
 * - §2.2 Capturing is compulsory: when the side to move has a capture (en passant included),
 *   it must capture (any of its captures).
 *
 * Method: one pass finds whether any capture exists (set-wise for pawns, a look-up per piece);
 * the second generates (or counts) the captures only, or else the quiet moves only.
 */
import { lsb, popcount64 } from '../../core/bitboard.js';
import { antiIndex, diagIndex, fileIndex, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, rankIndex, SLIDE } from '../../core/attacks.js';
import { W_EP, W_TURN } from '../../chess/layout.js';
import { MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL } from '../../chess/move.js';
import { emitPawnTargets, emitTargets, FILE_A, FILE_H, RANK_1, RANK_8 } from './emit.js';

/** The high half of the last `pieceAttacks` result. */
const attHi = new Int32Array(1);

/** Attacks of our non-pawn piece on `s` over (occLo, occHi); the high half in `attHi[0]`. */
function pieceAttacks(w: Int32Array, p: number, s: number, occLo: number, occHi: number): number {
  const bit = 1 << (s & 31);
  const h = s >> 5;
  if ((w[p + 6 + h]! & bit) !== 0) {
    attHi[0] = KNIGHT_ATTACKS[2 * s + 1]!;
    return KNIGHT_ATTACKS[2 * s]!;
  }
  if ((w[p + 14 + h]! & bit) !== 0) {
    attHi[0] = KING_ATTACKS[2 * s + 1]!;
    return KING_ATTACKS[2 * s]!;
  }
  let lo = 0;
  let hi = 0;
  if (((w[p + 8 + h]! | w[p + 12 + h]!) & bit) !== 0) {
    const a = diagIndex(s, occLo, occHi);
    const b = antiIndex(s, occLo, occHi);
    lo |= SLIDE[a]! | SLIDE[b]!;
    hi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
  }
  if (((w[p + 10 + h]! | w[p + 12 + h]!) & bit) !== 0) {
    const a = rankIndex(s, occLo, occHi);
    const b = fileIndex(s, occLo, occHi);
    lo |= SLIDE[a]! | SLIDE[b]!;
    hi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
  }
  attHi[0] = hi;
  return lo;
}

/**
 * Generates the legal antichess moves of the position at `w[p..]` into `out[o..]` (counts them
 * with `out === null`). Returns how many.
 */
export function generateAntichess(w: Int32Array, p: number, out: Uint16Array | null, o: number): number {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const usLo = w[p + 2 * us]!;
  const usHi = w[p + 2 * us + 1]!;
  const themLo = w[p + 2 * them]!;
  const themHi = w[p + 2 * them + 1]!;
  const occLo = usLo | themLo;
  const occHi = usHi | themHi;
  const pLo = w[p + 4]! & usLo;
  const pHi = w[p + 5]! & usHi;
  const l = pLo & ~FILE_A;
  const lh = pHi & ~FILE_A;
  const r = pLo & ~FILE_H;
  const rh = pHi & ~FILE_H;
  let leftLo: number, leftHi: number, rightLo: number, rightHi: number, left: number, right: number;
  if (us === 0) {
    left = 7;
    right = 9;
    leftLo = (l << 7) & themLo;
    leftHi = ((lh << 7) | (l >>> 25)) & themHi;
    rightLo = (r << 9) & themLo;
    rightHi = ((rh << 9) | (r >>> 23)) & themHi;
  } else {
    left = -9;
    right = -7;
    leftLo = ((l >>> 9) | (lh << 23)) & themLo;
    leftHi = (lh >>> 9) & themHi;
    rightLo = ((r >>> 7) | (rh << 25)) & themLo;
    rightHi = (rh >>> 7) & themHi;
  }
  const ep = w[p + W_EP]!;
  let epLo = 0;
  let epHi = 0;
  if (ep >= 0) {
    epLo = PAWN_ATTACKS[128 * them + 2 * ep]! & pLo;
    epHi = PAWN_ATTACKS[128 * them + 2 * ep + 1]! & pHi;
  }
  const pieceLo = usLo & ~w[p + 4]!;
  const pieceHi = usHi & ~w[p + 5]!;

  // §2.2: is there any capture?
  let mustCapture = (leftLo | leftHi | rightLo | rightHi | epLo | epHi) !== 0;
  if (!mustCapture) {
    let lo = pieceLo;
    let hi = pieceHi;
    while ((lo | hi) !== 0 && !mustCapture) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      mustCapture = ((pieceAttacks(w, p, s, occLo, occHi) & themLo) | (attHi[0]! & themHi)) !== 0;
    }
  }

  let n = 0;
  const targetLo = mustCapture ? themLo : ~occLo;
  const targetHi = mustCapture ? themHi : ~occHi;
  {
    let lo = pieceLo;
    let hi = pieceHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      const tLo = pieceAttacks(w, p, s, occLo, occHi) & targetLo;
      const tHi = attHi[0]! & targetHi;
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, s, tLo, tHi);
    }
  }

  if (mustCapture) {
    if (out === null) {
      n += popcount64(leftLo, leftHi) + popcount64(rightLo, rightHi) + popcount64(epLo, epHi);
      // Five promotions on the last rank (§2.1: a king too).
      n += 4 * (popcount64(leftLo & RANK_1, leftHi & RANK_8) + popcount64(rightLo & RANK_1, rightHi & RANK_8));
    } else {
      n += emitPawnTargets(out, o + n, leftLo, leftHi, left, MOVE_NORMAL, true);
      n += emitPawnTargets(out, o + n, rightLo, rightHi, right, MOVE_NORMAL, true);
      while ((epLo | epHi) !== 0) {
        let s: number;
        if (epLo !== 0) {
          s = lsb(epLo);
          epLo &= epLo - 1;
        } else {
          s = 32 + lsb(epHi);
          epHi &= epHi - 1;
        }
        out[o + n++] = s | (ep << 6) | (MOVE_EN_PASSANT << 12);
      }
    }
    return n;
  }

  // Quiet pawn moves: pushes, double pushes from the second rank, promotions.
  const emptyLo = ~occLo;
  const emptyHi = ~occHi;
  let pushLo: number, pushHi: number, dblLo: number, dblHi: number, push: number;
  if (us === 0) {
    push = 8;
    pushLo = (pLo << 8) & emptyLo;
    pushHi = ((pHi << 8) | (pLo >>> 24)) & emptyHi;
    dblLo = ((pushLo & 0x00ff0000) << 8) & emptyLo;
    dblHi = 0;
  } else {
    push = -8;
    pushLo = ((pLo >>> 8) | (pHi << 24)) & emptyLo;
    pushHi = (pHi >>> 8) & emptyHi;
    dblLo = 0;
    dblHi = ((pushHi & 0x0000ff00) >>> 8) & emptyHi;
  }
  if (out === null) {
    n += popcount64(pushLo, pushHi) + popcount64(dblLo, dblHi) + 4 * popcount64(pushLo & RANK_1, pushHi & RANK_8);
  } else {
    n += emitPawnTargets(out, o + n, pushLo, pushHi, push, MOVE_NORMAL, true);
    n += emitPawnTargets(out, o + n, dblLo, dblHi, 2 * push, MOVE_DOUBLE_PUSH, true);
  }
  return n;
}
