/**
 * "Chasing Paco in 2" (a replay annotation of the reference, `analysis/chasing_paco.rs`, not a
 * rule): the turns of `attacker` after which the defender is in Ŝako, cannot Paco himself, and
 * stays in Ŝako after every reply. Empty when the attacker can Paco at once.
 */
import { err, ok, type Result } from '../../core/result.js';
import { HAND_EMPTY, HAND_KIND, PLAYER, WORDS } from './layout.js';
import { canPacoNowAmazon, isInSakoAmazon } from './sako.js';
import { TurnSearch } from './search.js';

/** A turn that chases Paco in 2. */
export interface ChasingMove {
  /** The state after the attacker's turn. */
  readonly state: Int32Array;
  /** A shortest action sequence of that turn. */
  readonly path: number[];
}

const attacks = new TurnSearch();
const defenses = new TurnSearch();

/** The chasing-Paco-in-2 turns of `attacker` from the settled state `s` (control handed to him). */
export function chasingPacoInTwo(s: Int32Array, attacker: number): Result<ChasingMove[], {
  /** Always `sako`. */
  kind: 'sako';
  /** The fault: the state is not settled (a piece is in hand). */
  message: string;
}> {
  if (s[HAND_KIND] !== HAND_EMPTY) return err({ kind: 'sako', message: 'chasing Paco needs a settled position' });
  const root = s.slice();
  root[PLAYER] = attacker; // as the reference: only the controlling player is switched
  // The amazon-pruned searches (they give the exhaustive ones' answers: sako.test), which stay
  // fast where unions crowd the board and the exhaustive ones need millions of states.
  if (canPacoNowAmazon(root)) return ok([]);
  const defender = attacker ^ 1;
  const out: ChasingMove[] = [];
  const n = attacks.enumerate(root, true);
  const a = new Int32Array(WORDS);
  const d = new Int32Array(WORDS);
  for (let e = 0; e < n; e++) {
    attacks.ends.load(e, a);
    if (a[PLAYER] !== defender) continue;
    if (!isInSakoAmazon(a, defender) || canPacoNowAmazon(a)) continue;
    const m = defenses.enumerate(a, true);
    let chasing = true;
    for (let k = 0; k < m && chasing; k++) {
      defenses.ends.load(k, d);
      if (d[PLAYER] !== attacker || !isInSakoAmazon(d, defender)) chasing = false;
    }
    if (chasing) out.push({ state: a.slice(), path: attacks.pathTo(e) });
  }
  return ok(out);
}
