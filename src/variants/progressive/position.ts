/**
 * The public progressive-chess position: immutable in use, backed by the compact words of
 * `state.ts`. Moves are the engine's 16-bit codes (see `chess/move.ts`); `uci`/`parseMove`
 * convert at the edge.
 */
import { excerpt } from '../../core/visible.js';
import type { Outcome } from '../../core/game.js';
import { err, ok, type Result } from '../../core/result.js';
import { SquareSet } from '../../core/bitboard.js';
import { describeSquare, parseSquare, squareName } from '../../core/square.js';
import { W_EP, W_FULLMOVE, W_HALFMOVE, W_TURN, WORDS } from '../../chess/layout.js';
import { refreshKey } from '../../chess/play.js';
import { MAX_MOVES_ANY, MOVE_CASTLE, movePromotion } from '../../chess/move.js';
import { isInsufficientMaterial } from '../../chess/outcome.js';
import { Position } from '../../chess/position.js';
import { COLORS, type Color } from '../../chess/types.js';
import { inCheck } from './check.js';
import { generateSeries, playSeriesMove } from './rules.js';
import {
  epTargetBit, epTargetSquare, P_EP, P_LEFT, P_QUIET, P_RULES, P_SERIES, P_WORDS,
  QUIET_SERIES_LIMIT, RULE_SETS, SCOTTISH, type RuleSet,
} from './state.js';

/** Why progressive fields are not acceptable; `field` names the one at fault. */
export interface ProgressiveError {
  /** Always `progressive`. */
  readonly kind: 'progressive';
  /**
   * The field at fault: a position's (`series`, `movesLeft`, `epTargets`, `quiet`, `rules`), a
   * check the rules forbid (`check`), a move (`move`), a text form (`text`), or a solver's
   * argument (`n`, `timeLimitMs`, `bestFirstBudget`).
   */
  readonly field: 'series' | 'movesLeft' | 'epTargets' | 'quiet' | 'check' | 'rules' | 'move' | 'text' | 'n' | 'timeLimitMs' | 'bestFirstBudget';
  /** The fault, without the field. */
  readonly reason: string;
  /** The fault with its field, for people. */
  readonly message: string;
}

/** The largest series length, moves left or no-progress count (nine digits in the text forms). */
export const MAX_COUNT = 999_999_999;

const countIn = (n: number, min: number, max: number): boolean => Number.isSafeInteger(n) && n >= min && n <= max;

/**
 * The error of a count (series length, moves left, no-progress count, a course problem's N) out of
 * its range, worded the same wherever it is read: from a program (a number) or from text.
 */
export const countError = (field: ProgressiveError['field'], value: number | string, min: number, max: number): { ok: false; error: ProgressiveError } =>
  progressiveError(field, `expected an integer from ${min} to ${max}, found ${typeof value === 'string' ? `'${excerpt(value)}'` : String(value)}`);

export const progressiveError = (field: ProgressiveError['field'], reason: string): { ok: false; error: ProgressiveError } =>
  err({ kind: 'progressive', field, reason, message: `invalid progressive ${field}: ${reason}` });

/** The series fields of a progressive position, beside its chess position (`ProgressivePosition.fromPosition`). */
export interface ProgressiveOptions {
  /** `italian` (default) or `scottish`. */
  readonly rules?: RuleSet;
  /** Series number = its length (default 1). */
  readonly series?: number;
  /** Moves left in the series (default: the whole series). */
  readonly movesLeft?: number;
  /** En-passant target squares (ranks 3 and 6; see state.ts). Default none. */
  readonly epTargets?: Iterable<number>;
  /**
   * Series begun since the last capture or pawn move, the current one included (default 1);
   * ≥ 1 before the series' first move, 0 only after a capture or pawn move in this series.
   */
  readonly quiet?: number;
}

const scratch = new Uint16Array(MAX_MOVES_ANY);
/** UCI text of a move code (castling as the king's move, `e1g1`, unless Chess960). */
export function moveUci(code: number, chess960 = false): string {
  const from = code & 63;
  let to = (code >> 6) & 63;
  if (code >> 12 === MOVE_CASTLE && !chess960) to = (from & 56) + (to > from ? 6 : 2);
  const promotion = movePromotion(code);
  return squareName(from) + squareName(to) + (promotion ? 'pnbrqk'[promotion] : '');
}

/**
 * A progressive-chess position (docs/rules/progressive.md): a chess position, the series being
 * played, the moves left in it, the en-passant targets and the quiet-series count, under the
 * Italian or Scottish rules. Immutable: playing a move gives a new position.
 */
export class ProgressivePosition {
  /** The compact words (see state.ts). Treat as read-only. */
  readonly words: Int32Array;
  /** Chess960 castling (and UCI castling as king takes rook). */
  readonly chess960: boolean;

  private constructor(words: Int32Array, chess960: boolean) {
    this.words = words;
    this.chess960 = chess960;
  }

  /** Wraps words without validation (for states produced by play from a valid state). */
  static fromWordsUnchecked(words: Int32Array, chess960 = false): ProgressivePosition {
    return new ProgressivePosition(words, chess960);
  }

  /** The start of a progressive game: White's first series of one move. */
  static standard(rules: RuleSet = 'italian'): ProgressivePosition {
    const r = ProgressivePosition.fromPosition(Position.standard(), { rules });
    if (!r.ok) throw new Error('bug: standard position refused');
    return r.value;
  }

  /**
   * A chess position (its side to move plays the series) with series fields. The chess
   * position's own en-passant square is ignored: pass `epTargets`.
   */
  static fromPosition(pos: Position, options: ProgressiveOptions = {}): Result<ProgressivePosition, ProgressiveError> {
    const series = options.series ?? 1;
    if (!countIn(series, 1, MAX_COUNT)) return countError('series', series, 1, MAX_COUNT);
    const left = options.movesLeft ?? series;
    if (!countIn(left, 1, series)) return countError('movesLeft', left, 1, series);
    const quiet = options.quiet ?? 1;
    if (!countIn(quiet, 0, MAX_COUNT)) return countError('quiet', quiet, 0, MAX_COUNT);
    // The count includes the current series, so it is ≥ 1 before the series' first move (handOff
    // adds one); 0 there would put the no-progress draw (docs/rules/progressive.md §1.1) one series late.
    if (quiet === 0 && left === series) return progressiveError('quiet', 'expected an integer ≥ 1 before the first move of a series (it counts the current series), got 0');
    const rules = options.rules ?? 'italian';
    const ruleIndex = RULE_SETS.indexOf(rules);
    if (ruleIndex < 0) return progressiveError('rules', `expected italian or scottish, got '${String(rules)}'`);
    const w = new Int32Array(P_WORDS);
    w.set(pos.words.subarray(0, WORDS));
    // The chess clocks are unused (P_QUIET counts series); canonical values keep words comparable.
    w[W_HALFMOVE] = 0;
    w[W_FULLMOVE] = 1;
    // Progressive state keeps its en-passant targets in P_EP: drop the orthodox square.
    w[W_EP] = -1;
    // A Position keeps no key (polyglotKey computes it); the series search hashes with it.
    refreshKey(w, 0);
    const us = w[W_TURN]!;
    // A check is met by the first move of the series, and no move leaves the mover's own king
    // in check (docs/rules/progressive.md §1.1, [WP], [JG15]): after move 1 the mover is never in check. (The
    // opponent never is while the mover moves; the chess reader refuses that, 'oppositeCheck'.)
    if (left !== series && inCheck(w, 0)) {
      return progressiveError('check', `${COLORS[us]} is in check after the first move of series ${series}: a check must be met by the first move`);
    }
    let eps = 0;
    for (const sq of options.epTargets ?? []) {
      const bit = epTargetBit(sq);
      if (bit < 0) return progressiveError('epTargets', `${describeSquare(sq)} is not on rank 3 or 6`);
      const owner = bit < 8 ? 0 : 1; // the colour whose pawn passed the square
      if (owner !== us && left !== series) {
        return progressiveError('epTargets', `${squareName(sq)}: the opponent's targets exist only before the first move of a series`);
      }
      // The mover's own targets are those of its double steps earlier in this series: none before its first move.
      if (owner === us && left === series) {
        return progressiveError('epTargets', `${squareName(sq)}: the side to move has targets of its own only after its first move of a series`);
      }
      const pawnSq = owner === 0 ? sq + 8 : sq - 8;
      const piece = pos.pieceAt(pawnSq);
      if (piece === undefined || piece.role !== 'pawn' || piece.color !== COLORS[owner]) {
        return progressiveError('epTargets', `${squareName(sq)}: no ${COLORS[owner]} pawn on ${squareName(pawnSq)}`);
      }
      eps |= 1 << bit;
    }
    w[P_SERIES] = series;
    w[P_LEFT] = left;
    w[P_EP] = eps;
    w[P_QUIET] = quiet;
    w[P_RULES] = ruleIndex;
    return ok(new ProgressivePosition(w, pos.chess960));
  }

  /** The side playing the current series. */
  get turn(): Color {
    return COLORS[this.words[W_TURN]!]!;
  }

  /** The series number, which is also its length: series k has k moves. */
  get series(): number {
    return this.words[P_SERIES]!;
  }

  /** Moves left in the current series, from 1 to `series`. */
  get movesLeft(): number {
    return this.words[P_LEFT]!;
  }

  /** The rule set played. */
  get rules(): RuleSet {
    return RULE_SETS[this.words[P_RULES]!]!;
  }

  /** Series begun since the last capture or pawn move, the current one included; 10 draws (`QUIET_SERIES_LIMIT`). */
  get quiet(): number {
    return this.words[P_QUIET]!;
  }

  /** The en-passant targets (for the side to move: the opponent's usable on move 1, its own pending). */
  get epTargets(): SquareSet {
    let s = SquareSet.empty();
    const eps = this.words[P_EP]!;
    for (let bit = 0; bit < 16; bit++) if (eps & (1 << bit)) s = s.with(epTargetSquare(bit));
    return s;
  }

  /** The chess position underneath (side to move = the series' player, no en-passant square). */
  get chess(): Position {
    return Position.fromWordsUnchecked(this.words.slice(0, WORDS), this.chess960);
  }

  /** Whether the side to move is in check (only possible before the first move of a series). */
  isCheck(): boolean {
    return inCheck(this.words, 0);
  }

  /** The legal move codes of the next step of the series. */
  legalMoves(): number[] {
    const n = generateSeries(this.words, 0, scratch, 0);
    return Array.from(scratch.subarray(0, n));
  }

  /** The state after a legal move code; an error when the code is not legal here. */
  play(code: number): Result<ProgressivePosition, ProgressiveError> {
    if (!this.legalMoves().includes(code)) return progressiveError('move', `move ${moveUci(code, this.chess960)} is not legal here`);
    return ok(this.playUnchecked(code));
  }

  /** The state after a move code from `legalMoves()` (trusted). */
  playUnchecked(code: number): ProgressivePosition {
    const next = this.words.slice();
    playSeriesMove(next, 0, code);
    return new ProgressivePosition(next, this.chess960);
  }

  /**
   * The legal move written in UCI (`e2e4`, `e7e8q`; castling as `e1g1`, or king-takes-rook
   * `e1h1`).
   */
  parseMove(uci: string): Result<number, ProgressiveError> {
    const m = /^([a-h][1-8])([a-h][1-8])([nbrq]?)$/.exec(uci);
    if (m === null) return progressiveError('move', `not a UCI move: '${uci}'`);
    const from = parseSquare(m[1]!)!;
    const to = parseSquare(m[2]!)!;
    const promotion = m[3] ? 'nbrq'.indexOf(m[3]) + 1 : 0;
    const moves = this.legalMoves();
    for (const code of moves) {
      if ((code & 63) !== from || code >> 12 === MOVE_CASTLE) continue;
      if (((code >> 6) & 63) === to && movePromotion(code) === promotion) return ok(code);
    }
    if (promotion === 0) {
      for (const code of moves) {
        if ((code & 63) !== from || code >> 12 !== MOVE_CASTLE) continue;
        const rook = (code >> 6) & 63;
        const kingTo = (from & 56) + (rook > from ? 6 : 2);
        if (to === rook || to === kingTo) return ok(code);
      }
    }
    return progressiveError('move', `illegal move '${uci}' at move ${this.series - this.movesLeft + 1} of series ${this.series}`);
  }

  /** UCI text of a move code of this position. */
  uci(code: number): string {
    return moveUci(code, this.chess960);
  }

  /**
   * The end of the game by the rules alone: mate (in check at the start of a series with no
   * legal first move), progressive stalemate (no legal move during a series), the no-progress
   * rule (10 consecutive series without capture or pawn move) or dead material (`isDeadMaterial`).
   */
  outcome(): Outcome | undefined {
    return progressiveOutcome(this.words);
  }
}

/** `ProgressivePosition.outcome` of the state `w[0..P_WORDS)`, without a position object (the Game's, per ply). */
export function progressiveOutcome(w: Int32Array): Outcome | undefined {
  const atStart = w[P_LEFT] === w[P_SERIES];
  if (generateSeries(w, 0, scratch, 0) === 0) {
    if (atStart && inCheck(w, 0)) return { winner: w[W_TURN] === 0 ? 'black' : 'white', reason: 'checkmate' };
    return { winner: undefined, reason: 'progressiveStalemate' };
  }
  if (atStart && w[P_QUIET]! > QUIET_SERIES_LIMIT) return { winner: undefined, reason: 'noProgress' };
  if (isDeadMaterial(w)) return { winner: undefined, reason: 'insufficientMaterial' };
  return undefined;
}

/**
 * Whether no series of legal moves can mate (FIDE 5.2.2, dead position) by the material alone.
 * Scottish mates are orthodox ones: chess's test. Under Italian rules an escape that gives check
 * is not legal, and a king stepping off the line between its own bishop and our king gives
 * check: `8/8/5K2/8/3k4/2b5/3B4/8 w`, Be3 mates with bishops of one colour. So bishops of one
 * colour are dead only when one side has none (a lone king's escapes never give check).
 */
function isDeadMaterial(w: Int32Array): boolean {
  if (!isInsufficientMaterial(w)) return false;
  if (w[P_RULES] === SCOTTISH) return true;
  const white = (w[8]! & w[0]!) | (w[9]! & w[1]!);
  const black = (w[8]! & w[2]!) | (w[9]! & w[3]!);
  return white === 0 || black === 0;
}
