/**
 * A plain brute-force enumeration of Italian mate-in-one-series solutions, written separately
 * from the solver and from `src/variants/progressive`: only the orthodox core (generateLegal,
 * applyMove, attackersOf) underneath, no transposition table, no bounds, no move ordering.
 * Every sequence of n legal moves with no check before the last is tried; the side to move is
 * flipped back by hand between moves; the mate test looks at every reply of the defender,
 * including en-passant captures of every pawn that double-stepped in the series and did not
 * move again. Scottish rules: a check ends the series, and the mate is an orthodox one (no reply
 * at all).
 */
import { W_EP, W_TURN, WORDS } from '../../../src/chess/layout.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT } from '../../../src/chess/move.js';
import { generateLegal } from '../../../src/chess/movegen.js';
import { applyMove } from '../../../src/chess/play.js';
import { attackersOf, kingSquare, type Position } from '../../../src/chess/position.js';

const pair = new Int32Array(2);

function attacked(w: Int32Array, color: number): boolean {
  return attackersOf(w, kingSquare(w, color), color ^ 1, w[0]! | w[2]!, w[1]! | w[3]!, pair);
}

function uci(code: number): string {
  const from = code & 63;
  let to = (code >> 6) & 63;
  if (code >> 12 === MOVE_CASTLE) to = (from & 56) + (to > from ? 6 : 2);
  const name = (s: number): string => 'abcdefgh'[s & 7]! + String((s >> 3) + 1);
  const promo = code >> 12 >= 4 ? 'nbrq'[(code >> 12) - 4]! : '';
  return name(from) + name(to) + promo;
}

/**
 * Whether the defender (to move in `w`) has no legal reply that does not give check (Italian),
 * or no legal reply at all (`orthodox`, Scottish).
 */
function italianMate(w: Int32Array, targets: readonly number[], orthodox = false): boolean {
  const defender = w[W_TURN]!;
  const buf = new Uint16Array(256);
  const replies: { words: Int32Array; move: number }[] = [];
  const base = w.slice();
  base[W_EP] = -1;
  const n = generateLegal(base, 0, buf, 0);
  for (let i = 0; i < n; i++) replies.push({ words: base, move: buf[i]! });
  for (const t of targets) {
    const withEp = w.slice();
    withEp[W_EP] = t;
    const k = generateLegal(withEp, 0, buf, 0);
    for (let i = 0; i < k; i++) if (buf[i]! >> 12 === MOVE_EN_PASSANT) replies.push({ words: withEp, move: buf[i]! });
  }
  if (orthodox) return replies.length === 0;
  for (const r of replies) {
    const after = r.words.slice();
    applyMove(after, 0, r.move);
    if (!attacked(after, defender ^ 1)) return false;
  }
  return true;
}

/**
 * Every solution of "mate in one series of n moves" for the side to move of `pos` (Italian
 * rules by default, no en-passant target at the start), as UCI move lists; under Scottish rules
 * a solution may be shorter than n (its check ended the series).
 */
export function bruteForceSolutions(pos: Position, n: number, rules: 'italian' | 'scottish' = 'italian'): string[][] {
  const solutions: string[][] = [];
  const us = pos.words[W_TURN]!;
  const path: number[] = [];
  const bufs = Array.from({ length: n }, () => new Uint16Array(256));
  const walk = (w: Int32Array, left: number, targets: number[]): void => {
    const buf = bufs[left - 1]!;
    const count = generateLegal(w, 0, buf, 0);
    for (let i = 0; i < count; i++) {
      const move = buf[i]!;
      const child = w.slice();
      applyMove(child, 0, move);
      const checks = attacked(child, us ^ 1);
      const from = move & 63;
      const to = (move >> 6) & 63;
      const nextTargets = targets.filter((t) => (us === 0 ? t + 8 : t - 8) !== from);
      if (move >> 12 === MOVE_DOUBLE_PUSH) nextTargets.push((from + to) >> 1);
      path.push(move);
      if (left === 1 || (checks && rules === 'scottish')) {
        if (checks && italianMate(child, nextTargets, rules === 'scottish')) solutions.push(path.map(uci));
      } else if (!checks) {
        // Same player again: flip the turn back; our own double steps give us no en passant.
        child[W_TURN] = us;
        child[W_EP] = -1;
        walk(child, left - 1, nextTargets);
      }
      path.pop();
    }
  };
  const root = new Int32Array(WORDS);
  root.set(pos.words.subarray(0, WORDS));
  root[W_EP] = -1;
  walk(root, n, []);
  return solutions;
}
