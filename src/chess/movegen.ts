/**
 * Legal move generation the way engines do it: the side to move's checkers, absolutely pinned
 * pieces and king-danger squares are computed once per position, then every move is decided by
 * mask look-ups, without playing it. Only en passant, at most two candidates, gets an exact test
 * (the capture removes two pawns from one rank and can expose the king sideways).
 *
 * Rules encoded (FIDE Laws of Chess, art. 3):
 * - 3.9: a move must not leave or place the own king attacked. So: with two checkers only the
 *   king moves; with one, a move must capture the checker or block its line (the evasion mask);
 *   a pinned piece moves only along the line through its king and its pinner; the king steps
 *   only to squares the opponent does not attack, computed with the king lifted off the board so
 *   that a slider's attack continues through the king's square.
 * - 3.8.2: castling (Chess960-general: king and rook anywhere on the back rank) needs the right,
 *   empty squares between king and its target and between rook and its target, the king not in
 *   check and not passing or landing on an attacked square.
 * - 3.7: pawn pushes, double pushes from the second rank, captures, en passant right after a
 *   double push, promotion to queen, rook, bishop or knight.
 *
 * One function serves both generation and bulk counting (`out === null`): counting adds
 * popcounts of target sets instead of writing moves, so perft's last ply costs no list. The same
 * function, given masks of origin and destination squares, gives the legal moves of some pieces
 * to some squares: `castlingMove` uses it, and `legalMovesTo` (one role to one square, what SAN
 * reading needs) for the king, promotions and en passant. For the other moves `legalMovesTo` finds
 * the one or few pieces that reach the square from the same attack tables and keeps those the
 * same king-safety masks (`kingSafety`: checkers, pins) allow, so legality is decided here once.
 */
import { has as isSet, lsb, popcount64 } from '../core/bitboard.js';
import {
  antiIndex,
  BETWEEN,
  BISHOP_EMPTY,
  diagIndex,
  fileIndex,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  LINE,
  PAWN_ATTACKS,
  rankIndex,
  ROOK_EMPTY,
  SLIDE,
} from '../core/attacks.js';
import { isSquareAttacked } from './attacked.js';
import { kingSquareAt, W_BISHOPS, W_CASTLING, W_EP, W_KNIGHTS, W_PAWNS, W_QUEENS, W_ROLE, W_ROOKS, W_TURN } from './layout.js';
import { BISHOP as BISHOP_ROLE, KING as KING_ROLE, KNIGHT as KNIGHT_ROLE, PAWN as PAWN_ROLE, ROOK as ROOK_ROLE } from './types.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL } from './move.js';
import { primeMoveGenerator } from './movegen-primer.js';

const FILE_A = 0x01010101;
const FILE_H = 0x80808080 | 0;

/** Writes one move per target square from `from`; returns how many. */
function emitTargets(out: Uint16Array, i: number, from: number, lo: number, hi: number): number {
  const start = i;
  const base = from | (MOVE_NORMAL << 12);
  while (lo !== 0) {
    out[i++] = base | (lsb(lo) << 6);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[i++] = base | ((32 + lsb(hi)) << 6);
    hi &= hi - 1;
  }
  return i - start;
}

/** Writes pawn moves to each target square, from `target - delta`, four promotions on the last rank. */
function emitPawnTargets(out: Uint16Array, i: number, lo: number, hi: number, delta: number, kind: number): number {
  const start = i;
  while (lo !== 0) {
    const to = lsb(lo);
    lo &= lo - 1;
    i = emitPawnMove(out, i, to - delta, to, kind);
  }
  while (hi !== 0) {
    const to = 32 + lsb(hi);
    hi &= hi - 1;
    i = emitPawnMove(out, i, to - delta, to, kind);
  }
  return i - start;
}

function emitPawnMove(out: Uint16Array, i: number, from: number, to: number, kind: number): number {
  const base = from | (to << 6);
  if (to < 8 || to >= 56) {
    out[i++] = base | (7 << 12); // queen first: the usual best move
    out[i++] = base | (4 << 12);
    out[i++] = base | (6 << 12);
    out[i++] = base | (5 << 12);
  } else {
    out[i++] = base | (kind << 12);
  }
  return i;
}

/** Whether the primer has run (movegen-primer.ts): at the first call, not when the module loads. */
let primed = false;

function prime(): void {
  primed = true;
  primeMoveGenerator(generateLegal);
}

const RANK_1 = 0xff;
const RANK_8 = 0xff000000 | 0;

/**
 * What the side to move's king fears, for the king on `ksq` (FIDE 3.9): the checkers (and among
 * them those that step: knights and pawns) and our pinned pieces (one of ours alone between our
 * king and an opposing slider on its line), into `safety` as (lo, hi) pairs at SAFETY_STEP,
 * SAFETY_CHECK and SAFETY_PIN. Computed once per position; every legal move is decided by masks
 * built from it, here and in `legalMovesTo`.
 */
const safety = new Int32Array(6);
const SAFETY_STEP = 0;
const SAFETY_CHECK = 2;
const SAFETY_PIN = 4;

function kingSafety(
  w: Int32Array, p: number, us: number, ksq: number, usLo: number, usHi: number, occLo: number, occHi: number,
  theirDiagLo: number, theirDiagHi: number, theirOrthLo: number, theirOrthHi: number,
): void {
  const themLo = occLo & ~usLo;
  const themHi = occHi & ~usHi;
  // Checkers by knights and pawns.
  const stepCheckLo =
    (KNIGHT_ATTACKS[2 * ksq]! & w[p + W_KNIGHTS]! & themLo) | (PAWN_ATTACKS[128 * us + 2 * ksq]! & w[p + W_PAWNS]! & themLo);
  const stepCheckHi =
    (KNIGHT_ATTACKS[2 * ksq + 1]! & w[p + W_KNIGHTS + 1]! & themHi) |
    (PAWN_ATTACKS[128 * us + 2 * ksq + 1]! & w[p + W_PAWNS + 1]! & themHi);
  let checkLo = stepCheckLo;
  let checkHi = stepCheckHi;

  // Sliders aligned with the king: with nothing between they check; with exactly one own piece
  // between, that piece is pinned.
  let pinLo = 0;
  let pinHi = 0;
  let sniperLo =
    (ROOK_EMPTY[2 * ksq]! & theirOrthLo) | (BISHOP_EMPTY[2 * ksq]! & theirDiagLo);
  let sniperHi =
    (ROOK_EMPTY[2 * ksq + 1]! & theirOrthHi) | (BISHOP_EMPTY[2 * ksq + 1]! & theirDiagHi);
  while ((sniperLo | sniperHi) !== 0) {
    let s: number;
    if (sniperLo !== 0) {
      s = (31 - Math.clz32(sniperLo & -sniperLo));
      sniperLo &= sniperLo - 1;
    } else {
      s = 32 + (31 - Math.clz32(sniperHi & -sniperHi));
      sniperHi &= sniperHi - 1;
    }
    const bi = 2 * (ksq * 64 + s);
    const bLo = BETWEEN[bi]! & occLo;
    const bHi = BETWEEN[bi + 1]! & occHi;
    if ((bLo | bHi) === 0) {
      if (s < 32) checkLo |= 1 << s;
      else checkHi |= 1 << (s - 32);
    } else if (bLo === 0 ? (bHi & (bHi - 1)) === 0 : bHi === 0 && (bLo & (bLo - 1)) === 0) {
      pinLo |= bLo & usLo;
      pinHi |= bHi & usHi;
    }
  }
  safety[SAFETY_STEP] = stepCheckLo;
  safety[SAFETY_STEP + 1] = stepCheckHi;
  safety[SAFETY_CHECK] = checkLo;
  safety[SAFETY_CHECK + 1] = checkHi;
  safety[SAFETY_PIN] = pinLo;
  safety[SAFETY_PIN + 1] = pinHi;
}

/**
 * Generates the legal moves of the position at `w[p..]` into `out[o..]` and returns how many;
 * with `out === null`, only counts them.
 */
export function generateLegal(w: Int32Array, p: number, out: Uint16Array | null, o: number): number {
  return generateMasked(w, p, out, o, -1, -1, -1, -1);
}

/**
 * The legal moves of the position at `w[p..]` from a square of the set (fromLo, fromHi) to a
 * square of the set (toLo, toHi), into `out[o..]` (or only counted, `out === null`); returns how
 * many. Castling, being king-takes-rook, goes to its rook's square. Checkers, pins and the
 * evasion mask are computed for the whole position, whatever the masks: the masks only narrow
 * the pieces moved and the squares reached.
 */
export function generateMasked(
  w: Int32Array, p: number, out: Uint16Array | null, o: number,
  fromLo: number, fromHi: number, toLo: number, toHi: number,
): number {
  if (!primed) prime();
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
  const kingLo = w[p + 14]!;
  const kingHi = w[p + 15]!;

  const ourKingLo = kingLo & usLo;
  const ourKingHi = kingHi & usHi;
  const ksq = ourKingLo !== 0 ? (31 - Math.clz32(ourKingLo & -ourKingLo)) : 32 + (31 - Math.clz32(ourKingHi & -ourKingHi));
  const theirDiagLo = (bishopLo | queenLo) & themLo;
  const theirDiagHi = (bishopHi | queenHi) & themHi;
  const theirOrthLo = (rookLo | queenLo) & themLo;
  const theirOrthHi = (rookHi | queenHi) & themHi;

  // kingSafety's computation, written out here: called, it is not inlined (too large for V8's
  // budget) and perft measured 13-15% slower (kiwipete 5: 1.58 s against 1.37 s of CPU).
  // Checkers by knights and pawns.
  const stepCheckLo =
    (KNIGHT_ATTACKS[2 * ksq]! & w[p + W_KNIGHTS]! & themLo) | (PAWN_ATTACKS[128 * us + 2 * ksq]! & w[p + W_PAWNS]! & themLo);
  const stepCheckHi =
    (KNIGHT_ATTACKS[2 * ksq + 1]! & w[p + W_KNIGHTS + 1]! & themHi) |
    (PAWN_ATTACKS[128 * us + 2 * ksq + 1]! & w[p + W_PAWNS + 1]! & themHi);
  let checkLo = stepCheckLo;
  let checkHi = stepCheckHi;

  // Sliders aligned with the king: with nothing between they check; with exactly one own piece
  // between, that piece is pinned.
  let pinLo = 0;
  let pinHi = 0;
  let sniperLo =
    (ROOK_EMPTY[2 * ksq]! & theirOrthLo) | (BISHOP_EMPTY[2 * ksq]! & theirDiagLo);
  let sniperHi =
    (ROOK_EMPTY[2 * ksq + 1]! & theirOrthHi) | (BISHOP_EMPTY[2 * ksq + 1]! & theirDiagHi);
  while ((sniperLo | sniperHi) !== 0) {
    let s: number;
    if (sniperLo !== 0) {
      s = (31 - Math.clz32(sniperLo & -sniperLo));
      sniperLo &= sniperLo - 1;
    } else {
      s = 32 + (31 - Math.clz32(sniperHi & -sniperHi));
      sniperHi &= sniperHi - 1;
    }
    const bi = 2 * (ksq * 64 + s);
    const bLo = BETWEEN[bi]! & occLo;
    const bHi = BETWEEN[bi + 1]! & occHi;
    if ((bLo | bHi) === 0) {
      if (s < 32) checkLo |= 1 << s;
      else checkHi |= 1 << (s - 32);
    } else if (bLo === 0 ? (bHi & (bHi - 1)) === 0 : bHi === 0 && (bLo & (bLo - 1)) === 0) {
      pinLo |= bLo & usLo;
      pinHi |= bHi & usHi;
    }
  }

  let n = 0;

  // King steps: to squares the opponent does not attack. The king-danger squares are computed
  // with our king lifted off the board, so that a slider's attack goes on through its square;
  // and only when the king has a square to step to at all (often not, hemmed in by its own men).
  const kingMoves = ((ourKingLo & fromLo) | (ourKingHi & fromHi)) !== 0;
  const candLo = kingMoves ? KING_ATTACKS[2 * ksq]! & ~usLo & toLo : 0;
  const candHi = kingMoves ? KING_ATTACKS[2 * ksq + 1]! & ~usHi & toHi : 0;
  if ((candLo | candHi) !== 0) {
    const liftLo = occLo ^ ourKingLo;
    const liftHi = occHi ^ ourKingHi;
    const theirPawnLo = pawnLo & themLo;
    const theirPawnHi = pawnHi & themHi;
    let dangerLo: number;
    let dangerHi: number;
    if (them === 0) {
      // White pawns capture towards rank 8: +7 (towards file a) and +9 (towards file h).
      const l = theirPawnLo & ~FILE_A;
      const h = theirPawnHi & ~FILE_A;
      const r = theirPawnLo & ~FILE_H;
      const rh = theirPawnHi & ~FILE_H;
      dangerLo = (l << 7) | (r << 9);
      dangerHi = (h << 7) | (l >>> 25) | (rh << 9) | (r >>> 23);
    } else {
      const l = theirPawnLo & ~FILE_A;
      const h = theirPawnHi & ~FILE_A;
      const r = theirPawnLo & ~FILE_H;
      const rh = theirPawnHi & ~FILE_H;
      dangerLo = (l >>> 9) | (h << 23) | (r >>> 7) | (rh << 25);
      dangerHi = (h >>> 9) | (rh >>> 7);
    }
    {
      const theirKing = (kingLo & themLo) !== 0 ? (31 - Math.clz32(kingLo & themLo & -(kingLo & themLo))) : 32 + (31 - Math.clz32(kingHi & themHi & -(kingHi & themHi)));
      dangerLo |= KING_ATTACKS[2 * theirKing]!;
      dangerHi |= KING_ATTACKS[2 * theirKing + 1]!;
      let lo = knightLo & themLo;
      let hi = knightHi & themHi;
      while (lo !== 0) {
        const s = (31 - Math.clz32(lo & -lo));
        lo &= lo - 1;
        dangerLo |= KNIGHT_ATTACKS[2 * s]!;
        dangerHi |= KNIGHT_ATTACKS[2 * s + 1]!;
      }
      while (hi !== 0) {
        const s = 32 + (31 - Math.clz32(hi & -hi));
        hi &= hi - 1;
        dangerLo |= KNIGHT_ATTACKS[2 * s]!;
        dangerHi |= KNIGHT_ATTACKS[2 * s + 1]!;
      }
      lo = theirDiagLo;
      hi = theirDiagHi;
      while ((lo | hi) !== 0) {
        let s: number;
        if (lo !== 0) {
          s = (31 - Math.clz32(lo & -lo));
          lo &= lo - 1;
        } else {
          s = 32 + (31 - Math.clz32(hi & -hi));
          hi &= hi - 1;
        }
        const a = diagIndex(s, liftLo, liftHi);
        const b = antiIndex(s, liftLo, liftHi);
        dangerLo |= SLIDE[a]! | SLIDE[b]!;
        dangerHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
      }
      lo = theirOrthLo;
      hi = theirOrthHi;
      while ((lo | hi) !== 0) {
        let s: number;
        if (lo !== 0) {
          s = (31 - Math.clz32(lo & -lo));
          lo &= lo - 1;
        } else {
          s = 32 + (31 - Math.clz32(hi & -hi));
          hi &= hi - 1;
        }
        const a = rankIndex(s, liftLo, liftHi);
        const b = fileIndex(s, liftLo, liftHi);
        dangerLo |= SLIDE[a]! | SLIDE[b]!;
        dangerHi |= SLIDE[a + 1]! | SLIDE[b + 1]!;
      }
    }

    const tLo = candLo & ~dangerLo;
    const tHi = candHi & ~dangerHi;
    n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, ksq, tLo, tHi);
  }

  const checkerCount = popcount64(checkLo, checkHi);
  if (checkerCount > 1) return n;

  // Squares a non-king move may go to: anything not ours, and when in check, the checker or a
  // square between it and the king.
  let targetLo = ~usLo & toLo;
  let targetHi = ~usHi & toHi;
  if (checkerCount === 1) {
    const c = checkLo !== 0 ? (31 - Math.clz32(checkLo & -checkLo)) : 32 + (31 - Math.clz32(checkHi & -checkHi));
    const bi = 2 * (ksq * 64 + c);
    targetLo &= BETWEEN[bi]! | checkLo;
    targetHi &= BETWEEN[bi + 1]! | checkHi;
  } else if (kingMoves && ((w[p + W_CASTLING]! >> (8 * us)) & 0xff) !== 0) {
    n += castling(w, p, us, ksq, occLo, occHi, theirOrthLo, theirOrthHi, toLo, toHi, out, o + n);
  }
  const lineBase = 2 * ksq * 64;

  // Knights: a pinned knight never moves.
  {
    let lo = knightLo & usLo & ~pinLo & fromLo;
    let hi = knightHi & usHi & ~pinHi & fromHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = (31 - Math.clz32(lo & -lo));
        lo &= lo - 1;
      } else {
        s = 32 + (31 - Math.clz32(hi & -hi));
        hi &= hi - 1;
      }
      const tLo = KNIGHT_ATTACKS[2 * s]! & targetLo;
      const tHi = KNIGHT_ATTACKS[2 * s + 1]! & targetHi;
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, s, tLo, tHi);
    }
  }

  // Diagonal sliders (bishops and queens); a pinned one stays on its pin line.
  {
    let lo = (bishopLo | queenLo) & usLo & fromLo;
    let hi = (bishopHi | queenHi) & usHi & fromHi;
    while ((lo | hi) !== 0) {
      let s: number;
      let pinned: boolean;
      if (lo !== 0) {
        s = (31 - Math.clz32(lo & -lo));
        pinned = (pinLo & (1 << s)) !== 0;
        lo &= lo - 1;
      } else {
        s = 32 + (31 - Math.clz32(hi & -hi));
        pinned = (pinHi & (1 << s)) !== 0;
        hi &= hi - 1;
      }
      const a = diagIndex(s, occLo, occHi);
      const b = antiIndex(s, occLo, occHi);
      let tLo = (SLIDE[a]! | SLIDE[b]!) & targetLo;
      let tHi = (SLIDE[a + 1]! | SLIDE[b + 1]!) & targetHi;
      if (pinned) {
        tLo &= LINE[lineBase + 2 * s]!;
        tHi &= LINE[lineBase + 2 * s + 1]!;
      }
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, s, tLo, tHi);
    }
  }

  // Orthogonal sliders (rooks and queens).
  {
    let lo = (rookLo | queenLo) & usLo & fromLo;
    let hi = (rookHi | queenHi) & usHi & fromHi;
    while ((lo | hi) !== 0) {
      let s: number;
      let pinned: boolean;
      if (lo !== 0) {
        s = (31 - Math.clz32(lo & -lo));
        pinned = (pinLo & (1 << s)) !== 0;
        lo &= lo - 1;
      } else {
        s = 32 + (31 - Math.clz32(hi & -hi));
        pinned = (pinHi & (1 << s)) !== 0;
        hi &= hi - 1;
      }
      const a = rankIndex(s, occLo, occHi);
      const b = fileIndex(s, occLo, occHi);
      let tLo = (SLIDE[a]! | SLIDE[b]!) & targetLo;
      let tHi = (SLIDE[a + 1]! | SLIDE[b + 1]!) & targetHi;
      if (pinned) {
        tLo &= LINE[lineBase + 2 * s]!;
        tHi &= LINE[lineBase + 2 * s + 1]!;
      }
      n += out === null ? popcount64(tLo, tHi) : emitTargets(out, o + n, s, tLo, tHi);
    }
  }

  // Pawns that are not pinned, set-wise.
  const ourPawnLo = pawnLo & usLo & fromLo;
  const ourPawnHi = pawnHi & usHi & fromHi;
  if ((ourPawnLo | ourPawnHi) !== 0) {
    const fLo = ourPawnLo & ~pinLo;
    const fHi = ourPawnHi & ~pinHi;
    const emptyLo = ~occLo;
    const emptyHi = ~occHi;
    let pushLo: number, pushHi: number, dblLo: number, dblHi: number;
    let leftLo: number, leftHi: number, rightLo: number, rightHi: number;
    let push: number, left: number, right: number;
    if (us === 0) {
      push = 8;
      left = 7;
      right = 9;
      pushLo = (fLo << 8) & emptyLo;
      pushHi = ((fHi << 8) | (fLo >>> 24)) & emptyHi;
      // A double push starts on rank 2: its single push lands on rank 3 (bits 16..23 of lo).
      dblLo = ((pushLo & 0x00ff0000) << 8) & emptyLo;
      dblHi = 0;
      const l = fLo & ~FILE_A;
      const lh = fHi & ~FILE_A;
      const r = fLo & ~FILE_H;
      const rh = fHi & ~FILE_H;
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
      // Black's single pushes from rank 7 land on rank 6 (bits 8..15 of hi).
      dblLo = 0;
      dblHi = ((pushHi & 0x0000ff00) >>> 8) & emptyHi;
      const l = fLo & ~FILE_A;
      const lh = fHi & ~FILE_A;
      const r = fLo & ~FILE_H;
      const rh = fHi & ~FILE_H;
      leftLo = ((l >>> 9) | (lh << 23)) & themLo;
      leftHi = (lh >>> 9) & themHi;
      rightLo = ((r >>> 7) | (rh << 25)) & themLo;
      rightHi = (rh >>> 7) & themHi;
    }
    pushLo &= targetLo;
    pushHi &= targetHi;
    dblLo &= targetLo;
    dblHi &= targetHi;
    leftLo &= targetLo;
    leftHi &= targetHi;
    rightLo &= targetLo;
    rightHi &= targetHi;
    if (out === null) {
      n += popcount64(pushLo, pushHi) + popcount64(dblLo, dblHi) + popcount64(leftLo, leftHi) + popcount64(rightLo, rightHi);
      // A move to the last rank is four moves (one per promotion piece).
      const promoLo = (pushLo | leftLo | rightLo) & RANK_1;
      const promoHi = (pushHi | leftHi | rightHi) & RANK_8;
      if ((promoLo | promoHi) !== 0) {
        n += 3 * (popcount64(pushLo & RANK_1, pushHi & RANK_8) + popcount64(leftLo & RANK_1, leftHi & RANK_8) + popcount64(rightLo & RANK_1, rightHi & RANK_8));
      }
    } else {
      n += emitPawnTargets(out, o + n, pushLo, pushHi, push, MOVE_NORMAL);
      n += emitPawnTargets(out, o + n, dblLo, dblHi, 2 * push, MOVE_DOUBLE_PUSH);
      n += emitPawnTargets(out, o + n, leftLo, leftHi, left, MOVE_NORMAL);
      n += emitPawnTargets(out, o + n, rightLo, rightHi, right, MOVE_NORMAL);
    }
  }

  // Pinned pawns, one by one (rare). In check a pinned piece has no legal move.
  if (checkerCount === 0 && ((ourPawnLo & pinLo) | (ourPawnHi & pinHi)) !== 0) {
    let lo = ourPawnLo & pinLo;
    let hi = ourPawnHi & pinHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = (31 - Math.clz32(lo & -lo));
        lo &= lo - 1;
      } else {
        s = 32 + (31 - Math.clz32(hi & -hi));
        hi &= hi - 1;
      }
      n += pinnedPawnMoves(us, s, ksq, occLo, occHi, themLo, themHi, toLo, toHi, out, o + n);
    }
  }

  // En passant: exact test of each candidate.
  const ep = w[p + W_EP]!;
  if (ep >= 0 && isSet(toLo, toHi, ep)) {
    let lo = PAWN_ATTACKS[128 * them + 2 * ep]! & ourPawnLo;
    let hi = PAWN_ATTACKS[128 * them + 2 * ep + 1]! & ourPawnHi;
    const captured = us === 0 ? ep - 8 : ep + 8;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = (31 - Math.clz32(lo & -lo));
        lo &= lo - 1;
      } else {
        s = 32 + (31 - Math.clz32(hi & -hi));
        hi &= hi - 1;
      }
      if (
        enPassantIsLegal(
          s, ep, captured, ksq, occLo, occHi, theirDiagLo, theirDiagHi, theirOrthLo, theirOrthHi,
          stepCheckLo, stepCheckHi,
        )
      ) {
        if (out !== null) out[o + n] = s | (ep << 6) | (MOVE_EN_PASSANT << 12);
        n++;
      }
    }
  }
  return n;
}

/** Moves of one pawn pinned to its king, to squares of (toLo, toHi): along the pin line only. */
function pinnedPawnMoves(
  us: number, s: number, ksq: number,
  occLo: number, occHi: number, themLo: number, themHi: number, toLo: number, toHi: number,
  out: Uint16Array | null, o: number,
): number {
  const li = 2 * (ksq * 64);
  const lineLo = LINE[li + 2 * s]!;
  const lineHi = LINE[li + 2 * s + 1]!;
  let n = 0;
  const step = us === 0 ? 8 : -8;
  const one = s + step;
  // A push stays on the pin line only when the pin is along the file; then so does a double push.
  if (one >= 0 && one < 64 && isSet(lineLo, lineHi, one) && !isSet(occLo, occHi, one)) {
    if (isSet(toLo, toHi, one)) n += emitOne(out, o + n, s, one, MOVE_NORMAL);
    const two = one + step;
    if (s >> 3 === (us === 0 ? 1 : 6) && !isSet(occLo, occHi, two) && isSet(toLo, toHi, two)) {
      n += emitOne(out, o + n, s, two, MOVE_DOUBLE_PUSH);
    }
  }
  let cLo = PAWN_ATTACKS[128 * us + 2 * s]! & themLo & lineLo & toLo;
  let cHi = PAWN_ATTACKS[128 * us + 2 * s + 1]! & themHi & lineHi & toHi;
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

/** One pawn move (four on the last rank); with `out === null` only counted. */
function emitOne(out: Uint16Array | null, i: number, from: number, to: number, kind: number): number {
  const promotes = to < 8 || to >= 56;
  if (out !== null) return emitPawnMove(out, i, from, to, kind) - i;
  return promotes ? 4 : 1;
}

/**
 * Whether the en-passant capture from `from` to `ep`, removing the pawn on `captured`, leaves
 * our king unattacked: knights and pawns other than the captured one must not check it, and no
 * slider may reach it over the new occupancy (this catches the horizontal pin of two pawns).
 */
function enPassantIsLegal(
  from: number, ep: number, captured: number, ksq: number,
  occLo: number, occHi: number,
  diagLo: number, diagHi: number, orthLo: number, orthHi: number,
  stepCheckLo: number, stepCheckHi: number,
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
  const orthAttLo = (SLIDE[r]! | SLIDE[f]!) & orthLo;
  const orthAttHi = (SLIDE[r + 1]! | SLIDE[f + 1]!) & orthHi;
  const diagAttLo = (SLIDE[d]! | SLIDE[a]!) & diagLo;
  const diagAttHi = (SLIDE[d + 1]! | SLIDE[a + 1]!) & diagHi;
  return (orthAttLo | orthAttHi | diagAttLo | diagAttHi) === 0;
}

/** Whether `them` attacks a square of the back rank after file `from`, up to file `to`. */
function pathAttacked(
  w: Int32Array, p: number, them: number, backRank: number, from: number, to: number, occLo: number, occHi: number,
): boolean {
  const step = to > from ? 1 : -1;
  for (let f = from + step; f !== to + step; f += step) {
    if (isSquareAttacked(w, p, backRank + f, them, w[p + 2 * them]!, w[p + 2 * them + 1]!, occLo, occHi)) return true;
  }
  return false;
}

/** Bits of files lo..hi (inclusive) of one rank. */
const fileSpan = (a: number, b: number): number => (a < b ? ((2 << b) - (1 << a)) : ((2 << a) - (1 << b)));

/**
 * Castling moves (FIDE 3.8.2, Chess960-general; the caller has checked we are not in check)
 * whose rook stands on a square of (toLo, toHi). The king goes to the g-file (rook to f) with a
 * rook on its h-side, to the c-file (rook to d) with one on its a-side.
 */
function castling(
  w: Int32Array, p: number, us: number, ksq: number,
  occLo: number, occHi: number,
  theirOrthLo: number, theirOrthHi: number, toLo: number, toHi: number,
  out: Uint16Array | null, o: number,
): number {
  let rights = (w[p + W_CASTLING]! >> (8 * us)) & 0xff;
  const backRank = us === 0 ? 0 : 56;
  if (ksq >> 3 !== backRank >> 3) return 0;
  // Everything on our back rank as one byte.
  const shift = us === 0 ? 0 : 24;
  const occ = ((us === 0 ? occLo : occHi) >>> shift) & 0xff;
  const kf = ksq & 7;
  let n = 0;
  while (rights !== 0) {
    const rf = lsb(rights);
    rights &= rights - 1;
    if (!isSet(toLo, toHi, backRank + rf)) continue;
    const hSide = rf > kf;
    const kTo = hSide ? 6 : 2;
    const rTo = hSide ? 5 : 3;
    const mustBeEmpty = (fileSpan(kf, kTo) | fileSpan(rf, rTo)) & ~(1 << kf) & ~(1 << rf);
    if ((occ & mustBeEmpty) !== 0) continue;
    // Not through or onto an attacked square (we are not in check, so no slider's line runs
    // through the king's square and it need not be lifted).
    if (pathAttacked(w, p, us ^ 1, backRank, kf, kTo, occLo, occHi)) continue;
    // The castling rook may have shielded the king's target from a rook or queen on the back
    // rank (Chess960): look along the rank from the target without king and rook.
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

/**
 * The legal moves of the side to move's pieces of `role` to the square `to` in the position at
 * `w[p..]`, into `out[o..]`; returns how many: at most 12 (three pawn moves with four promotions
 * each; eight pieces of one role at most reach one square otherwise). A pawn's move to the last rank comes four times, one
 * per promotion; en passant comes when `to` is its square. Castling never does (see
 * `castlingMove`): `to` is a square our pieces do not stand on. This is what reading SAN needs,
 * as shakmaty's `san_candidates`: the text names a role and a square, and the notation filters
 * the candidates by the origin file and rank it gives.
 */
export function legalMovesTo(w: Int32Array, p: number, role: number, to: number, out: Uint16Array, o: number): number {
  const us = w[p + W_TURN]!;
  const usLo = w[p + 2 * us]!;
  const usHi = w[p + 2 * us + 1]!;
  if (isSet(usLo, usHi, to)) return 0;
  const toLo = to < 32 ? 1 << to : 0;
  const toHi = to < 32 ? 0 : 1 << (to - 32);
  let fromLo = w[p + W_ROLE + 2 * role]! & usLo;
  let fromHi = w[p + W_ROLE + 2 * role + 1]! & usHi;
  // The king (its danger squares), promotions and en passant: the generator itself, narrowed to
  // them and to `to`.
  if (role === KING_ROLE || (role === PAWN_ROLE && (to < 8 || to >= 56 || to === w[p + W_EP]!))) {
    return generateMasked(w, p, out, o, fromLo, fromHi, toLo, toHi);
  }
  if (!primed) prime();
  // Other pawn moves, knights and sliders: the pieces that can reach `to`, then the generator's
  // masks: the evasion mask and the pin lines.
  const themLo = w[p + 2 * (us ^ 1)]!;
  const themHi = w[p + 2 * (us ^ 1) + 1]!;
  const occLo = usLo | themLo;
  const occHi = usHi | themHi;
  let kind = MOVE_NORMAL;
  if (role === PAWN_ROLE) {
    if (isSet(themLo, themHi, to)) {
      // Captures (FIDE 3.7.c): from the squares a pawn of theirs on `to` would attack.
      fromLo &= PAWN_ATTACKS[128 * (us ^ 1) + 2 * to]!;
      fromHi &= PAWN_ATTACKS[128 * (us ^ 1) + 2 * to + 1]!;
    } else {
      // Pushes (FIDE 3.7.a, b): one square, or two from the pawn's first square over an empty one.
      const one = us === 0 ? to - 8 : to + 8;
      let from = one;
      if (!isSet(fromLo, fromHi, one)) {
        if (isSet(occLo, occHi, one) || to >> 3 !== (us === 0 ? 3 : 4)) return 0;
        from = us === 0 ? to - 16 : to + 16;
        if (!isSet(fromLo, fromHi, from)) return 0;
        kind = MOVE_DOUBLE_PUSH;
      }
      fromLo = from < 32 ? 1 << from : 0;
      fromHi = from < 32 ? 0 : 1 << (from - 32);
    }
  } else if (role === KNIGHT_ROLE) {
    fromLo &= KNIGHT_ATTACKS[2 * to]!;
    fromHi &= KNIGHT_ATTACKS[2 * to + 1]!;
  } else {
    let rLo = 0;
    let rHi = 0;
    if (role !== BISHOP_ROLE) {
      const r = rankIndex(to, occLo, occHi);
      const f = fileIndex(to, occLo, occHi);
      rLo |= SLIDE[r]! | SLIDE[f]!;
      rHi |= SLIDE[r + 1]! | SLIDE[f + 1]!;
    }
    if (role !== ROOK_ROLE) {
      const d = diagIndex(to, occLo, occHi);
      const a = antiIndex(to, occLo, occHi);
      rLo |= SLIDE[d]! | SLIDE[a]!;
      rHi |= SLIDE[d + 1]! | SLIDE[a + 1]!;
    }
    fromLo &= rLo;
    fromHi &= rHi;
  }
  if ((fromLo | fromHi) === 0) return 0;
  const ksq = kingSquareAt(w, p, us);
  const queenLo = w[p + W_QUEENS]!;
  const queenHi = w[p + W_QUEENS + 1]!;
  kingSafety(
    w, p, us, ksq, usLo, usHi, occLo, occHi,
    (w[p + W_BISHOPS]! | queenLo) & themLo, (w[p + W_BISHOPS + 1]! | queenHi) & themHi,
    (w[p + W_ROOKS]! | queenLo) & themLo, (w[p + W_ROOKS + 1]! | queenHi) & themHi,
  );
  const checkLo = safety[SAFETY_CHECK]!;
  const checkHi = safety[SAFETY_CHECK + 1]!;
  if ((checkLo | checkHi) !== 0) {
    // In check: only the king moves from a double check; from a single one, a move must
    // capture the checker or block its line.
    if (popcount64(checkLo, checkHi) > 1) return 0;
    const c = checkLo !== 0 ? lsb(checkLo) : 32 + lsb(checkHi);
    const bi = 2 * (ksq * 64 + c);
    if (!isSet(BETWEEN[bi]! | checkLo, BETWEEN[bi + 1]! | checkHi, to)) return 0;
  }
  const pinLo = safety[SAFETY_PIN]!;
  const pinHi = safety[SAFETY_PIN + 1]!;
  if (role === KNIGHT_ROLE) {
    // A pinned knight never moves.
    fromLo &= ~pinLo;
    fromHi &= ~pinHi;
  }
  let n = 0;
  while ((fromLo | fromHi) !== 0) {
    let s: number;
    if (fromLo !== 0) {
      s = lsb(fromLo);
      fromLo &= fromLo - 1;
    } else {
      s = 32 + lsb(fromHi);
      fromHi &= fromHi - 1;
    }
    // A pinned pawn or slider stays on the line through its king and its pinner.
    const li = 2 * (ksq * 64 + s);
    if (isSet(pinLo, pinHi, s) && !isSet(LINE[li]!, LINE[li + 1]!, to)) continue;
    out[o + n++] = s | (to << 6) | (kind << 12);
  }
  return n;
}

const castleScratch = new Uint16Array(2);

/**
 * The legal castling move (king-takes-rook) of the side to move of the position at `w[p..]`
 * with the rook on the king's h-side (`hSide`: `O-O`) or a-side (`O-O-O`), or -1. Should the
 * rights name two rooks on one side (a lenient set-up), the one nearer the king.
 */
export function castlingMove(w: Int32Array, p: number, hSide: boolean): number {
  const us = w[p + W_TURN]!;
  const rights = (w[p + W_CASTLING]! >> (8 * us)) & 0xff;
  const k = kingSquareAt(w, p, us);
  const backRank = us === 0 ? 0 : 56;
  if (rights === 0 || (k & 56) !== backRank) return -1;
  const kf = k & 7;
  const side = hSide ? rights & ~((2 << kf) - 1) & 0xff : rights & ((1 << kf) - 1);
  if (side === 0) return -1;
  const r = backRank + (hSide ? lsb(side) : 31 - Math.clz32(side));
  const n = generateMasked(
    w, p, castleScratch, 0,
    k < 32 ? 1 << k : 0, k < 32 ? 0 : 1 << (k - 32),
    r < 32 ? 1 << r : 0, r < 32 ? 0 : 1 << (r - 32),
  );
  return n === 1 ? castleScratch[0]! : -1;
}
