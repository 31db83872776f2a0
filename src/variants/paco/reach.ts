/**
 * Necessary conditions for a Paco within the turn, from how single pieces travel in a chain
 * (§1.5, §1.6; our addition to the reverse amazon search, cross-checked with the exhaustive
 * search on random play). In a turn that can Paco, a single is lifted (a pair or the king goes to
 * empty squares only and ends the turn), so the squares holding unions never change; a piece in
 * hand that is placed anywhere but a union or the king ends the turn. So every piece of the
 * attacker travels from where it stands by moves of its own type, stopping only on unions, where
 * it stays until a later step onto that union releases it again; a pawn stopping on a union on its
 * last rank is promoted there (any choice). An en-passant capture or a pending promotion changes
 * a union's piece without a step onto it: the checks then answer "maybe".
 */
import { KNIGHT_ATTACKS, PAWN_ATTACKS } from '../../core/attacks.js';
import {
  BASE, PACO_BISHOP, EP, HAND_EMPTY, HAND_KIND, HAND_PIECE, HAND_POS, HAND_SINGLE, PACO_KING, KING_SQ, PACO_KNIGHT, OCC, PACO_PAWN,
  PROMO, PACO_QUEEN, PACO_ROOK,
} from './layout.js';
import { pieceAt } from './state.js';
import { RAY_NEXT } from './tables.js';
import { TARGETS, pieceTargets, threatTargets } from './targets.js';

/** The board with the attacker's singles that may be lifted taken out of the occupancy. */
const board = new Int32Array(BASE);
/** Per piece type, the squares a piece of that type may be in hand on (lo, hi pairs). */
const reached = new Int32Array(10);
/** Work list of (type, square) as `type * 64 + square`. */
const work = new Int32Array(5 * 64);

/**
 * Whether some piece of `attacker` may travel onto the defender's `king` this turn
 * (`pieceMayTravelTo` with the king's square as the goal). False means no Paco; true means maybe.
 */
export function pieceMayReachKing(s: Int32Array, attacker: number, king: number): boolean {
  return pieceMayTravelTo(s, attacker, king < 32 ? 1 << king : 0, king < 32 ? 0 : 1 << (king - 32), false);
}

/**
 * Whether some piece of `attacker` may, this turn, be placed onto a goal square (`threat` false:
 * the Paco) or be a single in hand that threatens one (`threat` true: `threatTargets`, the
 * castling safety of §1.7, where kings and pairs threaten nothing): a search over (type, square)
 * from every attacker piece but the king (on the board or in hand), along the moves of its type
 * onto unions that are not stuck (`stuckUnionTowards` the goal), over the board as it is once a
 * piece is in hand or, before the lift, with every own single but the king looked through (any
 * of them may be the one lifted; rays over that board reach at least as far as over any board of
 * the turn). False means never; true means maybe.
 */
export function pieceMayTravelTo(s: Int32Array, attacker: number, goalLo: number, goalHi: number, threat: boolean): boolean {
  if (s[EP]! >= 0 || s[PROMO]! >= 0) return true;
  const kind = s[HAND_KIND]!;
  const lifted = kind !== HAND_EMPTY;
  if (lifted && (kind !== HAND_SINGLE || s[HAND_PIECE] === PACO_KING)) return true;
  const defender = attacker ^ 1;
  const aLo = s[OCC + 2 * attacker]!, aHi = s[OCC + 2 * attacker + 1]!;
  const dLo = s[OCC + 2 * defender]!, dHi = s[OCC + 2 * defender + 1]!;
  for (let i = 0; i < BASE; i++) board[i] = s[i]!;
  if (!lifted) {
    let keepLo = aLo & dLo, keepHi = aHi & dHi;
    const ownKing = s[KING_SQ + attacker]!;
    if (ownKing >= 0) {
      if (ownKing < 32) keepLo |= 1 << ownKing; else keepHi |= 1 << (ownKing - 32);
    }
    board[OCC + 2 * attacker] = keepLo;
    board[OCC + 2 * attacker + 1] = keepHi;
  }
  // Unions a piece may stop on and be released from again (not stuck), looked at when first reached.
  const uLo = aLo & dLo, uHi = aHi & dHi;
  let liveLo = 0, liveHi = 0, doneLo = 0, doneHi = 0;
  reached.fill(0);
  let n = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? aLo : aHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const sq = (half << 5) + 31 - Math.clz32(bit);
      const t = pieceAt(s, attacker, sq);
      if (t !== PACO_KING) n = mark(t, sq, n);
    }
  }
  if (lifted) n = mark(s[HAND_PIECE]!, s[HAND_POS]!, n);
  const lastRank = attacker === 0 ? 7 : 0;
  while (n > 0) {
    const e = work[--n]!;
    const t = e >> 6, sq = e & 63;
    if (threat) threatTargets(board, attacker, sq, t); else pieceTargets(board, attacker, sq, t, false);
    if (((TARGETS[0]! & goalLo) | (TARGETS[1]! & goalHi)) !== 0) return true;
    if (threat) pieceTargets(board, attacker, sq, t, false);
    for (let half = 0; half < 2; half++) {
      const hit = TARGETS[half]! & (half === 0 ? uLo : uHi);
      let fresh = hit & ~(half === 0 ? doneLo : doneHi);
      while (fresh !== 0) {
        const bit = fresh & -fresh;
        fresh ^= bit;
        const live = stuckUnionTowards(s, attacker, (half << 5) + 31 - Math.clz32(bit), goalLo, goalHi, lifted) ? 0 : bit;
        if (half === 0) {
          doneLo |= bit;
          liveLo |= live;
        } else {
          doneHi |= bit;
          liveHi |= live;
        }
      }
      let bits = hit & (half === 0 ? liveLo : liveHi);
      while (bits !== 0) {
        const bit = bits & -bits;
        bits ^= bit;
        const to = (half << 5) + 31 - Math.clz32(bit);
        n = mark(t, to, n);
        if (t === PACO_PAWN && to >> 3 === lastRank) {
          for (let p = PACO_ROOK; p <= PACO_QUEEN; p++) n = mark(p, to, n);
        }
      }
    }
  }
  return false;
}

/** Queues (type, square) unless it was reached before; returns the new work list length. */
function mark(type: number, sq: number, n: number): number {
  const w = 2 * type + (sq >> 5), bit = 1 << (sq & 31);
  if ((reached[w]! & bit) !== 0) return n;
  reached[w] = reached[w]! | bit;
  work[n] = type * 64 + sq;
  return n + 1;
}

/**
 * Whether the attacker's piece on the union `sq` is stuck: it has no place target that continues
 * a chain (a union) or is the king (§1.5, §1.6), whichever own single is lifted first this turn.
 * Lifts that can Paco take a single (pairs and the king go to empty squares only) and chains
 * never change which squares hold unions, so the targets onto unions of a pawn (its forward
 * diagonals) and a knight stay as they are; a slider's rays are looked at through every own
 * single before the lift (`lifted` false), since any one of them may be the piece lifted, and over
 * the board as it is once a piece is in hand. A king in a union (a FEN's) counts as not stuck.
 */
export function stuckUnion(s: Int32Array, attacker: number, sq: number, king: number, lifted: boolean): boolean {
  return stuckUnionTowards(s, attacker, sq, king < 32 ? 1 << king : 0, king < 32 ? 0 : 1 << (king - 32), lifted);
}

/**
 * `stuckUnion` with the goal squares (`toLo`, `toHi`) in place of the king. For threats (§1.7)
 * the goal is the castling squares: more goal squares make fewer unions stuck, never too many.
 */
export function stuckUnionTowards(s: Int32Array, attacker: number, sq: number, toLo: number, toHi: number, lifted: boolean): boolean {
  const defender = attacker ^ 1;
  const aLo = s[OCC + 2 * attacker]!, aHi = s[OCC + 2 * attacker + 1]!;
  const dLo = s[OCC + 2 * defender]!, dHi = s[OCC + 2 * defender + 1]!;
  const goalLo = (aLo & dLo) | toLo, goalHi = (aHi & dHi) | toHi;
  const type = pieceAt(s, attacker, sq);
  if (type === PACO_KNIGHT) return ((KNIGHT_ATTACKS[2 * sq]! & goalLo) | (KNIGHT_ATTACKS[2 * sq + 1]! & goalHi)) === 0;
  if (type === PACO_PAWN) {
    const o = 2 * (64 * attacker + sq);
    return ((PAWN_ATTACKS[o]! & goalLo) | (PAWN_ATTACKS[o + 1]! & goalHi)) === 0;
  }
  if (type !== PACO_ROOK && type !== PACO_BISHOP && type !== PACO_QUEEN) return false;
  for (let dir = type === PACO_BISHOP ? 4 : 0; dir < (type === PACO_ROOK ? 4 : 8); dir++) {
    for (let cur = RAY_NEXT[dir * 64 + sq]!; cur >= 0; cur = RAY_NEXT[dir * 64 + cur]!) {
      const bit = 1 << (cur & 31);
      if (((cur < 32 ? dLo : dHi) & bit) !== 0) {
        if (((cur < 32 ? goalLo : goalHi) & bit) !== 0) return false;
        break; // a defender single
      }
      if (lifted && ((cur < 32 ? aLo : aHi) & bit) !== 0) break; // an own single, staying put
    }
  }
  return true;
}
