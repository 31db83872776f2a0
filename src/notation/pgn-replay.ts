/**
 * Mainline replay of PGN games: each game's tags give its starting position, each mainline SAN
 * is resolved on one preallocated position (`resolveSan`: only the pieces that can reach the
 * target are looked at) and played in place, without the Zobrist key (recomputed once at the
 * end). Runs of plain moves, `{…}` comments and variations are read straight from the bytes;
 * anything else goes through the tokenizer. A plain game is read once: where the splitter
 * pauses, before the splitter has scanned it (`SplitReplay`). A refused or broken game yields a
 * record with the error's line, column, message and move text; the next game is read as usual.
 */
import { WORDS } from '../chess/layout.js';
import { applyMoveKeyless, applyMoveOfRoleKeyless, applyNullMove, refreshKey } from '../chess/play.js';
import { Position } from '../chess/position.js';
import { BISHOP, KING, KNIGHT, QUEEN, ROOK } from '../chess/types.js';
import { makeFen } from './fen.js';
import { decodeText, PgnLexer, resultText, shortQuote, SYMBOL, T_CLOSE, T_END, T_ERROR, T_OPEN, T_RESULT, T_SAN, T_TAG, WS } from './pgn-lex.js';
import { checkMaxGameBytes, escapeInComment, PgnSplitter, tooLongMessage, UTF16_MESSAGE, whiteMoveOne, type GameSlice } from './pgn-split.js';
import { ChunkEncoder, toBytes, type PgnChunk, type PgnSource } from './pgn-source.js';
import { startingPosition } from './pgn-start.js';
import { variantGameStart, type VariantLine } from './pgn-variant.js';
import { isNullMoveText, resolveMove, resolveSan, sanErrorKind, sanErrorMessage } from './san.js';
import { normalizeTypography } from './typography.js';
import type { PgnErrorKind } from './pgn-game.js';

/** Why a replayed game stopped: typed, with its place in the input. */
export interface ReplayError {
  /** The kind of fault, as the tree reader's `PgnError` gives it for the same game. */
  readonly kind: PgnErrorKind;
  /** 1-based line of the fault in the input. */
  readonly line: number;
  /** 1-based column of the fault, in characters. */
  readonly column: number;
  /** What is wrong, as one sentence. */
  readonly message: string;
  /** The move text at fault, or null when the game is refused before any move. */
  readonly san: string | null;
}

/** One line of `caissa pgn replay --jsonl`. */
export interface ReplayRecord {
  /** 1-based game number in the input. */
  readonly game: number;
  /** Plies played (before the error, for a broken game). */
  readonly plies: number;
  /**
   * FEN of the final position (of the last position reached, for a broken game); null if the
   * game is refused for its tags, or broken among them (the tags after the fault are unread).
   */
  readonly fen: string | null;
  /** The termination marker, else the Result tag, else `*`. */
  readonly result: string;
  /** Why the game stopped, or null for a game played to its end. */
  readonly error: ReplayError | null;
}

/** How `replayPgn` and its siblings read. */
export interface ReplayOptions {
  /** Compute the final FEN (default true; benchmarks may skip it). */
  readonly fen?: boolean;
  /**
   * The bytes a game may take (default `DEFAULT_MAX_GAME_BYTES`, 64 MiB): a longer one is a
   * `limit` error at its first byte, and reading goes on with the next game. Reading a stream
   * holds no more than about this at once.
   */
  readonly maxGameBytes?: number;
}

/** Replays games one after the other with one set of buffers. */
export class GameReplayer {
  private readonly lexer = new PgnLexer();
  /** The current position (words 0..WORDS). */
  readonly words = new Int32Array(WORDS);
  chess960 = false;
  /** Totals over every game replayed. */
  games = 0;
  plies = 0;
  errors = 0;
  // The tags of the current game that decide its start and result, and where they stand (for refusals).
  private variant: string | undefined;
  private fen: string | undefined;
  private resultTag: string | undefined;
  private variantAt = 0;
  private fenAt = 0;
  /** A lichess variant game's line (pgn-variant.ts), which plays its moves instead of `words`. */
  private variantLine: VariantLine | undefined;
  /** After `playPlainMoves`: the line breaks it passed over, and the offset after the last one. */
  private lineBreaks = 0;
  private lastLineStart = 0;
  /** After `commentEnd` or `variationEnd`: the line breaks inside, and the offset after the last one. */
  private skippedLines = 0;
  private skippedLineStart = 0;

  /** Replays the mainline of one game. */
  replay(slice: GameSlice, game: number, options: ReplayOptions = {}): ReplayRecord {
    this.lexer.reset(slice.buf, slice.start, slice.end);
    this.newGame(slice.start);
    if (slice.tooLong === true || slice.utf16 === true) {
      const message = slice.utf16 === true ? UTF16_MESSAGE : tooLongMessage(checkMaxGameBytes(options.maxGameBytes));
      const kind = slice.utf16 === true ? 'syntax' : 'limit';
      return this.record(game, 0, false, undefined, { kind, line: slice.line, column: slice.column, message, san: null }, options);
    }
    return this.readOn(slice, game, options, false, 0);
  }

  /**
   * Reads the game from the lexer's position to its end: the mainline moves are played on, after
   * `plies` of them (`started`: the starting position is set up), at depth 0.
   */
  private readOn(slice: GameSlice, game: number, options: ReplayOptions, started: boolean, plies: number): ReplayRecord {
    const lx = this.lexer;
    let result: string | undefined;
    let depth = 0;
    let error: ReplayError | null = null;
    const w = this.words;
    for (;;) {
      if (started && depth === 0 && this.variantLine === undefined) plies += this.playPlainMoves(false, plies === 0);
      const t = lx.next();
      if (t === T_END) break;
      if (!started && t !== T_TAG && t !== T_ERROR) {
        // The movetext begins (PGN §8.2): the tags have given its starting position, or are
        // refused, before anything in it is read (as in the tree reader).
        const refusal = this.start(slice);
        if (refusal !== null) return this.record(game, plies, false, this.markerAhead(0, t), refusal, options);
        started = true;
      }
      if (t === T_SAN) {
        if (depth > 0) continue;
        if (this.variantLine !== undefined) {
          const written = decodeText(lx.buf, lx.start, lx.stop);
          const refused = this.variantLine.play(written);
          if (refused !== null) {
            error = this.errorAt(slice, lx.start, refused.kind, refused.message, shortQuote(written));
            break;
          }
          plies++;
          continue;
        }
        const code = resolveSan(w, lx.buf, lx.start, lx.stop);
        if (code >= 0) applyMoveKeyless(w, 0, code);
        else {
          const written = decodeText(lx.buf, lx.start, lx.stop);
          const isNull = isNullMoveText(normalizeTypography(written));
          const san = shortQuote(written);
          if (!isNull || !applyNullMove(w, 0)) {
            const message = isNull ? `null move '${san}' while in check` : sanErrorMessage(code, san);
            error = this.errorAt(slice, lx.start, isNull ? 'illegal' : sanErrorKind(code), message, san);
            break;
          }
        }
        plies++;
        continue;
      }
      switch (t) {
        case T_OPEN:
          // A variation is an alternative to the move before it (PGN §8.2.5), as in the tree reader.
          if (depth === 0 && plies === 0) error = this.errorAt(slice, lx.start, 'syntax', 'variation before any move', null);
          depth++;
          break;
        case T_CLOSE:
          // Variations must balance (PGN §8.2.5), or where the game ends is a guess: an error, as
          // in the tree reader (variations' contents are not read here, their bounds are).
          if (depth === 0) error = this.errorAt(slice, lx.start, 'syntax', "')' without a variation", null);
          else depth--;
          break;
        case T_TAG:
          if (!started) this.readTag();
          break;
        case T_RESULT:
          if (depth === 0) result = resultText(lx.buf, lx.start, lx.stop);
          break;
        case T_ERROR:
          if (depth === 0 || lx.error === 'unterminated comment') error = this.errorAt(slice, lx.start, 'syntax', lx.error, null);
          break;
      }
      if (error !== null) break;
    }
    if (error === null && depth > 0) error = this.errorAt(slice, slice.end, 'syntax', 'unterminated variation', null);
    if (!started && (error === null || !lx.errorInTag)) {
      // A game without movetext still has a starting position (and may be refused for its tags);
      // so has one whose tags were read whole before a lexer error (the position it stopped at).
      // Before movetext, the error can only be the lexer's.
      const refusal = this.start(slice);
      error ??= refusal;
      started = refusal === null;
    }
    // Reading stopped at the error: the game's marker, if it has one, is still ahead.
    if (error !== null) result ??= this.markerAhead(depth, lx.next());
    return this.record(game, plies, started, result, error, options);
  }

  /**
   * The termination marker of a game whose reading stopped before its end (a broken or refused
   * game), read on from `token` at variation depth `depth`. The splitter ends a game just after
   * its marker (at depth 0), so the marker is the game's last token; a game that ended otherwise
   * has none.
   */
  private markerAhead(depth: number, token: number): string | undefined {
    const lx = this.lexer;
    let marker: string | undefined;
    for (let t = token; t !== T_END; t = lx.next()) {
      if (t === T_OPEN) depth++;
      else if (t === T_CLOSE && depth > 0) depth--;
      marker = t === T_RESULT && depth === 0 ? resultText(lx.buf, lx.start, lx.stop) : undefined;
    }
    return marker;
  }

  /**
   * Replays the game at whose start `split` is paused (`pauses`). A plain game (tag pairs, one or
   * more to a line and none over two, then moves, move numbers, glyphs, comments and variations as
   * `playPlainMoves` takes them, up to a termination marker that ends the game by the splitter's
   * rules) is read here, before the splitter has scanned it; the splitter is told where it ended
   * (`skipGame`) and never scans it. At anything else the splitter resumes and cuts the game as
   * usual, and the replay goes on from where it stopped (nothing is read twice but the tags of a
   * game whose tags are not plain). The splitter is not paused afterwards. Undefined when the
   * input given so far does not complete the game: the splitter hands it out later, to be
   * replayed from its start.
   */
  replayPaused(split: PgnSplitter, game: number, options: ReplayOptions = {}): ReplayRecord | undefined {
    const lx = this.lexer;
    const b = split.buffer;
    const start = split.gameStart;
    const limit = split.limit;
    lx.reset(b, start, limit);
    this.newGame(start);
    let i = start;
    let lines = 0;
    let lineStart = 0;
    let plain = true;
    while (b[i] === 91) {
      // `[`: a tag pair (next() reads it from here), then the whitespace to what follows.
      lx.pos = i;
      // A tag pair over several lines is the splitter's to read (its line breaks are not counted here).
      if (lx.next() !== T_TAG || lx.tagLines) {
        plain = false;
        break;
      }
      this.readTag();
      i = lx.pos;
      let breaks = 0;
      for (let c: number; i < limit && WS[(c = b[i]!)] === 1; i++) {
        if (c === 10 || c === 13) {
          if (c === 13 || b[i - 1] !== 13) breaks++;
          lineStart = i + 1;
        }
      }
      lines += breaks;
      // A tag pair after a blank line starts another game for the splitter: it decides.
      if (i >= limit || (b[i] === 91 && breaks > 1)) {
        plain = false;
        break;
      }
    }
    if (!plain || this.start({ buf: b, start, end: limit, line: split.gameLine, column: split.gameColumn, byteColumn: split.gameByteColumn, lineUtf8: split.gameLineUtf8 }) !== null ||
      this.variantLine !== undefined) {
      // Tags the splitter reads its own way, a refusal or a variant game: replayed from its start.
      split.resume();
      const slice = split.take();
      this.games--;
      return slice === undefined ? undefined : this.replay(slice, game, options);
    }
    lx.pos = i;
    const plies = this.playPlainMoves(!split.limitIsEnd, true);
    const end = split.gameEndsAt(lx.pos);
    if (end - start > split.maxGameBytes) {
      // Too long: the splitter hands it out as such (it ends the game at the same marker).
      split.resume();
      const slice = split.take();
      this.games--;
      return slice === undefined ? undefined : this.replay(slice, game, options);
    }
    if (end >= 0) {
      const result = resultText(b, lx.pos, end);
      split.skipGame(end, lines + this.lineBreaks, this.lineBreaks > 0 ? this.lastLineStart : lineStart);
      return this.record(game, plies, true, result, null, options);
    }
    // Not plain after all: the splitter finds the game's end (never before here: it ends no game
    // where playPlainMoves reads) and the replay reads on to it, as from a first move if no move
    // was played (an error before any move leaves no position).
    split.resume();
    const slice = split.take();
    if (slice === undefined || slice.tooLong === true) {
      this.games--;
      return slice === undefined ? undefined : this.replay(slice, game, options);
    }
    lx.end = slice.end;
    return this.readOn(slice, game, options, plies > 0, plies);
  }

  private newGame(start: number): void {
    this.games++;
    this.variant = undefined;
    this.fen = undefined;
    this.resultTag = undefined;
    this.variantAt = start;
    this.fenAt = start;
    this.variantLine = undefined;
  }

  /** Notes the lexer's tag if it decides the start or the result. */
  private readTag(): void {
    const lx = this.lexer;
    if (lx.tagIs('FEN')) {
      this.fen = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
      this.fenAt = lx.start;
    } else if (lx.tagIs('Variant')) {
      this.variant = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
      this.variantAt = lx.start;
    } else if (lx.tagIs('Result')) this.resultTag = resultText(lx.buf, lx.valueStart, lx.valueEnd);
  }

  private record(
    game: number, plies: number, started: boolean, result: string | undefined, error: ReplayError | null, options: ReplayOptions,
  ): ReplayRecord {
    this.plies += plies;
    if (error !== null) this.errors++;
    let finalFen: string | null = null;
    if (started && options.fen !== false && this.variantLine !== undefined) finalFen = this.variantLine.position.fen();
    else if (started && options.fen !== false) {
      // Moves were played without the key (replay never reads it): recompute it for the Position.
      const words = new Int32Array(this.words);
      refreshKey(words, 0);
      finalFen = makeFen(Position.fromWordsUnchecked(words, this.chess960));
    }
    return { game, plies, fen: finalFen, result: result ?? this.resultTag ?? '*', error };
  }

  /**
   * Sets up the starting position, or says why the tags give none: a refusal points at the tag
   * at fault (a Chess960 game without FEN: its Variant tag).
   */
  private start(slice: GameSlice): ReplayError | null {
    const variant = variantGameStart(this.variant, this.fen);
    if (variant !== undefined) {
      if (!variant.ok) return this.errorAt(slice, this.fenAt, 'fen', variant.error.message, null);
      this.variantLine = variant.value;
      return null;
    }
    const pos = startingPosition(this.variant, this.fen);
    if (!pos.ok) {
      const at = pos.error.kind === 'variant' || this.fen === undefined ? this.variantAt : this.fenAt;
      return this.errorAt(slice, at, pos.error.kind, pos.error.message, null);
    }
    this.words.set(pos.value.words);
    this.chess960 = pos.value.chess960;
    return null;
  }

  private errorAt(slice: GameSlice, offset: number, kind: PgnErrorKind, message: string, san: string | null): ReplayError {
    const where = this.lexer.locate(offset, slice);
    return { kind, line: where.line, column: where.column, message, san };
  }

  /**
   * Plays the mainline moves from the lexer's position on for as long as the text is nothing but
   * move numbers, periods, whitespace, annotation glyphs (`!`, `?`, `$n`), `{…}` comments,
   * variations (skipped whole) and SAN moves that resolve: the bulk of most games. Leaves the
   * lexer at the first token that is anything else (or fails), which `next` then reads as usual.
   * The tokens taken here are the ones `next` would return (the same symbol runs, comments and
   * variations), only without a token per move; and the splitter reads their bytes as plain
   * movetext, a comment or a variation, in none of which a game ends. Counts the line breaks
   * passed over (as the splitter does) into `lineBreaks` and `lastLineStart`. Returns the plies
   * played. `open`: the text may go on past the lexer's end (the splitter's `limit` before the
   * input is complete), so a token that reaches it may be longer (`1` of `1-0`, `O-O` of `O-O-O`)
   * and is left to `next`, which reads it from the whole game. `atFirstMove`: no move of the
   * game has been played before.
   */
  private playPlainMoves(open: boolean, atFirstMove: boolean): number {
    const lx = this.lexer;
    const w = this.words;
    const b = lx.buf;
    const end = lx.end;
    let i = lx.pos;
    let plies = 0;
    let lines = 0;
    let lineStart = 0;
    for (;;) {
      let c = 0;
      const before = lines;
      while (i < end && WS[(c = b[i]!)] === 1) {
        if (c === 10 || c === 13) {
          // CR LF, LF and a lone CR each end one line (i > 0: a token came before).
          if (c === 13 || b[i - 1] !== 13) lines++;
          lineStart = i + 1;
        }
        i++;
      }
      if (i >= end) break;
      // After a blank line, `1.` may open another game for the splitter (whiteMoveOne): it decides.
      if (lines - before > 1 && whiteMoveOne(b, i, end)) break;
      if (c === 46) {
        // Periods after a move number, or stray.
        i++;
        continue;
      }
      let j = i + 1;
      if (c === 33 || c === 63) {
        // Annotation glyphs `! ? !! ?? !? ?!` (more than two are an error: next() reports it).
        while (j < end && (b[j] === 33 || b[j] === 63)) j++;
        if (j - i > 2 || (j === end && open)) break;
        i = j;
        continue;
      }
      if (c === 36) {
        // `$n`, n up to 255 in at most three digits (anything else: next()).
        let v = 0;
        while (j < end && j - i <= 3 && (c = b[j]!) >= 48 && c <= 57) {
          v = 10 * v + c - 48;
          j++;
        }
        if (j === i + 1 || v > 255 || (j < end ? b[j]! >= 48 && b[j]! <= 57 : open)) break;
        i = j;
        continue;
      }
      if (c === 123 || (c === 40 && (plies > 0 || !atFirstMove))) {
        // A `{…}` comment or a variation, skipped whole; one that is not plain or not closed in
        // the text at hand is next()'s, as is a variation before the game's first move (an error).
        const close = c === 123 ? this.commentEnd(b, j, end) : this.variationEnd(b, j, end);
        if (close < 0) break;
        if (this.skippedLines > 0) {
          lines += this.skippedLines;
          lineStart = this.skippedLineStart;
        }
        i = close + 1;
        continue;
      }
      if (SYMBOL[c] !== 1) break;
      if (c >= 48 && c <= 57) {
        // A move number: digits, not starting with 0 (`0000`, `0-1`, `0-0`: next()), then anything
        // but a symbol character or a byte beyond ASCII (else `1-0`, `1–0`: next()).
        if (c === 48) break;
        while (j < end && (c = b[j]!) >= 48 && c <= 57) j++;
        if (j < end ? SYMBOL[c] !== 0 : open) break;
        i = j;
        continue;
      }
      // The common shapes read forwards, `e4`, `exd5`, `Nf3`, `Nxf3` with any `+` or `#`, as
      // resolveSan would read the same symbol run (san.test: every such text to every square, in
      // 300 sample positions).
      let k = i;
      const role = PIECE_LETTER[c]!;
      let fromFile = -1;
      if (role !== 0) {
        k++;
        if (k < end && b[k] === 120) k++;
      } else if (c >= 97 && c <= 104 && k + 1 < end && b[k + 1] === 120) {
        fromFile = c - 97;
        k += 2;
      }
      let code = -1;
      if (k + 2 <= end) {
        const tf = b[k]! - 97;
        const tr = b[k + 1]! - 49;
        k += 2;
        while (k < end && (b[k] === 43 || b[k] === 35)) k++;
        if (tf >= 0 && tf < 8 && tr >= 0 && tr < 8 && (k < end ? SYMBOL[b[k]!] === 0 && b[k] !== 64 : !open)) {
          code = resolveMove(w, role, fromFile, -1, tf, tr, 0);
          j = k;
        }
      }
      if (code === -1) {
        // Any other form: the whole symbol run to resolveSan. A run that next() reads as no move
        // (an evaluation symbol such as `+-` or `N`, a run ending in the `e` of `e.p.`) never
        // resolves: next() reads it, as it reads a broken move.
        while (j < end && SYMBOL[b[j]!] === 1) j++;
        // A word that goes on beyond ASCII (`O‑O`, `e4‼`) is next()'s: it reads typography; so is
        // one that goes on with `@` (a drop, `P@e4`: one word for next()).
        if (j < end ? SYMBOL[b[j]!] === 2 || b[j] === 64 : open) break;
        code = resolveSan(w, b, i, j);
        if (code < 0) break;
        applyMoveKeyless(w, 0, code);
      } else {
        if (code < 0) break;
        applyMoveOfRoleKeyless(w, 0, code, role);
      }
      plies++;
      i = j;
    }
    lx.pos = i;
    this.lineBreaks = lines;
    this.lastLineStart = lineStart;
    return plies;
  }

  /**
   * For a `{…}` comment (PGN §5: no nesting) whose `{` is just before `b[j]`: the offset of its
   * `}`, its line breaks counted into `skippedLines` and `skippedLineStart`; -1 if it does not end
   * before `end` (next() then reports an unterminated comment).
   */
  private commentEnd(b: Uint8Array, j: number, end: number): number {
    let lines = 0;
    let lineStart = 0;
    for (; j < end; j++) {
      const c = b[j]!;
      if (c === 125) {
        this.skippedLines = lines;
        this.skippedLineStart = lineStart;
        return j;
      }
      if (escapeInComment(b, j, end)) {
        j++; // `\}` or `\\`: no line break to count
        continue;
      }
      if (c === 10 || c === 13) {
        if (c === 13 || b[j - 1] !== 13) lines++;
        lineStart = j + 1;
      }
    }
    return -1;
  }

  /**
   * For a variation (PGN §8.2.5) whose `(` is just before `b[j]`: the offset of its closing `)`,
   * nested variations and `{…}` comments inside skipped, its line breaks counted into
   * `skippedLines` and `skippedLineStart`. Skipping it whole is what readOn does (it reads nothing
   * at depth > 0 but an unterminated comment), and the splitter ends no game inside one. -1 if
   * it holds what either reads its own way (a `;` or `%` comment, or a `[`, which ends the game
   * for the splitter), or does not close before `end`.
   */
  private variationEnd(b: Uint8Array, j: number, end: number): number {
    let depth = 1;
    let lines = 0;
    let lineStart = 0;
    for (; j < end; j++) {
      const c = b[j]!;
      if (c === 41) {
        if (--depth === 0) {
          this.skippedLines = lines;
          this.skippedLineStart = lineStart;
          return j;
        }
      } else if (c === 40) {
        depth++;
      } else if (c === 123) {
        const close = this.commentEnd(b, j + 1, end);
        if (close < 0) return -1;
        if (this.skippedLines > 0) {
          lines += this.skippedLines;
          lineStart = this.skippedLineStart;
        }
        j = close;
      } else if (c === 10 || c === 13) {
        if (c === 13 || b[j - 1] !== 13) lines++;
        lineStart = j + 1;
      } else if (c === 59 || c === 37 || c === 91) {
        return -1;
      }
    }
    return -1;
  }
}

/** Role of an upper-case piece letter (N B R Q K), else 0 (a pawn, or no piece letter). */
const PIECE_LETTER = new Uint8Array(256);
PIECE_LETTER[78] = KNIGHT;
PIECE_LETTER[66] = BISHOP;
PIECE_LETTER[82] = ROOK;
PIECE_LETTER[81] = QUEEN;
PIECE_LETTER[75] = KING;

/**
 * Replays every game of a source, yielding one record per game in input order. If the source
 * throws (a truncated file), the text read so far is replayed as if it ended there, then the
 * source's error is thrown.
 *
 * ```ts
 * for await (const r of replayPgn(fs.createReadStream('games.pgn'))) console.log(r.fen);
 * ```
 */
export async function* replayPgn(source: PgnSource, options: ReplayOptions = {}): AsyncGenerator<ReplayRecord> {
  for await (const batch of replayPgnBatches(source, options)) yield* batch;
}

/** The same, a batch of records per input chunk (one `await` per chunk: for throughput). */
export async function* replayPgnBatches(source: PgnSource, options: ReplayOptions = {}): AsyncGenerator<ReplayRecord[]> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    yield replayPgnSync(source, options);
    return;
  }
  const replays = new SplitReplay(new PgnSplitter(1 << 16, true, options.maxGameBytes), options);
  const chunks = new ChunkEncoder();
  let failed = false;
  let failure: unknown;
  try {
    for await (const chunk of source as AsyncIterable<PgnChunk>) {
      replays.splitter.push(chunks.next(chunk));
      const records = replays.drain();
      if (records.length > 0) yield records;
    }
  } catch (e) {
    failed = true;
    failure = e;
  }
  // At the end of the input, or where it failed (a truncated file): the text read so far is
  // replayed as if the input ended there — its last game may be cut short — then the error is thrown.
  const half = chunks.end();
  if (half.length > 0) replays.splitter.push(half);
  replays.splitter.finish();
  const last = replays.drain();
  if (last.length > 0) yield last;
  if (failed) throw failure;
}

/** The same, synchronously, for a whole text or buffer. */
export function replayPgnSync(source: PgnChunk, options: ReplayOptions = {}): ReplayRecord[] {
  return new SplitReplay(PgnSplitter.whole(toBytes(source), true, options.maxGameBytes), options).drain();
}

/**
 * Replays the games of a splitter that pauses at each game: a plain game is replayed where the
 * splitter paused (and the splitter skips it), any other game once the splitter has cut it out.
 * Same records as replaying every game the splitter cuts, in the same order.
 */
export class SplitReplay {
  private readonly replayer = new GameReplayer();
  private n = 0;
  readonly splitter: PgnSplitter;
  private readonly options: ReplayOptions;

  /** `splitter` must pause at each game (`new PgnSplitter(capacity, true)`). */
  constructor(splitter: PgnSplitter, options: ReplayOptions = {}) {
    this.splitter = splitter;
    this.options = options;
  }

  /** The records of the games the input given so far completes. */
  drain(): ReplayRecord[] {
    const out: ReplayRecord[] = [];
    const s = this.splitter;
    for (;;) {
      for (let g = s.take(); g !== undefined; g = s.take()) out.push(this.replayer.replay(g, ++this.n, this.options));
      if (!s.paused) return out;
      const r = this.replayer.replayPaused(s, this.n + 1, this.options);
      if (r !== undefined) {
        this.n++;
        out.push(r);
      }
    }
  }
}
