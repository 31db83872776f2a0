/**
 * Standard Algebraic Notation (PGN standard §8.2.3; FIDE Laws, Appendix C), read and written.
 *
 * Reading resolves a SAN against the position by looking only at the pieces that can reach the
 * target square: the attack table of the named role, read *from the target*, intersected with
 * our pieces of that role, gives the candidates; each candidate gets an exact legality test
 * (does our king stand attacked after the move?). No move list is generated, except for
 * castling, which is rare. The resolver works on bytes (`resolveSan`), so the PGN reader calls it
 * on its input buffer without creating strings; `parseSan` wraps it for strings and objects.
 *
 * Forms read: `Nbd7`, `R1e2`, `Qh4e1` (origin file, rank or both), `exd6`, `ed6`, `e4d5`,
 * `exd6 e.p.`, `exd6ep`, `e8=Q`, `e8Q`, `e8=q`, `O-O`, `0-0`, `o-o`, `O-O-O`, `0-0-0`, `o-o-o`
 * (with typographic dashes too, `O‑O`: typography.ts), and moves
 * from square to square without a piece letter, as UCI writes them (`g1f3`, `e1g1`); a capture
 * or move sign `x` `-` `:` and an `e.p.`, neither checked against the board (as chessops and most
 * readers do with `x`); and the suffixes `+ # ! ? !! ?? !? ?!` (ignored). In Chess960, `O-O`
 * castles with the rook on the king's h-side and `O-O-O` with the rook on its a-side.
 *
 * Errors are typed three ways: `syntax` (not SAN), `illegal` (no legal move matches), and
 * `ambiguous` (more than one does).
 */
import {
  bishopAttacks,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  rankIndex,
  rookAttacks,
  SLIDE,
} from '../core/attacks.js';
import { lsb } from '../core/bitboard.js';
import { err, ok, type Result } from '../core/result.js';
import { squareName } from '../core/square.js';
import { W_CASTLING, W_EP, W_TURN, WORDS } from '../chess/layout.js';
import {
  MOVE_CASTLE,
  MOVE_DOUBLE_PUSH,
  MOVE_EN_PASSANT,
  MOVE_NORMAL,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
} from '../chess/move.js';
import { generateLegal } from '../chess/movegen.js';
import { applyMoveKeyless, roleAt } from '../chess/play.js';
import { resolveUci } from './uci.js';
import { dashBytes, normalizeTypography } from './typography.js';
import type { Move, Position } from '../chess/position.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../chess/types.js';
import { isSquareAttacked } from '../chess/attacked.js';

export const SAN_ERROR_KINDS = ['syntax', 'illegal', 'ambiguous'] as const;
export type SanErrorKind = (typeof SAN_ERROR_KINDS)[number];

export interface SanError {
  readonly kind: SanErrorKind;
  /** The text that was read. */
  readonly san: string;
  readonly message: string;
}

/** Negative results of `resolveSan`; a result ≥ 0 is a move code. */
export const SAN_SYNTAX = -1;
export const SAN_ILLEGAL = -2;
export const SAN_AMBIGUOUS = -3;

// ---------------------------------------------------------------------------------------------
// Legality of one candidate move (FIDE 3.9: the own king must not be attacked afterwards).

const pair = new Int32Array(2);

/**
 * Whether moving our piece from `from` to `to` (removing the opposing piece on `capSq`, or -1)
 * leaves our king unattacked. `kingTo` is the king's square after the move.
 */
function safeAfter(w: Int32Array, us: number, from: number, to: number, capSq: number, kingTo: number): boolean {
  const them = us ^ 1;
  let occLo = w[0]! | w[2]!;
  let occHi = w[1]! | w[3]!;
  let thLo = w[2 * them]!;
  let thHi = w[2 * them + 1]!;
  if (from < 32) occLo &= ~(1 << from);
  else occHi &= ~(1 << (from - 32));
  if (to < 32) {
    occLo |= 1 << to;
    thLo &= ~(1 << to);
  } else {
    occHi |= 1 << (to - 32);
    thHi &= ~(1 << (to - 32));
  }
  if (capSq >= 0) {
    if (capSq < 32) {
      occLo &= ~(1 << capSq);
      thLo &= ~(1 << capSq);
    } else {
      occHi &= ~(1 << (capSq - 32));
      thHi &= ~(1 << (capSq - 32));
    }
  }
  return !isSquareAttacked(w, 0, kingTo, us ^ 1, thLo, thHi, occLo, occHi);
}

function ourKing(w: Int32Array, us: number): number {
  const lo = w[14]! & w[2 * us]!;
  return lo !== 0 ? lsb(lo) : 32 + lsb(w[15]! & w[2 * us + 1]!);
}

const isSet = (lo: number, hi: number, sq: number): boolean => ((sq < 32 ? lo : hi) & (1 << (sq & 31))) !== 0;

// ---------------------------------------------------------------------------------------------
// Reading.

/** Bits of the files from a to b (inclusive, either order) of one rank. */
const fileSpan = (a: number, b: number): number => (a < b ? (2 << b) - (1 << a) : (2 << a) - (1 << b));

/**
 * The legal castling move of the side to move with its rook on the h-side (`hSide`) or a-side,
 * or SAN_ILLEGAL. FIDE 3.8.2, Chess960-general: the king goes to the g-file (rook to f) or the
 * c-file (rook to d); the right must remain; every square between the king and its target and
 * between the rook and its target must be empty but for these two; the king must not be in check,
 * pass over or land on an attacked square (attacks seen with the king lifted, so that a slider's
 * ray goes on through its square), and the castling rook must not have been shielding the king's
 * target along the back rank.
 */
function resolveCastle(w: Int32Array, hSide: boolean): number {
  const us = w[W_TURN]!;
  const rights = (w[W_CASTLING]! >> (8 * us)) & 0xff;
  if (rights === 0) return SAN_ILLEGAL;
  const k = ourKing(w, us);
  const backRank = us === 0 ? 0 : 56;
  if ((k & 56) !== backRank) return SAN_ILLEGAL;
  const kf = k & 7;
  const side = hSide ? rights & ~((2 << kf) - 1) & 0xff : rights & ((1 << kf) - 1);
  if (side === 0) return SAN_ILLEGAL;
  const rf = hSide ? lsb(side) : 31 - Math.clz32(side);
  const kTf = hSide ? 6 : 2;
  const rTf = hSide ? 5 : 3;
  const occLo = w[0]! | w[2]!;
  const occHi = w[1]! | w[3]!;
  const shift = us === 0 ? 0 : 24;
  const rank = ((us === 0 ? occLo : occHi) >>> shift) & 0xff;
  if ((rank & (fileSpan(kf, kTf) | fileSpan(rf, rTf)) & ~(1 << kf) & ~(1 << rf)) !== 0) return SAN_ILLEGAL;
  const them = us ^ 1;
  const thLo = w[2 * them]!;
  const thHi = w[2 * them + 1]!;
  // Occupancy with the king lifted, then also without the castling rook.
  const kBit = 1 << (k & 31);
  const noKLo = us === 0 ? occLo & ~kBit : occLo;
  const noKHi = us === 0 ? occHi : occHi & ~kBit;
  const span = fileSpan(kf, kTf);
  for (let f = 0; f < 8; f++) {
    if ((span & (1 << f)) !== 0 && isSquareAttacked(w, 0, backRank + f, us ^ 1, thLo, thHi, noKLo, noKHi)) return SAN_ILLEGAL;
  }
  const rBit = 1 << ((backRank + rf) & 31);
  const bareLo = us === 0 ? noKLo & ~rBit : noKLo;
  const bareHi = us === 0 ? noKHi : noKHi & ~rBit;
  const ri = rankIndex(backRank + kTf, bareLo, bareHi);
  if (((SLIDE[ri]! & (w[10]! | w[12]!) & thLo) | (SLIDE[ri + 1]! & (w[11]! | w[13]!) & thHi)) !== 0) return SAN_ILLEGAL;
  return k | ((backRank + rf) << 6) | (MOVE_CASTLE << 12);
}

/**
 * Role index of an upper-case piece letter (N B R Q K), else -1. A pawn has no letter in SAN
 * (`Pe4` is refused, as by chessops and kokopu).
 */
function pieceLetter(c: number): number {
  switch (c) {
    case 78: return KNIGHT; // N
    case 66: return BISHOP; // B
    case 82: return ROOK; // R
    case 81: return QUEEN; // Q
    case 75: return KING; // K
    default: return -1;
  }
}

/** Promotion role of a letter (N B R Q, either case), else -1. */
function promotionLetter(c: number): number {
  switch (c | 32) {
    case 110: return KNIGHT;
    case 98: return BISHOP;
    case 114: return ROOK;
    case 113: return QUEEN;
    default: return -1;
  }
}

/** Whether the byte is a SAN suffix character: + # ! ? */
const isSuffix = (c: number): boolean => c === 43 || c === 35 || c === 33 || c === 63;

/**
 * Resolves the SAN `buf[start..end)` in the position `w[0..WORDS)`: the move code (≥ 0), or
 * `SAN_SYNTAX`, `SAN_ILLEGAL`, `SAN_AMBIGUOUS`. Allocates nothing.
 */
export function resolveSan(w: Int32Array, buf: Uint8Array, start: number, end: number): number {
  // Suffixes: check and mate signs, annotation glyphs.
  while (end > start && isSuffix(buf[end - 1]!)) end--;
  // `ep` written onto a pawn's capture to the third or sixth rank (`exf6ep`), as `e.p.` is
  // written apart; like `x`, not checked against the board.
  if (end - start >= 5 && buf[end - 1] === 112 && buf[end - 2] === 101 && (buf[end - 3] === 51 || buf[end - 3] === 54)) {
    const c = buf[start]!;
    if (c >= 97 && c <= 104) end -= 2;
  }
  if (end - start < 2) return SAN_SYNTAX;
  const c0 = buf[start]!;

  // Castling: O-O, 0-0, o-o and the long forms: the letter O, the digit zero or a lower-case o,
  // the same throughout (real files contain all three); the dashes may be typographic ones.
  if (c0 === 79 || c0 === 48 || c0 === 111) {
    const len = end - start;
    let ascii = len === 3 || len === 5;
    for (let i = start; i < end && ascii; i++) ascii = (i - start) & 1 ? buf[i] === 45 : buf[i] === c0;
    return ascii ? resolveCastle(w, len === 3) : castleWithTypographicDashes(w, buf, start, end);
  }

  // From the end: [=]promotion, target square, [x-:], origin rank, origin file, piece letter.
  let i = start;
  let role = PAWN;
  const p = pieceLetter(c0);
  if (p >= 0) {
    role = p;
    i++;
  }
  let e = end;
  let promotion = 0;
  const last = buf[e - 1]!;
  if (last < 49 || last > 56) {
    const pr = promotionLetter(last);
    if (pr < 0) return SAN_SYNTAX;
    promotion = pr;
    e--;
    if (e > i && buf[e - 1] === 61) e--; // '='
  }
  if (e - i < 2) return SAN_SYNTAX;
  const tf = buf[e - 2]! - 97;
  const tr = buf[e - 1]! - 49;
  if (tf < 0 || tf > 7 || tr < 0 || tr > 7) return SAN_SYNTAX;
  e -= 2;
  if (e > i) {
    const c = buf[e - 1]!;
    if (c === 120 || c === 45 || c === 58) e--; // x - :
  }
  let fromFile = -1;
  let fromRank = -1;
  if (e > i) {
    const c = buf[e - 1]! - 49;
    if (c >= 0 && c <= 7) {
      fromRank = c;
      e--;
    }
  }
  if (e > i) {
    const c = buf[e - 1]! - 97;
    if (c >= 0 && c <= 7) {
      fromFile = c;
      e--;
    }
  }
  if (e !== i) return SAN_SYNTAX;
  if (promotion !== 0 && role !== PAWN) return SAN_SYNTAX;
  const code = resolveMove(w, role, fromFile, fromRank, tf, tr, promotion);
  if (code !== SAN_ILLEGAL || p >= 0 || fromFile < 0 || fromRank < 0) return code;
  // No piece letter, both squares given (`g1f3`, as UCI and some engine files write moves;
  // python-chess reads them the same way): the move of whichever piece stands on the origin.
  const uci = resolveUci(w, 8 * fromRank + fromFile, 8 * tr + tf, promotion);
  return uci >= 0 ? uci : SAN_ILLEGAL;
}

/**
 * Castling written with dashes other than `-` (`O‑O`, `O–O–O`; typography.ts), read as
 * `resolveSan` reads `O-O`: the same letter throughout, one dash between each two.
 */
function castleWithTypographicDashes(w: Int32Array, buf: Uint8Array, start: number, end: number): number {
  const c0 = buf[start]!;
  let letters = 1;
  let i = start + 1;
  while (i < end) {
    const dash = dashBytes(buf, i, end);
    if (dash === 0 || i + dash >= end || buf[i + dash] !== c0) return SAN_SYNTAX;
    i += dash + 1;
    letters++;
  }
  return letters === 2 || letters === 3 ? resolveCastle(w, letters === 2) : SAN_SYNTAX;
}

/**
 * The legal move of a piece of `role` to the square (tf, tr), from the file and rank given (-1:
 * any), promoting to `promotion` (0: none): the move code, or SAN_ILLEGAL or SAN_AMBIGUOUS. The
 * half of `resolveSan` after reading the text.
 */
export function resolveMove(w: Int32Array, role: number, fromFile: number, fromRank: number, tf: number, tr: number, promotion: number): number {
  const to = 8 * tr + tf;
  const us = w[W_TURN]!;
  const them = us ^ 1;
  const usLo = w[2 * us]!;
  const usHi = w[2 * us + 1]!;
  // Never onto our own piece.
  if (isSet(usLo, usHi, to)) return SAN_ILLEGAL;
  const k = ourKing(w, us);

  if (role === PAWN) {
    // FIDE 3.7.5: a pawn reaching the last rank must promote, and only then.
    const lastRank = us === 0 ? 7 : 0;
    if ((tr === lastRank) !== (promotion !== 0)) return SAN_ILLEGAL;
    const dir = us === 0 ? 8 : -8;
    const kindBase = promotion !== 0 ? promotion + 3 : MOVE_NORMAL;
    const pawnsLo = w[4]! & usLo;
    const pawnsHi = w[5]! & usHi;
    const thLo = w[2 * them]!;
    const thHi = w[2 * them + 1]!;
    if (fromFile >= 0 && fromFile !== tf) {
      // Capture (3.7.2), possibly en passant (3.7.3).
      if (fromFile - tf !== 1 && tf - fromFile !== 1) return SAN_ILLEGAL;
      const from = to - dir + (fromFile - tf);
      if (from < 0 || from > 63 || !isSet(pawnsLo, pawnsHi, from)) return SAN_ILLEGAL;
      if (fromRank >= 0 && from >> 3 !== fromRank) return SAN_ILLEGAL;
      if (isSet(thLo, thHi, to)) {
        return safeAfter(w, us, from, to, -1, k) ? from | (to << 6) | (kindBase << 12) : SAN_ILLEGAL;
      }
      if (to === w[W_EP]!) {
        const cap = to - dir;
        return safeAfter(w, us, from, to, cap, k) ? from | (to << 6) | (MOVE_EN_PASSANT << 12) : SAN_ILLEGAL;
      }
      return SAN_ILLEGAL;
    }
    // Push (3.7.1), double push from the second rank (3.7.1).
    if (isSet(thLo, thHi, to)) return SAN_ILLEGAL;
    const one = to - dir;
    if (one < 0 || one > 63) return SAN_ILLEGAL;
    let from: number;
    let kind = kindBase;
    if (isSet(pawnsLo, pawnsHi, one)) {
      from = one;
    } else {
      const two = one - dir;
      if (tr !== (us === 0 ? 3 : 4) || isSet(w[0]! | w[2]!, w[1]! | w[3]!, one) || !isSet(pawnsLo, pawnsHi, two)) {
        return SAN_ILLEGAL;
      }
      from = two;
      kind = MOVE_DOUBLE_PUSH;
    }
    if (fromRank >= 0 && from >> 3 !== fromRank) return SAN_ILLEGAL;
    return safeAfter(w, us, from, to, -1, k) ? from | (to << 6) | (kind << 12) : SAN_ILLEGAL;
  }

  // Pieces: the squares from which a piece of this role reaches `to` (attacks are symmetric).
  const occLo = w[0]! | w[2]!;
  const occHi = w[1]! | w[3]!;
  let cLo: number;
  let cHi: number;
  switch (role) {
    case KNIGHT:
      cLo = KNIGHT_ATTACKS[2 * to]!;
      cHi = KNIGHT_ATTACKS[2 * to + 1]!;
      break;
    case KING:
      cLo = KING_ATTACKS[2 * to]!;
      cHi = KING_ATTACKS[2 * to + 1]!;
      break;
    case BISHOP:
      bishopAttacks(to, occLo, occHi, pair, 0);
      cLo = pair[0]!;
      cHi = pair[1]!;
      break;
    case ROOK:
      rookAttacks(to, occLo, occHi, pair, 0);
      cLo = pair[0]!;
      cHi = pair[1]!;
      break;
    default: {
      rookAttacks(to, occLo, occHi, pair, 0);
      cLo = pair[0]!;
      cHi = pair[1]!;
      bishopAttacks(to, occLo, occHi, pair, 0);
      cLo |= pair[0]!;
      cHi |= pair[1]!;
    }
  }
  cLo &= w[4 + 2 * role]! & usLo;
  cHi &= w[5 + 2 * role]! & usHi;
  let found = SAN_ILLEGAL;
  while ((cLo | cHi) !== 0) {
    let from: number;
    if (cLo !== 0) {
      from = lsb(cLo);
      cLo &= cLo - 1;
    } else {
      from = 32 + lsb(cHi);
      cHi &= cHi - 1;
    }
    if (fromFile >= 0 && (from & 7) !== fromFile) continue;
    if (fromRank >= 0 && from >> 3 !== fromRank) continue;
    if (!safeAfter(w, us, from, to, -1, role === KING ? to : k)) continue;
    if (found >= 0) return SAN_AMBIGUOUS;
    found = from | (to << 6);
  }
  return found;
}

const textScratch = new Uint8Array(64);

/** SAN text with an optional trailing ` e.p.` (or `ep`) removed, as bytes in `textScratch`. */
function sanBytes(text: string): number {
  let t = text.trim();
  // No move is this long even with ` e.p.`; and the search below is quadratic in a run of spaces.
  if (t.length > textScratch.length + 8) return -1;
  const m = /\s*e\.?p\.?$/.exec(t);
  if (m !== null && m.index > 0) t = t.slice(0, m.index);
  if (t.length > textScratch.length) return -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c > 127) return -1;
    textScratch[i] = c;
  }
  return t.length;
}

/**
 * Whether a move text in PGN is a null move: `--` (ChessBase, python-chess, kokopu), `Z0` or
 * UCI's `0000` (python-chess reads all three), with a check or mate sign if any (`Z0+`, as
 * shakmaty's reader takes it; a SAN move's sign is not checked either). It is played by
 * `applyNullMove`, not resolved as SAN.
 */
export const isNullMoveText = (text: string): boolean => /^(?:--|Z0|0000)[+#]?$/.test(text);

/** The message of a `resolveSan` failure. */
export function sanErrorMessage(code: number, san: string): string {
  if (code === SAN_SYNTAX) return `not a SAN move: '${san}'`;
  if (code === SAN_AMBIGUOUS) return `ambiguous move '${san}'`;
  return `illegal move '${san}'`;
}

export const sanErrorKind = (code: number): SanErrorKind =>
  code === SAN_SYNTAX ? 'syntax' : code === SAN_AMBIGUOUS ? 'ambiguous' : 'illegal';

/** Resolves a SAN string in a position's words: the move code or a SanError. */
export function parseSanCode(w: Int32Array, san: string): Result<number, SanError> {
  // Typographic dashes read as `-` (`O–O`), as in PGN.
  const n = sanBytes(normalizeTypography(san));
  const code = n < 0 ? SAN_SYNTAX : resolveSan(w, textScratch, 0, n);
  if (code >= 0) return ok(code);
  return err({ kind: sanErrorKind(code), san, message: sanErrorMessage(code, san) });
}

/**
 * The legal move of `pos` written `san`.
 *
 * ```ts
 * const nf3 = parseSan(Position.standard(), 'Nf3');
 * if (nf3.ok) nf3.value.uci;               // 'g1f3'
 * const ke2 = parseSan(Position.standard(), 'Ke2');
 * if (!ke2.ok) ke2.error.kind;             // 'illegal'
 * ```
 */
export function parseSan(pos: Position, san: string): Result<Move, SanError> {
  const r = parseSanCode(pos.words, san);
  if (!r.ok) return r;
  const move = pos.moveFromCode(r.value);
  // The resolver only returns legal moves; a miss here would be a bug in it.
  if (move === undefined) throw new Error(`bug: SAN '${san}' resolved to an illegal move`);
  return ok(move);
}

// ---------------------------------------------------------------------------------------------
// Writing.

const afterScratch = new Int32Array(WORDS);

/** SAN without the check suffix, for the legal move `code` of `w`. */
function sanWithoutSuffix(w: Int32Array, code: number): string {
  const from = moveFrom(code);
  const to = moveTo(code);
  const kind = moveKind(code);
  if (kind === MOVE_CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const role = roleAt(w, 0, from);
  const us = w[W_TURN]!;
  const them = us ^ 1;
  const capture = kind === MOVE_EN_PASSANT || isSet(w[2 * them]!, w[2 * them + 1]!, to);
  let san = '';
  if (role === PAWN) {
    if (capture) san = 'abcdefgh'[from & 7]! + 'x';
    san += squareName(to);
    const promo = movePromotion(code);
    if (promo !== 0) san += '=' + 'PNBRQK'[promo]!;
    return san;
  }
  san = 'PNBRQK'[role]!;
  if (role !== KING) {
    // Minimal disambiguation (PGN §8.2.3.4): the other pieces of this role that can legally
    // reach `to`; the file if it tells them apart, else the rank, else both.
    const occLo = w[0]! | w[2]!;
    const occHi = w[1]! | w[3]!;
    let cLo: number;
    let cHi: number;
    if (role === KNIGHT) {
      cLo = KNIGHT_ATTACKS[2 * to]!;
      cHi = KNIGHT_ATTACKS[2 * to + 1]!;
    } else {
      cLo = 0;
      cHi = 0;
      if (role !== BISHOP) {
        rookAttacks(to, occLo, occHi, pair, 0);
        cLo |= pair[0]!;
        cHi |= pair[1]!;
      }
      if (role !== ROOK) {
        bishopAttacks(to, occLo, occHi, pair, 0);
        cLo |= pair[0]!;
        cHi |= pair[1]!;
      }
    }
    cLo &= w[4 + 2 * role]! & w[2 * us]!;
    cHi &= w[5 + 2 * role]! & w[2 * us + 1]!;
    const k = ourKing(w, us);
    let others = false;
    let sameFile = false;
    let sameRank = false;
    while ((cLo | cHi) !== 0) {
      let s: number;
      if (cLo !== 0) {
        s = lsb(cLo);
        cLo &= cLo - 1;
      } else {
        s = 32 + lsb(cHi);
        cHi &= cHi - 1;
      }
      if (s === from || !safeAfter(w, us, s, to, -1, k)) continue;
      others = true;
      if ((s & 7) === (from & 7)) sameFile = true;
      if (s >> 3 === from >> 3) sameRank = true;
    }
    if (others) {
      if (!sameFile) san += 'abcdefgh'[from & 7]!;
      else if (!sameRank) san += '12345678'[from >> 3]!;
      else san += squareName(from);
    }
  }
  if (capture) san += 'x';
  return san + squareName(to);
}

/**
 * The SAN of the legal move `code` in the position `w[0..WORDS)`, with `+` for check and `#`
 * for checkmate.
 */
export function makeSanCode(w: Int32Array, code: number): string {
  const san = sanWithoutSuffix(w, code);
  const a = afterScratch;
  a.set(w.subarray(0, WORDS));
  applyMoveKeyless(a, 0, code);
  const us = a[W_TURN]!;
  const k = ourKing(a, us);
  // In check when our king, "moving" nowhere, is not safe.
  if (safeAfter(a, us, k, k, -1, k)) return san;
  return san + (generateLegal(a, 0, null, 0) === 0 ? '#' : '+');
}

/**
 * The SAN of a legal move.
 *
 * ```ts
 * const pos = Position.standard();
 * makeSan(pos.legalMoves().find((m) => m.uci === 'g1f3')!); // 'Nf3'
 * ```
 */
export const makeSan = (move: Move): string => makeSanCode(move.position.words, move.code);
