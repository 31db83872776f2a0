/**
 * Perft for Paco Ŝako (docs/rules/paco-sako.md §1.11):
 * - turn perft: leaves of the tree whose edges are distinct legal turns (distinct end states of
 *   the mover's turn, deduplicated by position identity);
 * - action perft: the number of sequences of exactly N single actions (Lift, Place, Promote),
 *   crossing turn boundaries.
 * Per-depth buffers are allocated once per call; nothing is allocated per node.
 */
import { WORDS } from './layout.js';
import { legalActions } from './actions.js';
import { applyActionUnchecked } from './play.js';
import { copyState } from './state.js';
import { TurnSearch } from './search.js';
import { checkDepth } from '../../core/depth.js';

/** Turn perft of `s` to `depth`. */
export function turnPerft(s: Int32Array, depth: number): number {
  checkDepth(depth, 'turnPerft');
  if (depth === 0) return 1;
  const levels: TurnSearch[] = [];
  const slots: Int32Array[] = [];
  for (let i = 0; i < depth; i++) {
    levels.push(new TurnSearch());
    slots.push(new Int32Array(WORDS));
  }
  const rec = (state: Int32Array, d: number): number => {
    const search = levels[d - 1]!;
    if (d === 1) return search.enumerate(state, false);
    const n = search.enumerate(state, true);
    let total = 0;
    const child = slots[d - 1]!;
    for (let e = 0; e < n; e++) {
      search.ends.load(e, child);
      total += rec(child, d - 1);
    }
    return total;
  };
  return rec(s, depth);
}

/** Action perft of `s` to `depth`. */
export function actionPerft(s: Int32Array, depth: number): number {
  checkDepth(depth, 'actionPerft');
  if (depth === 0) return 1;
  const slots: Int32Array[] = [];
  const acts: Int32Array[] = [];
  for (let i = 0; i <= depth; i++) {
    slots.push(new Int32Array(WORDS));
    acts.push(new Int32Array(64));
  }
  const rec = (state: Int32Array, d: number): number => {
    const buf = acts[d]!;
    const n = legalActions(state, buf);
    if (d === 1) return n;
    const child = slots[d]!;
    let total = 0;
    for (let i = 0; i < n; i++) {
      copyState(state, child);
      applyActionUnchecked(child, buf[i]!);
      total += rec(child, d - 1);
    }
    return total;
  };
  return rec(s, depth);
}
