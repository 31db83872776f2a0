/**
 * PGN tokenizer over the bytes of one game (PGN standard §7, §8): tag pairs, move numbers,
 * SAN symbols, NAGs (`$n` and the suffix glyphs `! ? !! ?? !? ?!`, §8.2.3.8 → NAG 1..6),
 * `{…}` and `;…` comments, `%` escape lines, variations, termination markers. It reads char
 * codes from a Uint8Array and keeps token bounds in fields: no strings, no regexes, nothing
 * allocated per token. Text is decoded only when a caller asks (`decodeText`).
 */

import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../chess/types.js';
import { commentEnd, isWs, markerLength, MOVE_END, readTagPair, SYMBOL, utf8Length, WS, type GameSlice, type TagPairParts } from './pgn-split.js';
import { GLYPH_NAGS, isTerminationMarker, normalizeTypography, onlyTypographic, spaceBytes } from './typography.js';

export { SYMBOL };

export const T_END = 0;
export const T_TAG = 1;
export const T_SAN = 2;
export const T_NAG = 3;
export const T_COMMENT = 4;
export const T_OPEN = 5;
export const T_CLOSE = 6;
export const T_RESULT = 7;
export const T_ERROR = 8;
/** Who plays the moves that the lexer's fast path (`plainRun`) reads. */
export interface PlainMoveSink {
  /**
   * The move `b[start..stop)`: of a common shape, its role, its origin file if written (else -1),
   * its target file and rank (0..7); else -1 for the role (resolveSan reads the text). False if
   * it does not resolve: the fast path stops before it.
   */
  plainMove(b: Uint8Array, start: number, stop: number, role: number, fromFile: number, toFile: number, toRank: number): boolean;
}
/** `typographic`'s answer when the word is read as usual. */
const NOT_TYPOGRAPHIC = -1;

/**
 * The NAG of an evaluation symbol some programs write instead of a NAG (ChessBase, kokopu: `=`,
 * `+/-`, `N`, `GLYPH_NAGS`) in the symbol run `b[i..i+n)`, else 0. None of them is a SAN move, so
 * reading them as NAGs loses nothing.
 */
function symbolicNag(b: Uint8Array, i: number, n: number): number {
  // Cheap rejection on the bytes first: SAN moves like `Nf3`, `Rd1`, `e4` must not build strings.
  const c = b[i]!;
  const c1 = n > 1 ? b[i + 1]! : 0;
  const c2 = n > 2 ? b[i + 2]! : 0;
  const candidate =
    (n === 1 && (c === 61 || c === 78)) || // = N
    (n === 2 && (((c === 43 || c === 45 || c === 61) && (c1 === 43 || c1 === 45 || c1 === 61)) || (c === 82 && c1 === 82))) ||
    (n === 3 && ((c === 105 && c1 === 110 && c2 === 102) || c1 === 47));
  if (!candidate) return 0;
  let s = '';
  for (let k = i; k < i + n; k++) s += String.fromCharCode(b[k]!);
  return GLYPH_NAGS.get(s) ?? 0;
}

/** Role of an upper-case piece letter (N B R Q K), else PAWN (no piece letter). */
const PIECE_LETTER = new Uint8Array(256).fill(PAWN);
PIECE_LETTER[78] = KNIGHT;
PIECE_LETTER[66] = BISHOP;
PIECE_LETTER[82] = ROOK;
PIECE_LETTER[81] = QUEEN;
PIECE_LETTER[75] = KING;

/** Bytes an error message quotes at most; a longer run is cut and ends in `…`. */
const QUOTED = 16;
/** The bytes `b[from..to)`, all ASCII (digits, `$`, `!`, `?`), as text for an error message. */
const asciiText = (b: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...b.subarray(from, Math.min(to, from + QUOTED))) + (to - from > QUOTED ? '…' : '');

export class PgnLexer implements TagPairParts {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  end = 0;
  private begin = 0;
  /** Bounds of the last token (for T_TAG: the whole pair). */
  start = 0;
  stop = 0;
  /**
   * T_TAG: name and raw value (escapes not yet removed). T_COMMENT: the text, without the
   * whitespace at its ends (escapes not yet removed: `unescapeComment` if `braced`).
   */
  nameStart = 0;
  nameEnd = 0;
  valueStart = 0;
  valueEnd = 0;
  /** T_COMMENT: whether a `{…}` comment (else a `;` one, which has no escapes). */
  braced = false;
  /** T_NAG: its number. */
  nag = 0;
  /** T_ERROR: what is wrong, and whether in a tag pair (the tags after it are not read). */
  error = '';
  errorInTag = false;
  /** T_TAG: whether the tag pair spans more than one line. */
  tagLines = false;
  /** A broken tag pair: what is missing, and where (`readTagPair`). */
  tagFault = '';
  tagFaultAt = 0;

  reset(buf: Uint8Array, start: number, end: number): void {
    this.buf = buf;
    this.pos = start;
    this.begin = start;
    this.end = end;
  }

  private fail(at: number, message: string): number {
    this.start = at;
    this.stop = at + 1;
    this.error = message;
    this.errorInTag = false;
    return T_ERROR;
  }

  /** The next token's type; its bounds are in the fields. */
  next(): number {
    const b = this.buf;
    const end = this.end;
    for (;;) {
      let i = this.pos;
      while (i < end && isWs(b[i]!)) i++;
      if (i >= end) {
        this.pos = i;
        return T_END;
      }
      const c = b[i]!;
      this.start = i;
      if (c === 37 && (i === this.begin || b[i - 1] === 10 || b[i - 1] === 13)) {
        // Escape line (§6).
        while (i < end && b[i] !== 10 && b[i] !== 13) i++;
        this.pos = i;
        continue;
      }
      if (SYMBOL[c] === 1) {
        // A move number indication is digits, then any periods (`1.`, `1...`, `1 .`).
        let digits = c >= 48 && c <= 57;
        let j = i + 1;
        for (let d: number; j < end && SYMBOL[(d = b[j]!)] === 1; j++) if (d < 48 || d > 57) digits = false;
        // `0000` is no move number (they start at 1) but UCI's null move, as python-chess reads it.
        if (digits && c === 48 && j - i === 4 && b[i + 1] === 48 && b[i + 2] === 48 && b[i + 3] === 48 && (j >= end || b[j] !== 46)) digits = false;
        if (j < end && b[j] === 64 && !digits) {
          // A crazyhouse drop (`P@e4`): one word (pgn-variant.ts plays it; a chess game refuses it
          // whole).
          for (j++; j < end && SYMBOL[b[j]!] === 1; j++);
          this.stop = j;
          this.pos = j;
          return T_SAN;
        }
        if (j < end && b[j]! >= 0x80 && spaceBytes(b, j, this.begin, end) === 0) {
          // A word that goes on in characters beyond ASCII (`1–0`, `O‑O`, `+−`): typography.ts.
          const t = this.typographic(i, j);
          if (t !== NOT_TYPOGRAPHIC) return t;
        }
        this.stop = j;
        if (digits) {
          while (j < end && (b[j] === 46 || isWs(b[j]!))) {
            if (b[j] === 46) j++;
            else {
              // Periods separated from the number by spaces still belong to it.
              let k = j;
              while (k < end && isWs(b[k]!)) k++;
              if (k < end && b[k] === 46) j = k;
              else break;
            }
          }
          this.pos = j;
          continue;
        }
        const n = j - i;
        if ((n === 3 || n === 7) && markerLength(b, i, j) === n) {
          this.pos = j;
          return T_RESULT;
        }
        // `e.p.` after an en-passant capture, written apart (`exd6 e.p.`) or together (`exd6e.p.`),
        // with the check or mate sign, if any, after it (`exd6 e.p.+`): the move's, already read.
        if (j + 1 < end && b[j] === 46 && b[j - 1] === 101 && (b[j + 1] === 112 || b[j + 1] === 80)) {
          let k = j + 2;
          if (k < end && b[k] === 46) k++;
          let m = k;
          while (m < end && (b[m] === 43 || b[m] === 35)) m++;
          if (m > k && (m >= end || SYMBOL[b[m]!] !== 1)) k = m; // not the `+` of a `+-` evaluation
          this.pos = k;
          if (n === 1) continue;
          this.stop = j - 1;
          return T_SAN;
        }
        // A termination marker glued to the move before it (`Qxf7#1-0`, pgn-split's MOVE_END): the
        // move now, the marker at the next call.
        const glued = gluedMarkerLength(b, i, j, true);
        if (glued > 0) {
          this.stop = j - glued;
          this.pos = j - glued;
          return T_SAN;
        }
        this.pos = j;
        if (n <= 3) {
          const nag = symbolicNag(b, i, n);
          if (nag > 0) {
            this.nag = nag;
            return T_NAG;
          }
        }
        return T_SAN;
      }
      switch (c) {
        case 91: // [
          return this.tag(i);
        case 123: {
          // { comment }: no nesting (§5).
          let j = i + 1;
          j = commentEnd(b, j, end);
          if (j >= end) {
            this.pos = end;
            return this.fail(i, 'unterminated comment');
          }
          this.commentText(i + 1, j);
          this.braced = true;
          this.stop = j + 1;
          this.pos = j + 1;
          return T_COMMENT;
        }
        case 59: {
          // ; comment to the end of the line.
          let j = i + 1;
          while (j < end && b[j] !== 10 && b[j] !== 13) j++;
          this.commentText(i + 1, j);
          this.braced = false;
          this.stop = j;
          this.pos = j;
          return T_COMMENT;
        }
        case 40:
          this.stop = i + 1;
          this.pos = i + 1;
          return T_OPEN;
        case 41:
          this.stop = i + 1;
          this.pos = i + 1;
          return T_CLOSE;
        case 42:
          this.stop = i + 1;
          this.pos = i + 1;
          return T_RESULT;
        case 46: // stray period
          this.pos = i + 1;
          continue;
        case 64: {
          // A crazyhouse pawn drop written without its letter (`@e4`): one word, as `P@e4` above.
          let j = i + 1;
          while (j < end && SYMBOL[b[j]!] === 1) j++;
          if (j === i + 1) break;
          this.stop = j;
          this.pos = j;
          return T_SAN;
        }
        case 36: {
          // $n
          let j = i + 1;
          let v = 0;
          while (j < end && b[j]! >= 48 && b[j]! <= 57 && v < 1000) v = 10 * v + b[j++]! - 48;
          if (j === i + 1 || v > 255) {
            // The message quotes the whole digit run (the value stops counting past 1000).
            let k = j;
            while (k < end && b[k]! >= 48 && b[k]! <= 57) k++;
            this.pos = Math.max(k, i + 1);
            return this.fail(i, `invalid NAG '${asciiText(b, i, k)}': a NAG is $0 to $255`);
          }
          this.nag = v;
          this.stop = j;
          this.pos = j;
          return T_NAG;
        }
        case 33: // !
        case 63: {
          // ?: suffix glyphs !, ?, !!, ??, !?, ?!
          let j = i + 1;
          while (j < end && (b[j] === 33 || b[j] === 63)) j++;
          this.stop = j;
          this.pos = j;
          const c1 = j - i > 1 ? b[i + 1]! : 0;
          if (j - i > 2) return this.fail(i, `invalid annotation glyph '${asciiText(b, i, j)}'`);
          this.nag = c1 === 0 ? (c === 33 ? 1 : 2) : c === 33 ? (c1 === 33 ? 3 : 5) : c1 === 63 ? 4 : 6;
          return T_NAG;
        }
      }
      if (c >= 0x80) {
        const space = spaceBytes(b, i, this.begin, end);
        if (space > 0) {
          this.pos = i + space;
          continue;
        }
        const t = this.typographic(i, i);
        if (t !== NOT_TYPOGRAPHIC) return t;
      }
      this.pos = i + 1;
      // Skip the rest of a multi-byte character so that the next token starts cleanly.
      while (this.pos < end && (b[this.pos]! & 0xc0) === 0x80) this.pos++;
      // Named as the line reads: one UTF-8 character, else one Latin-1 byte.
      const text = decodeText(b, i, this.pos);
      return this.fail(i, `unexpected character '${[...text].length === 1 ? text : String.fromCharCode(b[i]!)}'`);
    }
  }

  /**
   * The fast path of the movetext: passes over whitespace, move numbers, periods and, when asked
   * (`skipNags`, `skipComments`), NAGs and `{…}` comments, and gives `sink` each move: the common
   * shapes read forwards, `e4`, `exd5`, `Nf3`, `Nxf3` with any `+` or `#` (as resolveSan would
   * read the same symbol run: san.test, every such text to every square, in 300 sample
   * positions), and any other symbol run, for resolveSan. Stops at a move that does not resolve,
   * or at a byte that is anything else, where it stands for `next`, which reads what was passed
   * over as the same tokens (the same symbol runs). A run that `next` reads as no move (an
   * evaluation symbol such as `+-` or `N`, a run ending in the `e` of `e.p.`, one with a marker
   * glued to it) never resolves: `next` reads it, as it reads a broken move.
   */
  plainRun(sink: PlainMoveSink, skipNags: boolean, skipComments: boolean): void {
    const b = this.buf;
    const end = this.end;
    let i = this.pos;
    for (;;) {
      let c = 0;
      while (i < end && WS[(c = b[i]!)] === 1) i++;
      if (i >= end) break;
      if (c === 46) {
        // Periods after a move number, or stray.
        i++;
        continue;
      }
      let j = i + 1;
      if (c === 33 || c === 63) {
        // Annotation glyphs `! ? !! ?? !? ?!` (more than two are an error: next() reports it).
        if (!skipNags) break;
        while (j < end && (b[j] === 33 || b[j] === 63)) j++;
        if (j - i > 2) break;
        i = j;
        continue;
      }
      if (c === 36) {
        // `$n`, n up to 255 in at most three digits (anything else: next()).
        if (!skipNags) break;
        let v = 0;
        while (j < end && j - i <= 3 && (c = b[j]!) >= 48 && c <= 57) {
          v = 10 * v + c - 48;
          j++;
        }
        if (j === i + 1 || v > 255 || (j < end && b[j]! >= 48 && b[j]! <= 57)) break;
        i = j;
        continue;
      }
      if (c === 123) {
        // A `{…}` comment (PGN §5: no nesting), passed over; an unterminated one is next()'s.
        if (!skipComments) break;
        j = commentEnd(b, j, end);
        if (j >= end) break;
        i = j + 1;
        continue;
      }
      if (SYMBOL[c] !== 1) break;
      if (c >= 48 && c <= 57) {
        // A move number: digits, not starting with 0 (`0000`, `0-1`, `0-0`: next()), then anything
        // but a symbol character or a byte beyond ASCII (else `1-0`, `1–0`: next()).
        if (c === 48) break;
        while (j < end && (c = b[j]!) >= 48 && c <= 57) j++;
        if (j < end && SYMBOL[c] !== 0) break;
        i = j;
        continue;
      }
      let k = i;
      const role = PIECE_LETTER[c]!;
      let fromFile = -1;
      if (role !== PAWN) {
        k++;
        if (k < end && b[k] === 120) k++;
      } else if (c >= 97 && c <= 104 && k + 1 < end && b[k + 1] === 120) {
        fromFile = c - 97;
        k += 2;
      }
      if (k + 2 <= end) {
        const tf = b[k]! - 97;
        const tr = b[k + 1]! - 49;
        k += 2;
        while (k < end && (b[k] === 43 || b[k] === 35)) k++;
        if (tf >= 0 && tf < 8 && tr >= 0 && tr < 8 && (k >= end || (SYMBOL[b[k]!] === 0 && b[k] !== 64))) {
          if (!sink.plainMove(b, i, k, role, fromFile, tf, tr)) break;
          i = k;
          continue;
        }
      }
      // Any other form: the whole symbol run. A word that goes on beyond ASCII (`O‑O`, `e4‼`) is
      // next()'s: it reads typography; so is one that goes on with `@` (a drop, `P@e4`: one word).
      while (j < end && SYMBOL[b[j]!] === 1) j++;
      if (j < end && (SYMBOL[b[j]!] === 2 || b[j] === 64)) break;
      if (!sink.plainMove(b, i, j, -1, -1, 0, 0)) break;
      i = j;
    }
    this.pos = i;
  }

  /**
   * The word at `i` (symbol characters and bytes ≥ 0x80; its ASCII symbol run ends at `runEnd`)
   * read through typography.ts: a termination marker (`1–0`, `½-½`), an annotation glyph (`⩱`,
   * `+−`, `=∞`), or a move whose only characters beyond ASCII are dashes (`O‑O`: `resolveSan`
   * reads them). Otherwise, the glyph that opens a word (`‼` in `‼Nf3`), else
   * NOT_TYPOGRAPHIC: the symbol run is read as usual and what follows it on the next call.
   */
  private typographic(i: number, runEnd: number): number {
    const b = this.buf;
    let j = runEnd;
    while (j < this.end && SYMBOL[b[j]!] !== 0 && spaceBytes(b, j, this.begin, this.end) === 0) j++;
    // A marker glued to the move before it (`Qxf7#1–0`): the move now, the marker at the next call.
    const glued = gluedMarkerLength(b, i, j, false);
    if (glued > 0) {
      this.stop = j - glued;
      this.pos = j - glued;
      return T_SAN;
    }
    const text = decodeText(b, i, j);
    const plain = normalizeTypography(text);
    const nag = GLYPH_NAGS.get(plain);
    const marker = isTerminationMarker(plain);
    if (nag !== undefined || marker || onlyTypographic(text)) {
      this.stop = j;
      this.pos = j;
      if (nag === undefined) return marker ? T_RESULT : T_SAN;
      this.nag = nag;
      return T_NAG;
    }
    if (runEnd > i) return NOT_TYPOGRAPHIC;
    // A glyph of one character, then more of the word.
    const first = String.fromCodePoint(text.codePointAt(0)!);
    const firstNag = GLYPH_NAGS.get(first);
    if (firstNag === undefined) return NOT_TYPOGRAPHIC;
    // Its bytes: one if the word was read as Latin-1 (a byte a character), else its UTF-8 length.
    const lead = b[i]!;
    const k = i + (text.length === j - i ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2);
    this.stop = k;
    this.pos = k;
    this.nag = firstNag;
    return T_NAG;
  }

  /** Sets the comment text to `b[from..to)` without the whitespace at its ends. */
  private commentText(from: number, to: number): void {
    const b = this.buf;
    while (from < to && isWs(b[from]!)) from++;
    while (to > from && isWs(b[to - 1]!)) to--;
    this.valueStart = from;
    this.valueEnd = to;
  }

  /** `[Name "value"]` (`readTagPair`): a broken one is an error, and the rest of its line is skipped. */
  private tag(i: number): number {
    const e = readTagPair(this.buf, i, this.end, this);
    if (e < 0) return this.skipLine(this.tagFaultAt, this.tagFault);
    this.start = i;
    this.stop = e;
    this.pos = e;
    return T_TAG;
  }

  private skipLine(at: number, message: string): number {
    let j = at;
    while (j < this.end && this.buf[j] !== 10 && this.buf[j] !== 13) j++;
    this.pos = Math.max(j, at + 1);
    this.fail(at, message);
    this.errorInTag = true;
    return T_ERROR;
  }

  /** Whether the last tag's name is `name` (ASCII). */
  tagIs(name: string): boolean {
    if (this.nameEnd - this.nameStart !== name.length) return false;
    for (let k = 0; k < name.length; k++) if (this.buf[this.nameStart + k] !== name.charCodeAt(k)) return false;
    return true;
  }

  /**
   * 1-based line and column of a byte offset, given where the game starts (`GameSlice`: its line,
   * column, byte column and whether its line before it is UTF-8).
   */
  locate(offset: number, game: Pick<GameSlice, 'line' | 'column' | 'byteColumn' | 'lineUtf8'>): { line: number; column: number } {
    let line = game.line;
    const b = this.buf;
    let lineStart = -1;
    for (let k = this.begin; k < offset; k++) {
      const c = b[k]!;
      if (c === 10) {
        if (!(k > this.begin && b[k - 1] === 13)) line++;
        lineStart = k + 1;
      } else if (c === 13) {
        line++;
        lineStart = k + 1;
      }
    }
    const from = lineStart < 0 ? this.begin : lineStart;
    // Characters, not bytes: UTF-8 continuation bytes do not start a character. A line whose text
    // before the offset is not valid UTF-8 is read as Latin-1 (`decodeText`), one character a byte.
    const chars = utf8Length(b, from, offset);
    if (lineStart >= 0) return { line, column: 1 + (chars >= 0 ? chars : offset - from) };
    // On the game's first line, the text before the game counts too.
    if (chars >= 0 && game.lineUtf8 !== false) return { line, column: game.column + chars };
    return { line, column: (game.byteColumn ?? game.column) + offset - from };
  }
}

/** Whether `text` is one symbol token of ASCII symbol characters (PGN standard §7). */
export function isSymbolToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || SYMBOL[c] !== 1) return false;
  }
  return true;
}

/**
 * Whether a move text, unchecked against a position, has the shape of a move of chess or of a
 * variant written as SAN: it names a square (`e4`, `Pe4`, antichess's `fxe8=K`), castles (`O-O`,
 * `0-0-0`, `o-o`) or is a null move (`--`, `Z0`, `0000`). A lone sign (`+`, `x`), a word
 * (`pawn`) or a forfeit mark (`+--`) is none of these.
 */
export const hasMoveShape = (san: string): boolean => /[a-h][1-8]|^([O0o])-\1|^(?:--|Z0|0000)/.test(san);

/** A crazyhouse drop as SAN (`N@f3`, `P@e4` or `@e4`, with its check sign): the lexer reads it as one move. */
const DROP_MOVE = /^[PNBRQ]?@[a-h][1-8][+#]?$/;

const moveLexer = new PgnLexer();
/** The bytes `readsAsOneMove` lexes, kept from call to call (grown when a move is longer). */
let moveBytes = new Uint8Array(32);

/**
 * Whether the move text `san` (as the tree stores it), alone, reads back as one move token of
 * that very text: not a move number, a termination marker, a glyph that is a NAG (`N`, `+-`),
 * a move with a marker glued to it, nor characters beyond the symbol ones (but a drop's `@`). The writer writes
 * only such moves, and the tree reader, unvalidated, refuses any other.
 */
export function readsAsOneMove(san: string): boolean {
  if (DROP_MOVE.test(san)) return true;
  if (!isSymbolToken(san)) return false;
  if (moveBytes.length < san.length) moveBytes = new Uint8Array(2 * san.length);
  for (let i = 0; i < san.length; i++) moveBytes[i] = san.charCodeAt(i);
  moveLexer.reset(moveBytes, 0, san.length);
  return moveLexer.next() === T_SAN && moveLexer.start === 0 && moveLexer.stop === san.length && moveLexer.next() === T_END;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text of `buf[start..end)`: UTF-8, or Latin-1 when the bytes are not valid UTF-8 (old files);
 * with `unescape`, tag-value escapes `\"` and `\\` removed (§7).
 */
export function decodeText(buf: Uint8Array, start: number, end: number, unescape = false): string {
  let s: string;
  if (end - start <= SHORT_TEXT) {
    // Short texts (moves, tag values, clock comments), ASCII nearly always: by hand is quicker.
    s = '';
    let k = start;
    while (k < end && buf[k]! < 0x80) s += String.fromCharCode(buf[k++]!);
    if (k < end) s = decodeSlices(buf, start, end);
  } else s = decodeSlices(buf, start, end);
  if (unescape && s.indexOf('\\') >= 0) s = s.replace(/\\(["\\])/g, '$1');
  return s;
}

/** Bytes up to which `decodeText` builds a string a character at a time. */
const SHORT_TEXT = 32;
/** Bytes of Latin-1 text turned into a string at a time: a flat string, not one cons-cell per character. */
const LATIN1_SLICE = 1 << 13;

/** `buf[start..end)` as UTF-8, else as Latin-1: whole slices at once, so a long text takes about a byte a character. */
function decodeSlices(buf: Uint8Array, start: number, end: number): string {
  try {
    return utf8.decode(buf.subarray(start, end));
  } catch {
    const parts: string[] = [];
    for (let k = start; k < end; k += LATIN1_SLICE) parts.push(String.fromCharCode(...buf.subarray(k, Math.min(end, k + LATIN1_SLICE))));
    return parts.join('');
  }
}

/** Characters an error message quotes of a token at most: a longer one is cut and ends in `…`. */
const QUOTED_CHARS = 40;

/** `text` as an error message quotes it: whole, or its first `QUOTED_CHARS` characters and `…`. */
export function shortQuote(text: string): string {
  if (text.length <= QUOTED_CHARS) return text;
  const cut = [...text.slice(0, QUOTED_CHARS + 1)].slice(0, QUOTED_CHARS - 1).join('');
  return cut + '…';
}

/** The text of a `{…}` comment with its escapes (`escapeInComment`) removed. */
export const unescapeComment = (text: string): string => (text.indexOf('\\') >= 0 ? text.replace(/\\([\\}])/g, '$1') : text);

/**
 * Length of a termination marker that ends the word `b[i..j)` right after a move's last byte,
 * else 0: the splitter's markers after its MOVE_END, so that both end the game there. An ASCII
 * word can only end in `1-0`, `0-1` (3 bytes) or `1/2-1/2` (7); a word with bytes beyond ASCII
 * in a typographic form too (`1–0`, `½-½`: 3 to 9 bytes).
 */
function gluedMarkerLength(b: Uint8Array, i: number, j: number, ascii: boolean): number {
  for (let n = 3; n <= (ascii ? 7 : 9); n += ascii ? 4 : 1) {
    if (j - i > n && MOVE_END[b[j - n - 1]!] === 1 && markerLength(b, j - n, j) === n) return n;
  }
  return 0;
}

/**
 * `decodeText` for a termination marker or a Result tag value: the four markers (`1-0`, `0-1`,
 * `1/2-1/2`, `*`) are the same strings every time, not decoded again for each game, and their
 * typographic forms (`1–0`, `½-½`) are read as them.
 */
export function resultText(buf: Uint8Array, start: number, end: number): string {
  const n = end - start;
  const c = buf[start];
  if (n === 1 && c === 42) return '*';
  if (n === 3 && buf[start + 1] === 45) {
    if (c === 49 && buf[start + 2] === 48) return '1-0';
    if (c === 48 && buf[start + 2] === 49) return '0-1';
  }
  if (n === 7 && c === 49 && buf[start + 1] === 47 && buf[start + 2] === 50 && buf[start + 3] === 45 && buf[start + 4] === 49 && buf[start + 5] === 47 && buf[start + 6] === 50) {
    return '1/2-1/2';
  }
  // Typographic forms (`1–0`, `½-½`) read as the marker they stand for; anything else as written.
  const text = decodeText(buf, start, end, true);
  const plain = normalizeTypography(text);
  return isTerminationMarker(plain) ? plain : text;
}
