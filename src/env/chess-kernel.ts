/**
 * The chess and Chess960 kernel: `n` positions side by side in one Int32Array (23 words each),
 * played in place (the batch never needs the parent again), with per-environment move lists,
 * a ring of repetition keys and, for the AlphaZero observation, the last 8 placements.
 *
 * Game end (pgx's `is_terminal`, configurable): no legal move (checkmate ±1, stalemate 0); dead
 * material (K v K, K+minor v K, bishops all on one colour: the core's rule, the same as
 * OpenSpiel's); the no-progress clock reaching `halfmoveLimit` plies (pgx: 100, automatic); a
 * position occurring `repetitions` times (pgx: 3, automatic). Unlike pgx, positions are the
 * same in FIDE's sense (art. 9.2.2): the Polyglot key, with the en-passant file only when an
 * en-passant capture is legal. Checkmate wins over every draw rule, as in pgx.
 *
 * Nothing here allocates per step; `describe` (FEN) and `state` (a view for searches) do.
 */
import type { Game } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import { chess960Game, chessGame } from '../chess/game.js';
import { copyWords, W_CASTLING, W_EP, W_HALFMOVE, W_KEY, W_TURN, WORDS } from '../chess/layout.js';
import { MAX_MOVES, MOVE_EN_PASSANT } from '../chess/move.js';
import { generateLegal } from '../chess/movegen.js';
import { isInsufficientMaterial } from '../chess/outcome.js';
import { applyMove, polyglotEpCounts, refreshKey } from '../chess/play.js';
import { attackersOf, isStandardMaterial, kingSquare, Position } from '../chess/position.js';
import { ZOBRIST, ZOBRIST_EP_FILE } from '../core/zobrist.js';
import { makeFen, readFen } from '../notation/fen.js';
import { CHESS_ACTIONS, encodeChessMove } from './chess-actions.js';
import {
  ALPHAZERO_PLANES,
  castlingFlags,
  COMPACT_PLANES,
  HISTORY,
  writePiecePlanes,
} from './chess-observation.js';
import {
  BLACK_WINS,
  DEFAULT_KERNEL_OPTIONS,
  DRAW,
  ONGOING,
  WHITE_WINS,
  type GameKernel,
  type KernelFactory,
  type KernelOptions,
  type ObservationKind,
} from './kernel.js';

/** Placement words kept per history entry (colour and role pairs). */
const BOARD = 16;
/** Fewest plies of repetition keys kept per environment. */
const MIN_RING = 256;
/** Most: the ring is 12 bytes a ply per environment. */
const MAX_RING = 4096;

/**
 * Plies of repetition keys kept per environment: a power of two that holds the whole
 * no-progress window, since a position can only recur within it (a capture, a pawn move or a
 * lost castling right makes every earlier position unreachable, FIDE 9.2.2). Options the ring
 * cannot serve are a RangeError rather than repetitions silently missed.
 */
function ringSize(options: KernelOptions): number {
  const { repetitions, halfmoveLimit, moveCountScale } = options;
  // 1 would draw every position as it first occurs, the start included: no episode could begin.
  if (!(Number.isInteger(repetitions) && (repetitions === 0 || (repetitions >= 2 && repetitions <= 255)))) {
    throw new RangeError(`chess kernel: repetitions must be 0 (off) or an integer from 2 to 255, got ${repetitions}`);
  }
  if (!(Number.isInteger(halfmoveLimit) && halfmoveLimit >= 0)) {
    throw new RangeError(`chess kernel: halfmoveLimit must be an integer ≥ 0 (0 off), got ${halfmoveLimit}`);
  }
  if (!(moveCountScale > 0 && Number.isFinite(moveCountScale))) {
    throw new RangeError(`chess kernel: moveCountScale must be a positive number, got ${moveCountScale}`);
  }
  // Nothing reads the ring when neither the rule nor the observation counts repetitions.
  if (repetitions === 0 && options.observation === 'none') return MIN_RING;
  if (halfmoveLimit === 0 || halfmoveLimit > MAX_RING - 2) {
    throw new RangeError(
      `chess kernel: halfmoveLimit must be 1..${MAX_RING - 2} while repetitions are counted (the rule or the observation's planes), as they are looked for within the no-progress window; got ${halfmoveLimit}`,
    );
  }
  let ring = MIN_RING;
  while (ring < halfmoveLimit + 2) ring *= 2;
  return ring;
}

/** The chess kernel's options: the common ones and its start positions. */
export interface ChessKernelOptions extends KernelOptions {
  /** Start positions (FEN) drawn uniformly at reset; default the standard or a random Chess960 start. */
  readonly startFens?: readonly string[];
}

/** A bad start FEN given to the chess kernel. */
export class StartPositionError extends Error {
  /** `'StartPositionError'`. */
  override readonly name = 'StartPositionError';
}

/**
 * The chess and Chess960 kernel: `n` positions with their repetition history, actions as the
 * 4672 AlphaZero move labels (`encodeChessMove`), observations as in `ALPHAZERO_PLANES` /
 * `COMPACT_PLANES`. Drive it through a `BatchEnv`.
 */
export class ChessKernel implements GameKernel {
  readonly n: number;
  readonly actionCount = CHESS_ACTIONS;
  readonly maxLegal = MAX_MOVES;
  readonly observationShape: readonly number[];
  readonly game: Game<unknown>;
  /** Chess960 castling and labels; without `startFens`, each episode starts from a random one of the 960 positions. */
  readonly chess960: boolean;
  /** The positions, WORDS words each. */
  readonly words: Int32Array;
  private readonly moves: Uint16Array;
  private readonly ring: number; // plies of repetition keys per environment (a power of two)
  private readonly keys: Int32Array; // `ring` (lo, hi) pairs per environment
  private readonly occurrences: Uint8Array; // `ring` per environment: times the position occurred so far
  private readonly boards: Int32Array; // HISTORY placements per environment
  private readonly ply: Int32Array; // plies since reset
  private readonly pending: Uint8Array; // a new position whose key is not yet pushed
  private readonly epLegal: Uint8Array; // the last generated list holds an en-passant capture
  private readonly cell = new Float32Array(ALPHAZERO_PLANES); // one cell of the constant planes
  private readonly options: KernelOptions;
  private readonly starts: Int32Array[];
  private readonly views: Int32Array[];

  constructor(n: number, chess960: boolean, options: ChessKernelOptions = DEFAULT_KERNEL_OPTIONS) {
    if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`ChessKernel: n must be an integer ≥ 0 (the number of environments), got ${n}`);
    const kind = options.observation;
    if (kind !== 'alphazero' && kind !== 'compact' && kind !== 'none') throw new RangeError(`ChessKernel: observation must be alphazero, compact or none, got ${kind}`);
    this.n = n;
    this.chess960 = chess960;
    this.options = options;
    this.game = (chess960 ? chess960Game : chessGame) as Game<unknown>;
    this.observationShape = chessObservationShape(options.observation);
    this.words = new Int32Array(n * WORDS);
    this.moves = new Uint16Array(n * MAX_MOVES);
    this.ring = ringSize(options);
    this.keys = new Int32Array(n * this.ring * 2);
    this.occurrences = new Uint8Array(n * this.ring);
    this.boards = new Int32Array(options.observation === 'alphazero' ? n * HISTORY * BOARD : 0);
    this.ply = new Int32Array(n);
    this.pending = new Uint8Array(n);
    this.epLegal = new Uint8Array(n);
    this.starts = [];
    for (const fen of options.startFens ?? []) {
      const pos = readFen(fen, { chess960 });
      if (!pos.ok) throw new StartPositionError(`start position '${fen}': ${pos.error.message}`);
      // An episode must be able to start: a finished position would end every episode at once.
      if (pos.value.countLegalMoves() === 0 || isInsufficientMaterial(pos.value.words)) {
        throw new StartPositionError(`start position '${fen}': the game is already over`);
      }
      const clock = pos.value.words[W_HALFMOVE]!;
      if (options.halfmoveLimit > 0 && clock >= options.halfmoveLimit) {
        throw new StartPositionError(`start position '${fen}': the game is already over (no-progress clock ${clock} ≥ halfmoveLimit ${options.halfmoveLimit})`);
      }
      this.starts.push(keyedWords(pos.value));
    }
    this.views = [];
    for (let i = 0; i < n; i++) this.views.push(this.words.subarray(i * WORDS, (i + 1) * WORDS));
  }

  reset(i: number, rng: Rng): void {
    let start: Int32Array;
    if (this.starts.length > 0) start = this.starts[this.starts.length === 1 ? 0 : rng.below(this.starts.length)]!;
    else start = this.chess960 ? chess960Start(rng.below(960)) : standardStart();
    this.words.set(start, i * WORDS);
    this.ply[i] = 0;
    this.pending[i] = 1;
  }

  generate(i: number, labels: Int32Array, o: number): number {
    const w = this.words;
    const p = i * WORDS;
    const moves = this.moves;
    const mo = i * MAX_MOVES;
    const n = generateLegal(w, p, moves, mo);
    const turn = w[p + W_TURN]!;
    const chess960 = this.chess960;
    let epLegal = false;
    for (let k = 0; k < n; k++) {
      const m = moves[mo + k]!;
      if (m >> 12 === MOVE_EN_PASSANT) epLegal = true;
      labels[o + k] = encodeChessMove(m, turn, chess960);
    }
    this.epLegal[i] = epLegal ? 1 : 0;
    if (this.pending[i] === 1) {
      this.pending[i] = 0;
      this.push(i, epLegal);
    }
    return n;
  }

  /** Records the new position's key (FIDE identity) and placement. */
  private push(i: number, epLegal: boolean): void {
    const w = this.words;
    const p = i * WORDS;
    let lo = w[p + W_KEY]!;
    let hi = w[p + W_KEY + 1]!;
    const ep = w[p + W_EP]!;
    if (ep >= 0 && !epLegal && polyglotEpCounts(w, p, ep)) {
      // Polyglot hashes the e.p. file when a pawn stands beside; FIDE only when the capture is legal.
      lo ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7))]!;
      hi ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7)) + 1]!;
    }
    const ply = this.ply[i]!;
    const ring = this.ring;
    const r = i * ring;
    const slot = ply & (ring - 1);
    this.keys[2 * (r + slot)] = lo;
    this.keys[2 * (r + slot) + 1] = hi;
    // Occurrences so far: one more than at the latest earlier occurrence within the reversible
    // plies (a capture, pawn move or lost castling right makes older positions unreachable).
    let occ = 1;
    const back = Math.min(ply, w[p + W_HALFMOVE]!, ring - 2);
    for (let d = 2; d <= back; d += 2) {
      const s = r + ((ply - d) & (ring - 1));
      if (this.keys[2 * s] === lo && this.keys[2 * s + 1] === hi) {
        occ = this.occurrences[s]! + 1;
        break;
      }
    }
    this.occurrences[r + slot] = Math.min(occ, 255);
    if (this.boards.length > 0) copyWords(w, p, this.boards, (i * HISTORY + (ply & (HISTORY - 1))) * BOARD, BOARD);
  }

  play(i: number, k: number): void {
    applyMove(this.words, i * WORDS, this.moves[i * MAX_MOVES + k]!);
    this.ply[i]!++;
    this.pending[i] = 1;
  }

  currentPlayer(i: number): number {
    return this.words[i * WORDS + W_TURN]!;
  }

  status(i: number, legalCount: number): number {
    const w = this.words;
    const p = i * WORDS;
    if (legalCount === 0) {
      // FIDE 5.1.1 checkmate, 5.2.1 stalemate: decided by whether the king is attacked.
      return inCheck(w, p) ? (w[p + W_TURN] === 0 ? BLACK_WINS : WHITE_WINS) : DRAW;
    }
    if (isInsufficientMaterialAt(w, p)) return DRAW;
    const limit = this.options.halfmoveLimit;
    if (limit > 0 && w[p + W_HALFMOVE]! >= limit) return DRAW;
    const reps = this.options.repetitions;
    if (reps > 0 && this.repetitionCount(i) >= reps) return DRAW;
    return ONGOING;
  }

  observe(i: number, out: Float32Array, o: number): void {
    this.observeFrom(i, this.words[i * WORDS + W_TURN]!, out, o);
  }

  /**
   * The observation of `i` from the side of `color` (0 White, 1 Black), whether or not it is to
   * move, as pgx's `observe(state, player_id)` gives it: its pieces are the own ones, the board
   * is seen from its side, the colour plane and castling planes are its, the repetition, move
   * count and no-progress planes are the same. A RangeError for an environment or a colour that
   * is none.
   */
  observeAs(i: number, color: number, out: Float32Array, o: number): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.n)) throw new RangeError(`ChessKernel.observeAs: environment ${i} is not in 0..${this.n - 1}`);
    if (color !== 0 && color !== 1) throw new RangeError(`ChessKernel.observeAs: color must be 0 (White) or 1 (Black), got ${color}`);
    this.observeFrom(i, color, out, o);
  }

  private observeFrom(i: number, viewer: number, out: Float32Array, o: number): void {
    const kind = this.options.observation;
    if (kind === 'none') return;
    const planes = kind === 'alphazero' ? ALPHAZERO_PLANES : COMPACT_PLANES;
    const w = this.words;
    const p = i * WORDS;
    const ply = this.ply[i]!;
    const ring = this.ring;
    const r = i * ring;
    const flags = castlingFlags(w[p + W_CASTLING]!, viewer, kingFile(w, p, 0), kingFile(w, p, 1));
    const halfmove = w[p + W_HALFMOVE]! / 100;
    // The planes that are constant over the board go into one cell's worth of values, copied to
    // all 64 cells (block copies instead of strided fills); piece bits are set after.
    const cell = this.cell;
    cell.fill(0);
    if (kind === 'alphazero') {
      for (let j = 0; j < HISTORY; j++) {
        const at = ply - j;
        if (at < 0) {
          cell[14 * j + 12] = 1; // pgx: an empty slot counts as "occurs once"
          continue;
        }
        // Occurrences in the whole game so far: before `at` (stored) plus later ones up to now.
        const s = r + (at & (ring - 1));
        const lo = this.keys[2 * s]!;
        const hi = this.keys[2 * s + 1]!;
        let count = this.occurrences[s]!;
        for (let d = at + 2; d <= ply; d += 2) {
          const t = r + (d & (ring - 1));
          if (this.keys[2 * t] === lo && this.keys[2 * t + 1] === hi) count++;
        }
        cell[14 * j + (count > 1 ? 13 : 12)] = 1;
      }
      cell[112] = viewer;
      cell[113] = ply / this.options.moveCountScale;
      for (let f = 0; f < 4; f++) cell[114 + f] = (flags >> f) & 1;
      cell[118] = halfmove;
    } else {
      for (let f = 0; f < 4; f++) cell[13 + f] = (flags >> f) & 1;
      cell[17] = this.occurrences[r + (ply & (ring - 1))]! > 1 ? 1 : 0;
      cell[18] = halfmove;
      cell[19] = viewer;
    }
    for (let k = 0; k < planes; k++) out[o + k] = cell[k]!;
    // Double the filled prefix: 1 → 2 → 4 … → 64 cells in six block copies.
    for (let filled = 1; filled < 64; filled *= 2) out.copyWithin(o + filled * planes, o, o + filled * planes);
    if (kind === 'alphazero') {
      for (let j = 0; j < HISTORY && ply - j >= 0; j++) {
        writePiecePlanes(out, o, planes, 14 * j, this.boards, (i * HISTORY + ((ply - j) & (HISTORY - 1))) * BOARD, viewer);
      }
    } else {
      writePiecePlanes(out, o, planes, 0, w, p, viewer);
      const ep = w[p + W_EP]!;
      if (ep >= 0 && this.epLegal[i] === 1) out[o + (ep ^ (56 * (1 - viewer))) * planes + 12] = 1;
    }
  }

  /**
   * How many times the current position of `i` has occurred (itself included), as recorded by
   * `generate` (a position is counted once its moves are generated: the FIDE identity needs to
   * know whether an en-passant capture is legal).
   */
  repetitionCount(i: number): number {
    return this.occurrences[i * this.ring + (this.ply[i]! & (this.ring - 1))]!;
  }

  /** Plies since the last reset. */
  plies(i: number): number {
    return this.ply[i]!;
  }

  /** The legal move codes of the list last generated for `i`. */
  moveCode(i: number, k: number): number {
    return this.moves[i * MAX_MOVES + k]!;
  }

  describe(i: number): string {
    return makeFen(this.position(i));
  }

  /** An immutable copy of the position of `i`. */
  position(i: number): Position {
    return Position.fromWordsUnchecked(this.words.slice(i * WORDS, (i + 1) * WORDS), this.chess960);
  }

  /**
   * Sets environment `i` to a position, as a reset would (new game from there). A
   * StartPositionError if the position is Chess960 and castles where the standard labels cannot
   * say so (a standard kernel writes castling as the king's move from e1/e8 to c- or g-file), or
   * if it has more material than promotions can make (the lenient reader's `tooMuchMaterial`):
   * such a position may have more moves than the MAX_MOVES each environment holds, where a game's
   * material allows 218 at most. A RangeError if `i` is not an environment's index.
   */
  setPosition(i: number, pos: Position): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.n)) throw new RangeError(`ChessKernel.setPosition: environment ${i} is not in 0..${this.n - 1}`);
    if (!isStandardMaterial(pos.words, 0) || !isStandardMaterial(pos.words, 1)) {
      throw new StartPositionError(`setPosition: ${makeFen(pos)} has more material than promotions can make (it may have more than ${MAX_MOVES} moves)`);
    }
    if (!this.chess960 && !hasStandardCastling(pos.words)) {
      throw new StartPositionError(`setPosition: ${makeFen(pos)} castles as Chess960 only: use a chess960 kernel`);
    }
    this.words.set(pos.words, i * WORDS);
    this.ply[i] = 0;
    this.pending[i] = 1;
  }

  state(i: number): unknown {
    return this.views[i]!;
  }

  label(s: unknown, action: number): number {
    return encodeChessMove(action, (s as Int32Array)[W_TURN]!, this.chess960);
  }
}

/** A start's words with their key: a Position keeps none, and the kernel updates it move by move. */
function keyedWords(pos: Position): Int32Array {
  const w = pos.words.slice();
  refreshKey(w, 0);
  return w;
}

// The start positions' words, made at first use rather than when the module loads.
let STANDARD: Int32Array | undefined;
const standardStart = (): Int32Array => (STANDARD ??= keyedWords(Position.standard()));
const CHESS960_STARTS: Int32Array[] = [];
function chess960Start(n: number): Int32Array {
  if (CHESS960_STARTS.length === 0) for (let k = 0; k < 960; k++) CHESS960_STARTS.push(keyedWords(Position.chess960Start(k)));
  return CHESS960_STARTS[n]!;
}

function kingFile(w: Int32Array, p: number, color: number): number {
  const lo = w[p + 14]! & w[p + 2 * color]!;
  const hi = w[p + 15]! & w[p + 2 * color + 1]!;
  return (lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi)) & 7;
}

/** Castling rights only on a- and h-file rooks with the king on e1/e8 (FIDE 3.8.2), or none. */
function hasStandardCastling(w: Int32Array): boolean {
  for (let color = 0; color < 2; color++) {
    const files = (w[W_CASTLING]! >> (8 * color)) & 0xff;
    if ((files & ~0x81) !== 0 || (files !== 0 && kingSquare(w, color) !== (color === 0 ? 4 : 60))) return false;
  }
  return true;
}

/** One position copied out of the batch (the core's helpers read words from offset 0). */
const scratch = new Int32Array(WORDS);
function load(w: Int32Array, p: number): Int32Array {
  for (let k = 0; k < WORDS; k++) scratch[k] = w[p + k]!;
  return scratch;
}

function isInsufficientMaterialAt(w: Int32Array, p: number): boolean {
  if ((w[p + 4]! | w[p + 5]! | w[p + 10]! | w[p + 11]! | w[p + 12]! | w[p + 13]!) !== 0) return false;
  return isInsufficientMaterial(load(w, p));
}

const pairScratch = new Int32Array(2);
function inCheck(w: Int32Array, p: number): boolean {
  const v = load(w, p);
  const us = v[W_TURN]!;
  return attackersOf(v, kingSquare(v, us), us ^ 1, v[0]! | v[2]!, v[1]! | v[3]!, pairScratch);
}

/** The observation shape of a kind: `[8, 8, 119]`, `[8, 8, 20]`, or `[]` for none. */
export function chessObservationShape(kind: ObservationKind): readonly number[] {
  return kind === 'alphazero' ? [8, 8, ALPHAZERO_PLANES] : kind === 'compact' ? [8, 8, COMPACT_PLANES] : [];
}

function chessFactory(id: 'chess' | 'chess960'): KernelFactory {
  return {
    id,
    actionCount: CHESS_ACTIONS,
    observationShape: chessObservationShape,
    create: (n, options) => new ChessKernel(n, id === 'chess960', options),
  };
}

/** The factory of standard-chess kernels (id `chess`). */
export const chessKernelFactory = chessFactory('chess');
/** The factory of Chess960 kernels (id `chess960`): each episode from a random start of the 960. */
export const chess960KernelFactory = chessFactory('chess960');
