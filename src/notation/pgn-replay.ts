/**
 * Mainline replay of PGN games: each game's tags give its starting position, each mainline SAN
 * is resolved on one preallocated position (`resolveSan`: only the pieces that can reach the
 * target are looked at) and played in place, without the Zobrist key (recomputed once at the end). Comments and variations are skipped by the
 * tokenizer. A refused or broken game yields a record with the error's line, column, message
 * and move text; the next game is read as usual.
 */
import { WORDS } from '../chess/layout.js';
import { applyMoveKeyless, refreshKey } from '../chess/play.js';
import { Position } from '../chess/position.js';
import { makeFen } from './fen.js';
import { decodeText, PgnLexer, T_CLOSE, T_END, T_ERROR, T_OPEN, T_RESULT, T_SAN, T_TAG } from './pgn-lex.js';
import type { GameSlice } from './pgn-split.js';
import { pgnGameBatches, pgnGamesSync, type PgnChunk, type PgnSource } from './pgn-source.js';
import { startingPosition, type StartError } from './pgn-start.js';
import { resolveSan, sanErrorMessage } from './san.js';

export interface ReplayError {
  readonly line: number;
  readonly column: number;
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
  /** FEN of the final position (of the last position reached, for a broken game); null if refused. */
  readonly fen: string | null;
  /** The termination marker, else the Result tag, else `*`. */
  readonly result: string;
  readonly error: ReplayError | null;
}

export interface ReplayOptions {
  /** Compute the final FEN (default true; benchmarks may skip it). */
  readonly fen?: boolean;
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

  /** Replays the mainline of one game. */
  replay(slice: GameSlice, game: number, options: ReplayOptions = {}): ReplayRecord {
    const lx = this.lexer;
    lx.reset(slice.buf, slice.start, slice.end);
    this.games++;
    let variant: string | undefined;
    let fen: string | undefined;
    let resultTag: string | undefined;
    let result: string | undefined;
    let started = false;
    let plies = 0;
    let depth = 0;
    let error: ReplayError | null = null;
    const w = this.words;
    // Where the tags that decide the starting position stand, for refusals.
    let variantAt = slice.start;
    let fenAt = slice.start;
    for (;;) {
      const t = lx.next();
      if (t === T_END) break;
      if (t === T_SAN) {
        if (depth > 0) continue;
        if (!started) {
          const refusal = this.start(variant, fen);
          if (refusal !== undefined) {
            // A refusal points at the tag at fault (a Chess960 game without FEN: its Variant tag).
            error = this.errorAt(slice, refusal.kind === 'variant' || fen === undefined ? variantAt : fenAt, refusal.message, null);
            break;
          }
          started = true;
        }
        const code = resolveSan(w, lx.buf, lx.start, lx.stop);
        if (code < 0) {
          const san = decodeText(lx.buf, lx.start, lx.stop);
          const message = isNullMove(san) ? `null move '${san}' is not playable` : sanErrorMessage(code, san);
          error = this.errorAt(slice, lx.start, message, san);
          break;
        }
        applyMoveKeyless(w, 0, code);
        plies++;
        continue;
      }
      switch (t) {
        case T_OPEN:
          depth++;
          break;
        case T_CLOSE:
          if (depth > 0) depth--;
          break;
        case T_TAG:
          if (started) break;
          if (lx.tagIs('FEN')) {
            fen = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
            fenAt = lx.start;
          } else if (lx.tagIs('Variant')) {
            variant = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
            variantAt = lx.start;
          }
          else if (lx.tagIs('Result')) resultTag = decodeText(lx.buf, lx.valueStart, lx.valueEnd, true);
          break;
        case T_RESULT:
          if (depth === 0) result = decodeText(lx.buf, lx.start, lx.stop);
          break;
        case T_ERROR:
          if (depth === 0 || lx.error === 'unterminated comment') error = this.errorAt(slice, lx.start, lx.error, null);
          break;
      }
      if (error !== null) break;
    }
    if (!started && error === null) {
      // A game without moves still has a starting position (and may be refused for its tags).
      const refusal = this.start(variant, fen);
      if (refusal === undefined) started = true;
      else error = this.errorAt(slice, refusal.kind === 'variant' || fen === undefined ? variantAt : fenAt, refusal.message, null);
    }
    this.plies += plies;
    if (error !== null) this.errors++;
    let finalFen: string | null = null;
    if (started && options.fen !== false) {
      // Moves were played without the key (replay never reads it): recompute it for the Position.
      const words = new Int32Array(w);
      refreshKey(words, 0);
      finalFen = makeFen(Position.fromWordsUnchecked(words, this.chess960));
    }
    return { game, plies, fen: finalFen, result: result ?? resultTag ?? '*', error };
  }

  /** Sets up the starting position, or says why the tags give none. */
  private start(variant: string | undefined, fen: string | undefined): StartError | undefined {
    const pos = startingPosition(variant, fen);
    if (!pos.ok) return pos.error;
    this.words.set(pos.value.words);
    this.chess960 = pos.value.chess960;
    return undefined;
  }

  private errorAt(slice: GameSlice, offset: number, message: string, san: string | null): ReplayError {
    const where = this.lexer.locate(offset, slice.line, slice.column);
    return { line: where.line, column: where.column, message, san };
  }
}

const isNullMove = (san: string): boolean => san === '--' || san === 'Z0' || san === '0000' || san === '@@';

/**
 * Replays every game of a source, yielding one record per game in input order.
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
  const replayer = new GameReplayer();
  let n = 0;
  for await (const slices of pgnGameBatches(source)) {
    const records = new Array<ReplayRecord>(slices.length);
    for (let i = 0; i < slices.length; i++) records[i] = replayer.replay(slices[i]!, ++n, options);
    yield records;
  }
}

/** The same, synchronously, for a whole text or buffer. */
export function replayPgnSync(source: PgnChunk, options: ReplayOptions = {}): ReplayRecord[] {
  const replayer = new GameReplayer();
  const out: ReplayRecord[] = [];
  let n = 0;
  for (const slice of pgnGamesSync(source)) out.push(replayer.replay(slice, ++n, options));
  return out;
}
