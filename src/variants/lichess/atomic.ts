/**
 * Atomic chess: legal moves and the explosion (docs/rules/variants.md §1).
 *
 * - §1.1 A capture explodes the square it lands on: the captured piece, the capturing piece and
 *   every piece other than a pawn on the eight neighbouring squares leave the board (en passant:
 *   the explosion is centred on the square the capturing pawn lands on).
 * - §1.2 A king cannot capture. A move that explodes one's own king is illegal; one that explodes
 *   the enemy king (and not one's own) is legal, even if one's own king is then attacked: it wins.
 * - §1.3 Check is an attack on the king by a piece other than the king; a king next to the enemy
 *   king is not in check (the enemy king cannot capture, and capturing next to it would explode
 *   it). A move must not leave one's own king in check.
 * - §1.4 Castling as in chess (Chess960 too), with "attacked" in the sense of §1.3.
 *
 * Method: checkers and pins (by pieces other than the king) once per position, as in chess;
 * quiet moves are decided by the evasion and pin masks, king steps by the king-danger squares;
 * a capture changes the board around its target, so each one gets an exact test over the
 * occupancy after the explosion (a few look-ups, nothing played).
 */
import { lsb, popcount64 } from '../../core/bitboard.js';
import {
  antiIndex, BETWEEN, BISHOP_EMPTY, diagIndex, fileIndex, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS, rankIndex,
  ROOK_EMPTY, SLIDE,
} from '../../core/attacks.js';
import { isSquareAttacked } from '../../chess/attacked.js';
import { W_CASTLING, W_EP, W_TURN } from '../../chess/layout.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL } from '../../chess/move.js';
import { emitPawnMove, emitTargets } from './emit.js';

function kingOf(w: Int32Array, p: number, color: number): number {
  const lo = w[p + 14]! & w[p + 2 * color]!;
  if (lo !== 0) return lsb(lo);
  const hi = w[p + 15]! & w[p + 2 * color + 1]!;
  return hi !== 0 ? 32 + lsb(hi) : -1;
}

const bitLo = (sq: number): number => (sq < 32 ? 1 << sq : 0);
const bitHi = (sq: number): number => (sq < 32 ? 0 : 1 << (sq - 32));

/**
 * Whether the capture from `from` to `to` (the captured piece on `capSq`: `to`, or the pawn
 * passed by en passant) is legal: our king survives the explosion, and either the enemy king
 * does not, or the kings stand side by side, or no enemy piece but the king attacks ours over
 * the board after the explosion (§1.1–1.3).
 */
function captureIsLegal(
  w: Int32Array, p: number, them: number, from: number, to: number, capSq: number,
  ksq: number, tk: number, adjacent: boolean, occLo: number, occHi: number,
): boolean {
  // The blast: the target square and its non-pawn neighbours (the captured piece and the
  // capturer go too, whatever they are).
  const eLo = (KING_ATTACKS[2 * to]! & occLo & ~w[p + 4]!) | bitLo(to) | bitLo(capSq) | bitLo(from);
  const eHi = (KING_ATTACKS[2 * to + 1]! & occHi & ~w[p + 5]!) | bitHi(to) | bitHi(capSq) | bitHi(from);
  if (((eLo & bitLo(ksq)) | (eHi & bitHi(ksq))) !== 0) return false;
  if (((eLo & bitLo(tk)) | (eHi & bitHi(tk))) !== 0) return true;
  if (adjacent) return true;
  const byLo = w[p + 2 * them]! & ~eLo & ~bitLo(tk);
  const byHi = w[p + 2 * them + 1]! & ~eHi & ~bitHi(tk);
  return !isSquareAttacked(w, p, ksq, them, byLo, byHi, occLo & ~eLo, occHi & ~eHi);
}

/**
 * Whether `sq` is attacked in the sense of §1.3 by `them` (pieces other than the king, over the
 * occupancy given), a square next to the enemy king `tk` never.
 */
function atomicAttacked(w: Int32Array, p: number, sq: number, them: number, tk: number, occLo: number, occHi: number): boolean {
  if (((KING_ATTACKS[2 * tk]! & bitLo(sq)) | (KING_ATTACKS[2 * tk + 1]! & bitHi(sq))) !== 0) return false;
  return isSquareAttacked(w, p, sq, them, w[p + 2 * them]! & ~bitLo(tk), w[p + 2 * them + 1]! & ~bitHi(tk), occLo, occHi);
}

/** The high half of the last `attackSet` result. */
const setHi = new Int32Array(1);

/** Squares attacked by `by`'s pieces other than the king over (occLo, occHi); the high half in `setHi[0]`. */
function attackSet(w: Int32Array, p: number, by: number, occLo: number, occHi: number): number {
  const byLo = w[p + 2 * by]!;
  const byHi = w[p + 2 * by + 1]!;
  let dLo = 0;
  let dHi = 0;
  let lo = byLo & ~w[p + 14]!;
  let hi = byHi & ~w[p + 15]!;
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
    const h = s >> 5;
    if ((w[p + 4 + h]! & bit) !== 0) {
      dLo |= PAWN_ATTACKS[128 * by + 2 * s]!;
      dHi |= PAWN_ATTACKS[128 * by + 2 * s + 1]!;
    } else if ((w[p + 6 + h]! & bit) !== 0) {
      dLo |= KNIGHT_ATTACKS[2 * s]!;
      dHi |= KNIGHT_ATTACKS[2 * s + 1]!;
    } else {
      if (((w[p + 8 + h]! | w[p + 12 + h]!) & bit) !== 0) {
        const a = diagIndex(s, occLo, occHi);
        const b = antiIndex(s, occLo, occHi);
        dLo |= SLIDE[a]! | SLIDE[b]!;
        dHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
      }
      if (((w[p + 10 + h]! | w[p + 12 + h]!) & bit) !== 0) {
        const a = rankIndex(s, occLo, occHi);
        const b = fileIndex(s, occLo, occHi);
        dLo |= SLIDE[a]! | SLIDE[b]!;
        dHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
      }
    }
  }
  setHi[0] = dHi;
  return dLo;
}

/** Attacks of the knight or slider on `s` over (occLo, occHi); the high half in `setHi[0]`. */
function pieceAttacks(w: Int32Array, p: number, s: number, occLo: number, occHi: number): number {
  const bit = 1 << (s & 31);
  const h = s >> 5;
  if ((w[p + 6 + h]! & bit) !== 0) {
    setHi[0] = KNIGHT_ATTACKS[2 * s + 1]!;
    return KNIGHT_ATTACKS[2 * s]!;
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
  setHi[0] = hi;
  return lo;
}

/**
 * Generates the legal atomic moves of the position at `w[p..]` into `out[o..]` (counts them with
 * `out === null`); none once a king has exploded (the game is over). Returns how many.
 */
export function generateAtomic(w: Int32Array, p: number, out: Uint16Array | null, o: number): number {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const ksq = kingOf(w, p, us);
  const tk = kingOf(w, p, them);
  if (ksq < 0 || tk < 0) return 0;
  const usLo = w[p + 2 * us]!;
  const usHi = w[p + 2 * us + 1]!;
  const themLo = w[p + 2 * them]!;
  const themHi = w[p + 2 * them + 1]!;
  const occLo = usLo | themLo;
  const occHi = usHi | themHi;
  const adjacent = ((KING_ATTACKS[2 * ksq]! & bitLo(tk)) | (KING_ATTACKS[2 * ksq + 1]! & bitHi(tk))) !== 0;

  // Checkers and pins by pieces other than the enemy king; none while the kings touch (§1.3).
  let checkLo = 0;
  let checkHi = 0;
  let pinLo = 0;
  let pinHi = 0;
  if (!adjacent) {
    const pawnLo = w[p + 4]! & themLo;
    const pawnHi = w[p + 5]! & themHi;
    checkLo = (KNIGHT_ATTACKS[2 * ksq]! & w[p + 6]! & themLo) | (PAWN_ATTACKS[128 * us + 2 * ksq]! & pawnLo);
    checkHi = (KNIGHT_ATTACKS[2 * ksq + 1]! & w[p + 7]! & themHi) | (PAWN_ATTACKS[128 * us + 2 * ksq + 1]! & pawnHi);
    let sLo = ((ROOK_EMPTY[2 * ksq]! & (w[p + 10]! | w[p + 12]!)) | (BISHOP_EMPTY[2 * ksq]! & (w[p + 8]! | w[p + 12]!))) & themLo;
    let sHi = ((ROOK_EMPTY[2 * ksq + 1]! & (w[p + 11]! | w[p + 13]!)) | (BISHOP_EMPTY[2 * ksq + 1]! & (w[p + 9]! | w[p + 13]!))) & themHi;
    while ((sLo | sHi) !== 0) {
      let s: number;
      if (sLo !== 0) {
        s = lsb(sLo);
        sLo &= sLo - 1;
      } else {
        s = 32 + lsb(sHi);
        sHi &= sHi - 1;
      }
      const bi = 2 * (ksq * 64 + s);
      const bLo = BETWEEN[bi]! & occLo;
      const bHi = BETWEEN[bi + 1]! & occHi;
      if ((bLo | bHi) === 0) {
        checkLo |= bitLo(s);
        checkHi |= bitHi(s);
      } else if (popcount64(bLo, bHi) === 1) {
        pinLo |= bLo & usLo;
        pinHi |= bHi & usHi;
      }
    }
  }
  const checkers = popcount64(checkLo, checkHi);
  let n = 0;

  // King steps, never captures (§1.2): to a square not attacked, or next to the enemy king.
  {
    const candLo = KING_ATTACKS[2 * ksq]! & ~occLo;
    const candHi = KING_ATTACKS[2 * ksq + 1]! & ~occHi;
    if ((candLo | candHi) !== 0) {
      const dLo = attackSet(w, p, them, occLo & ~bitLo(ksq), occHi & ~bitHi(ksq));
      const dHi = setHi[0]!;
      const tLo = candLo & (~dLo | KING_ATTACKS[2 * tk]!);
      const tHi = candHi & (~dHi | KING_ATTACKS[2 * tk + 1]!);
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, ksq, tLo, tHi);
    }
  }
  if (checkers === 0 && ((w[p + W_CASTLING]! >> (8 * us)) & 0xff) !== 0) {
    n += castling(w, p, us, ksq, tk, occLo, occHi, out, o + n);
  }

  // Quiet moves go where they block a single check; pinned pieces stay on their line.
  let quietLo = ~occLo;
  let quietHi = ~occHi;
  if (checkers > 1) {
    quietLo = 0;
    quietHi = 0;
  } else if (checkers === 1) {
    const c = checkLo !== 0 ? lsb(checkLo) : 32 + lsb(checkHi);
    quietLo &= BETWEEN[2 * (ksq * 64 + c)]!;
    quietHi &= BETWEEN[2 * (ksq * 64 + c) + 1]!;
  }
  const lineBase = 2 * ksq * 64;

  // Pieces: knights and sliders.
  {
    let lo = usLo & ~w[p + 4]! & ~w[p + 14]!;
    let hi = usHi & ~w[p + 5]! & ~w[p + 15]!;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      const aLo = pieceAttacks(w, p, s, occLo, occHi);
      const aHi = setHi[0]!;
      let qLo = aLo & quietLo;
      let qHi = aHi & quietHi;
      if ((((s < 32 ? pinLo : pinHi) >>> (s & 31)) & 1) !== 0) {
        qLo &= LINE[lineBase + 2 * s]!;
        qHi &= LINE[lineBase + 2 * s + 1]!;
      }
      n += out === null ? popcount64(qLo, qHi) : emitTargets(out, o + n, s, qLo, qHi);
      let cLo = aLo & themLo;
      let cHi = aHi & themHi;
      while ((cLo | cHi) !== 0) {
        let t: number;
        if (cLo !== 0) {
          t = lsb(cLo);
          cLo &= cLo - 1;
        } else {
          t = 32 + lsb(cHi);
          cHi &= cHi - 1;
        }
        if (captureIsLegal(w, p, them, s, t, t, ksq, tk, adjacent, occLo, occHi)) {
          if (out !== null) out[o + n] = s | (t << 6) | (MOVE_NORMAL << 12);
          n++;
        }
      }
    }
  }

  // Pawns, one by one.
  {
    let lo = usLo & w[p + 4]!;
    let hi = usHi & w[p + 5]!;
    const step = us === 0 ? 8 : -8;
    const startRank = us === 0 ? 1 : 6;
    const ep = w[p + W_EP]!;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      let lineLo = -1;
      let lineHi = -1;
      if ((((s < 32 ? pinLo : pinHi) >>> (s & 31)) & 1) !== 0) {
        lineLo = LINE[lineBase + 2 * s]!;
        lineHi = LINE[lineBase + 2 * s + 1]!;
      }
      const one = s + step;
      if (((one < 32 ? occLo : occHi) & (1 << (one & 31))) === 0) {
        if (((one < 32 ? quietLo & lineLo : quietHi & lineHi) & (1 << (one & 31))) !== 0) n += pawnMove(out, o + n, s, one, MOVE_NORMAL);
        const two = one + step;
        if (s >> 3 === startRank && ((two < 32 ? occLo : occHi) & (1 << (two & 31))) === 0 &&
          ((two < 32 ? quietLo & lineLo : quietHi & lineHi) & (1 << (two & 31))) !== 0) {
          n += pawnMove(out, o + n, s, two, MOVE_DOUBLE_PUSH);
        }
      }
      let cLo = PAWN_ATTACKS[128 * us + 2 * s]! & themLo;
      let cHi = PAWN_ATTACKS[128 * us + 2 * s + 1]! & themHi;
      while ((cLo | cHi) !== 0) {
        let t: number;
        if (cLo !== 0) {
          t = lsb(cLo);
          cLo &= cLo - 1;
        } else {
          t = 32 + lsb(cHi);
          cHi &= cHi - 1;
        }
        if (captureIsLegal(w, p, them, s, t, t, ksq, tk, adjacent, occLo, occHi)) n += pawnMove(out, o + n, s, t, MOVE_NORMAL);
      }
      if (ep >= 0 && ((PAWN_ATTACKS[128 * us + 2 * s + (ep >> 5)]! >>> (ep & 31)) & 1) !== 0) {
        if (captureIsLegal(w, p, them, s, ep, ep - step, ksq, tk, adjacent, occLo, occHi)) {
          if (out !== null) out[o + n] = s | (ep << 6) | (MOVE_EN_PASSANT << 12);
          n++;
        }
      }
    }
  }
  return n;
}

/** A pawn move, four on the last rank; with `out === null` only counted. */
function pawnMove(out: Uint16Array | null, i: number, from: number, to: number, kind: number): number {
  if (out !== null) return emitPawnMove(out, i, from, to, kind, false) - i;
  return to < 8 || to >= 56 ? 4 : 1;
}

const fileSpan = (a: number, b: number): number => (a < b ? ((2 << b) - (1 << a)) : ((2 << a) - (1 << b)));

/**
 * Castling (§1.4; the caller has checked we are not in check): the squares the king passes
 * must not be attacked with the king off its square, nor its target with king and rook moved.
 */
function castling(
  w: Int32Array, p: number, us: number, ksq: number, tk: number, occLo: number, occHi: number,
  out: Uint16Array | null, o: number,
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
    const liftLo = occLo & ~bitLo(ksq);
    const liftHi = occHi & ~bitHi(ksq);
    let attacked = false;
    const step = kTo > kf ? 1 : -1;
    // The squares strictly between the king and its target (none when it is already there).
    for (let f = kf + step; kf !== kTo && f !== kTo && !attacked; f += step) {
      attacked = atomicAttacked(w, p, backRank + f, them, tk, liftLo, liftHi);
    }
    if (attacked) continue;
    const rSq = backRank + rf;
    const kToSq = backRank + kTo;
    const rToSq = backRank + rTo;
    const aLo = (liftLo & ~bitLo(rSq)) | bitLo(rToSq) | bitLo(kToSq);
    const aHi = (liftHi & ~bitHi(rSq)) | bitHi(rToSq) | bitHi(kToSq);
    if (atomicAttacked(w, p, kToSq, them, tk, aLo, aHi)) continue;
    if (out !== null) out[o + n] = ksq | (rSq << 6) | (MOVE_CASTLE << 12);
    n++;
  }
  return n;
}
