/**
 * The "mate in one series" solver (docs/rules/progressive.md §1.3 and §3): find N consecutive moves of the side
 * to move — none giving check before the last (Italian), the last one mating — or prove that
 * none exist.
 *
 * Two passes over the same move machinery:
 * 1. a fast best-first pass (`bestfirst.ts`) with a node budget, which finds most mates at once;
 * 2. a complete depth-first search. Its transposition table (`table.ts`) remembers refuted
 *    nodes keyed on board, castling rights, en-passant set and moves left, which removes the k!
 *    orders of k independent quiet moves. It prunes by the rules — a checking move is only a
 *    candidate at the last step (Scottish: a check ends the series, so it is a candidate at any
 *    step), and the last step tries checking moves only — and by admissible bounds (`bounds.ts`:
 *    the moves our pieces need to give check and to cover the enemy king's flight squares, and
 *    exact-board tests with one and two moves left). Children are searched in the order of the
 *    best-first heuristic. When it finishes without a mate, "no mate in N" is proven.
 *
 * An Italian mate may leave the mated side one legal reply that checks back, which its series
 * forbids; orthodox referees (python-chess, chess.js, the course library's defaults) call that
 * check. So a mate of that kind found first is kept while the search goes on for an orthodox
 * one, and is the answer only if none exists or the time limit passes first: a longer search
 * only for a position whose first mate found is of that kind.
 *
 * The hot loop allocates nothing: per-ply state slots, move lists, check infos and scores live
 * in typed arrays made once per solve; children are made by copy-make (`copyWithin` + the
 * series move, `playSeriesMove`).
 */
import { err, ok, type Result } from '../../core/result.js';
import { copyWords, W_KEY } from '../../chess/layout.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { Position } from '../../chess/position.js';
import { CHECK_INFO_WORDS, givesCheck, prepareCheckInfo } from '../../variants/progressive/check.js';
import { seriesKeyHi, seriesKeyLo } from '../../variants/progressive/game.js';
import { moveUci, progressiveError, ProgressivePosition, type ProgressiveError } from '../../variants/progressive/position.js';
import { generateOrthodox, isOrthodoxMate, isSeriesMate, playSeriesMove } from '../../variants/progressive/rules.js';
import { P_RULES, P_WORDS, RULE_SETS, SCOTTISH, type RuleSet } from '../../variants/progressive/state.js';
import { BEST_FIRST_BUDGET, bestFirst, MAX_BEST_FIRST_BUDGET } from './bestfirst.js';
import { BoundContext } from './bounds.js';
import { RefutationTable } from './table.js';
import { Heuristic } from './heuristic.js';
/**
 * Bounds are computed for children with at most this many moves left: `cannotMateInOne` and
 * `cannotMateInTwo`. A distance bound for more moves left (each need met by the nearest piece,
 * split over pieces) pruned nothing on the course problems, the slack being large there, while
 * costing up to a third of the search time; it was removed (git history: `lowerBound` in bounds.ts).
 */
const BOUND_DEPTH = 2;

/** How `solveSeries` searches. */
export interface SolveOptions {
  /** Rule set (default: the position's, Italian for a chess Position). */
  readonly rules?: RuleSet;
  /** Give up after this many milliseconds (status `unknown`). Default: no limit. */
  readonly timeLimitMs?: number;
  /** Find every distinct solution (move sequence), not just one. Default false. */
  readonly all?: boolean;
  /** Skip the best-first pass (for tests of the complete search). Default false. */
  readonly completeOnly?: boolean;
  /** Node budget of the best-first pass: an integer from 0 to MAX_BEST_FIRST_BUDGET (default BEST_FIRST_BUDGET). */
  readonly bestFirstBudget?: number;
  /** Disable the lower-bound pruning (for tests). Default false. */
  readonly noBounds?: boolean;
  /**
   * Called every few thousand nodes (at the checks of the time limit, never per node) with the
   * nodes made so far over both passes and the milliseconds since the start; returning `false`
   * stops the search, which then ends as a time-out does (`unknown`, or a mate found by then)
   * with `stopped` set. For progress bars and cancel buttons.
   */
  readonly onProgress?: (nodes: number, ms: number) => boolean | void;
}

/** A solve's answer: `mate`, a solution found; `none`, proven that none exists; `unknown`, the time limit ran out first. */
export type SolveStatus = 'mate' | 'none' | 'unknown';

/** What `solveSeries` found (docs/rules/progressive.md: a mate in one series). */
export interface SeriesSolution {
  /** `mate`: a solution was found; `none`: proven that none exists; `unknown`: time-out. */
  readonly status: SolveStatus;
  /**
   * The first solution found that ends in an orthodox mate, else the first found (an Italian mate
   * only), as move codes (see `solutionUci`).
   */
  readonly solution: readonly number[] | undefined;
  /** With `all`: every distinct solution (a time-out may leave the list incomplete). */
  readonly solutions: readonly (readonly number[])[];
  /** The first solution in UCI (`d4d3`, `c2b1q`, castling `e1g1`). */
  readonly solutionUci: readonly string[] | undefined;
  /** `solutions` in UCI, in the same order. */
  readonly solutionsUci: readonly (readonly string[])[];
  /**
   * Whether the search ran to its end: false after a time-out, when `status` is `unknown` or,
   * with `all`, `solutions` may lack some (the status is then still `mate`).
   */
  readonly complete: boolean;
  /** Nodes (positions made) over both passes. */
  readonly nodes: number;
  /** Wall-clock time of the solve in milliseconds. */
  readonly ms: number;
  /** Which pass found the first solution. */
  readonly foundBy: 'bestFirst' | 'complete' | undefined;
  /** Whether `onProgress` stopped the search (it is then not `complete`). */
  readonly stopped: boolean;
}

/** Per-solve buffers and counters of the complete search. */
class Search {
  /** Child slots: ply k owns MAX_MOVES_ANY state slots (problems are read leniently) from `k * MAX_MOVES_ANY * P_WORDS`. */
  readonly words: Int32Array;
  readonly moves: Uint16Array;
  readonly info: Int32Array;
  readonly path: Uint16Array;
  /** Per ply: the surviving children's move, key halves and ordering score, and the order. */
  readonly childMove: Uint16Array;
  readonly childLo: Int32Array;
  readonly childHi: Int32Array;
  readonly childScore: Int32Array;
  readonly order: Uint16Array;
  readonly scratch = new Int32Array(P_WORDS);
  readonly table: RefutationTable;
  readonly bounds: BoundContext;
  readonly heuristic: Heuristic;
  readonly all: boolean;
  readonly scottish: boolean;
  readonly useBounds: boolean;
  readonly deadline: number;
  readonly progress: Progress;
  readonly solutions: number[][] = [];
  /** Without `all`: the first series found that ends in an Italian mate only. */
  italianOnly: number[] | undefined;
  /** With `all`: the index in `solutions` of the first that ends in an orthodox mate, or -1. */
  firstOrthodox = -1;
  nodes = 0;
  aborted = false;

  constructor(root: Int32Array, n: number, all: boolean, deadline: number, useBounds: boolean, table: RefutationTable, progress: Progress) {
    this.words = new Int32Array((n + 1) * MAX_MOVES_ANY * P_WORDS);
    this.words.set(root.subarray(0, P_WORDS));
    this.moves = new Uint16Array((n + 1) * MAX_MOVES_ANY);
    this.info = new Int32Array((n + 1) * CHECK_INFO_WORDS);
    this.path = new Uint16Array(n + 1);
    this.childMove = new Uint16Array((n + 1) * MAX_MOVES_ANY);
    this.childLo = new Int32Array((n + 1) * MAX_MOVES_ANY);
    this.childHi = new Int32Array((n + 1) * MAX_MOVES_ANY);
    this.childScore = new Int32Array((n + 1) * MAX_MOVES_ANY);
    this.order = new Uint16Array((n + 1) * MAX_MOVES_ANY);
    this.table = table;
    this.all = all;
    this.scottish = root[P_RULES] === SCOTTISH;
    this.useBounds = useBounds;
    this.deadline = deadline;
    this.progress = progress;
    this.bounds = new BoundContext(root, 0, n);
    this.heuristic = new Heuristic(this.bounds);
  }

  /**
   * Searches the node stored at `w[p..]`, `ply` moves from the root with `m` moves left;
   * returns true to stop (found and not `all`, or out of time).
   */
  run(p: number, ply: number, m: number): boolean {
    const w = this.words;
    const o = ply * MAX_MOVES_ANY;
    const ci = ply * CHECK_INFO_WORDS;
    const n = generateOrthodox(w, p, this.moves, o);
    prepareCheckInfo(w, p, this.info, ci);
    const slots = (ply + 1) * MAX_MOVES_ANY * P_WORDS;
    const checksAnywhere = this.scottish;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const move = this.moves[o + i]!;
      if (givesCheck(w, p, this.info, ci, move)) {
        // A check is the last move of the series (Italian: only allowed there; Scottish: it
        // ends the series): it either mates or the line fails.
        if (m !== 1 && !checksAnywhere) continue;
        const s = this.scratch;
        copyWords(w, p, s, 0, P_WORDS);
        playSeriesMove(s, 0, move);
        this.nodes++;
        if (isSeriesMate(s, 0)) {
          this.path[ply] = move;
          const series = Array.from(this.path.subarray(0, ply + 1));
          if (this.all) {
            if (this.firstOrthodox < 0 && isOrthodoxMate(s, 0)) this.firstOrthodox = this.solutions.length;
            this.solutions.push(series);
          } else if (isOrthodoxMate(s, 0)) {
            this.solutions.push(series);
            return true;
          } else this.italianOnly ??= series;
        }
        continue;
      }
      // Italian: the last move must check; a quiet move there cannot mate.
      if (m === 1) continue;
      const c = slots + kept * P_WORDS;
      w.copyWithin(c, p, p + P_WORDS);
      playSeriesMove(w, c, move);
      this.nodes++;
      const keyLo = w[c + W_KEY]! ^ seriesKeyLo(w, c);
      const keyHi = w[c + W_KEY + 1]! ^ seriesKeyHi(w, c);
      if (this.table.has(keyLo, keyHi, m - 1)) continue;
      let score = 0;
      if (this.useBounds && m - 1 <= BOUND_DEPTH) {
        const prune = m - 1 === 1 ? this.bounds.cannotMateInOne(w, c) : this.bounds.cannotMateInTwo(w, c);
        if (prune) {
          // The two-move test costs more than a table write; the one-move test does not.
          if (m - 1 === 2) this.table.add(keyLo, keyHi, m - 1);
          continue;
        }
      }
      // Move ordering (not needed right before the last step, whose subtree is one ply).
      if (m - 1 >= 2) score = this.heuristic.score(w, c);
      const k = o + kept;
      this.childMove[k] = move;
      this.childLo[k] = keyLo;
      this.childHi[k] = keyHi;
      this.childScore[k] = score;
      // Insertion into the order, best (lowest score) first; stable.
      let j = kept;
      while (j > 0 && this.childScore[o + this.order[o + j - 1]!]! > score) {
        this.order[o + j] = this.order[o + j - 1]!;
        j--;
      }
      this.order[o + j] = kept;
      kept++;
    }
    if ((this.nodes & ~1023) !== ((this.nodes - n) & ~1023) && (performance.now() > this.deadline || this.progress.stop(this.nodes))) {
      this.aborted = true;
      return true;
    }
    for (let j = 0; j < kept; j++) {
      const idx = this.order[o + j]!;
      const k = o + idx;
      this.path[ply] = this.childMove[k]!;
      const before = this.solutions.length;
      if (this.run(slots + idx * P_WORDS, ply + 1, m - 1)) return true;
      if (this.solutions.length === before) this.table.add(this.childLo[k]!, this.childHi[k]!, m - 1);
    }
    return false;
  }
}

/**
 * The `onProgress` hook of one solve: `stop(nodes)` is asked at the time-limit checks of both
 * passes (every 64 best-first expansions, every ~1024 nodes of the complete search), with the
 * pass's own node count; `base` is the nodes of the passes before.
 */
class Progress {
  base = 0;
  stopped = false;
  private readonly start: number;
  private readonly hook: ((nodes: number, ms: number) => boolean | void) | undefined;
  constructor(start: number, hook: ((nodes: number, ms: number) => boolean | void) | undefined) {
    this.start = start;
    this.hook = hook;
  }
  stop(nodes: number): boolean {
    if (this.hook === undefined) return false;
    if (this.hook(this.base + nodes, performance.now() - this.start) === false) this.stopped = true;
    return this.stopped;
  }
}

const sharedTable = { table: undefined as RefutationTable | undefined };

/**
 * Solves "mate in one series of `n` moves" for the side to move.
 *
 * `position`: a chess Position (the side to move plays a fresh series of n moves, castling as
 * the position says, no en-passant target) or a ProgressivePosition whose series has exactly `n`
 * moves left. Under Scottish rules a check ends the series, so a solution may be shorter than n.
 *
 * ```ts
 * const problem = parseCourseProblem('rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b 4');
 * const solved = problem.ok ? solveSeries(problem.value.position, problem.value.n) : undefined;
 * if (solved?.ok) solved.value.solutionUci; // ['d4d3', 'd3c2', 'c2b1q', 'f8b4']
 * ```
 */
export function solveSeries(
  position: ProgressivePosition | Position,
  n: number,
  options: SolveOptions = {},
): Result<SeriesSolution, ProgressiveError> {
  const start = performance.now();
  if (!Number.isSafeInteger(n) || n < 1 || n > 200) return progressiveError('n', `expected a series length in 1..200, got ${n}`);
  const limit = options.timeLimitMs;
  if (limit !== undefined && !(limit >= 0)) return progressiveError('timeLimitMs', `expected a number of milliseconds ≥ 0, got ${limit}`);
  const budget = options.bestFirstBudget ?? BEST_FIRST_BUDGET;
  if (!Number.isInteger(budget) || budget < 0 || budget > MAX_BEST_FIRST_BUDGET) {
    return progressiveError('bestFirstBudget', `expected an integer from 0 to ${MAX_BEST_FIRST_BUDGET}, got ${budget}`);
  }
  let root: Int32Array;
  let chess960 = false;
  if (position instanceof Position) {
    const made = ProgressivePosition.fromPosition(position, { series: n, rules: options.rules ?? 'italian' });
    if (!made.ok) return made;
    root = made.value.words.slice();
    chess960 = position.chess960;
  } else {
    if (position.movesLeft !== n) {
      return err({
        kind: 'progressive', field: 'n', reason: `the position has ${position.movesLeft} moves left, not ${n}`,
        message: `invalid progressive n: the position has ${position.movesLeft} moves left, not ${n}`,
      });
    }
    root = position.words.slice();
    chess960 = position.chess960;
    if (options.rules !== undefined) root[P_RULES] = RULE_SETS.indexOf(options.rules);
  }
  if (options.rules !== undefined && RULE_SETS.indexOf(options.rules) < 0) {
    return progressiveError('rules', `expected italian or scottish, got '${String(options.rules)}'`);
  }
  const deadline = options.timeLimitMs === undefined ? Infinity : start + options.timeLimitMs;
  const all = options.all ?? false;
  let nodes = 0;
  let first: number[] | undefined;
  let foundBy: SeriesSolution['foundBy'];
  let italianOnly: number[] | undefined;
  let italianBy: SeriesSolution['foundBy'];

  const progress = new Progress(start, options.onProgress);
  if (!all && !options.completeOnly) {
    const bf = bestFirst(root, n, deadline, budget, progress);
    nodes += bf.nodes;
    if (bf.solution !== undefined) {
      first = bf.solution;
      foundBy = 'bestFirst';
    } else if (bf.italianOnly !== undefined) {
      italianOnly = bf.italianOnly;
      italianBy = 'bestFirst';
    }
  }

  let status: SolveStatus = first !== undefined ? 'mate' : 'unknown';
  let complete = first !== undefined;
  let solutions: number[][] = first !== undefined ? [first] : [];
  if ((first === undefined || all) && !progress.stopped) {
    progress.base = nodes;
    sharedTable.table ??= new RefutationTable(21);
    const table = sharedTable.table;
    table.clear();
    const search = new Search(root, n, all, deadline, !options.noBounds, table, progress);
    search.run(0, 0, n);
    nodes += search.nodes;
    solutions = search.solutions;
    complete = !search.aborted;
    if (solutions.length === 0 && (italianOnly !== undefined || search.italianOnly !== undefined)) {
      solutions = [italianOnly ?? search.italianOnly!];
      foundBy = italianBy ?? 'complete';
    }
    if (solutions.length > 0) {
      first ??= solutions[Math.max(search.firstOrthodox, 0)];
      foundBy ??= 'complete';
      status = 'mate';
    } else {
      status = search.aborted ? 'unknown' : 'none';
    }
  } else if (first === undefined && italianOnly !== undefined) {
    // Stopped after the best-first pass, which found an Italian-only mate: still a mate.
    first = italianOnly;
    solutions = [italianOnly];
    foundBy = italianBy;
    status = 'mate';
  }
  const uci = (s: readonly number[]): string[] => s.map((c) => moveUci(c, chess960));
  return ok({
    status,
    solution: first,
    solutions,
    solutionUci: first === undefined ? undefined : uci(first),
    solutionsUci: solutions.map(uci),
    complete,
    nodes,
    ms: performance.now() - start,
    foundBy,
    stopped: progress.stopped,
  });
}
