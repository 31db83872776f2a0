/**
 * The reference's FEN dialect (§1.12):
 * `<board>[^<sq><char>] <w|b> <no-progress half moves> <castling rook files|-> <ep|-> -`.
 * Unions are one letter (lowercase: black holds the lower-or-equal piece type; uppercase swaps
 * the colours). A lifted piece is `^d2P` (the controlling player's hand, §1.12).
 *
 * Not representable: pending promotions, victory, counters other than no-progress, repetitions.
 * Our decision for pending promotions (the reference parses them back as Lift/Place): when the
 * controlling player has a pawn on its promotion rank, the promotion is pending; in a union with
 * an empty hand that is `PromoteThenLift` (the opponent carried it there: a turn starts with it),
 * as a single pawn `PromoteThenFinish`, and with a piece in hand `PromoteThenPlace`. Pass
 * `inferPromotion: false` to get the reference's reading.
 *
 * Refused although the reference reads them (positions no game reaches, none in its data): a
 * square under the piece in hand that is neither empty nor, for a single piece, a union; two
 * kings of one colour (on the board, or one of them in hand); an en-passant square that no double
 * step left (`enPassantProblem`).
 */
import { err, ok, type Result } from '../../core/result.js';
import {
  CASTLING, EP, HAND_EMPTY, HAND_KIND, HAND_PAIR, HAND_PARTNER, HAND_PIECE, HAND_POS, HAND_SINGLE, PACO_KING, NO_PROGRESS,
  PACO_PAWN, PLAYER, PROMO, REPS, REQUIRED, REQ_LIFT, REQ_PLACE, REQ_PROMOTE_THEN_FINISH, REQ_PROMOTE_THEN_LIFT,
  REQ_PROMOTE_THEN_PLACE,
} from './layout.js';
import { emptyState, kingSquare, pieceAt, setPiece, squareByte } from './state.js';

/**
 * Why `sq` cannot be the en-passant square with `me` in control, or undefined if it can (§1.6:
 * the opponent's pawn has just moved two ranks from its pawn row, alone or carrying a partner,
 * passing over `sq`): `sq` is on the third rank in front of the opponent's pawn row, empty, and
 * the opponent's pawn stands just beyond it, or is in hand as the partner of the pair that `me`
 * lifted from there. The Ŝako searches rely on it (the amazon marking chains through `sq`).
 */
function enPassantProblem(s: Int32Array, me: number, sq: number): string | undefined {
  const opponent = me ^ 1;
  if (sq >> 3 !== (opponent === 1 ? 5 : 2)) return `not on the ${opponent === 1 ? 'sixth' : 'third'} rank`;
  if (pieceAt(s, 0, sq) >= 0 || pieceAt(s, 1, sq) >= 0) return 'the square is occupied';
  const beyond = sq + (opponent === 1 ? -8 : 8);
  const lifted = s[HAND_KIND] === HAND_PAIR && s[HAND_POS] === beyond && s[HAND_PARTNER] === PACO_PAWN;
  if (pieceAt(s, opponent, beyond) !== PACO_PAWN && !lifted) return 'no pawn of the side that just moved beyond it';
  return undefined;
}

/**
 * The field and the reason when a colour has two kings, on the board or one of them in hand
 * (own piece or partner), else undefined. A game has one king a side and makes no other (no
 * promotion to King, §1.8). The reference's reader does not count them: its `find_king` takes
 * the first in a1…h8 order, for castling and as the Ŝako searches' target.
 */
function secondKing(s: Int32Array, me: number): [PacoFenField, string] | undefined {
  for (let color = 0; color < 2; color++) {
    const name = color === 0 ? 'white' : 'black';
    let first = -1;
    for (let sq = 0; sq < 64; sq++) {
      if (pieceAt(s, color, sq) !== PACO_KING) continue;
      if (first >= 0) return ['board', `two ${name} kings (${tileName(first)}, ${tileName(sq)})`];
      first = sq;
    }
    const inHand = s[HAND_KIND] !== HAND_EMPTY && s[color === me ? HAND_PIECE : HAND_PARTNER] === PACO_KING;
    if (inHand && first >= 0) return ['hand', `a ${name} king in hand and another on ${tileName(first)}`];
  }
  return undefined;
}

/** The part of a Paco Ŝako FEN at fault: the whole text (`fen`) or one of its six fields (§1.12). */
export type PacoFenField = 'fen' | 'board' | 'hand' | 'turn' | 'counter' | 'castling' | 'enPassant' | 'lastUnion';

/** Why a text is no Paco Ŝako FEN of the reference's dialect (docs/rules/paco-sako.md §1.12). */
export interface PacoFenError {
  /** Always `fen`. */
  readonly kind: 'fen';
  /** Where the fault lies. */
  readonly field: PacoFenField;
  /** The fault, without the field. */
  readonly reason: string;
  /** The fault with its field, for people. */
  readonly message: string;
}

const fenError = (field: PacoFenField, reason: string): Result<never, PacoFenError> =>
  err({ kind: 'fen', field, reason, message: `invalid Paco Ŝako FEN (${field}): ${reason}` });

/** [white type, black type] (-1 = none) per lowercase letter (§1.12, `lowercase_char_to_square`). */
const LOWER: Record<string, readonly [number, number]> = {
  p: [-1, 0], r: [-1, 1], n: [-1, 2], b: [-1, 3], q: [-1, 4], k: [-1, 5],
  a: [0, 0], c: [1, 0], d: [2, 0], e: [3, 0], f: [4, 0], g: [5, 0],
  h: [1, 1], i: [2, 1], j: [3, 1], l: [4, 1], m: [5, 1],
  o: [2, 2], s: [3, 2], t: [4, 2], u: [5, 2],
  v: [3, 3], w: [4, 3], x: [5, 3],
  y: [4, 4], z: [5, 4],
  _: [5, 5],
};

/** Square byte → letter, and letter → square byte. */
const BYTE_TO_CHAR: string[] = new Array<string>(64).fill('');
const CHAR_TO_BYTE = new Map<string, number>();
{
  const toByte = (w: number, b: number): number => (w + 1) | ((b + 1) << 3);
  for (const [ch, [w, b]] of Object.entries(LOWER)) {
    CHAR_TO_BYTE.set(ch, toByte(w, b));
    BYTE_TO_CHAR[toByte(w, b)] = ch;
  }
  for (const [ch, [w, b]] of Object.entries(LOWER)) {
    const up = ch.toUpperCase();
    if (up !== ch) CHAR_TO_BYTE.set(up, toByte(b, w));
    if (BYTE_TO_CHAR[toByte(b, w)] === '') BYTE_TO_CHAR[toByte(b, w)] = up;
  }
}

/** The letter of a square with white type `w` and black type `b` (-1 = none). */
export const squareChar = (w: number, b: number): string => BYTE_TO_CHAR[(w + 1) | ((b + 1) << 3)]!;

/** The (white, black) types of a FEN letter, or undefined. */
export function charSquare(ch: string): [number, number] | undefined {
  const byte = CHAR_TO_BYTE.get(ch);
  return byte === undefined ? undefined : [(byte & 7) - 1, ((byte >> 3) & 7) - 1];
}

/** A tile's name (`e4`), tiles numbered as the reference does (§1.1: a1 = 0 … h8 = 63); unchecked. */
export const tileName = (sq: number): string => 'abcdefgh'[sq & 7]! + String((sq >> 3) + 1);

/** The tile named `text` (`e4`), or -1 when it names none. */
export function parseTile(text: string): number {
  if (!/^[a-h][1-8]$/.test(text)) return -1;
  return text.charCodeAt(0) - 97 + 8 * (text.charCodeAt(1) - 49);
}

/** How `parsePacoFen` reads. */
export interface PacoFenOptions {
  /** Infer a pending promotion from a pawn on its promotion rank (default true; see the module doc). */
  readonly inferPromotion?: boolean;
  /** Repetition draw after n occurrences (default 3, as the reference's `parse_fen`; 0 = off). */
  readonly drawAfterRepetitions?: number;
}

/** Parses a FEN of the reference's dialect into a new state. */
export function parsePacoFen(text: string, options: PacoFenOptions = {}): Result<Int32Array, PacoFenError> {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 6) return fenError('fen', `expected 6 space-separated fields, got ${fields.length}`);
  const [boardHand, turn, counter, castling, ep, last] = fields as [string, string, string, string, string, string];
  const s = emptyState();
  s[REPS] = options.drawAfterRepetitions ?? 3;
  const caret = boardHand.indexOf('^');
  const board = caret < 0 ? boardHand : boardHand.slice(0, caret);
  const rows = board.split('/');
  if (rows.length !== 8) return fenError('board', `expected 8 ranks, got ${rows.length}`);
  for (let v = 0; v < 8; v++) {
    let file = 0;
    for (const ch of rows[v]!) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
      } else {
        const sqr = charSquare(ch);
        // '_' (king + king) is written by the reference but not read (its regex has no '_').
        if (sqr === undefined || ch === '_') return fenError('board', `unknown piece letter '${ch}' on rank ${8 - v}`);
        if (file >= 8) return fenError('board', `rank ${8 - v} has more than 8 squares`);
        const sq = 8 * (7 - v) + file;
        if (sqr[0] >= 0) setPiece(s, 0, sq, sqr[0]);
        if (sqr[1] >= 0) setPiece(s, 1, sq, sqr[1]);
        file++;
      }
    }
    if (file !== 8) return fenError('board', `rank ${8 - v} has ${file} squares, expected 8`);
  }
  if (turn !== 'w' && turn !== 'b') return fenError('turn', `expected 'w' or 'b', got '${turn}'`);
  const me = turn === 'w' ? 0 : 1;
  s[PLAYER] = me;
  if (caret >= 0) {
    const hand = boardHand.slice(caret + 1);
    const m = /^([a-h][1-8])([a-zA-Z])([a-zA-Z])?$/.exec(hand);
    if (!m) return fenError('hand', `expected '^' + square + piece letter, got '^${hand}'`);
    const pos = parseTile(m[1]!);
    const sqr = charSquare(m[2]!)!;
    const own = sqr[me]!;
    const partner = sqr[me ^ 1]!;
    if (own < 0) return fenError('hand', `the lifted piece '${m[2]}' is not the controlling player's`);
    // What can be under a piece in hand (§1.4, §1.6): a lift empties its square (a pair takes
    // both pieces), and a chain releases the own piece of a union, where the placed piece then
    // stands with the opponent's. The reference's reader does not look (`parse_lifted`).
    const under = squareByte(s, pos);
    if (under !== 0 && (partner >= 0 || (under & 7) === 0 || under >> 3 === 0)) {
      const held = `${m[1]} holds '${BYTE_TO_CHAR[under]}'`;
      return fenError('hand', partner >= 0
        ? `a lifted pair leaves its square empty, but ${held}`
        : `a piece in hand leaves its square empty (lifted) or a union (released in a chain), but ${held}`);
    }
    s[HAND_KIND] = partner >= 0 ? HAND_PAIR : HAND_SINGLE;
    s[HAND_PIECE] = own;
    s[HAND_PARTNER] = partner;
    s[HAND_POS] = pos;
    s[REQUIRED] = REQ_PLACE;
  }
  const kings = secondKing(s, me);
  if (kings !== undefined) return fenError(kings[0], kings[1]);
  if (!/^\d+$/.test(counter) || Number(counter) > 255) {
    return fenError('counter', `expected the no-progress half-move count 0..255, got '${counter}'`);
  }
  s[NO_PROGRESS] = Number(counter);
  if (castling !== '-' && !/^[A-H]{0,2}[a-h]{0,2}$/.test(castling)) {
    return fenError('castling', `expected rook files (e.g. 'AHah') or '-', got '${castling}'`);
  }
  if (ep === '-') s[EP] = -1;
  else {
    const sq = parseTile(ep);
    if (sq < 0) return fenError('enPassant', `expected a square or '-', got '${ep}'`);
    const wrong = enPassantProblem(s, me, sq);
    if (wrong !== undefined) return fenError('enPassant', `${ep}: ${wrong}`);
    s[EP] = sq;
  }
  if (last !== '-') return fenError('lastUnion', `expected '-', got '${last}'`);
  // Castling is read only when both kings are found (on the board or in hand), §1.12.
  let wk = kingSquare(s, 0);
  let bk = kingSquare(s, 1);
  if (s[HAND_KIND] !== HAND_EMPTY && s[HAND_PIECE] === PACO_KING) {
    if (me === 0) wk = s[HAND_POS]!;
    else bk = s[HAND_POS]!;
  }
  let c = 0;
  if (castling !== '-' && wk >= 0 && bk >= 0) {
    for (const ch of castling) {
      const white = ch >= 'A' && ch <= 'H';
      const rookFile = ch.toLowerCase().charCodeAt(0) - 97;
      const kingFile = (white ? wk : bk) & 7;
      const id = 0x80 | ((white ? 0 : 1) << 6) | (rookFile << 3) | kingFile;
      const slot = (white ? 0 : 2) + (rookFile < kingFile ? 0 : 1);
      c = (c & ~(0xff << (8 * slot))) | (id << (8 * slot));
    }
  }
  s[CASTLING] = c;
  if (options.inferPromotion ?? true) inferPromotion(s);
  return ok(s);
}

function inferPromotion(s: Int32Array): void {
  const me = s[PLAYER]!;
  const rank = me === 0 ? 7 : 0;
  for (let f = 0; f < 8; f++) {
    const sq = 8 * rank + f;
    if (pieceAt(s, me, sq) !== PACO_PAWN) continue;
    s[PROMO] = sq;
    if (s[HAND_KIND] !== HAND_EMPTY) s[REQUIRED] = REQ_PROMOTE_THEN_PLACE;
    else s[REQUIRED] = pieceAt(s, me ^ 1, sq) >= 0 ? REQ_PROMOTE_THEN_LIFT : REQ_PROMOTE_THEN_FINISH;
    return;
  }
  s[PROMO] = -1;
  if (s[REQUIRED] !== REQ_PLACE) s[REQUIRED] = REQ_LIFT;
}

/** Writes the FEN of `s` (§1.12, `write_fen`). */
export function writePacoFen(s: Int32Array): string {
  let out = '';
  for (let v = 0; v < 8; v++) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const byte = squareByte(s, 8 * (7 - v) + f);
      if (byte === 0) {
        empty++;
        continue;
      }
      if (empty > 0) out += String(empty);
      empty = 0;
      out += BYTE_TO_CHAR[byte]!;
    }
    if (empty > 0) out += String(empty);
    if (v !== 7) out += '/';
  }
  const me = s[PLAYER]!;
  if (s[HAND_KIND] !== HAND_EMPTY) {
    const own = s[HAND_PIECE]!;
    const partner = s[HAND_KIND] === HAND_PAIR ? s[HAND_PARTNER]! : -1;
    out += '^' + tileName(s[HAND_POS]!) + (me === 0 ? squareChar(own, partner) : squareChar(partner, own));
  }
  out += me === 0 ? ' w ' : ' b ';
  out += String(s[NO_PROGRESS]) + ' ';
  let castling = '';
  const c = s[CASTLING]!;
  for (let slot = 0; slot < 4; slot++) {
    const id = (c >>> (8 * slot)) & 0xff;
    if (id === 0) continue;
    const ch = 'abcdefgh'[(id >> 3) & 7]!;
    castling += (id & 0x40) === 0 ? ch.toUpperCase() : ch;
  }
  out += (castling === '' ? '-' : castling) + ' ';
  out += (s[EP]! >= 0 ? tileName(s[EP]!) : '-') + ' -';
  return out;
}
