/**
 * Which pieces in hand are worth following in the castling threat search (§1.7), for one lift
 * (also the Paco search's, with a place onto the king as the goal: search.ts).
 *
 * After `them` lifts a single from X, a chain only ever places a single onto a union (any other
 * place settles the turn: §1.5, §1.6), so the occupied squares stay those of the board with X
 * emptied, the set of unions never changes, and a chain is a walk of the piece in hand: it moves
 * from where it was released (or lifted) to a union w by a move of its own type, and the piece
 * that stood on w is released there. That piece is w's own piece of the FEN if w was not entered
 * before, else the last piece placed there (a pawn placed on its last rank is promoted there, to
 * any type). A single in hand of type t released on p threatens what `threatTargets` gives.
 *
 * `planLift` over-approximates the walk forward and prunes it backward:
 *
 * - forward: `content[t]` holds the unions that may hold a piece of type t when next entered
 *   (their own piece, and any type that may move onto them), `hand[t]` the squares a piece of
 *   type t may be in hand on (X with its piece, and every content of a union once it may be
 *   entered). A piece placed on w is released again only if the walk goes on after placing it,
 *   so from the piece released on w at that moment: such a placement counts only once some
 *   content of w can move on to a union (until then it waits in `pending`). By induction on the
 *   walk, each piece actually released is in `hand`, each content actually released later is in
 *   `content`, and each actual move is among the moves computed here (same occupancy and unions).
 * - backward: `USEFUL[t]` holds the pairs (t, p) of `hand` from which some walk over these sets
 *   reaches a pair that threatens a goal square: (t, p) threatens one, or moves onto a union w
 *   where some (c, w) is useful.
 *
 * Soundness: take an actual walk whose last piece in hand threatens a goal square. Its last pair
 * is useful. If the pair after (t, p) is (c, w), useful, then w is a move of (t, p) and c is an
 * actual content of w, so in `content[c]`, and (c, w) is in `hand`: (t, p) is useful. So every
 * pair of the walk is useful, and a search that follows only chain steps releasing a useful pair
 * still visits every state that threatens a goal square (README.md, "Castling safety"). The
 * passes are then repeated over the walks that follow useful pairs only (the searched ones, which
 * hold every such walk, so the argument holds again) until the useful set no longer shrinks.
 *
 * Not used with an en-passant square (a capture there moves pieces without a union step) or a
 * pending promotion: the search then runs unpruned. A union holding `them`'s own king (a FEN's)
 * is never entered here: the search does not follow a released king (actions.ts).
 */
import { PACO_KING, OCC, PACO_PAWN, PACO_QUEEN, PACO_ROOK } from './layout.js';
import { pieceAt } from './state.js';
import { TARGETS, pieceTargets, threatTargets } from './targets.js';

/** Per type (PACO_PAWN..QUEEN), (lo, hi) pairs: the pairs worth following, from the last `planLift`. */
export const USEFUL = new Int32Array(10);
/** The pairs of `USEFUL` that reach a goal square at once (threaten it, or with `place`, may be placed on it). */
export const DIRECT = new Int32Array(10);
const hand = new Int32Array(10);
const content = new Int32Array(10);
/** Work list of (type, square) as `type * 64 + square`. */
const work = new Int32Array(5 * 64);
/** Pairs as `type * 64 + square`, in the order they joined `hand`, for the backward pass. */
const order = new Int32Array(5 * 64);
/** Deposits waiting until some piece released on their union can go on (lo, hi per type). */
const pending = new Int32Array(10);
let top = 0, count = 0;
/** The pairs a pass may follow (all at first, then the last pass's useful ones), and their squares. */
const allowed = new Int32Array(10);
let allowedLo = -1, allowedHi = -1;
/** The goal is reached by placing the piece in hand on it (the Paco), not by threatening it. */
let byPlace = false;
let unionLo = 0, unionHi = 0, enteredLo = 0, enteredHi = 0, liveLo = 0, liveHi = 0;

/**
 * For `s`, a state right after `them` lifted a single (not the king) and before any place (or any
 * later state with that single in hand: the walk starts from there), fills `USEFUL` and `DIRECT`
 * for the goal squares (goalLo, goalHi) and returns whether the lifted piece is useful (when not,
 * no chain of this lift threatens a goal square). With `place`, a pair reaches the goal when it
 * may be placed on it (`pieceTargets`: the Paco search, search.ts) instead of threatening it.
 */
export function planLift(s: Int32Array, them: number, piece: number, from: number, goalLo: number, goalHi: number, place = false): boolean {
  byPlace = place;
  allowed.fill(-1);
  allowedLo = -1;
  allowedHi = -1;
  const i = 2 * piece + (from >> 5), bit = 1 << (from & 31);
  for (;;) {
    plan(s, them, piece, from, goalLo, goalHi);
    if ((USEFUL[i]! & bit) === 0) return false;
    let same = true;
    for (let k = 0; k < 10; k++) if (USEFUL[k] !== allowed[k]) same = false;
    if (same) return true;
    // The search follows only useful pairs: plan again over those walks (fewer, never more).
    allowed.set(USEFUL);
    allowedLo = 0;
    allowedHi = 0;
    for (let k = 0; k < 10; k += 2) {
      allowedLo |= USEFUL[k]!;
      allowedHi |= USEFUL[k + 1]!;
    }
  }
}

/** One forward and backward pass over the pairs `allowed` (the moves onto a square of `allowedLo`/`allowedHi`). */
function plan(s: Int32Array, them: number, piece: number, from: number, goalLo: number, goalHi: number): void {
  const wLo = s[OCC]!, wHi = s[OCC + 1]!, bLo = s[OCC + 2]!, bHi = s[OCC + 3]!;
  unionLo = wLo & bLo;
  unionHi = wHi & bHi;
  content.fill(0);
  pending.fill(0);
  hand.fill(0);
  enteredLo = 0;
  enteredHi = 0;
  liveLo = 0;
  liveHi = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? unionLo : unionHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      if (pieceAt(s, them, (half << 5) + 31 - Math.clz32(bit)) === PACO_KING) {
        if (half === 0) unionLo &= ~bit; else unionHi &= ~bit; // entering it releases the king: never followed
      }
    }
  }
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? unionLo : unionHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const w = (half << 5) + 31 - Math.clz32(bit);
      addContent(s, them, pieceAt(s, them, w), w);
    }
  }
  const lastRank = them === 0 ? 7 : 0;
  count = 0;
  top = 0;
  mark(piece, from);
  while (top > 0) {
    const e = work[--top]!;
    const t = e >> 6, p = e & 63;
    pieceTargets(s, them, p, t, false);
    for (let half = 0; half < 2; half++) {
      let bits = TARGETS[half]! & (half === 0 ? unionLo & allowedLo : unionHi & allowedHi);
      while (bits !== 0) {
        const bit = bits & -bits;
        bits ^= bit;
        const w = (half << 5) + 31 - Math.clz32(bit);
        if (((half === 0 ? enteredLo : enteredHi) & bit) === 0) {
          // First entry: its own piece (and whatever may stand there already) is released.
          if (half === 0) enteredLo |= bit; else enteredHi |= bit;
          for (let c = PACO_PAWN; c <= PACO_QUEEN; c++) if ((content[2 * c + half]! & bit) !== 0) mark(c, w);
        }
        const live = ((half === 0 ? liveLo : liveHi) & bit) !== 0;
        const promoted = t === PACO_PAWN && w >> 3 === lastRank;
        for (let d = promoted ? PACO_ROOK : t; d <= (promoted ? PACO_QUEEN : t); d++) {
          if (live) addContent(s, them, d, w);
          else pending[2 * d + half] = pending[2 * d + half]! | bit;
        }
      }
    }
  }
  // Backward: repeat over the pairs until no new one becomes useful.
  USEFUL.fill(0);
  DIRECT.fill(0);
  let usefulLo = 0, usefulHi = 0; // squares holding some useful pair
  for (let changed = true; changed;) {
    changed = false;
    for (let k = count - 1; k >= 0; k--) {
      const t = order[k]! >> 6, p = order[k]! & 63;
      const i = 2 * t + (p >> 5), bit = 1 << (p & 31);
      if ((USEFUL[i]! & bit) !== 0) continue;
      if (!byPlace) threatTargets(s, them, p, t);
      else pieceTargets(s, them, p, t, false);
      let useful = ((TARGETS[0]! & goalLo) | (TARGETS[1]! & goalHi)) !== 0;
      if (useful) DIRECT[i] = DIRECT[i]! | bit;
      else {
        if (!byPlace) pieceTargets(s, them, p, t, false);
        useful = ((TARGETS[0]! & usefulLo & unionLo) | (TARGETS[1]! & usefulHi & unionHi)) !== 0;
      }
      if (!useful) continue;
      USEFUL[i] = USEFUL[i]! | bit;
      if (p < 32) usefulLo |= bit; else usefulHi |= bit;
      changed = true;
    }
  }
}

/** Adds (type, sq) to `hand` (and the work list and `order`) unless it is there. */
function mark(type: number, sq: number): void {
  const i = 2 * type + (sq >> 5), bit = 1 << (sq & 31);
  if ((hand[i]! & bit) !== 0 || (allowed[i]! & bit) === 0) return;
  hand[i] = hand[i]! | bit;
  work[top++] = type * 64 + sq;
  order[count++] = type * 64 + sq;
}

/**
 * Type `d` may stand on the union `w` when it is next entered: it is released then if `w` was
 * entered before. If the piece released there can go on to a union, the deposits kept waiting
 * for that (`pending`) become possible contents too.
 */
function addContent(s: Int32Array, them: number, d: number, w: number): void {
  const half = w >> 5, bit = 1 << (w & 31), i = 2 * d + half;
  if ((content[i]! & bit) !== 0) return;
  content[i] = content[i]! | bit;
  if (((half === 0 ? enteredLo : enteredHi) & bit) !== 0) mark(d, w);
  if (((half === 0 ? liveLo : liveHi) & bit) !== 0) return;
  pieceTargets(s, them, w, d, false);
  if (((TARGETS[0]! & unionLo & allowedLo) | (TARGETS[1]! & unionHi & allowedHi)) === 0) return;
  if (half === 0) liveLo |= bit; else liveHi |= bit;
  for (let c = PACO_PAWN; c <= PACO_QUEEN; c++) {
    const k = 2 * c + half;
    if ((pending[k]! & bit) === 0) continue;
    pending[k] = pending[k]! & ~bit;
    addContent(s, them, c, w);
  }
}
