/**
 * The Zobrist key of a variant position: the Polyglot key of its chess part (`refreshKey`), XOR
 * entries for what the chess layout does not hold and the variant plays by: the pocket counts and
 * the promoted squares of crazyhouse (a promoted piece goes back to a pocket as a pawn), the
 * checks three-check still needs. Two positions that differ only there get different keys, so a
 * repetition count over keys does not take one for the other. Other variants keep the Polyglot
 * key unchanged. The extra numbers come from a fixed seed, built on first use.
 */
import { Rng } from '../../core/rng.js';
import { W_KEY } from '../../chess/layout.js';
import { refreshKey } from '../../chess/play.js';
import { W_CHECKS, W_POCKET, W_PROMOTED } from './layout.js';
import { CRAZYHOUSE, THREE_CHECK } from './rules.js';

/** Entries: [colour][role 0..4][count 1..64] of a pocket, then 64 promoted squares, then [colour][checks 0..3]. */
const POCKET_COUNTS = 64;
const PROMOTED_AT = 2 * 5 * POCKET_COUNTS;
const CHECKS_AT = PROMOTED_AT + 64;
const ENTRIES = CHECKS_AT + 2 * 4;
/** The seed of the extra numbers: any fixed value; changing it changes every variant key. */
const SEED = 0x2c5a7e31;

let table: Int32Array | undefined;

function keyTable(): Int32Array {
  if (table !== undefined) return table;
  const rng = new Rng(SEED);
  table = new Int32Array(2 * ENTRIES);
  for (let i = 0; i < table.length; i++) table[i] = rng.nextUint32() | 0;
  return table;
}

/** Computes the key of the variant position at `w[p..]` from scratch into its key words (`W_KEY`). */
export function refreshVariantKey(variant: number, w: Int32Array, p: number): void {
  refreshKey(w, p);
  if (variant !== CRAZYHOUSE && variant !== THREE_CHECK) return;
  const t = keyTable();
  let lo = w[p + W_KEY]!;
  let hi = w[p + W_KEY + 1]!;
  if (variant === CRAZYHOUSE) {
    for (let c = 0; c < 2; c++) {
      for (let r = 0; r < 5; r++) {
        const n = Math.min(w[p + W_POCKET + 5 * c + r]!, POCKET_COUNTS);
        if (n === 0) continue;
        const e = 2 * ((5 * c + r) * POCKET_COUNTS + n - 1);
        lo ^= t[e]!;
        hi ^= t[e + 1]!;
      }
    }
    for (let half = 0; half < 2; half++) {
      let bits = w[p + W_PROMOTED + half]!;
      while (bits !== 0) {
        const sq = 32 * half + (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        lo ^= t[2 * (PROMOTED_AT + sq)]!;
        hi ^= t[2 * (PROMOTED_AT + sq) + 1]!;
      }
    }
  } else {
    for (let c = 0; c < 2; c++) {
      const e = 2 * (CHECKS_AT + 4 * c + Math.max(0, Math.min(3, w[p + W_CHECKS + c]!)));
      lo ^= t[e]!;
      hi ^= t[e + 1]!;
    }
  }
  w[p + W_KEY] = lo;
  w[p + W_KEY + 1] = hi;
}
