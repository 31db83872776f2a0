/**
 * Polyglot opening books (the `.bin` format of Fabien Letouzey's PolyGlot, read by most engines
 * and GUIs): a sorted array of 16-byte big-endian entries, each a position's 64-bit Polyglot key,
 * a move, a weight and a learn field. Read from bytes, so it runs in a browser too.
 *
 * The move is 16 bits: to-square in bits 0-5 and from-square in bits 6-11 (file in the low three
 * bits of each), the promotion piece in bits 12-14 (1 knight, 2 bishop, 3 rook, 4 queen).
 * Castling is written as the king taking its own rook (`e1h1`, `e1a1`, `e8h8`, `e8a8`).
 *
 * ```ts
 * const book = readPolyglotBook(bytes);
 * if (book.ok) for (const e of book.value.entries(Position.standard())) console.log(e.move.uci, e.weight);
 * ```
 */
import { err, ok, type Result } from '../core/result.js';
import type { Rng } from '../core/rng.js';
import { MAX_MOVES_ANY, moveFrom, movePromotion, moveTo } from '../chess/move.js';
import { generateLegal } from '../chess/movegen.js';
import { polyglotKey, polyglotKeyHalves } from '../chess/polyglot.js';
import type { Move, Position } from '../chess/position.js';
import { lastTag, type PgnGame } from '../notation/pgn-game.js';
import { gameStartingPosition, playLine } from '../notation/pgn-walk.js';

/** The size of one book entry in bytes. */
export const POLYGLOT_ENTRY_BYTES = 16;

/** One entry of a book, its move decoded against the position looked up. */
export interface PolyglotEntry {
  /** The move, legal in the position looked up. */
  readonly move: Move;
  /** The move as the book stores it (16 bits). */
  readonly raw: number;
  /** How often the book's maker would play the move, relative to the position's other entries (0–65535). */
  readonly weight: number;
  /** The learn field (32 bits), as stored; PolyGlot itself does not use it. */
  readonly learn: number;
}

/** An entry as stored, without a position to decode its move against. */
export interface PolyglotRawEntry {
  /** The key as 16 hexadecimal digits. */
  readonly key: string;
  /** The move as the book stores it (16 bits: to, from, promotion; castling as king takes rook). */
  readonly raw: number;
  /** The entry's weight (0–65535). */
  readonly weight: number;
  /** The learn field (32 bits), as stored. */
  readonly learn: number;
}

/**
 * Why bytes are no Polyglot book: `length`, a length that is not a multiple of 16 bytes;
 * `order`, an entry whose key is smaller than the one before it (books are sorted by key, and
 * look-up relies on it). `offset` is the byte where the fault lies.
 */
export interface PolyglotBookError {
  /** The fault, as above. */
  readonly kind: 'length' | 'order';
  /** The byte offset of the fault. */
  readonly offset: number;
  /** The fault in words, with its offset. */
  readonly message: string;
}

const legalScratch = new Uint16Array(MAX_MOVES_ANY);
const keyHalves = new Int32Array(2);

/**
 * The legal move code of `pos` that the book move `raw` denotes, or -1: a normal move by its
 * squares and promotion, castling only in its king-takes-rook form (PolyGlot's book format).
 */
function polyglotMoveCode(pos: Position, raw: number): number {
  const to = raw & 63;
  const from = (raw >> 6) & 63;
  const promotion = (raw >> 12) & 7;
  const n = generateLegal(pos.words as Int32Array, 0, legalScratch, 0);
  for (let j = 0; j < n; j++) {
    const m = legalScratch[j]!;
    // Castling moves are encoded king-takes-rook here too: the rook's square is `moveTo`.
    if (moveFrom(m) === from && moveTo(m) === to && movePromotion(m) === promotion) return m;
  }
  return -1;
}

/** The book form of a legal move: castling as king-takes-rook. */
export function polyglotRawMove(move: Move): number {
  const code = move.code;
  // moveTo of a castling move is the rook's square, which is PolyGlot's form already.
  return moveTo(code) | (moveFrom(code) << 6) | (movePromotion(code) << 12);
}

/** A Polyglot book held as typed arrays, sorted by key. Create with `readPolyglotBook` or `makePolyglotBook`. */
export class PolyglotBook {
  private readonly hi: Uint32Array;
  private readonly lo: Uint32Array;
  private readonly moves: Uint16Array;
  private readonly weights: Uint16Array;
  private readonly learns: Uint32Array;

  /** Not for users: use `readPolyglotBook`. */
  constructor(hi: Uint32Array, lo: Uint32Array, moves: Uint16Array, weights: Uint16Array, learns: Uint32Array) {
    this.hi = hi;
    this.lo = lo;
    this.moves = moves;
    this.weights = weights;
    this.learns = learns;
  }

  /** The number of entries. */
  get size(): number {
    return this.hi.length;
  }

  /**
   * The index of the first entry whose key is not below (`hi`, `lo`), the key's 32-bit halves
   * (binary search, no allocation); `countFrom` then gives how many entries have the key.
   */
  firstIndex(hi: number, lo: number): number {
    hi >>>= 0;
    lo >>>= 0;
    let a = 0;
    let b = this.hi.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      const h = this.hi[mid]!;
      if (h < hi || (h === hi && this.lo[mid]! < lo)) a = mid + 1;
      else b = mid;
    }
    return a;
  }

  /** How many entries from `index` on have the key (`hi`, `lo`). */
  countFrom(index: number, hi: number, lo: number): number {
    hi >>>= 0;
    lo >>>= 0;
    let i = index;
    while (i < this.hi.length && this.hi[i] === hi && this.lo[i] === lo) i++;
    return i - index;
  }

  /** How many entries the position has (legal or not), without allocating. */
  count(pos: Position): number {
    polyglotKeyHalves(pos, keyHalves);
    const lo = keyHalves[0]!;
    const hi = keyHalves[1]!;
    return this.countFrom(this.firstIndex(hi, lo), hi, lo);
  }

  /**
   * The entries of the position, in book order, each with its move decoded; an entry whose move
   * is not legal there (a key collision, or a broken book) is left out: see `rawEntries`.
   */
  entries(pos: Position): PolyglotEntry[] {
    polyglotKeyHalves(pos, keyHalves);
    const lo = keyHalves[0]!;
    const hi = keyHalves[1]!;
    const first = this.firstIndex(hi, lo);
    const n = this.countFrom(first, hi, lo);
    const out: PolyglotEntry[] = [];
    for (let i = first; i < first + n; i++) {
      const code = polyglotMoveCode(pos, this.moves[i]!);
      if (code < 0) continue;
      out.push({ move: pos.moveFromCode(code)!, raw: this.moves[i]!, weight: this.weights[i]!, learn: this.learns[i]! });
    }
    return out;
  }

  /** The entries stored under a key (a 64-bit unsigned BigInt, as `polyglotKey` gives), in book order. */
  rawEntries(key: bigint): PolyglotRawEntry[] {
    const hi = Number((key >> 32n) & 0xffffffffn);
    const lo = Number(key & 0xffffffffn);
    const first = this.firstIndex(hi, lo);
    const n = this.countFrom(first, hi, lo);
    return Array.from({ length: n }, (_, k) => this.rawAt(first + k));
  }

  /** The entry at `index` (0 … size − 1), as stored. */
  rawAt(index: number): PolyglotRawEntry {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) throw new RangeError(`entry index ${index} out of 0..${this.size - 1}`);
    const key = this.hi[index]!.toString(16).padStart(8, '0') + this.lo[index]!.toString(16).padStart(8, '0');
    return { key, raw: this.moves[index]!, weight: this.weights[index]!, learn: this.learns[index]! };
  }

  /**
   * A book move for the position chosen at random in proportion to the weights (uniformly when
   * every weight is 0), from `rng` so that a seed repeats the choice; undefined when the book
   * has no legal move for it.
   */
  choose(pos: Position, rng: Rng): PolyglotEntry | undefined {
    const entries = this.entries(pos);
    if (entries.length === 0) return undefined;
    const total = entries.reduce((s, e) => s + e.weight, 0);
    if (total === 0) return entries[rng.below(entries.length)];
    let r = rng.below(total);
    for (const e of entries) {
      if (r < e.weight) return e;
      r -= e.weight;
    }
    return entries.at(-1);
  }

  /** The book as bytes, in the file format. */
  toBytes(): Uint8Array {
    const bytes = new Uint8Array(this.size * POLYGLOT_ENTRY_BYTES);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < this.size; i++) {
      const at = i * POLYGLOT_ENTRY_BYTES;
      view.setUint32(at, this.hi[i]!);
      view.setUint32(at + 4, this.lo[i]!);
      view.setUint16(at + 8, this.moves[i]!);
      view.setUint16(at + 10, this.weights[i]!);
      view.setUint32(at + 12, this.learns[i]!);
    }
    return bytes;
  }
}

/** Reads a book from its bytes: a typed error for a length that is not a multiple of 16 or keys out of order. */
export function readPolyglotBook(bytes: Uint8Array): Result<PolyglotBook, PolyglotBookError> {
  if (bytes.length % POLYGLOT_ENTRY_BYTES !== 0) {
    const offset = bytes.length - (bytes.length % POLYGLOT_ENTRY_BYTES);
    return err({ kind: 'length', offset, message: `a Polyglot book is a sequence of 16-byte entries; ${bytes.length} bytes leave ${bytes.length % POLYGLOT_ENTRY_BYTES} over at byte ${offset}` });
  }
  const n = bytes.length / POLYGLOT_ENTRY_BYTES;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const moves = new Uint16Array(n);
  const weights = new Uint16Array(n);
  const learns = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const at = i * POLYGLOT_ENTRY_BYTES;
    hi[i] = view.getUint32(at);
    lo[i] = view.getUint32(at + 4);
    moves[i] = view.getUint16(at + 8);
    weights[i] = view.getUint16(at + 10);
    learns[i] = view.getUint32(at + 12);
    if (i > 0 && (hi[i]! < hi[i - 1]! || (hi[i] === hi[i - 1] && lo[i]! < lo[i - 1]!))) {
      return err({ kind: 'order', offset: at, message: `entry ${i + 1} (byte ${at}) has a key smaller than the entry before it: a Polyglot book is sorted by key` });
    }
  }
  return ok(new PolyglotBook(hi, lo, moves, weights, learns));
}

/** How `makePolyglotBook` counts games. */
export interface MakeBookOptions {
  /** Plies of each game that enter the book, from its start (default 1024, as PolyGlot's `-max-ply`). */
  readonly maxPly?: number;
  /** The fewest games a move must be played in to be kept (default 3, as PolyGlot's `-min-game`). */
  readonly minGames?: number;
  /** Every kept move weighs 1 (PolyGlot's `-uniform`). */
  readonly uniform?: boolean;
}

/** A game the book builder left out, and why. */
export interface SkippedGame {
  /** 0-based index among the games added. */
  readonly index: number;
  /** Why it was left out. */
  readonly message: string;
}

/**
 * Past this many games through one position, PolyGlot halves the counts of all its moves, so
 * that a weight (twice the games won plus the games drawn) fits the format's 16 bits.
 */
const COUNT_MAX = 16384;

/**
 * Builds a book from games, counting as PolyGlot's `make-book` does: for the side that plays a
 * move, a win scores 2, a draw (or an unfinished game) 1, a loss 0; a move is kept when it was
 * played in at least `minGames` games and scored more than 0; its weight is its score (1 with
 * `uniform`). Entries go by key, then by weight, highest first (then by move).
 */
export class PolyglotBookBuilder {
  private readonly maxPly: number;
  private readonly minGames: number;
  private readonly uniform: boolean;
  /** Per key: per raw move, [games, score]. */
  private readonly counts = new Map<bigint, Map<number, [number, number]>>();
  private added = 0;
  /** Games left out: not standard chess, or a move that does not play. */
  readonly skipped: SkippedGame[] = [];

  constructor(options: MakeBookOptions = {}) {
    this.maxPly = options.maxPly ?? 1024;
    this.minGames = options.minGames ?? 3;
    this.uniform = options.uniform ?? false;
    for (const [name, v] of [['maxPly', this.maxPly], ['minGames', this.minGames]] as const) {
      if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name}: expected a non-negative integer, got ${v}`);
    }
  }

  /** Counts the mainline of a game (by its `[Result]`, else its termination marker). */
  add(game: PgnGame): void {
    const index = this.added++;
    const start = gameStartingPosition(game);
    if (!start.ok) return void this.skipped.push({ index, message: start.error.message });
    if (start.value.chess960) return void this.skipped.push({ index, message: 'a Chess960 game: Polyglot books are for standard chess' });
    const steps = playLine(start.value, game.moves.slice(0, this.maxPly));
    if (!steps.ok) return void this.skipped.push({ index, message: `move ${steps.error.index + 1} '${steps.error.san}': ${steps.error.message}` });
    const result = lastTag(game.tags, 'Result') ?? game.result;
    const whiteScore = result === '1-0' ? 2 : result === '0-1' ? 0 : 1;
    for (const step of steps.value) {
      if (step.move === null) break; // a null move: PolyGlot has none
      const key = polyglotKey(step.before);
      let moves = this.counts.get(key);
      if (moves === undefined) this.counts.set(key, (moves = new Map()));
      const raw = polyglotRawMove(step.move);
      let c = moves.get(raw);
      if (c === undefined) moves.set(raw, (c = [0, 0]));
      c[0]++;
      c[1] += step.before.turn === 'white' ? whiteScore : 2 - whiteScore;
      if (c[0] >= COUNT_MAX) {
        for (const other of moves.values()) {
          other[0] >>= 1;
          other[1] >>= 1;
        }
      }
    }
  }

  /** The book of the games added so far. */
  build(): PolyglotBook {
    const rows: [bigint, number, number][] = [];
    for (const [key, moves] of this.counts) {
      for (const [raw, [games, score]] of moves) {
        if (games < this.minGames || score === 0) continue;
        rows.push([key, raw, this.uniform ? 1 : Math.min(score, 0xffff)]);
      }
    }
    rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : b[2] - a[2] || a[1] - b[1]));
    const n = rows.length;
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const moves = new Uint16Array(n);
    const weights = new Uint16Array(n);
    for (const [i, [key, raw, weight]] of rows.entries()) {
      hi[i] = Number(key >> 32n);
      lo[i] = Number(key & 0xffffffffn);
      moves[i] = raw;
      weights[i] = weight;
    }
    return new PolyglotBook(hi, lo, moves, weights, new Uint32Array(n));
  }
}

/** A book from games (see `PolyglotBookBuilder` for how moves are counted and weighed). */
export function makePolyglotBook(games: Iterable<PgnGame>, options: MakeBookOptions = {}): PolyglotBook {
  const builder = new PolyglotBookBuilder(options);
  for (const game of games) builder.add(game);
  return builder.build();
}
