/**
 * Breadth-first search over the actions of one turn (§1.11): states are deduplicated by the
 * position identity (`internHash`); visited intermediate states are kept as hashes only, and
 * the frontier as compact records in a ring buffer (base words plus the first repetition key; the
 * rest of the repetition record cannot change inside a turn); a child is *settled* when control
 * changed or the game ended.
 *
 * Unlike the reference's `determine_all_moves`, end states one action away from the root are
 * counted too, so enumeration from a mid-turn state is complete.
 *
 * Modes: enumerate the distinct end states (optionally storing them and a shortest path to each),
 * count them, or look for a Paco (a union with the opponent's king) and stop at the first one,
 * optionally restricted to lifts from `startMask` and places on `chainMask` (the amazon search).
 */
import {
  BASE, EP, HAND_EMPTY, HAND_KIND, HAND_PIECE, HAND_POS, HAND_SINGLE, HIST_LEN, PACO_KING, KING_SQ, LIFT_BASE, OCC, PACO_PAWN, PLACE_BASE, PLAYER,
  PROMO, PROMOTE_BASE, REQUIRED, REQ_LIFT, REQ_PLACE, REQ_PROMOTE_THEN_FINISH, RUNNING, VICTORY, WORDS,
} from './layout.js';
import { legalActions, placeTargets } from './actions.js';
import { applyActionUnchecked } from './play.js';
import { copyState, hashHi, hashLo, internHash, pieceAt } from './state.js';
import { HashSet64, StateArena } from './hashset.js';
import { TARGETS, pieceTargets } from './targets.js';
import { Z_HAND, Z_PIECE } from './tables.js';
import { DIRECT, USEFUL, planLift } from './threat-plan.js';

const ENTRY = BASE + 2;

/**
 * A breadth-first search over the actions of one turn (docs/rules/paco-sako.md §1.11): the
 * distinct end states of a turn, with shortest paths, and the search for a Paco. Its buffers are
 * allocated once and reused by each search.
 */
export class TurnSearch {
  private readonly seen = new HashSet64(10);
  private readonly queue = new StateArena(ENTRY, 256);
  private readonly work = new Int32Array(WORDS);
  private readonly child = new Int32Array(WORDS);
  private readonly acts = new Int32Array(64);
  /** The state after a lift, planned (`planLift`). */
  private readonly lifted = new Int32Array(WORDS);
  /** A root with its pending promotion done (`findPaco` with `plan`). */
  private readonly branch = new Int32Array(WORDS);
  /** Each lift square's plan: `USEFUL` then `DIRECT` (threat-plan.ts), 20 words a square; at 1280 the root's hand's. */
  private readonly liftPlan = new Int32Array(1300);
  private parent = new Int32Array(256);
  private parentAction = new Int32Array(256);
  /** Full end states (`WORDS` each) of the last `enumerate(…, store)`. */
  readonly ends = new StateArena(WORDS, 64);
  /** For each stored end state: its last action and the queue index of its parent (-1 = root). */
  private endParent = new Int32Array(64);
  private endAction = new Int32Array(64);
  /** Number of intermediate states of the last search. */
  states = 0;
  /**
   * Upper bound on intermediate states (0 = none); exceeding it makes the search return -1. It
   * bounds the whole question: `spent` states used by earlier searches of the same question (the
   * other promotion choices, an unplanned first try) count against it.
   */
  limit = 0;
  /** States already used by the question this search is part of; they count against `limit`. */
  spent = 0;
  /** After a successful `findPaco(…, true)`: the path, in `pacoPath[0..pacoPathLength)`. */
  pacoPath = new Int32Array(64);
  /** The length of `pacoPath` after a successful `findPaco(…, true)`. */
  pacoPathLength = 0;

  /**
   * Enumerates the distinct end states of the turn from `root`. With `store`, keeps them in
   * `ends` (and the data to trace a shortest path to each with `pathTo`). Returns their number,
   * or -1 when `limit` was exceeded.
   */
  enumerate(root: Int32Array, store: boolean): number {
    const seen = this.seen, queue = this.queue, work = this.work, child = this.child, acts = this.acts;
    seen.clear();
    queue.reset();
    this.ends.reset();
    copyState(root, work);
    internHash(work);
    seen.add(hashLo, hashHi);
    const mover = root[PLAYER]!;
    let count = 0;
    let idx = -1;
    for (;;) {
      const n = legalActions(work, acts);
      for (let i = 0; i < n; i++) {
        const a = acts[i]!;
        copyState(work, child);
        applyActionUnchecked(child, a);
        internHash(child);
        if (!seen.add(hashLo, hashHi)) continue;
        if (child[PLAYER] !== mover || child[VICTORY] !== RUNNING) {
          if (store) {
            const e = this.ends.push(child);
            if (e >= this.endParent.length) this.growEnds();
            this.endParent[e] = idx;
            this.endAction[e] = a;
          }
          count++;
        } else {
          const q = queue.push(child);
          if (q >= this.parent.length) this.growParents();
          this.parent[q] = idx;
          this.parentAction[q] = a;
          if (this.limit > 0 && this.spent + queue.count > this.limit) {
            this.states = queue.count;
            return -1;
          }
        }
      }
      idx++;
      if (idx >= queue.count) break;
      queue.load(idx, work);
      queue.release(idx + 1); // the record lives on in `work`; only its hash stays in `seen`
    }
    this.states = queue.count;
    return count;
  }

  /** The action path from the root to stored end state `e` (a shortest one: BFS order). */
  pathTo(e: number): number[] {
    const path = [this.endAction[e]!];
    for (let q = this.endParent[e]!; q >= 0; q = this.parent[q]!) path.push(this.parentAction[q]!);
    return path.reverse();
  }

  /**
   * Whether the player in control of `root` can unite with the opponent's king within this turn
   * (every promotion choice included). Stops at the first Paco. With masks (lo, hi pairs), lifts
   * only from `start` and places only on `chain` (promotions are never skipped). With `path`,
   * leaves a shortest Paco sequence in `pacoPath`. Returns 1 (yes), 0 (no), -1 (limit exceeded).
   *
   * Actions that cannot lead to a Paco by the rules are not expanded (§1.5, §1.6): lifting a king
   * or a union (they only go to empty squares and end the turn), and places that end the turn
   * (anything but a union square or an en-passant capture), except the place onto the king itself.
   *
   * With `plan` (not with `path`), chain steps are pruned per lift by `planLift` (threat-plan.ts)
   * with the king's square as the goal, reached by a place (`pieceTargets`) instead of a threat.
   * Sound by the proof there: a Paco turn lifts a single (or starts with one in hand) and then
   * places singles onto unions only, the last place onto the king; so it is a walk of the piece
   * in hand over fixed occupancy and unions, whose last pair (t, p) has the king among its place
   * targets (`DIRECT`, so useful), and every earlier pair is useful by the same induction; a step
   * releasing a pair that is not useful (or a king, which never Paco: no such union is entered
   * in the plan) is not followed. From a state with a single in hand the argument is the same,
   * the unions holding their pieces of that state. A step releasing a `DIRECT` pair leads to a
   * Paco (the place targets of the released piece are computed over the same occupancy; a
   * pending promotion of the placed pawn is done first, any choice), so the search answers 1
   * there. A pending promotion at the root is searched per choice (each branch a root without
   * one: the branches share no state, as the promoted piece differs); with an en-passant square
   * (a capture there changes a union without a step onto it) nothing is pruned.
   */
  findPaco(root: Int32Array, path: boolean, kingSq: number, start: Int32Array | null, chain: Int32Array | null, plan = false): number {
    const seen = this.seen, queue = this.queue;
    this.pacoPathLength = 0;
    this.states = 0;
    if (kingSq < 0 || root[VICTORY] !== RUNNING) return 0;
    const mover = root[PLAYER]!;
    const kLo = kingSq < 32 ? 1 << kingSq : 0;
    const kHi = kingSq < 32 ? 0 : 1 << (kingSq - 32);
    // The king must be the opponent's single piece on kingSq.
    if (((root[OCC + 2 * mover]! & kLo) | (root[OCC + 2 * mover + 1]! & kHi)) !== 0) return 0;
    const sLo = start === null ? -1 : start[0]!, sHi = start === null ? -1 : start[1]!;
    const cLo = chain === null ? -1 : chain[0]!, cHi = chain === null ? -1 : chain[1]!;
    const req0 = root[REQUIRED]!;
    if (plan && !path && root[EP]! < 0 && root[PROMO]! >= 0 && req0 !== REQ_PROMOTE_THEN_FINISH) {
      // A pending promotion: each choice searched on its own (their states differ in the promoted
      // piece, so none is shared), each pruned from the board it leaves. The choices share one
      // `limit`: each starts with the states of those before it spent.
      const spentBefore = this.spent;
      let states = 0;
      let r = 0;
      for (let k = 0; k < 4 && r === 0; k++) {
        copyState(root, this.branch);
        applyActionUnchecked(this.branch, PROMOTE_BASE + k);
        this.spent = spentBefore + states;
        r = this.findPaco(this.branch, false, kingSq, start, chain, true);
        states += this.states;
      }
      this.spent = spentBefore;
      this.states = states;
      return r;
    }
    // Chain steps are followed only while the piece released may still reach the king (threat-plan.ts).
    const prune = plan && !path && root[EP]! < 0 && root[PROMO]! < 0;
    const rootLo = root[OCC + 2 * mover]!, rootHi = root[OCC + 2 * mover + 1]!;
    if (prune && root[HAND_KIND] === HAND_SINGLE && root[HAND_PIECE] !== PACO_KING) {
      if (!planLift(root, mover, root[HAND_PIECE]!, root[HAND_POS]!, kLo, kHi, true)) return 0;
      this.liftPlan.set(USEFUL, 1280);
      this.liftPlan.set(DIRECT, 1290);
    }
    seen.clear();
    queue.reset();
    let work: Int32Array = root;
    let idx = -1;
    let rootHashed = false;
    for (;;) {
      const req = work[REQUIRED]!;
      const wLo = work[OCC]!, wHi = work[OCC + 1]!, bLo = work[OCC + 2]!, bHi = work[OCC + 3]!;
      // Squares a single piece can continue a chain on: unions, and the en-passant square.
      let uLo = wLo & bLo & cLo, uHi = wHi & bHi & cHi;
      const ep = work[EP]!;
      if (ep >= 0) {
        if (ep < 32) uLo |= (1 << ep) & cLo; else uHi |= (1 << (ep - 32)) & cHi;
      }
      if (req === REQ_LIFT) {
        const ownLo = mover === 0 ? wLo : bLo, ownHi = mover === 0 ? wHi : bHi;
        const ownKing = work[KING_SQ + mover]!;
        // Own singles, not the king.
        let candLo = ownLo & ~(wLo & bLo) & sLo, candHi = ownHi & ~(wHi & bHi) & sHi;
        if (ownKing >= 0) {
          if (ownKing < 32) candLo &= ~(1 << ownKing); else candHi &= ~(1 << (ownKing - 32));
        }
        for (let half = 0; half < 2; half++) {
          let bits = half === 0 ? candLo : candHi;
          while (bits !== 0) {
            const bit = bits & -bits;
            bits ^= bit;
            const sq = (half << 5) + 31 - Math.clz32(bit);
            pieceTargets(work, mover, sq, pieceAt(work, mover, sq), false);
            if (((TARGETS[0]! & kLo) | (TARGETS[1]! & kHi)) !== 0) {
              if (path) this.tracePath(idx, LIFT_BASE + sq, PLACE_BASE + kingSq);
              this.states = queue.count;
              return 1;
            }
            if (((TARGETS[0]! & uLo) | (TARGETS[1]! & uHi)) === 0) continue; // no chain can start
            if (prune) {
              const lifted = this.lifted;
              copyState(work, lifted);
              applyActionUnchecked(lifted, LIFT_BASE + sq);
              if (!planLift(lifted, mover, lifted[HAND_PIECE]!, sq, kLo, kHi, true)) continue;
              this.liftPlan.set(USEFUL, 20 * sq);
              this.liftPlan.set(DIRECT, 20 * sq + 10);
            }
            if (this.enqueue(work, LIFT_BASE + sq, idx, path, rootHashed)) return -1;
            rootHashed = true;
          }
        }
      } else if (req === REQ_PLACE) {
        if (work[HAND_KIND] === HAND_SINGLE && work[HAND_PIECE] !== PACO_KING) {
          placeTargets(work);
          if (((TARGETS[0]! & kLo) | (TARGETS[1]! & kHi)) !== 0) {
            if (path) this.tracePath(idx, PLACE_BASE + kingSq, -1);
            this.states = queue.count;
            return 1;
          }
          // A chain step of a piece other than a pawn (no promotion, no en passant) changes only
          // the target square and the hand (play.ts `place`), so its child's key follows from the
          // parent's and a transposition is skipped before the copy. A wrong key could only miss
          // a skip: `enqueue` keys the child itself.
          const piece = work[HAND_PIECE]!, from = work[HAND_POS]!;
          // The plan of this chain's lift: the one square of the mover emptied since the root.
          let lift = 1280;
          if (prune && root[HAND_KIND] === HAND_EMPTY) {
            const lo = rootLo & ~work[OCC + 2 * mover]!, hi = rootHi & ~work[OCC + 2 * mover + 1]!;
            lift = 20 * (lo !== 0 ? 31 - Math.clz32(lo) : 63 - Math.clz32(hi));
          }
          const derive = piece !== PACO_PAWN;
          let pLo = 0, pHi = 0;
          if (derive) {
            internHash(work);
            const h = 2 * (piece * 64 + from);
            pLo = hashLo ^ Z_HAND[h]!;
            pHi = hashHi ^ Z_HAND[h + 1]!;
          }
          const tLo = TARGETS[0]!, tHi = TARGETS[1]!;
          for (let half = 0; half < 2; half++) {
            let bits = (half === 0 ? tLo : tHi) & (half === 0 ? uLo : uHi);
            while (bits !== 0) {
              const bit = bits & -bits;
              bits ^= bit;
              const sq = (half << 5) + 31 - Math.clz32(bit);
              if (prune) {
                // The piece released on sq (a union: no en-passant square here) must be worth following.
                const own = pieceAt(work, mover, sq);
                if (own === PACO_KING) continue;
                const k = lift + 2 * own + half;
                if (((this.liftPlan[k]! >>> (sq & 31)) & 1) === 0) continue;
                if (((this.liftPlan[k + 10]! >>> (sq & 31)) & 1) !== 0) {
                  // It may be placed on the king: that child is a Paco (after any promotion choice).
                  this.states = queue.count;
                  return 1;
                }
              }
              if (derive && sq !== ep) {
                const own = pieceAt(work, mover, sq);
                const a = 2 * ((mover * 6 + own) * 64 + sq), b = 2 * ((mover * 6 + piece) * 64 + sq);
                const h = 2 * (own * 64 + sq);
                if (this.seen.has(pLo ^ Z_PIECE[a]! ^ Z_PIECE[b]! ^ Z_HAND[h]!, pHi ^ Z_PIECE[a + 1]! ^ Z_PIECE[b + 1]! ^ Z_HAND[h + 1]!)) continue;
              }
              if (this.enqueue(work, PLACE_BASE + sq, idx, path, rootHashed)) return -1;
              rootHashed = true;
            }
          }
        }
      } else if (req !== REQ_PROMOTE_THEN_FINISH) {
        // PromoteThenLift / PromoteThenPlace: every choice (Rook, Knight, Bishop, Queen).
        for (let k = 0; k < 4; k++) {
          if (this.enqueue(work, PROMOTE_BASE + k, idx, path, rootHashed)) return -1;
          rootHashed = true;
        }
      }
      idx++;
      if (idx >= queue.count) break;
      work = this.work;
      queue.load(idx, work);
      queue.release(idx + 1);
      if (idx === 0) {
        // The queue records hold the base words only: the rest of the repetition record is the root's.
        const n = BASE + 2 * root[HIST_LEN]!;
        for (let i = BASE + 2; i < n; i++) work[i] = root[i]!;
      }
    }
    this.states = queue.count;
    return 0;
  }

  /** Plays `action` on a copy of `work`; queues the child if it is new and unsettled. Returns true when over the limit. */
  private enqueue(work: Int32Array, action: number, parent: number, path: boolean, rootHashed: boolean): boolean {
    const child = this.child;
    if (!rootHashed && parent < 0) {
      internHash(work);
      this.seen.add(hashLo, hashHi);
    }
    copyState(work, child);
    applyActionUnchecked(child, action);
    if (child[PLAYER] !== work[PLAYER] || child[VICTORY] !== RUNNING) return false; // settled without Paco
    internHash(child);
    if (!this.seen.add(hashLo, hashHi)) return false;
    const q = this.queue.push(child);
    if (path) {
      if (q >= this.parent.length) this.growParents();
      this.parent[q] = parent;
      this.parentAction[q] = action;
    }
    if (this.limit > 0 && this.spent + this.queue.count > this.limit) {
      this.states = this.queue.count;
      return true;
    }
    return false;
  }

  private tracePath(q: number, a: number, b: number): void {
    let len = b < 0 ? 1 : 2;
    for (let p = q; p >= 0; p = this.parent[p]!) len++;
    if (len > this.pacoPath.length) this.pacoPath = new Int32Array(2 * len);
    let i = len - 1;
    if (b >= 0) this.pacoPath[i--] = b;
    this.pacoPath[i--] = a;
    for (let p = q; p >= 0; p = this.parent[p]!) this.pacoPath[i--] = this.parentAction[p]!;
    this.pacoPathLength = len;
  }

  private growParents(): void {
    const n = this.parent.length * 2;
    const p = new Int32Array(n);
    p.set(this.parent);
    this.parent = p;
    const a = new Int32Array(n);
    a.set(this.parentAction);
    this.parentAction = a;
  }

  private growEnds(): void {
    const n = this.endParent.length * 2;
    const p = new Int32Array(n);
    p.set(this.endParent);
    this.endParent = p;
    const a = new Int32Array(n);
    a.set(this.endAction);
    this.endAction = a;
  }
}
