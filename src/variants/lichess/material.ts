/**
 * Insufficient material per variant: whether a colour can no longer win by any series of legal
 * moves, as lichess decides it (docs/rules/variants.md, each variant's "material" rule). The
 * game is drawn when neither side can win.
 */
import { popcount } from '../../core/bitboard.js';
import { W_TURN } from '../../chess/layout.js';
import { W_POCKET, W_PROMOTED } from './layout.js';
import { ANTICHESS, ATOMIC, CRAZYHOUSE, HORDE, THREE_CHECK } from './rules.js';

/** Dark squares (a1, c1, …, b2, …) in each half. */
const DARK = 0xaa55aa55 | 0;
const LIGHT = ~DARK;

const count = (lo: number, hi: number): number => popcount(lo) + popcount(hi);

/** How many pieces of `role` (0..5) colour `c` has, on squares of `mask` (both halves). */
function pieces(w: Int32Array, p: number, c: number, role: number, mask = -1): number {
  return count(w[p + 2 * c]! & w[p + 4 + 2 * role]! & mask, w[p + 2 * c + 1]! & w[p + 5 + 2 * role]! & mask);
}

/** Whether colour `c` of variant `variant` cannot win (see the module comment). */
export function isInsufficientVariantMaterial(variant: number, w: Int32Array, p: number, c: number): boolean {
  switch (variant) {
    case ATOMIC:
      return atomic(w, p, c);
    case ANTICHESS:
      return antichess(w, p, c);
    case CRAZYHOUSE:
      return crazyhouse(w, p);
    case HORDE:
      return horde(w, p, c);
    case THREE_CHECK:
      // §7.3: a bare king gives no check.
      return count(w[p + 2 * c]! & ~w[p + 14]!, w[p + 2 * c + 1]! & ~w[p + 15]!) === 0;
    default:
      // King of the hill and racing kings: a king can always walk to its goal.
      return false;
  }
}

/**
 * Atomic §1.6: with the enemy king gone the game is already won. A bare king cannot win. Against
 * other enemy pieces there is always a chance to explode the enemy king, unless the board holds
 * only kings and bishops, one side's bishops all on one colour of square and the other side's
 * all on the other (no capture can ever happen). Against a bare king: a queen or pawn wins, one
 * minor piece or rook cannot, knights alone need three.
 */
function atomic(w: Int32Array, p: number, c: number): boolean {
  const o = c ^ 1;
  if (pieces(w, p, o, 5) === 0) return false;
  if (count(w[p + 2 * c]! & ~w[p + 14]!, w[p + 2 * c + 1]! & ~w[p + 15]!) === 0) return true;
  const occLo = w[p]! | w[p + 2]!;
  const occHi = w[p + 1]! | w[p + 3]!;
  if (count(w[p + 2 * o]! & ~w[p + 14]!, w[p + 2 * o + 1]! & ~w[p + 15]!) > 0) {
    if ((occLo & ~(w[p + 8]! | w[p + 14]!)) === 0 && (occHi & ~(w[p + 9]! | w[p + 15]!)) === 0) {
      const whiteDark = pieces(w, p, 0, 2, DARK);
      const whiteLight = pieces(w, p, 0, 2, LIGHT);
      const blackDark = pieces(w, p, 1, 2, DARK);
      const blackLight = pieces(w, p, 1, 2, LIGHT);
      if (whiteDark === 0) return blackLight === 0;
      if (whiteLight === 0) return blackDark === 0;
    }
    return false;
  }
  if (count(w[p + 12]!, w[p + 13]!) + count(w[p + 4]!, w[p + 5]!) > 0) return false;
  const knights = count(w[p + 6]!, w[p + 7]!);
  if (knights + count(w[p + 8]!, w[p + 9]!) + count(w[p + 10]!, w[p + 11]!) === 1) return true;
  if ((occLo & ~(w[p + 6]! | w[p + 14]!)) === 0 && (occHi & ~(w[p + 7]! | w[p + 15]!)) === 0) return knights <= 2;
  return false;
}

/**
 * Antichess §2.4: a side with no pieces has won (not insufficient); against no pieces, it cannot
 * win. With bishops only: ours on one colour of square cannot be given away to theirs all on the
 * other. Two knights alone: decided by their square colours and the side to move.
 */
function antichess(w: Int32Array, p: number, c: number): boolean {
  const o = c ^ 1;
  if ((w[p + 2 * c]! | w[p + 2 * c + 1]!) === 0) return false;
  if ((w[p + 2 * o]! | w[p + 2 * o + 1]!) === 0) return true;
  const occLo = w[p]! | w[p + 2]!;
  const occHi = w[p + 1]! | w[p + 3]!;
  if (occLo === w[p + 8]! && occHi === w[p + 9]!) {
    const weLight = ((w[p + 2 * c]! & LIGHT) | (w[p + 2 * c + 1]! & LIGHT)) !== 0;
    const weDark = ((w[p + 2 * c]! & DARK) | (w[p + 2 * c + 1]! & DARK)) !== 0;
    const theyAllDark = ((w[p + 2 * o]! & LIGHT) | (w[p + 2 * o + 1]! & LIGHT)) === 0;
    const theyAllLight = ((w[p + 2 * o]! & DARK) | (w[p + 2 * o + 1]! & DARK)) === 0;
    return (weLight && theyAllDark) || (weDark && theyAllLight);
  }
  if (occLo === w[p + 6]! && occHi === w[p + 7]! && count(occLo, occHi) === 2) {
    const whiteLight = ((w[p]! & LIGHT) | (w[p + 1]! & LIGHT)) !== 0;
    const blackDark = ((w[p + 2]! & DARK) | (w[p + 3]! & DARK)) !== 0;
    return (whiteLight !== blackDark) !== (w[p + W_TURN] === c);
  }
  return false;
}

/**
 * Crazyhouse §3.4: material never leaves the game; only with at most three pieces in all (board
 * and pockets), none of them a pawn, rook or queen and none promoted, can no one win.
 */
function crazyhouse(w: Int32Array, p: number): boolean {
  let inHand = 0;
  for (let i = 0; i < 10; i++) inHand += w[p + W_POCKET + i]!;
  if (count(w[p]! | w[p + 2]!, w[p + 1]! | w[p + 3]!) + inHand > 3) return false;
  if ((w[p + 4]! | w[p + 5]! | w[p + 10]! | w[p + 11]! | w[p + 12]! | w[p + 13]!) !== 0) return false;
  if ((w[p + W_PROMOTED]! | w[p + W_PROMOTED + 1]!) !== 0) return false;
  for (const c of [0, 1]) {
    for (const role of [0, 3, 4]) if (w[p + W_POCKET + 5 * c + role]! > 0) return false;
  }
  return true;
}

/**
 * Horde §4.3: the side with the king can always win by taking every piece of the horde. The
 * horde's chances depend on its pieces and on the defender's pieces that could hem its own king
 * in: the case analysis lichess uses (after stevepapazis' horde insufficient-material study).
 */
function horde(w: Int32Array, p: number, c: number): boolean {
  if (pieces(w, p, c, 5) > 0) return false;
  const o = c ^ 1;
  const h = [0, 1, 2, 3, 4].map((r) => pieces(w, p, c, r));
  const [hPawn, hKnight, hBishop, hRook, hQueen] = h as [number, number, number, number, number];
  const hDark = pieces(w, p, c, 2, DARK);
  const hLight = pieces(w, p, c, 2, LIGHT);
  const hordeNum = hPawn + hKnight + hRook + hQueen + Math.min(hDark, 2) + Math.min(hLight, 2);
  const bishopColorIsLight = hLight >= 1;
  const d = [0, 1, 2, 3, 4].map((r) => pieces(w, p, o, r));
  const [dPawn, dKnight, dBishop, dRook, dQueen] = d as [number, number, number, number, number];
  const dDark = pieces(w, p, o, 2, DARK);
  const dLight = pieces(w, p, o, 2, LIGHT);
  // The defender's pieces, king included.
  const dNum = dPawn + dKnight + dBishop + dRook + dQueen + pieces(w, p, o, 5);
  const dSameBishops = bishopColorIsLight ? dLight : dDark;
  const dOtherBishops = bishopColorIsLight ? dDark : dLight;
  const hordePair = hDark > 0 && hLight > 0;
  const defenderPair = dDark > 0 && dLight > 0;
  void dQueen;

  if (hordeNum === 0) return true;
  if (hordeNum >= 4) return false;
  // A pawn (a future queen) or a queen with anything else can mate.
  if ((hPawn >= 1 || hQueen >= 1) && hordeNum >= 2) return false;
  // A rook with another piece can mate, except rook and bishop against a king with only
  // bishops of the bishop's colour beside it.
  if (hRook >= 1 && hordeNum >= 2) {
    if (!(hordeNum === 2 && hRook === 1 && hBishop === 1 && dNum - dSameBishops === 1)) return false;
  }
  if (hordeNum === 1) {
    if (dNum === 1) return true; // one piece never mates a bare king
    if (hQueen === 1) return hQueenCase(dPawn, dRook, dLight, dDark);
    if (hPawn === 1) {
      // The pawn may become a queen or a knight: insufficient only if both are.
      return hQueenCase(dPawn, dRook, dLight, dDark) && knightCase();
    }
    if (hRook === 1) {
      return !(dPawn >= 2 || (dRook >= 1 && dPawn >= 1) || (dRook >= 1 && dKnight >= 1) || (dPawn >= 1 && dKnight >= 1));
    }
    if (hBishop === 1) return !(dOtherBishops >= 2 || (dOtherBishops >= 1 && dPawn >= 1) || dPawn >= 2);
    if (hKnight === 1) return knightCase();
    return true;
  }
  if (hordeNum === 2) {
    if (dNum === 1) return true;
    if (hKnight === 2) return dPawn + dBishop + dKnight < 1;
    if (hordePair) return !(dPawn >= 1 || dBishop >= 1 || (dKnight >= 1 && dRook + dQueen >= 1));
    if (hBishop >= 1 && hKnight >= 1) return !(dPawn >= 1 || dOtherBishops >= 1 || dNum - dSameBishops >= 3);
    // Two or more bishops on one colour.
    return !((dPawn >= 1 && dOtherBishops >= 1) || (dPawn >= 1 && dKnight >= 1) || (dOtherBishops >= 1 && dKnight >= 1) ||
      dOtherBishops >= 2 || dKnight >= 2 || dPawn >= 2);
  }
  // hordeNum === 3: two knights and a bishop, three knights or the bishop pair and one more mate;
  // two bishops of one colour and a knight need the defender to have a piece to waste a move.
  if ((hKnight === 2 && hBishop === 1) || hKnight === 3 || hordePair) return false;
  return dNum === 1;

  /** A lone knight of the horde (also a pawn promoted to one). */
  function knightCase(): boolean {
    return !(dNum >= 4 &&
      (dKnight >= 2 || dPawn >= 2 || (dRook >= 1 && dKnight >= 1) || (dRook >= 1 && dBishop >= 1) ||
        (dKnight >= 1 && dBishop >= 1) || (dRook >= 1 && dPawn >= 1) || (dKnight >= 1 && dPawn >= 1) ||
        (dBishop >= 1 && dPawn >= 1) || (defenderPair && dPawn >= 1)) &&
      (dDark < 2 || dNum - dDark >= 3) && (dLight < 2 || dNum - dLight >= 3));
  }
}

/** A lone queen of the horde (also a pawn promoted to one): insufficient unless the defender can hem its king in. */
function hQueenCase(dPawn: number, dRook: number, dLight: number, dDark: number): boolean {
  return !(dPawn >= 1 || dRook >= 1 || dLight >= 2 || dDark >= 2);
}
