/**
 * Legal actions (`actions()`, §1.3): the lift set, the place targets of the hand (with castling,
 * §1.7) or the four promotions. Codes are the reference's network encoding: Lift(t) = 1 + t,
 * Place(t) = 65 + t, Promote Rook/Knight/Bishop/Queen = 129..132, listed in that order (lift and
 * place sets ascending from a1).
 */
import { BISHOP_EMPTY, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, ROOK_EMPTY } from '../../core/attacks.js';
import {
  BASE, PACO_BISHOP, CASTLING, EP, HAND_EMPTY, HAND_KIND, HAND_PAIR, HAND_PIECE, HAND_POS, HAND_SINGLE, HIST_LEN, PACO_KING, PACO_KNIGHT, LIFT_BASE,
  OCC, PACO_PAWN, PLACE_BASE, PLAYER, PROMO, PROMOTE_BASE, PACO_QUEEN, REPS, REQUIRED, REQ_LIFT, REQ_PLACE, PACO_ROOK, RUNNING, VICTORY, WORDS,
} from './layout.js';
import { applyActionUnchecked } from './play.js';
import { copyState, hashHi, hashLo, internHash, pieceAt } from './state.js';
import { CASTLE_MASK, CASTLE_SQ } from './tables.js';
import { TARGETS, pieceTargets, threatTargets } from './targets.js';
import { HashSet64, StateArena } from './hashset.js';
import { pieceMayTravelTo } from './reach.js';
import { USEFUL, planLift } from './threat-plan.js';

/**
 * Writes the legal actions of `s` into `out` and returns their number; a RangeError if `out` has
 * not room for them all (64 always suffice: one lift or place per square, or four promotions).
 */
export function legalActions(s: Int32Array, out: Int32Array | Int16Array | Uint8Array): number {
  const n = writeLegalActions(s, out);
  if (n > out.length) throw new RangeError(`legalActions: ${n} actions, but out holds ${out.length}`);
  return n;
}

function writeLegalActions(s: Int32Array, out: Int32Array | Int16Array | Uint8Array): number {
  if (s[VICTORY] !== RUNNING) return 0; // the game is over
  const req = s[REQUIRED]!;
  if (req === REQ_LIFT) return liftActions(s, out);
  if (req === REQ_PLACE) {
    placeTargets(s);
    return emit(TARGETS[0]!, TARGETS[1]!, PLACE_BASE, out);
  }
  for (let i = 0; i < 4; i++) out[i] = PROMOTE_BASE + i; // Rook, Knight, Bishop, Queen
  return 4;
}

/** Whether `code` is legal in `s` (without generating the whole list for lifts and places). */
export function isLegalAction(s: Int32Array, code: number): boolean {
  if (!Number.isInteger(code) || code < 1 || code > 132 || s[VICTORY] !== RUNNING) return false;
  const req = s[REQUIRED]!;
  if (code >= PROMOTE_BASE) return req !== REQ_LIFT && req !== REQ_PLACE;
  if (code < PLACE_BASE) {
    if (req !== REQ_LIFT) return false;
    return canLift(s, code - LIFT_BASE);
  }
  if (req !== REQ_PLACE) return false;
  placeTargets(s);
  const t = code - PLACE_BASE;
  return ((TARGETS[t >> 5]! >>> (t & 31)) & 1) !== 0;
}

function emit(lo: number, hi: number, base: number, out: Int32Array | Int16Array | Uint8Array): number {
  let n = 0;
  while (lo !== 0) {
    out[n++] = base + 31 - Math.clz32(lo & -lo);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[n++] = base + 63 - Math.clz32(hi & -hi);
    hi &= hi - 1;
  }
  return n;
}

/** Neighbour squares per square in the rook and the bishop directions, as (lo, hi) pairs. */
const ORTHO_NEIGHBOURS = new Int32Array(128);
const DIAG_NEIGHBOURS = new Int32Array(128);
for (let i = 0; i < 128; i++) {
  ORTHO_NEIGHBOURS[i] = KING_ATTACKS[i]! & ROOK_EMPTY[i]!;
  DIAG_NEIGHBOURS[i] = KING_ATTACKS[i]! & BISHOP_EMPTY[i]!;
}

/**
 * Whether the own piece on `sq` has at least one place target (the lift filter, §1.4). Kings
 * count their steps only (castling implies a free neighbouring square). A slider has a target iff
 * the first square in one of its directions is one (every target lies beyond such a square), so
 * only the neighbours are looked at.
 */
export function canLift(s: Int32Array, sq: number): boolean {
  const me = s[PLAYER]!;
  const type = pieceAt(s, me, sq);
  if (type < 0) return false;
  const wLo = s[OCC]!, wHi = s[OCC + 1]!, bLo = s[OCC + 2]!, bHi = s[OCC + 3]!;
  const pair = ((((sq < 32 ? (me === 0 ? bLo : wLo) : (me === 0 ? bHi : wHi)) >>> (sq & 31)) & 1)) !== 0;
  let allowLo: number, allowHi: number;
  if (pair || type === PACO_KING) {
    allowLo = ~(wLo | bLo);
    allowHi = ~(wHi | bHi);
  } else if (me === 0) {
    allowLo = ~(wLo & ~bLo);
    allowHi = ~(wHi & ~bHi);
  } else {
    allowLo = ~(bLo & ~wLo);
    allowHi = ~(bHi & ~wHi);
  }
  const i = 2 * sq;
  switch (type) {
    case PACO_KNIGHT:
      return ((KNIGHT_ATTACKS[i]! & allowLo) | (KNIGHT_ATTACKS[i + 1]! & allowHi)) !== 0;
    case PACO_KING:
      return ((KING_ATTACKS[i]! & allowLo) | (KING_ATTACKS[i + 1]! & allowHi)) !== 0;
    case PACO_ROOK:
      return ((ORTHO_NEIGHBOURS[i]! & allowLo) | (ORTHO_NEIGHBOURS[i + 1]! & allowHi)) !== 0;
    case PACO_BISHOP:
      return ((DIAG_NEIGHBOURS[i]! & allowLo) | (DIAG_NEIGHBOURS[i + 1]! & allowHi)) !== 0;
    case PACO_QUEEN:
      return ((KING_ATTACKS[i]! & allowLo) | (KING_ATTACKS[i + 1]! & allowHi)) !== 0;
    default:
      pieceTargets(s, me, sq, PACO_PAWN, pair);
      return (TARGETS[0]! | TARGETS[1]!) !== 0;
  }
}

function liftActions(s: Int32Array, out: Int32Array | Int16Array | Uint8Array): number {
  const me = s[PLAYER]!;
  const wLo = s[OCC]!, wHi = s[OCC + 1]!, bLo = s[OCC + 2]!, bHi = s[OCC + 3]!;
  const emptyLo = ~(wLo | bLo), emptyHi = ~(wHi | bHi);
  const ownLo = me === 0 ? wLo : bLo, ownHi = me === 0 ? wHi : bHi;
  const oppLo = me === 0 ? bLo : wLo, oppHi = me === 0 ? bHi : wHi;
  // Singles may go anywhere but onto a square holding only an own piece.
  const singleLo = ~(ownLo & ~oppLo), singleHi = ~(ownHi & ~oppHi);
  const ep = s[EP]!;
  const pawnCapLo = ep >= 0 && ep < 32 ? oppLo | (1 << ep) : oppLo;
  const pawnCapHi = ep >= 32 ? oppHi | (1 << (ep - 32)) : oppHi;
  const fwd = me === 0 ? 8 : -8;
  let n = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? ownLo : ownHi;
    const pairBits = half === 0 ? ownLo & oppLo : ownHi & oppHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const sq = (half << 5) + 31 - Math.clz32(bit);
      const type = ((s[sq >> 2]! >>> (((sq & 3) << 3) + 3 * me)) & 7) - 1;
      const pair = (pairBits & bit) !== 0;
      const aLo = pair ? emptyLo : singleLo, aHi = pair ? emptyHi : singleHi;
      const i = 2 * sq;
      let ok: boolean;
      switch (type) {
        case PACO_KNIGHT:
          ok = ((KNIGHT_ATTACKS[i]! & aLo) | (KNIGHT_ATTACKS[i + 1]! & aHi)) !== 0;
          break;
        case PACO_KING:
          ok = ((KING_ATTACKS[i]! & emptyLo) | (KING_ATTACKS[i + 1]! & emptyHi)) !== 0;
          break;
        case PACO_ROOK:
          ok = ((ORTHO_NEIGHBOURS[i]! & aLo) | (ORTHO_NEIGHBOURS[i + 1]! & aHi)) !== 0;
          break;
        case PACO_BISHOP:
          ok = ((DIAG_NEIGHBOURS[i]! & aLo) | (DIAG_NEIGHBOURS[i + 1]! & aHi)) !== 0;
          break;
        case PACO_QUEEN:
          ok = ((KING_ATTACKS[i]! & aLo) | (KING_ATTACKS[i + 1]! & aHi)) !== 0;
          break;
        default: {
          // Pawn: a free square ahead, or (single) an opponent piece or the en-passant square diagonally ahead.
          const one = sq + fwd;
          ok = one >= 0 && one < 64 && (((one < 32 ? emptyLo : emptyHi) >>> (one & 31)) & 1) !== 0;
          if (!ok && !pair) {
            const o = 2 * (64 * me + sq);
            ok = ((PAWN_ATTACKS[o]! & pawnCapLo) | (PAWN_ATTACKS[o + 1]! & pawnCapHi)) !== 0;
          }
        }
      }
      if (ok) out[n++] = LIFT_BASE + sq;
    }
  }
  return n;
}

/** The place targets of the hand of `s` (§1.5), castling included. Writes `TARGETS`. */
export function placeTargets(s: Int32Array): void {
  const kind = s[HAND_KIND]!;
  if (kind === HAND_EMPTY) {
    TARGETS[0] = 0;
    TARGETS[1] = 0;
    return;
  }
  const me = s[PLAYER]!;
  const piece = s[HAND_PIECE]!;
  pieceTargets(s, me, s[HAND_POS]!, piece, kind === HAND_PAIR);
  if (piece === PACO_KING && kind === HAND_SINGLE) {
    const c = (s[CASTLING]! >>> (16 * me)) & 0xffff;
    if (c !== 0) addCastlingTargets(s, c);
  }
}

/**
 * §1.7: castling targets for the options `c` (the mover's two identifier bytes), added to
 * `TARGETS`. An option is free when its must-be-empty squares are empty; a free option is offered
 * unless a square it must keep safe is threatened. The threat search stops once every free option
 * has one; past its state cap (`setCastlingStateLimit`) no free option is offered.
 */
function addCastlingTargets(s: Int32Array, c: number): void {
  let lo = TARGETS[0]!;
  let hi = TARGETS[1]!;
  const occLo = s[OCC]! | s[OCC + 2]!;
  const occHi = s[OCC + 1]! | s[OCC + 3]!;
  let free = 0;
  for (let k = 0; k < 2; k++) {
    const id = (c >>> (8 * k)) & 0xff;
    if (id === 0) continue;
    const d = id & 0x7f;
    if (((CASTLE_MASK[4 * d]! & occLo) | (CASTLE_MASK[4 * d + 1]! & occHi)) !== 0) continue;
    safe[2 * free] = CASTLE_MASK[4 * d + 2]!;
    safe[2 * free + 1] = CASTLE_MASK[4 * d + 3]!;
    target[free++] = CASTLE_SQ[5 * d + 4]!;
  }
  if (free === 0) return;
  if (free === 1) {
    safe[2] = safe[0]!;
    safe[3] = safe[1]!;
  }
  const complete = searchThreats(s, s[PLAYER]! ^ 1, true, castlingLimit);
  for (let k = 0; k < free && complete; k++) {
    if (((safe[2 * k]! & threatLo) | (safe[2 * k + 1]! & threatHi)) !== 0) continue;
    const t = target[k]!;
    if (t < 32) lo |= 1 << t; else hi |= 1 << (t - 32);
  }
  TARGETS[0] = lo;
  TARGETS[1] = hi;
}

/** The must-be-safe masks (lo, hi) of up to two free castling options, and their place targets. */
const safe = new Int32Array(4);
const target = new Int32Array(2);

/**
 * States one castling threat search may queue (≈0.2 GB and a few seconds at most): a last guard.
 * Pruned (threat-plan.ts), no position of the reference's data, of our tests or of 150,000
 * union-dense random FENs comes near it (the largest: 92,922 states), but one known FEN does
 * (README.md, "Castling safety"); past it the search stops and castling is not offered.
 */
const CASTLING_LIMIT = 1_000_000;
let castlingLimit = CASTLING_LIMIT;

/**
 * Sets the cap on the states of one castling threat search (0 = no cap; the default is
 * 1,000,000) and returns the previous one. A search that reaches it offers no castling (§1.7 asks
 * for safe squares, and safety is then unproven).
 */
export function setCastlingStateLimit(limit: number): number {
  const previous = castlingLimit;
  castlingLimit = Math.max(0, Math.floor(limit));
  return previous;
}

/**
 * Scratch of the threat search. It is never re-entered: `legalActions` reaches it only through
 * the castling targets of a single king in hand (`placeTargets`), and the search calls
 * `legalActions` on no such state: it lifts no king (so no pair of its own king either), and it
 * does not follow a chain step that releases a king from a union (`searchThreats`).
 */
const tRoot = new Int32Array(WORDS);
const tWork = new Int32Array(WORDS);
const tChild = new Int32Array(WORDS);
/** `USEFUL` of each lift square's plan (threat-plan.ts), 10 words per square. */
const liftUseful = new Int32Array(640);
const tPlan = new Int32Array(WORDS);
const tActs = new Int32Array(64);
const tQueue = new StateArena(BASE, 64);
const tSeen = new HashSet64(8);
/** The squares found threatened by the last `searchThreats`. */
let threatLo = 0;
let threatHi = 0;

/**
 * `determine_all_threats` (§1.7 castling safety, `test_threat_*`): on a copy with `them` in
 * control, the hand emptied (a lifted king is off the board) and Lift required, every square
 * `them` could place a single piece on, directly or through chains (own pieces included, pawn
 * diagonals always, kings and pairs never threaten). Sets `threatLo`/`threatHi`.
 *
 * With `goal`, only the two masks of `safe` matter: the search stops as soon as both hold a
 * threatened square, it is skipped when no piece of `them` may travel to threaten a square of
 * them (`pieceMayTravelTo`, reach.ts), without an en-passant square or a pending promotion it
 * follows only the pieces in hand worth following for the masks still unthreatened
 * (`planLift`, threat-plan.ts: sound, so the answer stays exact), and it gives up past `limit`
 * states (0 = none), returning false (the threats are then incomplete). True when the answer is
 * complete for the goal.
 */
function searchThreats(s: Int32Array, them: number, goal: boolean, limit: number): boolean {
  for (let i = 0; i < BASE; i++) tRoot[i] = s[i]!;
  tRoot[PLAYER] = them;
  tRoot[HAND_KIND] = HAND_EMPTY;
  tRoot[HAND_PIECE] = -1;
  tRoot[HAND_POS] = -1;
  tRoot[REQUIRED] = REQ_LIFT;
  tRoot[VICTORY] = RUNNING;
  tRoot[REPS] = 0;
  tRoot[HIST_LEN] = 0;
  threatLo = 0;
  threatHi = 0;
  if (goal && !pieceMayTravelTo(tRoot, them, safe[0]! | safe[2]!, safe[1]! | safe[3]!, true)) return true;
  // Every chain of a lift may be pruned to the pieces worth following (threat-plan.ts), which
  // depend on the lift: kept per lift square, found again from the square emptied.
  const prune = goal && tRoot[EP]! < 0 && tRoot[PROMO]! < 0;
  tQueue.reset();
  tSeen.clear();
  let states = 0;
  let plannedLo = 0, plannedHi = 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = pieceAt(tRoot, them, sq);
    if (p < 0 || p === PACO_KING) continue;
    copyState(tRoot, tChild);
    applyActionUnchecked(tChild, LIFT_BASE + sq);
    if (addThreats(tChild, them) && goal) return true;
    if (tChild[HAND_KIND] !== HAND_SINGLE) continue; // a pair: every place of it settles (§1.6)
    if (prune) {
      if (!planLift(tChild, them, p, sq, safe[0]! | safe[2]!, safe[1]! | safe[3]!)) continue;
      liftUseful.set(USEFUL, 10 * sq);
      if (sq < 32) plannedLo |= 1 << sq; else plannedHi |= 1 << (sq - 32);
    }
    tQueue.push(tChild);
  }
  let open = 3;
  if (prune && openGoals() !== open) {
    open = openGoals();
    replan(them, plannedLo, plannedHi);
  }
  const rootLo = tRoot[OCC + 2 * them]!, rootHi = tRoot[OCC + 2 * them + 1]!;
  for (let idx = 0; idx < tQueue.count; idx++) {
    tQueue.load(idx, tWork);
    tQueue.release(idx + 1);
    let lift = 0;
    if (prune) {
      // The lifted square is the one square of `them` emptied (chain steps keep the occupancy).
      const lo = rootLo & ~tWork[OCC + 2 * them]!, hi = rootHi & ~tWork[OCC + 2 * them + 1]!;
      lift = 10 * (lo !== 0 ? 31 - Math.clz32(lo) : 63 - Math.clz32(hi));
    }
    const n = legalActions(tWork, tActs);
    const epCapture = enPassantCapturePossible(tWork);
    for (let i = 0; i < n; i++) {
      const a = tActs[i]!;
      if (a < PLACE_BASE) continue;
      if (a < PROMOTE_BASE) {
        const t = a - PLACE_BASE;
        const union = pieceAt(tWork, 0, t) >= 0 && pieceAt(tWork, 1, t) >= 0;
        if (!union && !epCapture) continue;
      }
      copyState(tWork, tChild);
      applyActionUnchecked(tChild, a);
      if (tChild[HAND_KIND] === HAND_EMPTY) continue; // settled
      // A king released from a union (a FEN's: README.md) threatens nothing, nor does a promotion
      // pending before it is placed, and every place of it settles (§1.7: empty squares or a
      // castling), so no chain goes on from it (the reference queues it and finds nothing). Not
      // queued, its castling targets are never asked for: that would run this search again
      // inside itself, over the same scratch (and `safe`, `target`).
      if (tChild[HAND_PIECE] === PACO_KING) continue;
      if (prune) {
        // A released piece from which no walk threatens a goal square (threat-plan.ts).
        const pos = tChild[HAND_POS]!;
        if (((liftUseful[lift + 2 * tChild[HAND_PIECE]! + (pos >> 5)]! >>> (pos & 31)) & 1) === 0) continue;
      }
      internHash(tChild);
      if (!tSeen.add(hashLo ^ tChild[REQUIRED]!, hashHi ^ tChild[PROMO]!)) continue;
      if (addThreats(tChild, them) && goal) return true;
      if (prune && openGoals() !== open) {
        // One option is threatened: only the other's squares matter from now on.
        open = openGoals();
        replan(them, plannedLo, plannedHi);
      }
      if (limit > 0 && ++states >= limit) return false;
      tQueue.push(tChild);
    }
  }
  return true;
}

/** Which of the two masks of `safe` hold no threatened square yet (bit 0, bit 1). */
function openGoals(): number {
  const a = ((safe[0]! & threatLo) | (safe[1]! & threatHi)) === 0 ? 1 : 0;
  const b = ((safe[2]! & threatLo) | (safe[3]! & threatHi)) === 0 ? 2 : 0;
  return a | b;
}

/**
 * Plans again the lifts (planLo, planHi) of the search for the masks of `safe` still without a
 * threatened square (`openGoals`): a pair worth following for the other mask no longer is.
 */
function replan(them: number, planLo: number, planHi: number): void {
  const open = openGoals();
  const goalLo = ((open & 1) !== 0 ? safe[0]! : 0) | ((open & 2) !== 0 ? safe[2]! : 0);
  const goalHi = ((open & 1) !== 0 ? safe[1]! : 0) | ((open & 2) !== 0 ? safe[3]! : 0);
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? planLo : planHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const sq = (half << 5) + 31 - Math.clz32(bit);
      copyState(tRoot, tPlan);
      applyActionUnchecked(tPlan, LIFT_BASE + sq);
      if (planLift(tPlan, them, tPlan[HAND_PIECE]!, sq, goalLo, goalHi)) liftUseful.set(USEFUL, 10 * sq);
      else liftUseful.fill(0, 10 * sq, 10 * sq + 10);
    }
  }
}

/**
 * Adds the squares the single in hand of `st` threatens (none while a promotion is pending) to
 * `threatLo`/`threatHi`; whether both masks of `safe` now hold a threatened square.
 */
function addThreats(st: Int32Array, them: number): boolean {
  if (st[PROMO]! >= 0 || st[HAND_KIND] !== HAND_SINGLE) return false;
  threatTargets(st, them, st[HAND_POS]!, st[HAND_PIECE]!);
  threatLo |= TARGETS[0]!;
  threatHi |= TARGETS[1]!;
  return ((safe[0]! & threatLo) | (safe[1]! & threatHi)) !== 0 && ((safe[2]! & threatLo) | (safe[3]! & threatHi)) !== 0;
}

/** `en_passant_capture_possible`: a single pawn in hand has the en-passant square on a forward diagonal. */
export function enPassantCapturePossible(s: Int32Array): boolean {
  const ep = s[EP]!;
  if (ep < 0 || s[HAND_KIND] !== HAND_SINGLE || s[HAND_PIECE] !== PACO_PAWN) return false;
  const pos = s[HAND_POS]!;
  const fwd = s[PLAYER] === 0 ? 8 : -8;
  const f = pos & 7;
  return (f > 0 && pos + fwd - 1 === ep) || (f < 7 && pos + fwd + 1 === ep);
}

/**
 * The squares `player` threatens (`determine_all_threats`, §1.7) as (lo, hi) written to `out`.
 * Every chain state of `player` is visited: on union-dense positions they run to millions, so
 * past `maxStates` queued states (default 1,000,000, about 0.2 GB; 0 = no cap) it throws a
 * RangeError rather than give an incomplete set or run out of memory.
 */
export function threatenedSquares(s: Int32Array, player: number, out: Int32Array, maxStates = CASTLING_LIMIT): void {
  if (!(Number.isInteger(maxStates) && maxStates >= 0)) throw new RangeError(`threatenedSquares: maxStates must be a whole number ≥ 0, got ${maxStates}`);
  if (!searchThreats(s, player, false, maxStates)) {
    throw new RangeError(`threatenedSquares: more than ${maxStates} chain states to search; pass a larger maxStates (0 for no cap)`);
  }
  out[0] = threatLo;
  out[1] = threatHi;
}
