/**
 * Streaming PGN game splitter: bytes go in chunk by chunk, the byte ranges of whole games come
 * out, without ever holding more than the current game (plus one chunk) in memory.
 *
 * A byte-level state machine (no regexes) follows just enough of the PGN grammar (PGN standard
 * §8) to find where a game ends: strings in tag pairs, `{…}` and `;…` comments, `%` escape lines,
 * variation depth. A game ends after its termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) at
 * depth 0, or, when the marker is missing, where a tag pair starts after movetext or, after a
 * blank line that followed the tags, names one of them again (games of tags only), or where a
 * move number 1 for White (`1.`, not `1...`) opens the first line after a blank line in movetext
 * that holds more than comments — so games that run into the next one without a blank line, or
 * without a result (with or without tags), are split correctly.
 * Comments between games make no game. A UTF-8 byte order mark at the start is skipped; one
 * further on, as a no-break space, is whitespace (`spaceBytes`).
 *
 * Lines are counted for error reports: CR LF, LF and a lone CR each end one line.
 */

import { dashBytes, spaceBytes, spaceEndsAt } from './typography.js';

/** A whole game inside the splitter's buffer: valid until the next `push`. */
export interface GameSlice {
  /** The bytes holding the game (shared: copy what is kept past the next game). */
  readonly buf: Uint8Array;
  /** Offset of the game's first byte in `buf`. */
  readonly start: number;
  /** Offset just past the game's last byte in `buf`. */
  readonly end: number;
  /**
   * 1-based line and column of `start` in the input. The column counts characters: Latin-1 ones
   * (bytes) when the line's text before `start` is not valid UTF-8 (`lineUtf8` false).
   */
  readonly line: number;
  /** See `line`. */
  readonly column: number;
  /** The column of `start` counted in bytes (default: `column`). */
  readonly byteColumn?: number;
  /** Whether the line's bytes before `start` are valid UTF-8 (default true). */
  readonly lineUtf8?: boolean;
  /**
   * Set when the game is longer than the per-game limit (`maxGameBytes`): its bytes are not kept
   * (`start === end`), and the readers report it as a `limit` error at its first byte.
   */
  readonly tooLong?: boolean;
  /** Set on the one slice of an input in UTF-16 (a byte order mark first), which is not read. */
  readonly utf16?: boolean;
}

/** Whether `b` opens with a UTF-16 byte order mark, little- or big-endian (FF FE, FE FF). */
export const utf16Bom = (b: Uint8Array): boolean => (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);

/** The message of an input in UTF-16: the readers' one error for it. */
export const UTF16_MESSAGE = 'the input is UTF-16 text (it opens with a UTF-16 byte order mark): caissa reads PGN in UTF-8 or Latin-1 (convert it, e.g. iconv -f UTF-16 -t UTF-8)';

/**
 * The bytes a game may take by default (64 MiB, a thousand times the longest game of the lichess
 * and masters files): a reader holds at most the current game, so this bounds its memory.
 */
export const DEFAULT_MAX_GAME_BYTES = 64 << 20;

/** The message of a game longer than the limit: the readers' `limit` error. */
export const tooLongMessage = (maxGameBytes: number): string =>
  `game longer than ${maxGameBytes} bytes (the per-game limit, maxGameBytes): not read`;

/** Checks a per-game limit given by a caller: a whole number of bytes ≥ 1. */
export function checkMaxGameBytes(n: number | undefined): number {
  if (n === undefined) return DEFAULT_MAX_GAME_BYTES;
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`maxGameBytes must be a whole number of bytes ≥ 1, got ${n}`);
  return n;
}

const S_BETWEEN = 0; // outside any game
const S_TAGS = 1; // in a game, before any movetext
const S_MOVES = 2; // in the movetext
/** In the movetext, after a blank line at depth 0 outside comments: the next content decides (`S_MOVES` after it). */
const S_BLANK = 3;

/**
 * What the scanner is inside of: nothing, a tag-value string, a brace comment, a line comment or
 * escape line, a tag pair read leniently to its line's end (`tag`), or a tag pair read token by
 * token (PGN §8.1: whitespace, line breaks too, between its tokens) waiting for its name, in its
 * name, waiting for its value, waiting for its `]`.
 */
const INNER = { none: 0, string: 1, brace: 2, lineComment: 3, tag: 4, tagName: 5, tagNameIn: 6, tagValue: 7, tagClose: 8 } as const;

/**
 * Bytes that need no decision in movetext outside comments: SAN and move-number characters and
 * spaces/tabs, but not `-` and `/`, the second byte of every termination marker (`1-0`, `0-1`,
 * `1/2-1/2`).
 */
const PLAIN = new Uint8Array(256);
for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+#=:!?$ \t') PLAIN[ch.charCodeAt(0)] = 1;

/**
 * Symbol characters (§7), of moves and tag names alike (the lexer's too): letters, digits and
 * `_ + # = : -`, plus `/` for `1/2-1/2` (1 in the table); bytes ≥ 0x80, with which a word may go
 * on in typographic characters (`O‑O`, typography.ts), are 2.
 */
export const SYMBOL = new Uint8Array(256).fill(2, 0x80);
for (let c = 48; c <= 57; c++) SYMBOL[c] = 1;
for (let c = 65; c <= 90; c++) SYMBOL[c] = 1;
for (let c = 97; c <= 122; c++) SYMBOL[c] = 1;
for (const ch of '_+#=:-/') SYMBOL[ch.charCodeAt(0)] = 1;

/** Letters and digits: the bytes a move number or a move starts with. */
const ALNUM = new Uint8Array(256);
for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') ALNUM[ch.charCodeAt(0)] = 1;

/** Bytes a termination marker starts with: `1`, `0`, and `½` (its UTF-8 lead byte, or Latin-1's 0xBD). */
const MARKER_START = new Uint8Array(256);
for (const c of [49, 48, 0xc2, 0xbd]) MARKER_START[c] = 1;

/**
 * Bytes kept unread at the end of an input not yet complete, so that every look-ahead from a byte
 * read sees real bytes: a marker (9 bytes at most) and the space after it (3 at most).
 */
const LOOK_AHEAD = 16;

/** Whitespace bytes: space, tab, LF, CR, FF, VT (1 in the table). */
export const WS = new Uint8Array(256);
for (const c of [32, 9, 10, 13, 12, 11]) WS[c] = 1;
export const isWs = (c: number): boolean => WS[c] === 1;
/** Bytes that may stand right before or after a termination marker (as may `spaceBytes`' spaces). */
const isDelim = (c: number): boolean => isWs(c) || c === 41 || c === 40 || c === 125 || c === 123 || c === 46 || c === 91 || c === 93 || c === 59;
/**
 * Bytes that end a SAN move: a rank, a check or mate sign, a promotion's piece, castling's `O`.
 * A termination marker right after one is glued to the move (`Qxf7#1-0`): it ends the game (the
 * lexer reads the two apart), as chessops and python-chess read it.
 */
export const MOVE_END = new Uint8Array(256);
for (const ch of '12345678#+QRBNO') MOVE_END[ch.charCodeAt(0)] = 1;

/**
 * Whether `b[i]` is a backslash that escapes the next byte inside a `{…}` comment: `\}` stands for
 * `}` and `\\` for `\`, any other backslash for itself. PGN (§5) has no escape in comments;
 * kokopu writes these and its test data states games that hold them, and no other reader we
 * compare with meets them in real files (none in the 119,827 lichess and masters games of ../shared).
 */
export const escapeInComment = (b: Uint8Array, i: number, end: number): boolean =>
  b[i] === 92 && i + 1 < end && (b[i + 1] === 92 || b[i + 1] === 125);

/** The offset of the `}` that closes a `{…}` comment read from `i` on (PGN §5: no nesting; escapes: `escapeInComment`), else `end`. */
export function commentEnd(b: Uint8Array, i: number, end: number): number {
  while (i < end && b[i] !== 125) i += escapeInComment(b, i, end) ? 2 : 1;
  return i;
}

/**
 * Whether `b[i]` is a backslash that escapes the next byte of a tag value (PGN §8.1.1: `\"` and
 * `\\`; any other byte after it is taken as written too). Never a line break: a string holds
 * none (§7), so the break ends the value (unterminated) and counts as a line.
 */
export const escapeInTagValue = (b: Uint8Array, i: number): boolean => b[i] === 92 && b[i + 1] !== 10 && b[i + 1] !== 13;

/**
 * The UTF-8 characters of `b[from..to)`: bytes that are no UTF-8 continuation byte (0x80..0xBF),
 * so that a character cut between two chunks counts once.
 */
function charCount(b: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) if ((b[k]! & 0xc0) !== 0x80) n++;
  return n;
}

/**
 * Whether bytes given in pieces (`feed`) are valid UTF-8 as `decodeText` (TextDecoder, fatal)
 * judges it: RFC 3629 §4's byte sequences, so no overlong form (E0 80..9F, F0 80..8F), encoded
 * surrogate (ED A0..BF) or code point above U+10FFFF (F4 90..BF). A character may be cut
 * between pieces: `need` continuation bytes are still awaited, the next in `lo..hi`.
 */
export class Utf8Check {
  need = 0;
  private lo = 0x80;
  private hi = 0xbf;

  /** Reads `b[from..to)`: the offset of the first byte that breaks UTF-8 (then `need` is 0), else -1. */
  feed(b: Uint8Array, from: number, to: number): number {
    let need = this.need;
    let lo = this.lo;
    let hi = this.hi;
    let bad = -1;
    for (let k = from; k < to; k++) {
      const c = b[k]!;
      if (need > 0) {
        if (c >= lo && c <= hi) {
          need--;
          lo = 0x80;
          hi = 0xbf;
          continue;
        }
      } else if (c < 0x80) continue;
      else if (c >= 0xc2 && c <= 0xf4) {
        // A lead byte: its continuation bytes, the first in a narrower range after E0, ED, F0, F4.
        need = c <= 0xdf ? 1 : c <= 0xef ? 2 : 3;
        lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
        hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
        continue;
      }
      bad = k;
      need = 0;
      break;
    }
    this.need = need;
    this.lo = lo;
    this.hi = hi;
    return bad;
  }
}

const wholeCheck = new Utf8Check();

/** The number of characters of `b[from..to)` read as UTF-8, or -1 if it is not valid UTF-8 (`Utf8Check`). */
export function utf8Length(b: Uint8Array, from: number, to: number): number {
  wholeCheck.need = 0;
  return wholeCheck.feed(b, from, to) < 0 && wholeCheck.need === 0 ? charCount(b, from, to) : -1;
}

/**
 * Whether a termination marker may start at `b[i]`: at the start, after a delimiter, a move, or
 * a suffix annotation (`!`, `?`: PGN §8.2.3.8), which the lexer reads apart from a marker glued
 * to it (`Nf3!1-0`).
 */
const delimitedBefore = (b: Uint8Array, i: number): boolean =>
  i === 0 || isDelim(b[i - 1]!) || MOVE_END[b[i - 1]!] === 1 || b[i - 1] === 33 || b[i - 1] === 63 || spaceEndsAt(b, i, 0);

export class PgnSplitter {
  private buf: Uint8Array;
  private len = 0;
  /** Scan position. */
  private pos = 0;
  private state = S_BETWEEN;
  private inner: number = INNER.none;
  private depth = 0;
  private start = 0;
  private startLine = 1;
  private startColumn = 1;
  private startByteColumn = 1;
  private startUtf8 = true;
  private line = 1;
  /**
   * Characters of the current line before the buffer index `lineCharsTo` (at or after the line's
   * start), some maybe dropped from the buffer already: a game's start column is counted on from
   * there, so a line holding many games is read in linear time.
   */
  private lineChars = 0;
  private lineCharsTo = 0;
  /**
   * The same line's bytes before `lineCharsTo`, and whether they are UTF-8: the line byte where
   * UTF-8 was first broken (-1: not yet), and the continuation bytes still awaited, with the range
   * the next one must lie in (RFC 3629 §4), for a character cut between chunks.
   */
  private lineBytes = 0;
  private lineBadAt = -1;
  private readonly lineUtf8 = new Utf8Check();
  private prevCr = false;
  private atLineStart = true;
  /** Whether the current line has content, and whether a blank line followed the last tag. */
  private lineHasContent = false;
  private blankAfterTag = false;
  /**
   * The tag pair being read: whether token by token (`INNER.tagName` … `tagClose`; after a fault
   * on its first line it is read leniently instead, `INNER.tag`), whether a line break came
   * inside it, and whether a blank line did.
   */
  private strictTag = false;
  private tagBroke = false;
  private blankInTag = false;
  private done = false;
  /**
   * Between games, after one that ended at its termination marker and before a blank line or
   * other content: a marker here repeats that game's (`1-0*`) and makes no game.
   */
  private afterMarker = false;
  /** Games found and not yet taken: `ready[head..]` (an index, not `shift`, which is O(n)). */
  private ready: GameSlice[] = [];
  private head = 0;
  private first = true;
  /** The input opens with a UTF-16 byte order mark: it is not read, and one `utf16` slice says so. */
  private utf16 = false;
  private clean = true;
  private closed = false;
  /**
   * The per-game limit, and whether the current game has passed it: then its bytes are dropped
   * as they are scanned (the scan goes on to find its end) and it is handed out `tooLong`.
   */
  readonly maxGameBytes: number;
  private oversize = false;

  /**
   * `capacity`: the bytes expected at once (the buffer grows as needed; a good guess saves
   * copies). `maxGameBytes`: a game longer than this is handed out `tooLong`, and the buffer
   * holds no more than about that (plus a chunk).
   */
  constructor(capacity = 1 << 16, maxGameBytes = DEFAULT_MAX_GAME_BYTES) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.maxGameBytes = checkMaxGameBytes(maxGameBytes);
  }

  /**
   * A splitter over one whole input, read in place (no copy; `bytes` is only read) and finished:
   * every game is ready to `take`.
   */
  static whole(bytes: Uint8Array, maxGameBytes = DEFAULT_MAX_GAME_BYTES): PgnSplitter {
    const s = new PgnSplitter(16, maxGameBytes);
    s.buf = bytes;
    s.len = bytes.length;
    s.finish();
    return s;
  }

  /** Appends a chunk of input. Invalidates the slices handed out before. */
  push(chunk: Uint8Array): void {
    this.compact(chunk.length);
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
    this.scan();
  }

  /** Marks the end of the input: the last game is complete even without a marker. */
  finish(): void {
    this.done = true;
    this.scan();
    if (this.closed) return;
    this.closed = true;
    if (this.utf16) {
      this.ready.push({ buf: this.buf, start: 0, end: 0, line: 1, column: 1, utf16: true });
      return;
    }
    // Among tags, whether a tag pair on the next line starts a game depends on its name.
    this.clean = this.inner !== INNER.brace && this.state !== S_TAGS;
    // Comments after the last game are no game either.
    if (this.state !== S_BETWEEN && (this.passed(this.len) || !(this.state !== S_TAGS && noMovetext(this.buf, this.start, this.len, false)))) this.emit(this.len);
    this.state = S_BETWEEN;
  }

  /** How far the scan may read: bytes beyond may still change the current game. */
  private get limit(): number {
    return this.done ? this.len : this.len - LOOK_AHEAD;
  }

  /**
   * After `finish`, for an input that ends with a line break: whether a tag pair opening the next
   * line would start a new game, as it does for a fresh splitter. It would not inside a `{…}`
   * comment, and among a game's tags it would only if it named one of them again, which is not
   * known here: false. Parallel readers cut the input at line starts and check each cut with this.
   */
  get endsBetweenGames(): boolean {
    return this.clean;
  }

  /** Line breaks read so far (CR LF, LF and a lone CR each count one). */
  get lineBreaks(): number {
    return this.line - 1;
  }

  /** The next complete game, if any. */
  take(): GameSlice | undefined {
    if (this.head < this.ready.length) return this.ready[this.head++];
    if (this.head > 0) {
      this.ready = [];
      this.head = 0;
    }
    return undefined;
  }

  /**
   * Whether the current game, ending at `end` (or going on past it), is longer than the limit.
   * Its bytes are counted from its first to `end`, trailing whitespace too, so that whole and
   * streamed input (where the bytes before the scan position may be gone) agree.
   */
  private passed(end: number): boolean {
    return this.oversize || end - this.start > this.maxGameBytes;
  }

  private compact(extra: number): void {
    if (this.utf16) this.pos = this.len;
    // Everything before the current game (or the scan position between games) is done with; so is
    // the current game up to the scan position once it has passed the limit.
    if (this.state !== S_BETWEEN && !this.oversize && this.pos - this.start > this.maxGameBytes) this.oversize = true;
    const drop = this.state === S_BETWEEN || this.oversize ? this.pos : this.start;
    if (drop > 0 && this.head >= this.ready.length) {
      if (this.lineCharsTo < drop) this.countLine(drop);
      this.buf.copyWithin(0, drop, this.len);
      this.len -= drop;
      this.pos -= drop;
      // (The bytes of a game past the limit are gone: its start is no offset any more.)
      this.start = Math.max(0, this.start - drop);
      this.lineCharsTo -= drop;
    }
    if (this.len + extra > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.len + extra) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
  }

  private emit(end: number): void {
    if (this.passed(end)) {
      this.ready.push({
        buf: this.buf, start: end, end, line: this.startLine, column: this.startColumn, byteColumn: this.startByteColumn, lineUtf8: this.startUtf8, tooLong: true,
      });
      this.oversize = false;
      this.state = S_BETWEEN;
      this.depth = 0;
      this.inner = INNER.none;
      return;
    }
    // Trim trailing whitespace so that an empty tail is no game.
    let e = end;
    while (e > this.start && isWs(this.buf[e - 1]!)) e--;
    if (e > this.start) {
      this.ready.push({
        buf: this.buf, start: this.start, end: e, line: this.startLine, column: this.startColumn, byteColumn: this.startByteColumn, lineUtf8: this.startUtf8,
      });
    }
    this.state = S_BETWEEN;
    this.depth = 0;
    this.inner = INNER.none;
  }

  private begin(at: number, moves: boolean): void {
    this.state = moves ? S_MOVES : S_TAGS;
    this.start = at;
    this.startLine = this.line;
    // Columns count characters, as the lexer's `locate` does from here on: UTF-8 ones, or bytes
    // (Latin-1) when the line before is not UTF-8 (decodeText).
    if (at >= this.lineCharsTo) this.countLine(at);
    else {
      // Back to a game's first byte (ASCII: a character starts there), before where UTF-8 was checked to.
      this.lineChars -= charCount(this.buf, at, this.lineCharsTo);
      this.lineBytes -= this.lineCharsTo - at;
      this.lineCharsTo = at;
      if (this.lineBadAt > this.lineBytes) this.lineBadAt = -1;
      this.lineUtf8.need = 0;
    }
    this.startUtf8 = this.lineBadAt < 0 && this.lineUtf8.need === 0;
    this.startColumn = (this.startUtf8 ? this.lineChars : this.lineBytes) + 1;
    this.startByteColumn = this.lineBytes + 1;
    this.depth = 0;
    this.blankAfterTag = false;
    this.afterMarker = false;
    this.oversize = false;
  }

  /** A line starts at `at`. */
  private newLine(at: number): void {
    this.lineChars = 0;
    this.lineCharsTo = at;
    this.lineBytes = 0;
    this.lineBadAt = -1;
    this.lineUtf8.need = 0;
  }

  /** Counts the line's text from `lineCharsTo` to `to` into `lineChars` and `lineBytes`, checking it is UTF-8. */
  private countLine(to: number): void {
    const b = this.buf;
    const from = this.lineCharsTo;
    this.lineChars += charCount(b, from, to);
    if (this.lineBadAt < 0) {
      const bad = this.lineUtf8.feed(b, from, to);
      if (bad >= 0) this.lineBadAt = this.lineBytes + bad - from;
    }
    this.lineBytes += to - from;
    this.lineCharsTo = to;
  }

  /** Ends the current game just after its termination marker, at `end`. */
  private endAtMarker(end: number): void {
    this.emit(end);
    this.afterMarker = true;
  }

  private scan(): void {
    const b = this.buf;
    // Keep a margin for look-ahead until the input is complete.
    const limit = this.limit;
    let i = this.pos;
    if (this.utf16) {
      i = this.len;
    } else if (this.first && (this.len >= 3 || this.done) && this.len >= 2 && utf16Bom(b)) {
      // UTF-16 text (FF FE or FE FF first, PGN being 8-bit text, §4.1): read as bytes, every other
      // one a NUL, it would give an error per character. Said once, at the end.
      this.utf16 = true;
      this.first = false;
      i = this.len;
    }
    if (this.first && this.len >= 3) {
      // A UTF-8 byte order mark at the start of the input is no content, nor a column.
      if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
        i = Math.max(i, 3);
        if (this.line === 1 && this.lineCharsTo < 3) this.lineCharsTo = 3;
      }
      this.first = false;
    }
    while (i < limit) {
      let c = b[i]!;
      // Fast paths over runs that need no decision: the inside of comments and tag strings, and
      // movetext symbols (SAN, move numbers) and spaces.
      const inner = this.inner;
      if (inner !== INNER.none || (this.state === S_MOVES && PLAIN[c] === 1)) {
        const start = i;
        if (inner === INNER.none) {
          const depth = this.depth;
          for (; i < limit; i++) {
            c = b[i]!;
            if (PLAIN[c] === 1) continue;
            // `-` and `/` are plain unless they are the second byte of a termination marker.
            if ((c === 45 || c === 47) && (depth > 0 || markerAt(b, i - 1, this.len) === 0)) continue;
            break;
          }
        } else if (inner === INNER.brace) {
          while (i < limit && (c = b[i]!) !== 125 && c !== 10 && c !== 13 && c !== 92) i++;
        } else if (inner === INNER.string) {
          while (i < limit && (c = b[i]!) !== 34 && c !== 92 && c !== 10 && c !== 13) i++;
        } else if (inner === INNER.tag) {
          while (i < limit && (c = b[i]!) !== 34 && c !== 93 && c !== 10 && c !== 13) i++;
        } else if (inner === INNER.lineComment) {
          while (i < limit && (c = b[i]!) !== 10 && c !== 13) i++;
        }
        if (i > start) {
          this.prevCr = false;
          this.atLineStart = false;
          if (inner === INNER.none) this.lineHasContent = true;
          continue;
        }
      }
      // Line accounting (CR LF, LF or CR).
      if (c === 10 || c === 13) {
        if (!(c === 10 && this.prevCr)) {
          this.line++;
          if (!this.lineHasContent && this.inner === INNER.none) {
            if (this.state === S_TAGS) this.blankAfterTag = true;
            else if (this.state === S_BETWEEN) this.afterMarker = false;
            else if (this.state === S_MOVES && this.depth === 0) this.state = S_BLANK;
          } else if (!this.lineHasContent && this.inner >= INNER.tagName) this.blankInTag = true;
          this.lineHasContent = false;
        }
        this.prevCr = c === 13;
        this.newLine(i + 1);
        this.atLineStart = true;
        if (this.inner === INNER.lineComment) this.inner = INNER.none;
        else if (this.inner === INNER.tag || this.inner === INNER.string) this.inner = INNER.none; // broken tag: stop at the line's end
        else if (this.inner >= INNER.tagName) {
          // A tag pair goes on over the line break (§8.1, import format).
          this.tagBroke = true;
          if (this.inner === INNER.tagNameIn) this.inner = INNER.tagValue;
        }
        i++;
        continue;
      }
      this.prevCr = false;
      const lineStart = this.atLineStart;
      this.atLineStart = false;
      switch (this.inner) {
        case INNER.brace:
          if (c === 125) {
            this.inner = INNER.none;
            this.lineHasContent = true;
          } else if (escapeInComment(b, i, this.len)) i++;
          i++;
          continue;
        case INNER.lineComment:
          i++;
          continue;
        case INNER.string:
          if (escapeInTagValue(b, i)) i++;
          else if (c === 34) this.inner = this.strictTag ? INNER.tagClose : INNER.tag;
          i++;
          continue;
        case INNER.tag:
          if (c === 34) this.inner = INNER.string;
          else if (c === 93) this.inner = INNER.none;
          i++;
          continue;
        case INNER.tagName:
        case INNER.tagNameIn:
        case INNER.tagValue:
        case INNER.tagClose: {
          // The tokens of a tag pair as the lexer reads them (its `tag`), whitespace between them.
          const part = this.inner;
          if (isWs(c)) {
            if (part === INNER.tagNameIn) this.inner = INNER.tagValue;
            i++;
            continue;
          }
          let next = -1;
          if ((part === INNER.tagName || part === INNER.tagNameIn) && SYMBOL[c] === 1) next = INNER.tagNameIn;
          else if ((part === INNER.tagNameIn || part === INNER.tagValue) && c === 34) next = INNER.string;
          else if (part === INNER.tagClose && c === 93) next = INNER.none;
          if (next >= 0) {
            this.inner = next;
            this.lineHasContent = true;
            i++;
            continue;
          }
          // Not a tag pair: on its first line it is read leniently to the line's end, as ever;
          // past a line break it ended there, and this byte is read as any other (again).
          if (this.tagBroke) {
            this.inner = INNER.none;
            if (this.blankInTag) this.blankAfterTag = true;
          } else {
            this.inner = INNER.tag;
            this.strictTag = false;
          }
          this.atLineStart = lineStart;
          continue;
        }
      }
      if (lineStart && c === 37) {
        // Escape line (PGN §6): ignored to its end. Between games it starts none: a file or a
        // game may be preceded by escape lines without adding a game of its own.
        this.inner = INNER.lineComment;
        i++;
        continue;
      }
      if (isWs(c)) {
        i++;
        continue;
      }
      if (c >= 0x80) {
        // A space beyond ASCII (`spaceBytes`: a no-break space, or the byte order mark of a file
        // concatenated after another) is whitespace too.
        const space = spaceBytes(b, i, 0, this.len);
        if (space > 0) {
          i += space;
          continue;
        }
      }
      this.lineHasContent = true;
      if (this.state === S_BLANK) {
        // The first content after a blank line in the movetext (rare: off the fast path).
        this.state = S_MOVES;
        if (c === 49 && whiteMoveOne(b, i, this.len) && (this.passed(i) || !noMovetext(b, this.start, i, true))) {
          // `1.` for White after a blank line: White's first move cannot come twice in a
          // mainline, so the previous game lacked its termination marker, and this one its tags
          // (python-chess and chessops end a game at any blank line in its movetext; kokopu
          // writes blank lines between the moves, comments and variations of one game).
          this.emit(i);
          this.begin(i, true);
        }
      }
      if (this.state === S_BETWEEN && this.afterMarker) {
        // A second termination marker right after a game's (`1-0*`, or on the next line) is that
        // game's, as chessops reads it: no game of its own.
        const n = c === 42 ? 1 : markerAt(b, i, this.len);
        if (n > 0) {
          i += n;
          continue;
        }
      }
      if (this.state === S_BETWEEN) {
        this.begin(i, c !== 91);
      } else if (c === 91 && this.state === S_TAGS && this.blankAfterTag && !this.done && tagNameEnd(b, i, this.len) === this.len && this.len - i <= this.maxGameBytes) {
        // Whether this tag pair starts a game depends on its name, which may go on in the next
        // chunk: wait for it (scanning resumes at this `[`).
        break;
      } else if (c === 91 && (this.state === S_MOVES || (this.blankAfterTag && repeatsTag(b, this.start, i, this.len)))) {
        if (this.state === S_MOVES && !this.passed(i) && noMovetext(b, this.start, i, false)) {
          // Comments between games (after a result, before the next tag pair) are no game:
          // read this `[` again as the first byte after a game.
          this.state = S_BETWEEN;
          continue;
        }
        // A tag pair after movetext, or one that names a tag again after a blank line that
        // followed the tags: the previous game lacked its termination marker (or all of its
        // movetext, as in lichess's exports of broadcast rounds not yet played). A new name
        // after the blank line continues the tags: ChessBase writes a blank line after [Event].
        this.emit(i);
        this.begin(i, false);
      }
      if (c === 91) this.blankAfterTag = false;
      switch (c) {
        case 91: {
          // [: a whole tag pair on this line at once, else byte by byte.
          const e = tagPairEnd(b, i, limit);
          if (e > 0) {
            i = e;
            continue;
          }
          this.inner = INNER.tagName;
          this.strictTag = true;
          this.tagBroke = false;
          this.blankInTag = false;
          i++;
          continue;
        }
        case 123: // {
          this.state = S_MOVES;
          this.inner = INNER.brace;
          i++;
          continue;
        case 59: // ;
          this.state = S_MOVES;
          this.inner = INNER.lineComment;
          i++;
          continue;
        case 40: // (
          this.state = S_MOVES;
          this.depth++;
          i++;
          continue;
        case 41: // )
          if (this.depth > 0) this.depth--;
          i++;
          continue;
        case 42: // *
          this.state = S_MOVES;
          i++;
          if (this.depth === 0) this.endAtMarker(i);
          continue;
      }
      this.state = S_MOVES;
      if ((c === 45 || c === 47 || c >= 0x80) && this.depth === 0) {
        // The second byte of a marker whose first byte the fast path took (`1-0`, `1/2-1/2`,
        // `1–0`), or the first of one that starts with `½`.
        const back = markerAt(b, i - 1, this.len);
        const n = back > 0 ? back - 1 : c >= 0x80 ? markerAt(b, i, this.len) : 0;
        if (n > 0) {
          i += n;
          this.endAtMarker(i);
          continue;
        }
      }
      if ((c === 49 || c === 48) && this.depth === 0 && delimitedBefore(b, i)) {
        const n = markerLength(b, i, this.len);
        if (n > 0) {
          i += n;
          this.endAtMarker(i);
          continue;
        }
      }
      i++;
    }
    this.pos = i;
  }
}

/**
 * Whether the tag pair at `at` names a tag that the tag pairs in `b[from..at)` name already
 * (their values, quoted with backslash escapes, are skipped). The input ends at `len`: the bytes
 * beyond are stale.
 */
function repeatsTag(b: Uint8Array, from: number, at: number, len: number): boolean {
  const name = tagNameStart(b, at, len);
  const n = tagNameEnd(b, at, len) - name;
  if (n === 0) return true;
  for (let i = from; i < at; i++) {
    const c = b[i]!;
    if (c === 34) {
      for (i++; i < at && b[i] !== 34 && b[i] !== 10 && b[i] !== 13; i++) if (escapeInTagValue(b, i)) i++;
    } else if (c === 91) {
      const other = tagNameStart(b, i, len);
      let k = 0;
      while (k < n && b[other + k] === b[name + k]) k++;
      if (k === n && !(ALNUM[b[other + n]!] === 1 || b[other + n] === 95)) return true;
    }
  }
  return false;
}

/** The start of the name of the tag pair whose `[` is at `at`: after any whitespace (line breaks too, §8.1), at most `len`. */
function tagNameStart(b: Uint8Array, at: number, len: number): number {
  let i = at + 1;
  while (i < len && isWs(b[i]!)) i++;
  return i;
}

/** The end of that name, at most `len`. */
function tagNameEnd(b: Uint8Array, at: number, len: number): number {
  let i = tagNameStart(b, at, len);
  while (i < len && (ALNUM[b[i]!] === 1 || b[i] === 95)) i++;
  return i;
}

/** Whether `b[i..len)` opens with White's move number 1: `1.` not followed by another period. */
const whiteMoveOne = (b: Uint8Array, i: number, len: number): boolean =>
  i + 1 < len && b[i] === 49 && b[i + 1] === 46 && (i + 2 >= len || b[i + 2] !== 46);

/**
 * Whether `b[from..to)`, the start of a game, holds nothing but whitespace, closed `{…}`
 * comments, `;` comments, escape lines and, if `tags`, tag pairs (their values quoted with
 * backslash escapes; a pair ends at `]` or the line's end): so no movetext. Only asked on rare
 * paths (a game that began with a comment meets a tag pair or the end of the input; `1.` after a
 * blank line in movetext), so its cost is no concern.
 */
function noMovetext(b: Uint8Array, from: number, to: number, tags: boolean): boolean {
  let i = from;
  while (i < to) {
    const c = b[i]!;
    if (isWs(c)) i++;
    else if (c >= 0x80 && spaceBytes(b, i, from, to) > 0) i += spaceBytes(b, i, from, to);
    else if (c === 123) {
      i = commentEnd(b, i, to);
      if (i >= to) return false;
      i++;
    } else if (c === 59 || (c === 37 && i > from && (b[i - 1] === 10 || b[i - 1] === 13))) {
      // (A `%` that began the game is not at a line's start, or it would have been an escape line.)
      while (i < to && b[i] !== 10 && b[i] !== 13) i++;
    } else if (c === 91 && tags) {
      const e = readTagPair(b, i, to, scratchTag);
      if (e > 0) {
        i = e;
        continue;
      }
      // Not a whole tag pair of tokens: as the scanner reads it, to its `]` or its line's end.
      for (i++; i < to && b[i] !== 93 && b[i] !== 10 && b[i] !== 13; i++) {
        if (b[i] === 34) for (i++; i < to && b[i] !== 34 && b[i] !== 10 && b[i] !== 13; i++) if (escapeInTagValue(b, i)) i++;
      }
      i++;
    } else return false;
  }
  return true;
}

/** Where `readTagPair` found a tag pair's parts, or where and why it found none. */
export interface TagPairParts {
  nameStart: number;
  nameEnd: number;
  /** The raw value (escapes not yet removed). */
  valueStart: number;
  valueEnd: number;
  /** Whether a line break stands between its tokens. */
  tagLines: boolean;
  /** What is missing, and the offset where it was awaited. */
  tagFault: string;
  tagFaultAt: number;
}

/**
 * `[Name "value"]` (§8.1), its `[` at `i`, ending before `end`: the offset after its `]`, its
 * parts in `out`; else -1, what is missing in `out`. Import format may spread a tag pair over
 * lines (§8.1: "may even have a tag pair spanning more than a single line"): any whitespace, line
 * breaks too, may stand between its four tokens, never inside the value (a string holds no line
 * break, §7).
 */
export function readTagPair(b: Uint8Array, i: number, end: number, out: TagPairParts): number {
  out.tagLines = false;
  let j = tagSpace(b, i + 1, end, out);
  const ns = j;
  while (j < end && SYMBOL[b[j]!] === 1) j++;
  if (j === ns) return tagFault(out, i, 'missing tag name');
  out.nameStart = ns;
  out.nameEnd = j;
  j = tagSpace(b, j, end, out);
  if (j >= end || b[j] !== 34) return tagFault(out, Math.min(j, end - 1), 'missing tag value');
  j++;
  const vs = j;
  while (j < end && b[j] !== 34 && b[j] !== 10 && b[j] !== 13) j += escapeInTagValue(b, j) ? 2 : 1;
  if (j >= end || b[j] !== 34) return tagFault(out, Math.min(j, end - 1), 'unterminated tag value');
  out.valueStart = vs;
  out.valueEnd = j;
  j = tagSpace(b, j + 1, end, out);
  if (j >= end || b[j] !== 93) return tagFault(out, Math.min(j, end - 1), "missing ']' after tag");
  return j + 1;
}

function tagFault(out: TagPairParts, at: number, message: string): number {
  out.tagFault = message;
  out.tagFaultAt = at;
  return -1;
}

/** The offset after the whitespace from `j` inside a tag pair; notes a line break in `tagLines`. */
function tagSpace(b: Uint8Array, j: number, end: number, out: TagPairParts): number {
  for (let c: number; j < end && isWs((c = b[j]!)); j++) if (c === 10 || c === 13) out.tagLines = true;
  return j;
}

/** `noMovetext`'s tag pair, its parts unused. */
const scratchTag: TagPairParts = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, tagLines: false, tagFault: '', tagFaultAt: 0 };

/**
 * The offset after the `]` of a tag pair `[Name "value"]` that starts at `i` and ends on the same
 * line before `limit` (escapes: `escapeInTagValue`), else -1: the byte-by-byte states would read
 * the same bytes the same way.
 */
function tagPairEnd(b: Uint8Array, i: number, limit: number): number {
  let j = i + 1;
  let c = 0;
  while (j < limit && (c = b[j]!) !== 34 && c !== 93 && c !== 10 && c !== 13) j++;
  if (j >= limit || c !== 34) return -1;
  j++;
  while (j < limit && (c = b[j]!) !== 34 && c !== 10 && c !== 13) j += escapeInTagValue(b, j) ? 2 : 1;
  if (j >= limit || c !== 34) return -1;
  j++;
  while (j < limit && (c = b[j]!) !== 34 && c !== 93 && c !== 10 && c !== 13) j++;
  return j < limit && c === 93 ? j + 1 : -1;
}

/** Length of the termination marker starting at `i` after a delimiter (or at the start), else 0. */
const markerAt = (b: Uint8Array, i: number, len: number): number =>
  i >= 0 && MARKER_START[b[i]!] === 1 && delimitedBefore(b, i) ? markerLength(b, i, len) : 0;

/**
 * Bytes of a half, `1/2` or `½` (UTF-8, or Latin-1's byte 0xBD), at `k` before `len`, else 0.
 * typography.ts reads `½` as `1/2` in termination markers.
 */
function halfBytes(b: Uint8Array, k: number, len: number): number {
  if (k + 2 < len && b[k] === 49 && b[k + 1] === 47 && b[k + 2] === 50) return 3;
  if (k + 1 < len && b[k] === 0xc2 && b[k + 1] === 0xbd) return 2;
  return k < len && b[k] === 0xbd ? 1 : 0;
}

/**
 * Length in bytes of the termination marker `1-0`, `0-1` or `1/2-1/2` (PGN standard §8.2.6) at
 * `i`, in ASCII or in the typographic forms typography.ts reads (any of its dashes, `½` for a
 * half: `1–0`, `½-½`, at most 9 bytes), followed by a delimiter or by the end at `len`; else 0.
 */
export function markerLength(b: Uint8Array, i: number, len: number): number {
  let n = 0;
  const c = b[i];
  if (c === 49 || c === 48) {
    const dash = i + 1 < len ? dashBytes(b, i + 1, len) : 0;
    if (dash > 0 && i + 1 + dash < len && b[i + 1 + dash] === (c === 49 ? 48 : 49)) n = 2 + dash;
  }
  if (n === 0) {
    const half = halfBytes(b, i, len);
    const dash = half > 0 && i + half < len ? dashBytes(b, i + half, len) : 0;
    const other = dash > 0 ? halfBytes(b, i + half + dash, len) : 0;
    if (other > 0) n = half + dash + other;
  }
  if (n === 0) return 0;
  const next = i + n < len ? b[i + n]! : 32;
  return isDelim(next) || next === 42 || spaceBytes(b, i + n, i, len) > 0 ? n : 0;
}
