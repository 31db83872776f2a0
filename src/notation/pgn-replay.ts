/**
 * Mainline replay of PGN games: a visitor (`PgnVisitor`) of the one game reader (pgn-visit.ts),
 * which resolves each mainline SAN on one preallocated position (`resolveSan`: only the pieces
 * that can reach the target are looked at) and plays it in place, without the Zobrist key
 * (recomputed once at the end); variations are skipped whole. A refused or broken game yields a
 * record with the error's line, column, message and move text; the next game is read as usual.
 */
import { refreshKey } from '../chess/play.js';
import { Position } from '../chess/position.js';
import { makeFen } from './fen.js';
import { ChunkEncoder, toBytes, type PgnChunk, type PgnSource } from './pgn-source.js';
import { PgnSplitter, type GameSlice } from './pgn-split.js';
import { startingPosition } from './pgn-start.js';
import { variantGameStart } from './pgn-variant.js';
import { GameVisitReader, LEXER_FAULT, type PgnVisitor } from './pgn-visit.js';
import { isTerminationMarker, normalizeTypography } from './typography.js';
import type { PgnError, PgnErrorKind } from './pgn-game.js';

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

/**
 * Replays games one after the other with one reader: the visitor that turns what the reader
 * tells of a game into its record.
 */
export class GameReplayer implements PgnVisitor {
  private reader: GameVisitReader;
  private maxGameBytes: number | undefined;
  /** Totals over every game replayed. */
  games = 0;
  plies = 0;
  errors = 0;
  private marker: string | undefined;
  private started = false;
  private fault: PgnError | null = null;

  constructor(options: ReplayOptions = {}) {
    this.maxGameBytes = options.maxGameBytes;
    this.reader = new GameVisitReader({ maxGameBytes: options.maxGameBytes }, true);
  }

  /** Replays the mainline of one game. */
  replay(slice: GameSlice, game: number, options: ReplayOptions = {}): ReplayRecord {
    if (options.maxGameBytes !== this.maxGameBytes) {
      this.maxGameBytes = options.maxGameBytes;
      this.reader = new GameVisitReader({ maxGameBytes: options.maxGameBytes }, true);
    }
    this.games++;
    this.reader.read(slice, game, this);
    const reader = this.reader;
    const error = this.fault;
    let plies = reader.mainlinePlies;
    let words: Int32Array | null = this.started ? reader.mainlineWords : null;
    let chess960 = reader.chess960;
    let result = this.marker;
    // A lichess variant game's final position is its line's (pgn-variant.ts).
    const variantEnd = reader.mainlineVariant;
    let variantFen: string | null = this.started && variantEnd !== undefined ? variantEnd.fen() : null;
    if (error !== null) {
      if (!this.started && reader.faultFrom === LEXER_FAULT) {
        // A lexer error before the movetext (not among the tags, which were read whole): the
        // record still gives the starting position the tags set up, if any.
        const variantStart = variantGameStart(reader.variantTag, reader.fenTag);
        if (variantStart !== undefined) variantFen = variantStart.ok ? variantStart.value.fen() : null;
        else {
          const start = startingPosition(reader.variantTag, reader.fenTag);
          if (start.ok) {
            words = start.value.words;
            chess960 = start.value.chess960;
            plies = 0;
          }
        }
      }
      // Reading stopped at the error: the game's marker, if it has one, is still ahead.
      result ??= reader.markerAfterFault();
      this.errors++;
    }
    this.plies += plies;
    let finalFen: string | null = null;
    if (options.fen === false) finalFen = null;
    else if (variantFen !== null) finalFen = variantFen;
    else if (words !== null && variantEnd === undefined) {
      // Moves were played without the key (replay never reads it): recompute it for the Position.
      const w = new Int32Array(words);
      refreshKey(w, 0);
      finalFen = makeFen(Position.fromWordsUnchecked(w, chess960));
    }
    const replayError: ReplayError | null =
      error === null ? null : { kind: error.kind, line: error.line, column: error.column, message: error.message, san: error.san };
    // The marker, else the Result tag (the last one read), else `*`.
    const tagged = reader.resultTag;
    return { game, plies, fen: finalFen, result: result ?? (tagged === undefined ? '*' : markerText(tagged)), error: replayError };
  }

  beginGame(): void {
    this.marker = undefined;
    this.started = false;
    this.fault = null;
  }

  endTags(): void {
    this.started = true;
  }

  result(marker: string): void {
    this.marker = marker;
  }

  error(error: PgnError): void {
    this.fault = error;
  }
}

/** A Result tag's value as a marker: a typographic form (`1–0`, `½-½`) read as the marker it stands for. */
function markerText(value: string): string {
  const plain = normalizeTypography(value);
  return isTerminationMarker(plain) ? plain : value;
}

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
  const splitter = new PgnSplitter(1 << 16, options.maxGameBytes);
  const replays = new SplitReplay(splitter, options);
  const chunks = new ChunkEncoder();
  let failed = false;
  let failure: unknown;
  try {
    for await (const chunk of source as AsyncIterable<PgnChunk>) {
      splitter.push(chunks.next(chunk));
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
  if (half.length > 0) splitter.push(half);
  splitter.finish();
  const last = replays.drain();
  if (last.length > 0) yield last;
  if (failed) throw failure;
}

/** The same, synchronously, for a whole text or buffer. */
export function replayPgnSync(source: PgnChunk, options: ReplayOptions = {}): ReplayRecord[] {
  return new SplitReplay(PgnSplitter.whole(toBytes(source), options.maxGameBytes), options).drain();
}

/** Replays the games a splitter cuts, numbered on from game to game. */
export class SplitReplay {
  private readonly replayer: GameReplayer;
  private n = 0;
  readonly splitter: PgnSplitter;
  private readonly options: ReplayOptions;

  constructor(splitter: PgnSplitter, options: ReplayOptions = {}) {
    this.splitter = splitter;
    this.options = options;
    this.replayer = new GameReplayer(options);
  }

  /** The records of the games the input given so far completes. */
  drain(): ReplayRecord[] {
    const out: ReplayRecord[] = [];
    for (let g = this.splitter.take(); g !== undefined; g = this.splitter.take()) out.push(this.replayer.replay(g, ++this.n, this.options));
    return out;
  }
}
