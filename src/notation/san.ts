/**
 * Standard Algebraic Notation (PGN standard §8.2.3; FIDE Laws, Appendix C), read and written.
 *
 * This module reads and writes text only: every rule of chess comes from the move generator.
 * Reading a SAN asks it for the legal moves of the named role to the named square
 * (`legalMovesTo`, like shakmaty's `san_candidates`: checkers, pins and the evasion mask of the
 * one generator, and only the pieces of that role that can reach the square), or for the
 * castling move of one side (`castlingMove`), then keeps the candidates whose origin file and
 * rank, and promotion, match the text. No full move list is generated. The resolver works on
 * bytes (`resolveSan`), so the PGN reader calls it on its input buffer without creating strings;
 * `parseSan` wraps it for strings and objects. A variant whose positions use the chess words and
 * move codes reads SAN with its own rules by passing its own `SanMoves`.
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
import { err, ok, type Result } from '../core/result.js';
import { squareName } from '../core/square.js';
import { has } from '../core/bitboard.js';
import { W_TURN, WORDS } from '../chess/layout.js';
import { MOVE_CASTLE, MOVE_EN_PASSANT, moveFrom, moveKind, movePromotion, moveTo } from '../chess/move.js';
import { castlingMove, generateLegal, legalMovesTo } from '../chess/movegen.js';
import { applyMoveKeyless, roleAt } from '../chess/play.js';
import { inCheckAt } from '../chess/attacked.js';
import { resolveUci } from './uci.js';
import { dashBytes, normalizeTypography } from './typography.js';
import type { Move, Position } from '../chess/position.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../chess/types.js';

/** The kinds of `SanError`, as a list. */
export const SAN_ERROR_KINDS = ['syntax', 'illegal', 'ambiguous'] as const;
/**
 * Why a SAN move does not read: `syntax` (no SAN), `illegal` (no legal move matches), `ambiguous`
 * (more than one does: `Nd2` with knights on b1 and f3).
 */
export type SanErrorKind = (typeof SAN_ERROR_KINDS)[number];

/** Why a SAN move does not read in a position. */
export interface SanError {
  /** `syntax`, `illegal` or `ambiguous`. */
  readonly kind: SanErrorKind;
  /** The text that was read. */
  readonly san: string;
  /** What is wrong, as one sentence. */
  readonly message: string;
}

/** `resolveSan`: the text is no SAN (its other negative results follow; a result ≥ 0 is a move code). */
export const SAN_SYNTAX = -1;
/** `resolveSan`: no legal move matches. */
export const SAN_ILLEGAL = -2;
/** `resolveSan`: more than one legal move matches. */
export const SAN_AMBIGUOUS = -3;

/**
 * The moves SAN reading looks among, from a game's rules: the legal moves of a role to a square
 * (all promotions of a pawn's move to the last rank, en passant; never castling), written into
 * `out` from 0 with their count returned; and the legal castling move to the king's h-side or
 * a-side, or -1. Positions are words as `chess/layout.ts` lays them out, moves 16-bit codes as
 * `chess/move.ts` writes them.
 */
export interface SanMoves {
  /** Writes the legal moves of `role` to `to` into `out` from 0; returns their count. */
  movesTo(w: Int32Array, role: number, to: number, out: Uint16Array): number;
  /** The legal castling move to the king's h-side (`hSide`) or a-side, or -1. */
  castling(w: Int32Array, hSide: boolean): number;
}

/** Chess and Chess960: the move generator's. */
export const CHESS_SAN_MOVES: SanMoves = {
  movesTo: (w, role, to, out) => legalMovesTo(w, 0, role, to, out, 0),
  castling: (w, hSide) => castlingMove(w, 0, hSide),
};

/** Room for the candidates of one role to one square (at most 12: see `legalMovesTo`). */
const candidates = new Uint16Array(16);

// ---------------------------------------------------------------------------------------------
// Reading.

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
 * `SAN_SYNTAX`, `SAN_ILLEGAL`, `SAN_AMBIGUOUS`. Allocates nothing. `moves`: the rules that give
 * the candidate moves (chess unless given).
 */
export function resolveSan(w: Int32Array, buf: Uint8Array, start: number, end: number, moves: SanMoves = CHESS_SAN_MOVES): number {
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
    return ascii ? castle(moves, w, len === 3) : castleWithTypographicDashes(w, buf, start, end, moves);
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
  const code = resolveMove(w, role, fromFile, fromRank, tf, tr, promotion, moves);
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
function castleWithTypographicDashes(w: Int32Array, buf: Uint8Array, start: number, end: number, moves: SanMoves): number {
  const c0 = buf[start]!;
  let letters = 1;
  let i = start + 1;
  while (i < end) {
    const dash = dashBytes(buf, i, end);
    if (dash === 0 || i + dash >= end || buf[i + dash] !== c0) return SAN_SYNTAX;
    i += dash + 1;
    letters++;
  }
  return letters === 2 || letters === 3 ? castle(moves, w, letters === 2) : SAN_SYNTAX;
}

/** The castling move to the h-side (`O-O`) or a-side (`O-O-O`), or SAN_ILLEGAL. */
function castle(moves: SanMoves, w: Int32Array, hSide: boolean): number {
  const code = moves.castling(w, hSide);
  return code >= 0 ? code : SAN_ILLEGAL;
}

/**
 * The legal move of a piece of `role` to the square (tf, tr), from the file and rank given (-1:
 * any), promoting to `promotion` (0: none): the move code, or SAN_ILLEGAL or SAN_AMBIGUOUS. The
 * half of `resolveSan` after reading the text: the candidates come from `moves`, and only the
 * text's own conditions are checked here.
 */
export function resolveMove(
  w: Int32Array, role: number, fromFile: number, fromRank: number, tf: number, tr: number, promotion: number,
  moves: SanMoves = CHESS_SAN_MOVES,
): number {
  const n = moves.movesTo(w, role, 8 * tr + tf, candidates);
  // A pawn's origin file is written only for a capture: without one, the move is a push.
  const file = role === PAWN && fromFile < 0 ? tf : fromFile;
  let found = SAN_ILLEGAL;
  for (let i = 0; i < n; i++) {
    const m = candidates[i]!;
    const from = moveFrom(m);
    if ((file >= 0 && (from & 7) !== file) || (fromRank >= 0 && from >> 3 !== fromRank) || movePromotion(m) !== promotion) continue;
    if (found >= 0) return SAN_AMBIGUOUS;
    found = m;
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
  return sanKindMessage(sanErrorKind(code), san);
}

/** The message of a SAN error of `kind` for the move written `san` (the readers' words, chess and variants alike). */
export function sanKindMessage(kind: SanErrorKind, san: string): string {
  if (kind === 'syntax') return `not a SAN move: '${san}'`;
  if (kind === 'ambiguous') return `ambiguous move '${san}'`;
  return `illegal move '${san}'`;
}

/** The `SanErrorKind` of a negative `resolveSan` result. */
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
  const them = w[W_TURN]! ^ 1;
  const capture = kind === MOVE_EN_PASSANT || has(w[2 * them]!, w[2 * them + 1]!, to);
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
    const n = legalMovesTo(w, 0, role, to, candidates, 0);
    let others = false;
    let sameFile = false;
    let sameRank = false;
    for (let i = 0; i < n; i++) {
      const s = moveFrom(candidates[i]!);
      if (s === from) continue;
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
  if (!inCheckAt(a, 0)) return san;
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
