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
import { applyMoveKeyless, applyMoveOfRoleKeyless, applyNullMove } from '../chess/play.js';
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
import type { VariantPosition } from '../variants/lichess/position.js';
import { playVariantSan, variantGameStart } from './pgn-variant.js';
import { isNullMoveText, resolveMove, resolveSan, SAN_SYNTAX, sanErrorKind, sanErrorMessage, sanKindMessage } from './san.js';
import { normalizeTypography } from './typography.js';

/**
 * A position as a checked reader tells it: a chess one (`Position`: standard chess and
 * Chess960) or, for a game whose `[Variant]` names a lichess variant, a `VariantPosition`. Both
 * have `words`, `chess960`, `board`, `turn`, `halfmoves`, `fullmoves`, `isCheck()`,
 * `legalMoves()`, `countLegalMoves()`, `dests()`, `legalEpSquare()` and `toSetup()`; only a
 * variant one has `rules`, `fen()` and `outcome()` (for a chess one: `makeFen`,
 * `positionOutcome`). Tell them apart with `instanceof Position` or `'rules' in pos`.
 */
export type PgnPosition = Position | VariantPosition;

/**
 * What a reader tells about each game, in the order of the text. Every method is optional. A
 * game's calls are `beginGame`, its tags, `endTags` (with the starting position), then the
 * movetext's moves, NAGs, comments and variations, its marker, and last either `endGame` or
 * `error` (the game is broken there; nothing of it is told after the error).
 *
 * The positions told are `Position`s for standard chess and Chess960, and `VariantPosition`s for
 * the games of the seven lichess variants (`[Variant "Crazyhouse"]`, …), whose every move,
 * variations included, is checked by the variant's rules: a visitor that handles chess only
 * tests `pos instanceof Position` (or skips such games in `endTags`).
 */
export interface PgnVisitor {
  /** Game number `game` (1-based) starts. False: skip it, nothing more of it is told. */
  beginGame?(game: number): boolean | void;
  /** A tag pair, its value's escapes removed (PGN §8.1.1). */
  tag?(name: string, value: string): void;
  /**
   * The tags are read and give the starting position (null when read with `validate: false`): a
   * `Position`, or a `VariantPosition` for a lichess variant's game (`PgnPosition`). It is told
   * before the first token of the movetext, or at the end of a game without one. False: skip the
   * rest of the game: nothing more of it is told.
   */
  endTags?(start: PgnPosition | null): boolean | void;
  /**
   * A move as written (typographic dashes read as `-`: `O-O`), and the position after it
   * (null when read with `validate: false`; a `VariantPosition` in a lichess variant's game). A
   * chess position is the reader's own: valid during the call only, it changes as the game goes
   * on (copy its words to keep it); a variant position is not changed afterwards.
   */
  move?(san: string, after: PgnPosition | null): void;
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
  /** In a lichess variant's game (checked), the position before its last move and the current one instead. */
  variantBefore: VariantPosition | null;
  variant: VariantPosition | null;
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

/** `GameVisitReader.faultFrom`: no fault (or the marker was read), a fault of the lexer outside and among the tags, any other. */
const NO_FAULT = 0;
export const LEXER_FAULT = 1;
export const TAG_FAULT = 2;
const OTHER_FAULT = 3;

/** Reads games for visitors, one after the other, with one set of buffers. */
export class GameVisitReader {
  private readonly lexer = new PgnLexer();
  /** Levels by depth, kept from game to game (their buffers are reused). */
  private readonly levels: Level[] = [];
  private readonly validate: boolean;
  private readonly maxGameBytes: number;
  /**
   * After `read`, for the mainline replay (`pgn-replay.ts`): whether a fault was the lexer's
   * (`LEXER_FAULT`, `TAG_FAULT` among the tags) and how to find the marker of a broken game
   * (`markerAfterFault`): from the token at fault or the next one, at what variation depth.
   * @internal
   */
  faultFrom = NO_FAULT;
  private faultDepth = 0;
  private faultAtToken = false;
  private faultToken = T_END;
  /** The last game's Variant tag (value unescaped), as far as read. @internal */
  variantTag: string | undefined;
  /** Its FEN tag. @internal */
  fenTag: string | undefined;
  /** Its Result tag. @internal */
  resultTag: string | undefined;
  private isChess960 = false;
  /** Whether the last game read is a lichess variant's, checked: its levels play `VariantPosition`s (pgn-variant.ts) instead of words. */
  private isVariant = false;
  /** The line and the visitor (if it takes the moves' text) of the fast path's moves (`plainMove`). */
  private runLine: Level | undefined;
  private runVisitor: PgnVisitor | undefined;

  /**
   * The mainline replay's way (`mainline`, internal: pgn-replay.ts): every variation is passed
   * over without asking the visitor (so no move keeps the position before it), and what the tree
   * reader refuses where the splitter and the lexer read a marker apart (`0-1!`: no marker for
   * the splitter, which ends no game there) is read on: movetext after the marker (the last
   * marker counts) and a tag pair after movetext (ignored).
   */
  private readonly mainline: boolean;

  constructor(options: VisitOptions = {}, mainline = false) {
    this.mainline = mainline;
    this.validate = options.validate !== false;
    this.maxGameBytes = checkMaxGameBytes(options.maxGameBytes);
  }

  private level(depth: number): Level {
    while (this.levels.length <= depth) {
      this.levels.push({ moves: 0, before: new Int32Array(WORDS), current: new Int32Array(WORDS), view: null, variantBefore: null, variant: null });
    }
    const l = this.levels[depth]!;
    l.moves = 0;
    return l;
  }

  /** Moves read in the mainline of the last game read, up to its end or fault. @internal */
  get mainlinePlies(): number {
    return this.levels[0]?.moves ?? 0;
  }

  /** The mainline's position (words) where the last game read ended or broke. @internal */
  get mainlineWords(): Int32Array {
    return this.level0().current;
  }

  private level0(): Level {
    if (this.levels.length === 0) this.level(0);
    return this.levels[0]!;
  }

  /**
   * For a lichess variant's game, the mainline's position where the last game read ended or
   * broke (undefined for any other game, or before its movetext). @internal
   */
  get mainlineVariant(): VariantPosition | undefined {
    return this.isVariant ? (this.level0().variant ?? undefined) : undefined;
  }

  /** Whether the last game read is a Chess960 game (from its tags). @internal */
  get chess960(): boolean {
    return this.isChess960;
  }

  /**
   * The termination marker of the last game read, when it broke before reaching it: the game's
   * last token if that is a marker at depth 0 (the splitter ends a game just after its marker),
   * counted from the fault on. Read on demand: the mainline replay reports it.
   * @internal
   */
  markerAfterFault(): string | undefined {
    if (this.faultFrom === NO_FAULT) return undefined;
    const lx = this.lexer;
    let depth = this.faultDepth;
    let marker: string | undefined;
    for (let t = this.faultAtToken ? this.faultToken : lx.next(); t !== T_END; t = lx.next()) {
      if (t === T_OPEN) depth++;
      else if (t === T_CLOSE && depth > 0) depth--;
      marker = t === T_RESULT && depth === 0 ? resultText(lx.buf, lx.start, lx.stop) : undefined;
    }
    this.faultFrom = NO_FAULT;
    return marker;
  }

  /**
   * The fast path of the movetext: plays the moves of the current line that the lexer's fast
   * path (`PgnLexer.plainRun`) reads, for as long as they resolve. A move that does not is left
   * to `next`, which reports it.
   */
  private plainRun(line: Level, visitor: PgnVisitor, wantsText: boolean, skipNags: boolean, skipComments: boolean): void {
    this.runLine = line;
    this.runVisitor = wantsText ? visitor : undefined;
    this.lexer.plainRun(this, skipNags, skipComments);
  }

  /** A move of the fast path (the lexer's `PlainMoveSink`), played if it resolves. @internal */
  plainMove(b: Uint8Array, start: number, stop: number, role: number, fromFile: number, toFile: number, toRank: number): boolean {
    const line = this.runLine!;
    const w = line.current;
    const code = role >= 0 ? resolveMove(w, role, fromFile, -1, toFile, toRank, 0) : resolveSan(w, b, start, stop);
    if (code < 0) return false;
    if (!this.mainline) line.before.set(w);
    if (role >= 0) applyMoveOfRoleKeyless(w, 0, code, role);
    else applyMoveKeyless(w, 0, code);
    line.moves++;
    this.runVisitor?.move!(normalizeTypography(decodeText(b, start, stop)), line.view);
    return true;
  }

  /** Reads one game (a slice from the splitter), game number `game`, telling `visitor`. */
  read(slice: GameSlice, game: number, visitor: PgnVisitor): void {
    this.level0().moves = 0;
    this.faultFrom = NO_FAULT;
    this.isChess960 = false;
    this.isVariant = false;
    if (visitor.beginGame?.(game) === false) return;
    const fault = this.readGame(slice, game, visitor);
    if (fault === undefined) {
      this.faultFrom = NO_FAULT;
      visitor.endGame?.(game);
    } else if (fault !== null) visitor.error?.(fault);
  }

  /** The game's error, or undefined when it was read whole, or null when the visitor skipped its rest (after `endTags`). */
  private readGame(slice: GameSlice, game: number, visitor: PgnVisitor): PgnError | null | undefined {
    if (slice.tooLong === true) return { kind: 'limit', game, line: slice.line, column: slice.column, message: tooLongMessage(this.maxGameBytes), san: null };
    if (slice.utf16 === true) return { kind: 'syntax', game, line: slice.line, column: slice.column, message: UTF16_MESSAGE, san: null };
    const validate = this.validate;
    const lx = this.lexer;
    lx.reset(slice.buf, slice.start, slice.end);
    this.faultFrom = OTHER_FAULT;
    this.faultDepth = 0;
    this.faultAtToken = false;
    const wantsText = visitor.move !== undefined;
    let variant: string | undefined;
    let fen: string | undefined;
    this.variantTag = undefined;
    this.fenTag = undefined;
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
      // A lichess variant's game is played with its positions, level by level (pgn-variant.ts).
      const variantStart = variantGameStart(variant, fen);
      if (variantStart !== undefined) {
        if (!variantStart.ok) {
          this.faultAtToken = true;
          return fail('fen', variantStart.error.message, null, fenAt);
        }
        this.isVariant = true;
        line.variant = variantStart.value;
        line.variantBefore = null;
        return visitor.endTags?.(variantStart.value) !== false;
      }
      const start = startingPosition(variant, fen);
      if (!start.ok) {
        // A refusal points at the tag at fault (for a Chess960 game without FEN, its Variant tag).
        const at = start.error.kind === 'variant' || fen === undefined ? variantAt : fenAt;
        this.faultAtToken = true;
        return fail(start.error.kind, start.error.message, null, at);
      }
      line.current.set(start.value.words);
      chess960 = start.value.chess960;
      this.isChess960 = chess960;
      line.view = Position.fromWordsUnchecked(line.current, chess960);
      return visitor.endTags?.(line.view) !== false;
    };

    this.resultTag = undefined;
    // Plain runs of the movetext are read on the fast path (`plainRun`) when moves are checked.
    const fast = validate;
    const skipNags = visitor.nag === undefined;
    const skipComments = visitor.comment === undefined;
    for (;;) {
      if (fast && movetext && (!marker || this.mainline) && !this.isVariant) this.plainRun(line, visitor, wantsText, skipNags, skipComments);
      const t = lx.next();
      if (t === T_END) break;
      if (t === T_TAG) {
        if (movetext) {
          if (this.mainline) continue;
          return fail('syntax', 'tag pair after movetext', null);
        }
        // The last pair of a name counts (`tagValue`). Other tags are decoded only for a visitor that takes them.
        if (lx.tagIs('Variant')) {
          variantAt = lx.start;
          variant = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
        } else if (lx.tagIs('FEN')) {
          fenAt = lx.start;
          fen = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
        } else if (lx.tagIs('Result')) this.resultTag = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
        this.variantTag = variant;
        this.fenTag = fen;
        visitor.tag?.(decodeText(lx.buf, lx.nameStart, lx.nameEnd), decodeText(lx.buf, lx.valueStart, lx.valueEnd, true));
        continue;
      }
      if (t === T_ERROR) {
        this.faultFrom = lx.errorInTag ? TAG_FAULT : LEXER_FAULT;
        return fail('syntax', lx.error, null);
      }
      if (!movetext) {
        this.faultToken = t;
        const started = startMovetext();
        if (started === false) return null;
        if (started !== true) return started;
      }
      if (marker && !this.mainline) return fail('syntax', 'movetext after the termination marker', null);
      switch (t) {
        case T_SAN: {
          // As read, but for typographic dashes (`O‑O` is kept as `O-O`); an error quotes the text
          // as written, as the mainline replay's does, shortened (a word of megabytes would be
          // written twice).
          // The text is decoded only for a visitor that takes it, or for an error.
          if (this.isVariant) {
            const written = decodeText(lx.buf, lx.start, lx.stop);
            const after = playVariantSan(line.variant!, written);
            if (!after.ok) return fail(after.error.kind, sanKindMessage(after.error.kind, shortQuote(written)), shortQuote(written));
            line.variantBefore = line.variant;
            line.variant = after.value;
            line.moves++;
            if (wantsText) visitor.move!(normalizeTypography(written), after.value);
            break;
          }
          if (validate) {
            const code = resolveSan(line.current, lx.buf, lx.start, lx.stop);
            if (code < 0) {
              const text = decodeText(lx.buf, lx.start, lx.stop);
              if (!isNullMoveText(normalizeTypography(text))) return fail(sanErrorKind(code), sanErrorMessage(code, shortQuote(text)), shortQuote(text));
              line.before.set(line.current);
              if (!applyNullMove(line.current, 0)) return fail('illegal', `null move '${shortQuote(text)}' while in check`, shortQuote(text));
            } else {
              line.before.set(line.current);
              // A Position keeps no key (`polyglotKey` computes it when asked).
              applyMoveKeyless(line.current, 0, code);
            }
            line.moves++;
            if (wantsText) visitor.move!(normalizeTypography(decodeText(lx.buf, lx.start, lx.stop)), line.view);
            break;
          }
          const text = decodeText(lx.buf, lx.start, lx.stop);
          const san = normalizeTypography(text);
          if (!readsAsOneMove(san)) {
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
          // Decoded only for a visitor that takes comments.
          if (skipComments) break;
          const raw = decodeText(lx.buf, lx.valueStart, lx.valueEnd);
          visitor.comment!(normalizeComment(lx.braced ? unescapeComment(raw) : raw));
          break;
        }
        case T_OPEN: {
          if (line.moves === 0) {
            this.faultDepth = 1;
            return fail('syntax', 'variation before any move', null);
          }
          if (this.mainline || visitor.beginVariation?.() === false) {
            const fault = this.skipVariation(fail);
            if (fault !== undefined) return fault;
            break;
          }
          const parent = line;
          line = this.level(++depth);
          if (this.isVariant) {
            line.variant = parent.variantBefore;
            line.variantBefore = null;
            line.view = null;
          } else if (validate) {
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
      this.faultToken = T_END;
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
