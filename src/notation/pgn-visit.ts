/**
 * Reading PGN through a visitor: the reader walks each game's tokens, checks every move against
 * its position, and tells the visitor what it meets — tags, the starting position, moves with
 * the position after each, NAGs, comments, the bounds of variations, the termination marker, the
 * game's end or its error with line and column. The visitor builds what it needs (the tree
 * reader's `parsePgn` is one such visitor) and may skip a game or a variation.
 *
 * ```ts
 * let positions = 0;
 * await visitPgn(openPgn('games.pgn.gz'), { beginVariation: () => false, move: () => void positions++ });
 * ```
 */
import { WORDS } from '../chess/layout.js';
import { applyMoveKeyless, applyNullMove } from '../chess/play.js';
import { Position } from '../chess/position.js';
import type { PgnError, PgnErrorKind } from './pgn-game.js';
import {
  decodeText,
  hasMoveShape,
  PgnLexer,
  readsAsOneMove,
  resultText,
  shortQuote,
  T_CLOSE,
  T_COMMENT,
  T_END,
  T_ERROR,
  T_NAG,
  T_OPEN,
  T_RESULT,
  T_SAN,
  T_TAG,
  unescapeComment,
} from './pgn-lex.js';
import { pgnGameBatches, pgnGamesSync, type PgnChunk, type PgnSource } from './pgn-source.js';
import { checkMaxGameBytes, tooLongMessage, UTF16_MESSAGE, type GameSlice } from './pgn-split.js';
import { startingPosition } from './pgn-start.js';
import { isNullMoveText, resolveSan, SAN_SYNTAX, sanErrorKind, sanErrorMessage } from './san.js';
import { normalizeTypography } from './typography.js';

/**
 * What a reader tells about each game, in the order of the text. Every method is optional. A
 * game's calls are `beginGame`, its tags, `endTags` (with the starting position), then the
 * movetext's moves, NAGs, comments and variations, its marker, and last either `endGame` or
 * `error` (the game is broken there; nothing of it is told after the error).
 */
export interface PgnVisitor {
  /** Game number `game` (1-based) starts. False: skip it, nothing more of it is told. */
  beginGame?(game: number): boolean | void;
  /** A tag pair, its value's escapes removed (PGN §8.1.1). */
  tag?(name: string, value: string): void;
  /**
   * The tags are read and give the starting position (null when read with `validate: false`).
   * It is told before the first token of the movetext, or at the end of a game without one.
   * False: skip the rest of the game: nothing more of it is told.
   */
  endTags?(start: Position | null): boolean | void;
  /**
   * A move as written (typographic dashes read as `-`: `O-O`), and the position after it
   * (null when read with `validate: false`). The position is the reader's own: valid during the
   * call only, it changes as the game goes on (copy its words to keep it).
   */
  move?(san: string, after: Position | null): void;
  /** A NAG (`$n`, or a suffix such as `!?`, PGN §8.2.3.8), after the move it annotates, or before a line's first move. */
  nag?(nag: number): void;
  /** A comment, trimmed, each run of whitespace one space (as the tree keeps it). */
  comment?(text: string): void;
  /**
   * A variation starts: an alternative to the last move told at this level (PGN §8.2.5). False:
   * skip it whole (only its bounds are read; nothing in it is told, nor its end).
   */
  beginVariation?(): boolean | void;
  /** The variation begun last (and not skipped) ends. */
  endVariation?(): void;
  /** The game's termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), as written or read from a typographic form. */
  result?(marker: string): void;
  /** The game ends, read whole. */
  endGame?(game: number): void;
  /** The game is broken, or refused for its tags: where and why. Its last call. */
  error?(error: PgnError): void;
}

/** How a game is read: checked or not, and the per-game size limit. */
export interface VisitOptions {
  /** Check every move against its position (default true); without, positions are null. */
  readonly validate?: boolean;
  /**
   * The bytes a game may take (default `DEFAULT_MAX_GAME_BYTES`, 64 MiB): a longer one is a
   * `limit` error, and reading goes on with the next game. Reading a stream holds no more.
   */
  readonly maxGameBytes?: number;
}

/** A line being read: the main line or a variation, with its positions when validating. */
interface Level {
  /** Moves read in it so far. */
  moves: number;
  /** The position before its last move, and the current one (words), and a view of the current one. */
  readonly before: Int32Array;
  readonly current: Int32Array;
  view: Position | null;
}

/**
 * A comment as stored: `text.replace(/\s+/g, ' ').trim()`, each run of whitespace one space. The
 * lexer already leaves out ASCII whitespace at the ends, and most comments (lichess' clock
 * comments) need nothing more, so the replace runs only where a run longer than one space, or a
 * whitespace character other than the space, is found.
 */
const normalizeComment = (text: string): string => {
  const trimmed = text.trim();
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
};

/** Reads games for visitors, one after the other, with one set of buffers. */
export class GameVisitReader {
  private readonly lexer = new PgnLexer();
  /** Levels by depth, kept from game to game (their buffers are reused). */
  private readonly levels: Level[] = [];
  private readonly validate: boolean;
  private readonly maxGameBytes: number;

  constructor(options: VisitOptions = {}) {
    this.validate = options.validate !== false;
    this.maxGameBytes = checkMaxGameBytes(options.maxGameBytes);
  }

  private level(depth: number): Level {
    while (this.levels.length <= depth) this.levels.push({ moves: 0, before: new Int32Array(WORDS), current: new Int32Array(WORDS), view: null });
    const l = this.levels[depth]!;
    l.moves = 0;
    return l;
  }

  /** Reads one game (a slice from the splitter), game number `game`, telling `visitor`. */
  read(slice: GameSlice, game: number, visitor: PgnVisitor): void {
    if (visitor.beginGame?.(game) === false) return;
    const fault = this.readGame(slice, game, visitor);
    if (fault === undefined) visitor.endGame?.(game);
    else if (fault !== null) visitor.error?.(fault);
  }

  /** The game's error, or undefined when it was read whole, or null when the visitor skipped its rest (after `endTags`). */
  private readGame(slice: GameSlice, game: number, visitor: PgnVisitor): PgnError | null | undefined {
    if (slice.tooLong === true) return { kind: 'limit', game, line: slice.line, column: slice.column, message: tooLongMessage(this.maxGameBytes), san: null };
    if (slice.utf16 === true) return { kind: 'syntax', game, line: slice.line, column: slice.column, message: UTF16_MESSAGE, san: null };
    const validate = this.validate;
    const lx = this.lexer;
    lx.reset(slice.buf, slice.start, slice.end);
    let variant: string | undefined;
    let fen: string | undefined;
    let variantAt = slice.start;
    let fenAt = slice.start;
    let movetext = false;
    let marker = false;
    let chess960 = false;
    let depth = 0;
    let line = this.level(0);

    const fail = (kind: PgnErrorKind, message: string, san: string | null, at = lx.start): PgnError => {
      const where = lx.locate(at, slice);
      return { kind, game, line: where.line, column: where.column, message, san };
    };
    /** The movetext begins: the start from the tags, or why there is none; false if the visitor skips the game. */
    const startMovetext = (): PgnError | boolean => {
      movetext = true;
      if (!validate) return visitor.endTags?.(null) !== false;
      const start = startingPosition(variant, fen);
      if (!start.ok) {
        // A refusal points at the tag at fault (for a Chess960 game without FEN, its Variant tag).
        const at = start.error.kind === 'variant' || fen === undefined ? variantAt : fenAt;
        return fail(start.error.kind, start.error.message, null, at);
      }
      line.current.set(start.value.words);
      chess960 = start.value.chess960;
      line.view = Position.fromWordsUnchecked(line.current, chess960);
      return visitor.endTags?.(line.view) !== false;
    };

    for (;;) {
      const t = lx.next();
      if (t === T_END) break;
      if (t === T_TAG) {
        if (movetext) return fail('syntax', 'tag pair after movetext', null);
        const name = decodeText(lx.buf, lx.nameStart, lx.nameEnd);
        const value = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
        // The last pair of a name counts (`tagValue`).
        if (name === 'Variant') {
          variantAt = lx.start;
          variant = value;
        } else if (name === 'FEN') {
          fenAt = lx.start;
          fen = value;
        }
        visitor.tag?.(name, value);
        continue;
      }
      if (t === T_ERROR) return fail('syntax', lx.error, null);
      if (!movetext) {
        const started = startMovetext();
        if (started === false) return null;
        if (started !== true) return started;
      }
      if (marker) return fail('syntax', 'movetext after the termination marker', null);
      switch (t) {
        case T_SAN: {
          // As read, but for typographic dashes (`O‑O` is kept as `O-O`); an error quotes the text
          // as written, as the mainline replay's does, shortened (a word of megabytes would be
          // written twice).
          const text = decodeText(lx.buf, lx.start, lx.stop);
          const san = normalizeTypography(text);
          if (validate) {
            const code = resolveSan(line.current, lx.buf, lx.start, lx.stop);
            if (code < 0 && !isNullMoveText(san)) return fail(sanErrorKind(code), sanErrorMessage(code, shortQuote(text)), shortQuote(text));
            line.before.set(line.current);
            // A Position keeps no key (`polyglotKey` computes it when asked).
            if (code >= 0) applyMoveKeyless(line.current, 0, code);
            else if (!applyNullMove(line.current, 0)) return fail('illegal', `null move '${shortQuote(text)}' while in check`, shortQuote(text));
          } else if (!readsAsOneMove(san)) {
            // Unchecked, a word that the lexer cuts into no move (`N½-½`: `N` and a marker, `0e.p.`)
            // would be a move that the writer cannot write back as itself (`N` reads as a NAG): refused.
            return fail('syntax', `'${shortQuote(text)}' is not a move that PGN can write back`, shortQuote(text));
          } else if (!hasMoveShape(san)) {
            // Unchecked, a move must still look like one (`+` alone is none).
            return fail('syntax', sanErrorMessage(SAN_SYNTAX, shortQuote(text)), shortQuote(text));
          }
          line.moves++;
          visitor.move?.(san, line.view);
          break;
        }
        case T_NAG:
          visitor.nag?.(lx.nag);
          break;
        case T_COMMENT: {
          const raw = decodeText(lx.buf, lx.valueStart, lx.valueEnd);
          visitor.comment?.(normalizeComment(lx.braced ? unescapeComment(raw) : raw));
          break;
        }
        case T_OPEN: {
          if (line.moves === 0) return fail('syntax', 'variation before any move', null);
          if (visitor.beginVariation?.() === false) {
            const fault = this.skipVariation(fail);
            if (fault !== undefined) return fault;
            break;
          }
          const parent = line;
          line = this.level(++depth);
          if (validate) {
            line.current.set(parent.before);
            line.view = Position.fromWordsUnchecked(line.current, chess960);
          } else line.view = null;
          break;
        }
        case T_CLOSE:
          if (depth === 0) return fail('syntax', "')' without a variation", null);
          line = this.levels[--depth]!;
          visitor.endVariation?.();
          break;
        case T_RESULT:
          if (depth > 0) return fail('syntax', 'termination marker inside a variation', null);
          marker = true;
          visitor.result?.(resultText(lx.buf, lx.start, lx.stop));
          break;
      }
    }
    if (depth > 0) return fail('syntax', 'unterminated variation', null, slice.end);
    // Glyphs of a game without moves (`$1 *`) annotate nothing; a game without movetext still
    // has a starting position (and may be refused for its tags).
    if (!movetext) {
      const started = startMovetext();
      if (started === false) return null;
      if (started !== true) return started;
    }
    return undefined;
  }

  /**
   * Reads on to the `)` that closes the variation just opened, as the mainline replay passes over
   * variations: only their bounds, and an unterminated comment, which runs to the game's end.
   */
  private skipVariation(fail: (kind: PgnErrorKind, message: string, san: string | null, at?: number) => PgnError): PgnError | undefined {
    const lx = this.lexer;
    for (let depth = 1; ;) {
      const t = lx.next();
      if (t === T_END) return fail('syntax', 'unterminated variation', null, lx.end);
      if (t === T_OPEN) depth++;
      else if (t === T_CLOSE && --depth === 0) return undefined;
      else if (t === T_ERROR && lx.error === 'unterminated comment') return fail('syntax', lx.error, null);
    }
  }
}

/**
 * Reads every game of a source (a string, bytes, or any (async) iterable of chunks: a file or
 * `.gz` stream, a `fetch` body) for `visitor`, in order; resolves when the input ends. Memory
 * stays within about the current game (`maxGameBytes`). If the source throws, so does this.
 */
export async function visitPgn(source: PgnSource, visitor: PgnVisitor, options: VisitOptions = {}): Promise<void> {
  const reader = new GameVisitReader(options);
  let n = 0;
  for await (const batch of pgnGameBatches(source, options.maxGameBytes)) for (const slice of batch) reader.read(slice, ++n, visitor);
}

/** The same, synchronously, for a whole text or buffer. */
export function visitPgnSync(source: PgnChunk, visitor: PgnVisitor, options: VisitOptions = {}): void {
  const reader = new GameVisitReader(options);
  let n = 0;
  for (const slice of pgnGamesSync(source, options.maxGameBytes)) reader.read(slice, ++n, visitor);
}
