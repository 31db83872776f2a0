/**
 * The fast pass of the series solver: greedy best-first search over partial series.
 *
 * What worked for others on the FRI problems (docs/rules/progressive.md §2: LampDM, ia6382, ssandir) is a
 * *greedy* best-first search that rewards coverage of the squares around the enemy king,
 * closeness of our pieces to it, promotion and depth. Here every node is scored by
 * `heuristic.ts` — the moves our best piece needs to cover each flight square and to give
 * check, summed over the needs — less one point per move left (see below); nodes that
 * the exact-board tests of `bounds.ts` rule out (one and two moves left) are dropped, and each
 * (position, moves left) is expanded once. The pass stops at a node budget: it is incomplete
 * by design, the complete search follows it.
 *
 * Storage is a pool of state slots with parent links and a binary heap, typed arrays made for
 * the largest budget asked so far and kept between solves: expansions allocate nothing.
 */
import { copyWords, W_KEY } from '../../chess/layout.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { CHECK_INFO_WORDS, givesCheck, prepareCheckInfo } from '../../variants/progressive/check.js';
import { seriesKeyHi, seriesKeyLo } from '../../variants/progressive/game.js';
import { generateOrthodox, isOrthodoxMate, isSeriesMate, playSeriesMove } from '../../variants/progressive/rules.js';
import { P_LEFT, P_RULES, P_WORDS, SCOTTISH } from '../../variants/progressive/state.js';
import { BoundContext } from './bounds.js';
import { Heuristic } from './heuristic.js';
import { RefutationTable } from './table.js';

/** Default node budget of the pass. */
export const BEST_FIRST_BUDGET = 60000;
/** The largest budget asked for: the pool then takes about 1.3 GB (126 bytes a node). */
export const MAX_BEST_FIRST_BUDGET = 10_000_000;

let capacity = 0;
let pool = new Int32Array(0);
let parent = new Int32Array(0);
let moveOf = new Uint16Array(0);
let heap = new Int32Array(0);
let score = new Int32Array(0);
let seen: RefutationTable | undefined;
const moves = new Uint16Array(MAX_MOVES_ANY);
const info = new Int32Array(CHECK_INFO_WORDS);
const scratch = new Int32Array(P_WORDS);

function ensure(cap: number): void {
  if (cap <= capacity) return;
  // All arrays first, then the capacity: a failed allocation leaves the pass as it was.
  const nextPool = new Int32Array(cap * P_WORDS);
  const nextParent = new Int32Array(cap);
  const nextMoveOf = new Uint16Array(cap);
  const nextHeap = new Int32Array(cap);
  const nextScore = new Int32Array(cap);
  pool = nextPool;
  parent = nextParent;
  moveOf = nextMoveOf;
  heap = nextHeap;
  score = nextScore;
  capacity = cap;
}

export interface BestFirstResult {
  /** A series ending in an orthodox mate (which is a mate in every rule set). */
  readonly solution: number[] | undefined;
  /** Without one, the first series found ending in an Italian mate only (see `isOrthodoxMate`). */
  readonly italianOnly: number[] | undefined;
  readonly nodes: number;
}

/** The moves from the root to node `i`, then `last`. */
function pathTo(i: number, last: number): number[] {
  const out: number[] = [last];
  while (i > 0) {
    out.push(moveOf[i]!);
    i = parent[i]!;
  }
  return out.reverse();
}

/** Greedy best-first search for a series of `n` moves from `root` that mates. */
export function bestFirst(
  root: Int32Array, n: number, deadline: number, budget = BEST_FIRST_BUDGET, progress?: { stop(nodes: number): boolean },
): BestFirstResult {
  ensure(budget + MAX_MOVES_ANY + 1);
  seen ??= new RefutationTable(18);
  seen.clear();
  const bounds = new BoundContext(root, 0, n);
  const heuristic = new Heuristic(bounds);
  const scottish = root[P_RULES] === SCOTTISH;
  pool.set(root.subarray(0, P_WORDS), 0);
  let count = 1;
  let heapSize = 1;
  heap[0] = 0;
  score[0] = 0;
  let nodes = 0;
  let expansions = 0;
  let italianOnly: number[] | undefined;

  while (heapSize > 0 && count < budget) {
    if ((++expansions & 63) === 0 && (performance.now() > deadline || progress?.stop(nodes) === true)) break;
    // Pop the best (lowest score) node.
    const node = heap[0]!;
    heapSize--;
    if (heapSize > 0) {
      const last = heap[heapSize]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heapSize) break;
        const r = l + 1;
        const c = r < heapSize && score[heap[r]!]! < score[heap[l]!]! ? r : l;
        if (score[heap[c]!]! >= score[last]!) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = last;
    }
    const p = node * P_WORDS;
    const m = pool[p + P_LEFT]!;
    const k = generateOrthodox(pool, p, moves, 0);
    prepareCheckInfo(pool, p, info, 0);
    for (let j = 0; j < k; j++) {
      const move = moves[j]!;
      if (givesCheck(pool, p, info, 0, move)) {
        if (m !== 1 && !scottish) continue;
        copyWords(pool, p, scratch, 0, P_WORDS);
        playSeriesMove(scratch, 0, move);
        nodes++;
        if (isSeriesMate(scratch, 0)) {
          if (isOrthodoxMate(scratch, 0)) return { solution: pathTo(node, move), italianOnly: undefined, nodes };
          italianOnly ??= pathTo(node, move);
        }
        continue;
      }
      if (m === 1) continue;
      const c = count * P_WORDS;
      pool.copyWithin(c, p, p + P_WORDS);
      playSeriesMove(pool, c, move);
      nodes++;
      const keyLo = pool[c + W_KEY]! ^ seriesKeyLo(pool, c);
      const keyHi = pool[c + W_KEY + 1]! ^ seriesKeyHi(pool, c);
      if (seen.has(keyLo, keyHi, m - 1)) continue;
      seen.add(keyLo, keyHi, m - 1);
      if (m - 1 === 1 ? bounds.cannotMateInOne(pool, c) : m - 1 === 2 && bounds.cannotMateInTwo(pool, c)) continue;
      // Greedy score: the heuristic's distance to a mate, less one point per move left. Measured
      // on the course set, this slight preference for shallower nodes beat rewarding depth
      // (1.6 M against 4.3 M nodes over the 40 problems, the worst 0.34 M against 0.91 M).
      const s = heuristic.score(pool, c) - (m - 1);
      parent[count] = node;
      moveOf[count] = move;
      score[count] = s;
      // Push.
      let i = heapSize++;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (score[heap[up]!]! <= s) break;
        heap[i] = heap[up]!;
        i = up;
      }
      heap[i] = count;
      count++;
      if (count >= budget) break;
    }
  }
  return { solution: undefined, italianOnly, nodes };
}
