/**
 * Legal moves for the variants whose moves are chess moves with something added or taken away:
 * horde (a side without a king; white pawns on the first rank), crazyhouse (drops) and racing
 * kings (no move may give check). The method is chess' (`chess/movegen.ts`): checkers, pins and
 * king danger once per position, then every move by mask look-ups; this is a separate function so
 * that none of these rules sits on standard chess' generator.
 *
 * Rules encoded, beyond FIDE art. 3 (docs/rules/variants.md):
 * - Horde §4.1: a side without a king has no check to heed: all its moves are legal; a white pawn
 *   on the first rank may advance one or two squares (no en-passant chance after the two-square
 *   advance from the first rank); the other side's king-danger squares get no king's attacks.
 * - Crazyhouse §3.2: a piece in hand may be dropped on any empty square, a pawn not on the first
 *   or last rank; in single check only between the checker and the king, in double check never.
 * - Racing kings §6.1: no move may give check (directly, or by uncovering a line); there are no
 *   pawns and no castling.
 *
 * Counting (`out === null`) adds popcounts of target sets, as chess' generator does.
 */
import { lsb, popcount64 } from '../../core/bitboard.js';
import {
  antiIndex, BETWEEN, BISHOP_EMPTY, diagIndex, fileIndex, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS, rankIndex,
  ROOK_EMPTY, SLIDE,
} from '../../core/attacks.js';
import { isSquareAttacked } from '../../chess/attacked.js';
import { W_CASTLING, W_EP, W_TURN } from '../../chess/layout.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL } from '../../chess/move.js';
import { emitPawnMove, emitPawnTargets, emitTargets, FILE_A, FILE_H, RANK_1, RANK_8 } from './emit.js';
import { W_POCKET } from './layout.js';
import { dropCode } from './move.js';

/** Generate drops from the pocket words (crazyhouse). */
export const GEN_DROPS = 1;
/** Leave out every move that gives check (racing kings). */
export const GEN_NO_CHECK = 2;

/** The square of the single bit of colour `color`'s king, or −1 if it has none. */
function kingOf(w: Int32Array, p: number, color: number): number {
  const lo = w[p + 14]! & w[p + 2 * color]!;
  if (lo !== 0) return lsb(lo);
  const hi = w[p + 15]! & w[p + 2 * color + 1]!;
  return hi !== 0 ? 32 + lsb(hi) : -1;
}

/**
 * Racing kings' squares a move must not go to, per piece: set by `noCheckMasks` and read by the
 * generator. Words: knight (lo, hi), diagonal (lo, hi), orthogonal (lo, hi) check squares around
 * the enemy king, then the enemy king's square (−1 for none) and the discoverers (lo, hi): our
 * pieces that alone stand between one of our sliders and the enemy king.
 */
const noCheck = new Int32Array(9);

function noCheckMasks(w: Int32Array, p: number, us: number, occLo: number, occHi: number): void {
  const tk = kingOf(w, p, us ^ 1);
  noCheck[6] = tk;
  if (tk < 0) {
    noCheck.fill(0, 0, 6);
    noCheck[7] = 0;
    noCheck[8] = 0;
    return;
  }
  noCheck[0] = KNIGHT_ATTACKS[2 * tk]!;
  noCheck[1] = KNIGHT_ATTACKS[2 * tk + 1]!;
  const d = diagIndex(tk, occLo, occHi);
  const a = antiIndex(tk, occLo, occHi);
  noCheck[2] = SLIDE[d]! | SLIDE[a]!;
  noCheck[3] = SLIDE[d + 1]! | SLIDE[a + 1]!;
  const r = rankIndex(tk, occLo, occHi);
  const f = fileIndex(tk, occLo, occHi);
  noCheck[4] = SLIDE[r]! | SLIDE[f]!;
  noCheck[5] = SLIDE[r + 1]! | SLIDE[f + 1]!;
  // Our sliders aligned with their king with exactly one of our pieces between: that piece
  // uncovers check when it leaves the line.
  const usLo = w[p + 2 * us]!;
  const usHi = w[p + 2 * us + 1]!;
  let sLo = ((ROOK_EMPTY[2 * tk]! & (w[p + 10]! | w[p + 12]!)) | (BISHOP_EMPTY[2 * tk]! & (w[p + 8]! | w[p + 12]!))) & usLo;
  let sHi = ((ROOK_EMPTY[2 * tk + 1]! & (w[p + 11]! | w[p + 13]!)) | (BISHOP_EMPTY[2 * tk + 1]! & (w[p + 9]! | w[p + 13]!))) & usHi;
  let discLo = 0;
  let discHi = 0;
  while ((sLo | sHi) !== 0) {
    let s: number;
    if (sLo !== 0) {
      s = lsb(sLo);
      sLo &= sLo - 1;
    } else {
      s = 32 + lsb(sHi);
      sHi &= sHi - 1;
    }
    const bi = 2 * (tk * 64 + s);
    const bLo = BETWEEN[bi]! & occLo;
    const bHi = BETWEEN[bi + 1]! & occHi;
    if (popcount64(bLo, bHi) === 1) {
      discLo |= bLo & usLo;
      discHi |= bHi & usHi;
    }
  }
  noCheck[7] = discLo;
  noCheck[8] = discHi;
}

/**
 * Target squares of a piece on `s` after racing kings' filter: not a square from which it checks
 * (per its check-square pair at `noCheck[k]`, `k` < 0 for none), and on the line to the enemy
 * king if it is a discoverer. Returns the low half; the high half in `noCheckHi[0]`.
 */
const noCheckHi = new Int32Array(1);
function filterNoCheck(s: number, tLo: number, tHi: number, k: number, k2: number): number {
  if (k >= 0) {
    tLo &= ~noCheck[k]!;
    tHi &= ~noCheck[k + 1]!;
  }
  if (k2 >= 0) {
    tLo &= ~noCheck[k2]!;
    tHi &= ~noCheck[k2 + 1]!;
  }
  if (((s < 32 ? noCheck[7]! : noCheck[8]!) & (1 << (s & 31))) !== 0) {
    const li = 2 * (noCheck[6]! * 64 + s);
    tLo &= LINE[li]!;
    tHi &= LINE[li + 1]!;
  }
  noCheckHi[0] = tHi;
  return tLo;
}

/**
 * Generates the legal moves of the position at `w[p..]` into `out[o..]` (or counts them with
 * `out === null`) under the rules `flags` adds to chess (GEN_DROPS, GEN_NO_CHECK); the side to
 * move or the other may lack a king (horde). Returns how many.
 */
export function generateGeneral(w: Int32Array, p: number, out: Uint16Array | null, o: number, flags: number): number {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const usLo = w[p + 2 * us]!;
  const usHi = w[p + 2 * us + 1]!;
  const themLo = w[p + 2 * them]!;
  const themHi = w[p + 2 * them + 1]!;
  const occLo = usLo | themLo;
  const occHi = usHi | themHi;
  const pawnLo = w[p + 4]!;
  const pawnHi = w[p + 5]!;
  const knightLo = w[p + 6]!;
  const knightHi = w[p + 7]!;
  const bishopLo = w[p + 8]!;
  const bishopHi = w[p + 9]!;
  const rookLo = w[p + 10]!;
  const rookHi = w[p + 11]!;
  const queenLo = w[p + 12]!;
  const queenHi = w[p + 13]!;
  const noCheckRule = (flags & GEN_NO_CHECK) !== 0;
  if (noCheckRule) noCheckMasks(w, p, us, occLo, occHi);

  const ksq = kingOf(w, p, us);
  const theirDiagLo = (bishopLo | queenLo) & themLo;
  const theirDiagHi = (bishopHi | queenHi) & themHi;
  const theirOrthLo = (rookLo | queenLo) & themLo;
  const theirOrthHi = (rookHi | queenHi) & themHi;

  let checkLo = 0;
  let checkHi = 0;
  let stepCheckLo = 0;
  let stepCheckHi = 0;
  let pinLo = 0;
  let pinHi = 0;
  let n = 0;
  if (ksq >= 0) {
    stepCheckLo = (KNIGHT_ATTACKS[2 * ksq]! & knightLo & themLo) | (PAWN_ATTACKS[128 * us + 2 * ksq]! & pawnLo & themLo);
    stepCheckHi = (KNIGHT_ATTACKS[2 * ksq + 1]! & knightHi & themHi) | (PAWN_ATTACKS[128 * us + 2 * ksq + 1]! & pawnHi & themHi);
    checkLo = stepCheckLo;
    checkHi = stepCheckHi;
    let sniperLo = (ROOK_EMPTY[2 * ksq]! & theirOrthLo) | (BISHOP_EMPTY[2 * ksq]! & theirDiagLo);
    let sniperHi = (ROOK_EMPTY[2 * ksq + 1]! & theirOrthHi) | (BISHOP_EMPTY[2 * ksq + 1]! & theirDiagHi);
    while ((sniperLo | sniperHi) !== 0) {
      let s: number;
      if (sniperLo !== 0) {
        s = lsb(sniperLo);
        sniperLo &= sniperLo - 1;
      } else {
        s = 32 + lsb(sniperHi);
        sniperHi &= sniperHi - 1;
      }
      const bi = 2 * (ksq * 64 + s);
      const bLo = BETWEEN[bi]! & occLo;
      const bHi = BETWEEN[bi + 1]! & occHi;
      if ((bLo | bHi) === 0) {
        if (s < 32) checkLo |= 1 << s;
        else checkHi |= 1 << (s - 32);
      } else if (popcount64(bLo, bHi) === 1) {
        pinLo |= bLo & usLo;
        pinHi |= bHi & usHi;
      }
    }

    // King steps to squares the opponent does not attack, with our king lifted off the board.
    const candLo = KING_ATTACKS[2 * ksq]! & ~usLo;
    const candHi = KING_ATTACKS[2 * ksq + 1]! & ~usHi;
    if ((candLo | candHi) !== 0) {
      const ourKingLo = ksq < 32 ? 1 << ksq : 0;
      const ourKingHi = ksq < 32 ? 0 : 1 << (ksq - 32);
      const danger = dangerSquares(w, p, them, occLo ^ ourKingLo, occHi ^ ourKingHi);
      let tLo = candLo & ~danger;
      let tHi = candHi & ~dangerHi[0]!;
      if (noCheckRule) {
        tLo = filterNoCheck(ksq, tLo, tHi, -1, -1);
        tHi = noCheckHi[0]!;
      }
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, ksq, tLo, tHi);
    }
  }

  const checkerCount = popcount64(checkLo, checkHi);
  if (checkerCount > 1) return n;

  let targetLo = ~usLo;
  let targetHi = ~usHi;
  if (checkerCount === 1) {
    const c = checkLo !== 0 ? lsb(checkLo) : 32 + lsb(checkHi);
    const bi = 2 * (ksq * 64 + c);
    targetLo &= BETWEEN[bi]! | checkLo;
    targetHi &= BETWEEN[bi + 1]! | checkHi;
  } else if (ksq >= 0 && ((w[p + W_CASTLING]! >> (8 * us)) & 0xff) !== 0) {
    n += castling(w, p, us, ksq, occLo, occHi, theirOrthLo, theirOrthHi, out, o + n);
  }
  const lineBase = 2 * ksq * 64;

  // Knights: a pinned knight never moves.
  {
    let lo = knightLo & usLo & ~pinLo;
    let hi = knightHi & usHi & ~pinHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      let tLo = KNIGHT_ATTACKS[2 * s]! & targetLo;
      let tHi = KNIGHT_ATTACKS[2 * s + 1]! & targetHi;
      if (noCheckRule) {
        tLo = filterNoCheck(s, tLo, tHi, 0, -1);
        tHi = noCheckHi[0]!;
      }
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, s, tLo, tHi);
    }
  }

  // Sliders, each along its lines; a pinned one stays on its pin line.
  {
    let lo = (bishopLo | rookLo | queenLo) & usLo;
    let hi = (bishopHi | rookHi | queenHi) & usHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      const bit = 1 << (s & 31);
      const half = s < 32 ? 0 : 1;
      const diag = ((half === 0 ? bishopLo | queenLo : bishopHi | queenHi) & bit) !== 0;
      const orth = ((half === 0 ? rookLo | queenLo : rookHi | queenHi) & bit) !== 0;
      let aLo = 0;
      let aHi = 0;
      if (diag) {
        const a = diagIndex(s, occLo, occHi);
        const b = antiIndex(s, occLo, occHi);
        aLo |= SLIDE[a]! | SLIDE[b]!;
        aHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
      }
      if (orth) {
        const a = rankIndex(s, occLo, occHi);
        const b = fileIndex(s, occLo, occHi);
        aLo |= SLIDE[a]! | SLIDE[b]!;
        aHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
      }
      let tLo = aLo & targetLo;
      let tHi = aHi & targetHi;
      if (((half === 0 ? pinLo : pinHi) & bit) !== 0) {
        tLo &= LINE[lineBase + 2 * s]!;
        tHi &= LINE[lineBase + 2 * s + 1]!;
      }
      if (noCheckRule) {
        tLo = filterNoCheck(s, tLo, tHi, diag ? 2 : -1, orth ? 4 : -1);
        tHi = noCheckHi[0]!;
      }
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, s, tLo, tHi);
    }
  }

  n += pawnMoves(us, usLo, usHi, themLo, themHi, pawnLo, pawnHi, pinLo, pinHi, targetLo, targetHi, out, o + n);

  // Pinned pawns, one by one (rare). In check a pinned piece has no legal move.
  const ourPawnLo = pawnLo & usLo;
  const ourPawnHi = pawnHi & usHi;
  if (checkerCount === 0 && ((ourPawnLo & pinLo) | (ourPawnHi & pinHi)) !== 0) {
    let lo = ourPawnLo & pinLo;
    let hi = ourPawnHi & pinHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      n += pinnedPawnMoves(us, s, ksq, occLo, occHi, themLo, themHi, out, o + n);
    }
  }

  // En passant: exact test of each candidate (no king: always legal).
  const ep = w[p + W_EP]!;
  if (ep >= 0) {
    let lo = PAWN_ATTACKS[128 * them + 2 * ep]! & ourPawnLo;
    let hi = PAWN_ATTACKS[128 * them + 2 * ep + 1]! & ourPawnHi;
    const captured = us === 0 ? ep - 8 : ep + 8;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      if (ksq < 0 || enPassantIsLegal(s, ep, captured, ksq, occLo, occHi, theirDiagLo, theirDiagHi, theirOrthLo, theirOrthHi, stepCheckLo, stepCheckHi)) {
        if (out !== null) out[o + n] = s | (ep << 6) | (MOVE_EN_PASSANT << 12);
        n++;
      }
    }
  }

  if ((flags & GEN_DROPS) !== 0) {
    // Drops on empty squares; in check only between the checker and the king.
    let dLo = ~occLo;
    let dHi = ~occHi;
    if (checkerCount === 1) {
      const c = checkLo !== 0 ? lsb(checkLo) : 32 + lsb(checkHi);
      const bi = 2 * (ksq * 64 + c);
      dLo &= BETWEEN[bi]!;
      dHi &= BETWEEN[bi + 1]!;
    }
    n += drops(w, p, us, dLo, dHi, out, o + n);
  }
  return n;
}

/** Crazyhouse drops of every role in hand onto (lo, hi); pawns not on the first or last rank. */
function drops(w: Int32Array, p: number, us: number, lo: number, hi: number, out: Uint16Array | null, o: number): number {
  let n = 0;
  const base = p + W_POCKET + 5 * us;
  for (let role = 0; role < 5; role++) {
    if (w[base + role]! <= 0) continue;
    let tLo = lo;
    let tHi = hi;
    if (role === 0) {
      tLo &= ~RANK_1;
      tHi &= ~RANK_8;
    }
    if (out === null) {
      n += popcount64(tLo, tHi);
      continue;
    }
    while (tLo !== 0) {
      out[o + n++] = dropCode(role, lsb(tLo));
      tLo &= tLo - 1;
    }
    while (tHi !== 0) {
      out[o + n++] = dropCode(role, 32 + lsb(tHi));
      tHi &= tHi - 1;
    }
  }
  return n;
}

/** The high half of the last `dangerSquares` result. */
const dangerHi = new Int32Array(1);

/**
 * Squares `by` attacks over the occupancy (occLo, occHi): pawns, knights, sliders, and the king
 * if it has one. Returns the low half; the high half in `dangerHi[0]`.
 */
function dangerSquares(w: Int32Array, p: number, by: number, occLo: number, occHi: number): number {
  const byLo = w[p + 2 * by]!;
  const byHi = w[p + 2 * by + 1]!;
  const pLo = w[p + 4]! & byLo;
  const pHi = w[p + 5]! & byHi;
  let dLo: number;
  let dHi: number;
  const l = pLo & ~FILE_A;
  const lh = pHi & ~FILE_A;
  const r = pLo & ~FILE_H;
  const rh = pHi & ~FILE_H;
  if (by === 0) {
    dLo = (l << 7) | (r << 9);
    dHi = (lh << 7) | (l >>> 25) | (rh << 9) | (r >>> 23);
  } else {
    dLo = (l >>> 9) | (lh << 23) | (r >>> 7) | (rh << 25);
    dHi = (lh >>> 9) | (rh >>> 7);
  }
  const k = kingOf(w, p, by);
  if (k >= 0) {
    dLo |= KING_ATTACKS[2 * k]!;
    dHi |= KING_ATTACKS[2 * k + 1]!;
  }
  let lo = w[p + 6]! & byLo;
  let hi = w[p + 7]! & byHi;
  while ((lo | hi) !== 0) {
    let s: number;
    if (lo !== 0) {
      s = lsb(lo);
      lo &= lo - 1;
    } else {
      s = 32 + lsb(hi);
      hi &= hi - 1;
    }
    dLo |= KNIGHT_ATTACKS[2 * s]!;
    dHi |= KNIGHT_ATTACKS[2 * s + 1]!;
  }
  lo = (w[p + 8]! | w[p + 12]!) & byLo;
  hi = (w[p + 9]! | w[p + 13]!) & byHi;
  while ((lo | hi) !== 0) {
    let s: number;
    if (lo !== 0) {
      s = lsb(lo);
      lo &= lo - 1;
    } else {
      s = 32 + lsb(hi);
      hi &= hi - 1;
    }
    const a = diagIndex(s, occLo, occHi);
    const b = antiIndex(s, occLo, occHi);
    dLo |= SLIDE[a]! | SLIDE[b]!;
    dHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
  }
  lo = (w[p + 10]! | w[p + 12]!) & byLo;
  hi = (w[p + 11]! | w[p + 13]!) & byHi;
  while ((lo | hi) !== 0) {
    let s: number;
    if (lo !== 0) {
      s = lsb(lo);
      lo &= lo - 1;
    } else {
      s = 32 + lsb(hi);
      hi &= hi - 1;
    }
    const a = rankIndex(s, occLo, occHi);
    const b = fileIndex(s, occLo, occHi);
    dLo |= SLIDE[a]! | SLIDE[b]!;
    dHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
  }
  dangerHi[0] = dHi;
  return dLo;
}

/**
 * The unpinned pawns' moves, set-wise: pushes, double pushes from the second rank (from the first
 * too: horde §4.1, without an en-passant chance), captures, promotions.
 */
function pawnMoves(
  us: number, usLo: number, usHi: number, themLo: number, themHi: number,
  pawnLo: number, pawnHi: number, pinLo: number, pinHi: number, targetLo: number, targetHi: number,
  out: Uint16Array | null, o: number,
): number {
  const fLo = pawnLo & usLo & ~pinLo;
  const fHi = pawnHi & usHi & ~pinHi;
  if ((fLo | fHi) === 0) return 0;
  const emptyLo = ~(usLo | themLo);
  const emptyHi = ~(usHi | themHi);
  let pushLo: number, pushHi: number, dblLo: number, dblHi: number, dbl1Lo: number, dbl1Hi: number;
  let leftLo: number, leftHi: number, rightLo: number, rightHi: number;
  let push: number, left: number, right: number;
  const l = fLo & ~FILE_A;
  const lh = fHi & ~FILE_A;
  const r = fLo & ~FILE_H;
  const rh = fHi & ~FILE_H;
  if (us === 0) {
    push = 8;
    left = 7;
    right = 9;
    pushLo = (fLo << 8) & emptyLo;
    pushHi = ((fHi << 8) | (fLo >>> 24)) & emptyHi;
    dblLo = ((pushLo & 0x00ff0000) << 8) & emptyLo;
    dblHi = 0;
    dbl1Lo = ((pushLo & 0x0000ff00) << 8) & emptyLo;
    dbl1Hi = 0;
    leftLo = (l << 7) & themLo;
    leftHi = ((lh << 7) | (l >>> 25)) & themHi;
    rightLo = (r << 9) & themLo;
    rightHi = ((rh << 9) | (r >>> 23)) & themHi;
  } else {
    push = -8;
    left = -9;
    right = -7;
    pushLo = ((fLo >>> 8) | (fHi << 24)) & emptyLo;
    pushHi = (fHi >>> 8) & emptyHi;
    dblLo = 0;
    dblHi = ((pushHi & 0x0000ff00) >>> 8) & emptyHi;
    dbl1Lo = 0;
    dbl1Hi = ((pushHi & 0x00ff0000) >>> 8) & emptyHi;
    leftLo = ((l >>> 9) | (lh << 23)) & themLo;
    leftHi = (lh >>> 9) & themHi;
    rightLo = ((r >>> 7) | (rh << 25)) & themLo;
    rightHi = (rh >>> 7) & themHi;
  }
  pushLo &= targetLo;
  pushHi &= targetHi;
  dblLo &= targetLo;
  dblHi &= targetHi;
  dbl1Lo &= targetLo;
  dbl1Hi &= targetHi;
  leftLo &= targetLo;
  leftHi &= targetHi;
  rightLo &= targetLo;
  rightHi &= targetHi;
  if (out === null) {
    let n = popcount64(pushLo, pushHi) + popcount64(dblLo, dblHi) + popcount64(dbl1Lo, dbl1Hi) +
      popcount64(leftLo, leftHi) + popcount64(rightLo, rightHi);
    n += 3 * (popcount64(pushLo & RANK_1, pushHi & RANK_8) + popcount64(leftLo & RANK_1, leftHi & RANK_8) +
      popcount64(rightLo & RANK_1, rightHi & RANK_8));
    return n;
  }
  let n = emitPawnTargets(out, o, pushLo, pushHi, push, MOVE_NORMAL, false);
  n += emitPawnTargets(out, o + n, dblLo, dblHi, 2 * push, MOVE_DOUBLE_PUSH, false);
  n += emitPawnTargets(out, o + n, dbl1Lo, dbl1Hi, 2 * push, MOVE_NORMAL, false);
  n += emitPawnTargets(out, o + n, leftLo, leftHi, left, MOVE_NORMAL, false);
  n += emitPawnTargets(out, o + n, rightLo, rightHi, right, MOVE_NORMAL, false);
  return n;
}

const isSet = (lo: number, hi: number, sq: number): boolean => ((sq < 32 ? lo : hi) & (1 << (sq & 31))) !== 0;

/** Moves of one pawn pinned to its king: along the pin line only. */
function pinnedPawnMoves(
  us: number, s: number, ksq: number, occLo: number, occHi: number, themLo: number, themHi: number,
  out: Uint16Array | null, o: number,
): number {
  const li = 2 * (ksq * 64);
  const lineLo = LINE[li + 2 * s]!;
  const lineHi = LINE[li + 2 * s + 1]!;
  let n = 0;
  const step = us === 0 ? 8 : -8;
  const one = s + step;
  if (one >= 0 && one < 64 && isSet(lineLo, lineHi, one) && !isSet(occLo, occHi, one)) {
    n += emitOne(out, o + n, s, one, MOVE_NORMAL);
    const two = one + step;
    const rank = s >> 3;
    if (rank === (us === 0 ? 1 : 6) && !isSet(occLo, occHi, two)) n += emitOne(out, o + n, s, two, MOVE_DOUBLE_PUSH);
    else if (rank === (us === 0 ? 0 : 7) && !isSet(occLo, occHi, two)) n += emitOne(out, o + n, s, two, MOVE_NORMAL);
  }
  let cLo = PAWN_ATTACKS[128 * us + 2 * s]! & themLo & lineLo;
  let cHi = PAWN_ATTACKS[128 * us + 2 * s + 1]! & themHi & lineHi;
  while ((cLo | cHi) !== 0) {
    let t: number;
    if (cLo !== 0) {
      t = lsb(cLo);
      cLo &= cLo - 1;
    } else {
      t = 32 + lsb(cHi);
      cHi &= cHi - 1;
    }
    n += emitOne(out, o + n, s, t, MOVE_NORMAL);
  }
  return n;
}

function emitOne(out: Uint16Array | null, i: number, from: number, to: number, kind: number): number {
  if (out !== null) return emitPawnMove(out, i, from, to, kind, false) - i;
  return to < 8 || to >= 56 ? 4 : 1;
}

/** Whether an en-passant capture leaves our king unattacked (as in chess' generator). */
function enPassantIsLegal(
  from: number, ep: number, captured: number, ksq: number, occLo: number, occHi: number,
  diagLo: number, diagHi: number, orthLo: number, orthHi: number, stepCheckLo: number, stepCheckHi: number,
): boolean {
  const capBitLo = captured < 32 ? 1 << captured : 0;
  const capBitHi = captured < 32 ? 0 : 1 << (captured - 32);
  if (((stepCheckLo & ~capBitLo) | (stepCheckHi & ~capBitHi)) !== 0) return false;
  let lo = occLo & ~capBitLo;
  let hi = occHi & ~capBitHi;
  if (from < 32) lo &= ~(1 << from);
  else hi &= ~(1 << (from - 32));
  if (ep < 32) lo |= 1 << ep;
  else hi |= 1 << (ep - 32);
  const r = rankIndex(ksq, lo, hi);
  const f = fileIndex(ksq, lo, hi);
  const d = diagIndex(ksq, lo, hi);
  const a = antiIndex(ksq, lo, hi);
  return (((SLIDE[r]! | SLIDE[f]!) & orthLo) | ((SLIDE[r + 1]! | SLIDE[f + 1]!) & orthHi) |
    ((SLIDE[d]! | SLIDE[a]!) & diagLo) | ((SLIDE[d + 1]! | SLIDE[a + 1]!) & diagHi)) === 0;
}

const fileSpan = (a: number, b: number): number => (a < b ? ((2 << b) - (1 << a)) : ((2 << a) - (1 << b)));

/** Castling as in chess (FIDE 3.8.2, Chess960-general); the caller has checked we are not in check. */
function castling(
  w: Int32Array, p: number, us: number, ksq: number, occLo: number, occHi: number,
  theirOrthLo: number, theirOrthHi: number, out: Uint16Array | null, o: number,
): number {
  let rights = (w[p + W_CASTLING]! >> (8 * us)) & 0xff;
  const backRank = us === 0 ? 0 : 56;
  if (ksq >> 3 !== backRank >> 3) return 0;
  const occ = ((us === 0 ? occLo : occHi) >>> (us === 0 ? 0 : 24)) & 0xff;
  const kf = ksq & 7;
  const them = us ^ 1;
  let n = 0;
  while (rights !== 0) {
    const rf = lsb(rights);
    rights &= rights - 1;
    const hSide = rf > kf;
    const kTo = hSide ? 6 : 2;
    const rTo = hSide ? 5 : 3;
    const mustBeEmpty = (fileSpan(kf, kTo) | fileSpan(rf, rTo)) & ~(1 << kf) & ~(1 << rf);
    if ((occ & mustBeEmpty) !== 0) continue;
    let attacked = false;
    const step = kTo > kf ? 1 : -1;
    for (let f = kf + step; f !== kTo + step && !attacked; f += step) {
      attacked = isSquareAttacked(w, p, backRank + f, them, w[p + 2 * them]!, w[p + 2 * them + 1]!, occLo, occHi);
    }
    if (attacked) continue;
    const kToSq = backRank + kTo;
    const rSq = backRank + rf;
    let lo = occLo;
    let hi = occHi;
    if (us === 0) lo &= ~(1 << ksq) & ~(1 << rSq);
    else hi &= ~(1 << (ksq - 32)) & ~(1 << (rSq - 32));
    const ri = rankIndex(kToSq, lo, hi);
    if (((SLIDE[ri]! & theirOrthLo) | (SLIDE[ri + 1]! & theirOrthHi)) !== 0) continue;
    if (out !== null) out[o + n] = ksq | (rSq << 6) | (MOVE_CASTLE << 12);
    n++;
  }
  return n;
}
