/**
 * Ŝako and Paco (§1.9, §2). `canPacoNow(s)`: the player in control can unite with the opponent's
 * king within this turn. `isInSako(s, side)`: the opponent of `side` could do so if it were his
 * turn. Two implementations that must agree on every position:
 *
 * - exhaustive: a breadth-first search over all actions of the turn, stopping at the first Paco;
 * - reverse amazon search (§2): mark the tiles from the king in queen + knight reach, looking
 *   through one free piece, the en-passant tile treated as a pair; then search only lifts from the
 *   marked starting tiles and places on the marked chaining tiles, and answer "no" without any
 *   search when no starting tile exists.
 *
 * Our decisions (docs/rules/paco-sako.md, decisions table): a pending promotion of the attacker is searched with
 * every promotion choice (not only the Queen); a knight in hand mid-turn is a starting tile (the
 * reference misses it: `edge_case_probes.json/lifted_knight_*`); searches stop at the first Paco
 * and expand only actions that can lead to one (search.ts); before searching, the amazon search
 * also checks necessary conditions: on the final step onto the king (`finalStepPossible`), and on
 * how far each piece can travel in a chain (reach.ts).
 * A pending promotion of the *defender* (`PromoteThenLift`/`PromoteThenFinish` of the side to
 * move) is first done as a Queen, as the reference and its labelled data do.
 */
import { KNIGHT_ATTACKS } from '../../core/attacks.js';
import { err, ok, type Result } from '../../core/result.js';
import {
  PACO_BISHOP, EP, HAND_EMPTY, HAND_KIND, HAND_PIECE, HAND_POS, HAND_SINGLE, PACO_KNIGHT, OCC, PACO_PAWN, PLAYER, PROMO,
  PROMOTE_BASE, PACO_QUEEN, REQUIRED, REQ_LIFT, REQ_PROMOTE_THEN_FINISH, REQ_PROMOTE_THEN_LIFT, PACO_ROOK, RUNNING, VICTORY,
  WORDS,
} from './layout.js';
import { applyActionUnchecked } from './play.js';
import { copyState, kingSquare, pieceAt } from './state.js';
import { RAY_DY, RAY_NEXT } from './tables.js';
import { TurnSearch } from './search.js';
import { pieceMayReachKing, stuckUnion } from './reach.js';

const search = new TurnSearch();
const probe = new Int32Array(WORDS);

/** Starting tiles of the last `amazonTiles` call, a bitboard as (lo, hi) int32 halves. */
export const START = new Int32Array(2);
/** Chaining tiles of the last `amazonTiles` call, a bitboard as (lo, hi) int32 halves. */
export const CHAIN = new Int32Array(2);

/** A Ŝako question with no answer: the side asked about is in control in the middle of its turn. */
export interface SakoError {
  /** Always `sako`. */
  readonly kind: 'sako';
  /** `mid-turn`. */
  readonly reason: string;
  /** The fault, for people. */
  readonly message: string;
}

/**
 * Puts into `probe` the state in which `attacker` is in control for the Ŝako question, or returns
 * false when that question is undefined (the defender is in the middle of his turn).
 */
function prepare(s: Int32Array, attacker: number): boolean {
  copyState(s, probe);
  probe[VICTORY] = RUNNING;
  if (probe[PLAYER] === attacker) return true; // mid-turn allowed: it is the attacker's turn
  if (probe[HAND_KIND] !== HAND_EMPTY) return false;
  const req = probe[REQUIRED]!;
  if (probe[PROMO]! >= 0 && (req === REQ_PROMOTE_THEN_LIFT || req === REQ_PROMOTE_THEN_FINISH)) {
    applyActionUnchecked(probe, PROMOTE_BASE + 3); // the defender's own pending promotion, as a Queen
    probe[VICTORY] = RUNNING;
  }
  probe[PLAYER] = attacker;
  probe[REQUIRED] = REQ_LIFT;
  probe[PROMO] = -1;
  return true;
}

/** Exhaustive: can the player in control of `s` Paco within this turn? */
export function canPacoNow(s: Int32Array): boolean {
  exceeded = false;
  searched = 0;
  if (s[VICTORY] !== RUNNING) return false; // the game is over
  prepare(s, s[PLAYER]!);
  return find(probe, false, kingSquare(probe, probe[PLAYER]! ^ 1), null, null);
}

/** Amazon-pruned: can the player in control of `s` Paco within this turn? */
export function canPacoNowAmazon(s: Int32Array): boolean {
  exceeded = false;
  searched = 0;
  if (s[VICTORY] !== RUNNING) return false; // the game is over
  // The marking needs no copy: it reads only the board, the hand and the en-passant square.
  const attacker = s[PLAYER]!;
  return amazonFind(s, attacker, kingSquare(s, attacker ^ 1));
}

/** A RangeError unless `side` is a player: 0 white, 1 black. */
function checkSide(side: number): void {
  if (side !== 0 && side !== 1) throw new RangeError(`paco: side must be 0 (white) or 1 (black), got ${side}`);
}

/**
 * Is `side` in Ŝako (exhaustive search)? False once the game is over. Throws a RangeError when
 * `side` is in control in the middle of his turn (use `checkSako` for a Result).
 */
export function isInSako(s: Int32Array, side: number): boolean {
  checkSide(side);
  exceeded = false;
  searched = 0;
  if (s[VICTORY] !== RUNNING) return false; // the game is over
  if (!prepare(s, side ^ 1)) throw new RangeError('paco: Ŝako is undefined while the defender is mid-turn');
  return find(probe, false, kingSquare(probe, side), null, null);
}

/** Is `side` in Ŝako (reverse amazon search)? Same precondition as `isInSako`. */
export function isInSakoAmazon(s: Int32Array, side: number): boolean {
  checkSide(side);
  exceeded = false;
  searched = 0;
  if (s[VICTORY] !== RUNNING) return false; // the game is over
  const attacker = side ^ 1;
  if (s[PROMO]! >= 0 || (s[PLAYER] !== attacker && s[HAND_KIND] !== HAND_EMPTY)) {
    // A pending promotion may change the en-passant square: mark on the prepared probe.
    if (!prepare(s, attacker)) throw new RangeError('paco: Ŝako is undefined while the defender is mid-turn');
    return amazonFind(probe, attacker, kingSquare(probe, side));
  }
  // Otherwise the marking reads the state as it is (no copy unless a search is needed).
  return amazonFind(s, attacker, kingSquare(s, side));
}

/** `isInSako` as a Result: an error when `side` is in control mid-turn. */
export function checkSako(s: Int32Array, side: number, method: 'amazon' | 'exhaustive' = 'amazon'): Result<boolean, SakoError> {
  if (s[PLAYER] === side && s[HAND_KIND] !== HAND_EMPTY) {
    return err({ kind: 'sako', reason: 'mid-turn', message: 'Ŝako of the side in control is undefined in the middle of its turn' });
  }
  return ok(method === 'amazon' ? isInSakoAmazon(s, side) : isInSako(s, side));
}

/**
 * One shortest action sequence with which the player in control of `s` unites with the
 * opponent's king this turn (every promotion choice considered), or undefined.
 */
export function shortestPacoSequence(s: Int32Array): number[] | undefined {
  exceeded = false;
  searched = 0;
  if (s[VICTORY] !== RUNNING) return undefined;
  prepare(s, s[PLAYER]!);
  if (!find(probe, true, kingSquare(probe, probe[PLAYER]! ^ 1), null, null)) return undefined;
  return Array.from(search.pacoPath.subarray(0, search.pacoPathLength));
}

/**
 * Caps the intermediate states of one Ŝako/Paco question (0 = no cap, the default). All its
 * searches count against one cap (every promotion choice, and the amazon search's unplanned first
 * try), so `lastSearchStates()` stays within it unless `lastSearchExceeded()`. Union-saturated
 * positions can need millions of states (seconds, hundreds of MB); the reference's data sets cap
 * at 150,000 and report such positions as unknown. A capped search answers false and sets
 * `lastSearchExceeded()`; callers that need certainty must check it. Returns the cap it replaces.
 */
export function setSakoStateLimit(limit: number): number {
  const previous = search.limit;
  search.limit = Math.max(0, Math.floor(limit));
  return previous;
}

/** Whether the last Ŝako/Paco search stopped at the state cap (its answer is then unknown). */
export const lastSearchExceeded = (): boolean => exceeded;
/** The intermediate states of the last Ŝako/Paco search (0 when it answered without one). */
export const lastSearchStates = (): number => searched;
let searched = 0;
let exceeded = false;

/** Runs `findPaco` and records whether it hit the cap. */
function find(p: Int32Array, path: boolean, king: number, start: Int32Array | null, chain: Int32Array | null, plan = false): boolean {
  const r = search.findPaco(p, path, king, start, chain, plan);
  searched = search.states;
  exceeded = r < 0;
  return r === 1;
}

/**
 * The reverse amazon search of `attacker` towards the defender's `king`: the marking and the
 * first necessary condition read `s` as it is; the state is copied into the probe (`prepare`,
 * unless `s` is the probe already) only for the travel check and the search.
 */
function amazonFind(s: Int32Array, attacker: number, king: number): boolean {
  if (king < 0) return false;
  amazonTiles(s, attacker, king);
  // Nothing can start a chain towards the king, or no last step onto it is possible.
  if ((START[0]! | START[1]!) === 0 || !finalStepPossible(s, attacker, king)) return false;
  if (s !== probe) prepare(s, attacker);
  if (!pieceMayReachKing(probe, attacker, king)) return false;
  // Planning every lift (threat-plan.ts) pays on large searches only: most end within a few
  // hundred states, where the plans cost more than they save (the mean check took about twice as
  // long). So a search runs unplanned up to PLAN_AFTER states first; one that goes past them runs
  // again, planned, under the caller's cap.
  const cap = search.limit;
  let unplanned = 0;
  if (cap === 0 || cap > PLAN_AFTER) {
    search.limit = PLAN_AFTER;
    const r = search.findPaco(probe, false, king, START, CHAIN, false);
    search.limit = cap;
    if (r >= 0) {
      searched = search.states;
      exceeded = false;
      return r === 1;
    }
    unplanned = search.states;
  }
  // The unplanned states count against the cap too: the cap bounds the whole question.
  search.spent = unplanned;
  const found = find(probe, false, king, START, CHAIN, true);
  search.spent = 0;
  searched += unplanned;
  return found;
}

/** States an amazon search may take unplanned before it starts again with plans (see `amazonFind`). */
const PLAN_AFTER = 1000;

/**
 * Phase 1 of the reverse amazon search (§2): from the defender's king, mark in queen + knight
 * reach the chaining tiles (unions, the en-passant tile and the double-stepped pawn's tile when it
 * stands in a union with an attacker piece, and the king's own tile) and the starting tiles
 * (attacker singles, or the piece in hand, that can move to a chaining tile). Rays stop at
 * defender singles and unions, and look through one attacker single (it may be the one lifted);
 * with a piece already in hand they look through none. Writes `START` and `CHAIN`.
 */
export function amazonTiles(s: Int32Array, attacker: number, king: number): void {
  const defender = attacker ^ 1;
  const aLo = s[OCC + 2 * attacker]!, aHi = s[OCC + 2 * attacker + 1]!;
  const dLo = s[OCC + 2 * defender]!, dHi = s[OCC + 2 * defender + 1]!;
  const uLo = aLo & dLo, uHi = aHi & dHi;
  let epTile = -1;
  let slideFrom = -1;
  const ep = s[EP]!;
  if (ep >= 0) {
    const from = ep + (defender === 0 ? 8 : -8);
    if (from >= 0 && from < 64 && pieceAt(s, attacker, from) >= 0) {
      epTile = ep;
      slideFrom = from;
    }
  }
  let epLo = 0, epHi = 0;
  if (epTile >= 0) {
    if (epTile < 32) epLo = 1 << epTile; else epHi = 1 << (epTile - 32);
  }
  const lifted = s[HAND_KIND] !== HAND_EMPTY;
  const liftedTile = lifted ? s[HAND_POS]! : -1;
  const liftedType = lifted ? s[HAND_PIECE]! : -1;
  const liftedKnight = lifted && liftedType === PACO_KNIGHT && s[HAND_KIND] === HAND_SINGLE;
  let todoLo = 0, todoHi = 0;
  if (king < 32) todoLo = 1 << king; else todoHi = 1 << (king - 32);
  let seenLo = 0, seenHi = 0;
  let startLo = 0, startHi = 0;
  const pawnDy = attacker === 0 ? -1 : 1; // reverse direction of the attacker's pawn captures
  for (;;) {
    let from: number;
    const nLo = todoLo & ~seenLo;
    if (nLo !== 0) {
      from = 31 - Math.clz32(nLo & -nLo);
      todoLo &= ~(1 << from);
      seenLo |= 1 << from;
    } else {
      const nHi = todoHi & ~seenHi;
      if (nHi === 0) break;
      from = 63 - Math.clz32(nHi & -nHi);
      todoHi &= ~(1 << (from - 32));
      seenHi |= 1 << (from - 32);
    }
    // Knights: unions and the en-passant tile chain; attacker single knights start.
    const kLo = KNIGHT_ATTACKS[2 * from]!, kHi = KNIGHT_ATTACKS[2 * from + 1]!;
    todoLo |= kLo & (uLo | epLo);
    todoHi |= kHi & (uHi | epHi);
    if (!lifted) {
      let sl = kLo & aLo & ~dLo;
      while (sl !== 0) {
        const t = 31 - Math.clz32(sl & -sl);
        sl &= sl - 1;
        if (pieceAt(s, attacker, t) === PACO_KNIGHT) startLo |= 1 << t;
      }
      let sh = kHi & aHi & ~dHi;
      while (sh !== 0) {
        const t = 63 - Math.clz32(sh & -sh);
        sh &= sh - 1;
        if (pieceAt(s, attacker, t) === PACO_KNIGHT) startHi |= 1 << (t - 32);
      }
    } else if (liftedKnight && (((liftedTile < 32 ? kLo : kHi) >>> (liftedTile & 31)) & 1) !== 0) {
      // Fix of the reference's mid-turn bug: the knight in hand starts from its tile (empty or a union).
      if (liftedTile < 32) startLo |= 1 << liftedTile; else startHi |= 1 << (liftedTile - 32);
    }
    // Rays.
    for (let dir = 0; dir < 8; dir++) {
      const diagonal = dir >= 4;
      let slipped = lifted;
      let cur = from;
      let distance = 0;
      for (;;) {
        cur = RAY_NEXT[dir * 64 + cur]!;
        if (cur < 0) break;
        distance++;
        const bit = 1 << (cur & 31);
        // The piece in hand may start from its tile. Checked before the en-passant tiles: the tile
        // a pawn was released from can be the double-stepped pawn's tile (the reference checks it
        // after them and misses that mid-turn Paco, e.g. `…/2Ea1N2/Pa2aP2/…^d4p b 10 - d3 -`).
        if (cur === liftedTile && canStart(liftedType, diagonal, distance, RAY_DY[dir]!, pawnDy)) {
          if (cur < 32) startLo |= bit; else startHi |= bit;
        }
        const att = ((cur < 32 ? aLo : aHi) & bit) !== 0;
        const def = ((cur < 32 ? dLo : dHi) & bit) !== 0;
        if (cur === epTile || cur === slideFrom) {
          if (cur < 32) todoLo |= bit; else todoHi |= bit;
          // In the Ŝako of the side to move, the square is that side's and `slideFrom` the
          // attacker's own pawn's first square, which a FEN may fill with an attacker single.
          if (att && !def && !slipped && canStart(pieceAt(s, attacker, cur), diagonal, distance, RAY_DY[dir]!, pawnDy)) {
            if (cur < 32) startLo |= bit; else startHi |= bit;
          }
          break;
        }
        if (!att) {
          if (def) break; // a defender single blocks
          continue; // empty
        }
        if (def) {
          // A union: a chain hub whatever its pieces.
          if (cur < 32) todoLo |= bit; else todoHi |= bit;
          break;
        }
        // An attacker single: it may start; rays look through one such piece.
        if (slipped) break;
        if (canStart(pieceAt(s, attacker, cur), diagonal, distance, RAY_DY[dir]!, pawnDy)) {
          if (cur < 32) startLo |= bit; else startHi |= bit;
        }
        slipped = true;
      }
    }
  }
  START[0] = startLo;
  START[1] = startHi;
  CHAIN[0] = seenLo;
  CHAIN[1] = seenHi;
}

/** Whether a piece of `type` can move along this ray (reversed) onto the tile it came from. */
function canStart(type: number, diagonal: boolean, distance: number, dy: number, pawnDy: number): boolean {
  if (!diagonal) return type === PACO_ROOK || type === PACO_QUEEN;
  if (type === PACO_BISHOP || type === PACO_QUEEN) return true;
  return type === PACO_PAWN && distance === 1 && dy === pawnDy;
}


/**
 * A necessary condition for a Paco, checked after the marking and before any search (our
 * addition to the reference's algorithm; the random-play cross-check tests it): the last action
 * is a piece in hand stepping onto the king from its lift tile (a starting tile in direct reach)
 * or from a tile where it was released (a union, the en-passant tile or the double-stepped pawn's
 * tile in direct reach). The piece released there is one of the attacker's pieces on the
 * chaining unions, on the starting tiles or in hand, or any promoted piece when a pawn among them
 * can reach a chaining union on its promotion rank (or a promotion is pending). So: is there a
 * tile in direct reach of the king (rays look through empty squares, the en-passant tiles and
 * one attacker single) with a piece type available that moves that way?
 *
 * Unions whose attacker piece is stuck (`stuckUnion`) count neither as such tiles nor for the
 * available types: the first chain step onto a union releases the piece standing there, and a
 * stuck one can go nowhere a chain or the Paco continues, so the union is never entered again.
 */
function finalStepPossible(s: Int32Array, attacker: number, king: number): boolean {
  const defender = attacker ^ 1;
  const aLo = s[OCC + 2 * attacker]!, aHi = s[OCC + 2 * attacker + 1]!;
  const dLo = s[OCC + 2 * defender]!, dHi = s[OCC + 2 * defender + 1]!;
  let epTile = -1, slideFrom = -1;
  const ep = s[EP]!;
  if (ep >= 0) {
    const from = ep + (defender === 0 ? 8 : -8);
    if (from >= 0 && from < 64 && pieceAt(s, attacker, from) >= 0) {
      epTile = ep;
      slideFrom = from;
    }
  }
  const lifted = s[HAND_KIND] !== HAND_EMPTY;
  const liftedTile = lifted ? s[HAND_POS]! : -1;
  const liftedType = lifted ? s[HAND_PIECE]! : -1;
  // An en-passant capture or a pending promotion changes a union's piece without a chain step onto it.
  const stuckOk = ep < 0 && s[PROMO]! < 0;
  // Available types (bit per type).
  let avail = 0;
  if (lifted) avail |= 1 << liftedType;
  for (let half = 0; half < 2; half++) {
    const unions = half === 0 ? CHAIN[0]! & aLo & dLo : CHAIN[1]! & aHi & dHi;
    let bits = unions | START[half]!;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const sq = (half << 5) + 31 - Math.clz32(bit);
      if ((unions & bit) !== 0 && stuckOk && stuckUnion(s, attacker, sq, king, lifted)) continue;
      const t = pieceAt(s, attacker, sq);
      if (t >= 0) avail |= 1 << t;
    }
  }
  if (slideFrom >= 0) avail |= 1 << pieceAt(s, attacker, slideFrom);
  if (s[PROMO]! >= 0) avail |= 0b11110;
  else if ((avail & 1) !== 0) {
    const rank = attacker === 0 ? 0xff000000 : 0xff; // the promotion rank in its half
    const unionsOnRank = attacker === 0 ? CHAIN[1]! & aHi & dHi & rank : CHAIN[0]! & aLo & dLo & rank;
    if (unionsOnRank !== 0) avail |= 0b11110;
  }
  // Knight steps onto the king.
  const kLo = KNIGHT_ATTACKS[2 * king]!, kHi = KNIGHT_ATTACKS[2 * king + 1]!;
  if ((avail & (1 << PACO_KNIGHT)) !== 0) {
    let hubLo = aLo & dLo, hubHi = aHi & dHi;
    if (epTile >= 0) {
      if (epTile < 32) hubLo |= 1 << epTile; else hubHi |= 1 << (epTile - 32);
      if (slideFrom < 32) hubLo |= 1 << slideFrom; else hubHi |= 1 << (slideFrom - 32);
    }
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? kLo & hubLo : kHi & hubHi;
      while (bits !== 0) {
        const bit = bits & -bits;
        bits ^= bit;
        if (!stuckOk || !stuckUnion(s, attacker, (half << 5) + 31 - Math.clz32(bit), king, lifted)) return true;
      }
    }
  }
  // A single knight (or a knight in hand) in direct reach: a Paco in two actions.
  if (!lifted) {
    let sl = kLo & aLo & ~dLo;
    while (sl !== 0) {
      const t = 31 - Math.clz32(sl & -sl);
      sl &= sl - 1;
      if (pieceAt(s, attacker, t) === PACO_KNIGHT) return true;
    }
    let sh = kHi & aHi & ~dHi;
    while (sh !== 0) {
      const t = 63 - Math.clz32(sh & -sh);
      sh &= sh - 1;
      if (pieceAt(s, attacker, t) === PACO_KNIGHT) return true;
    }
  } else if (liftedType === PACO_KNIGHT && (((liftedTile < 32 ? kLo : kHi) >>> (liftedTile & 31)) & 1) !== 0) {
    return true;
  }
  const pawnDy = attacker === 0 ? -1 : 1;
  const orthoOk = (avail & ((1 << PACO_ROOK) | (1 << PACO_QUEEN))) !== 0;
  const diagOk = (avail & ((1 << PACO_BISHOP) | (1 << PACO_QUEEN))) !== 0;
  const pawnOk = (avail & 1) !== 0;
  for (let dir = 0; dir < 8; dir++) {
    const diagonal = dir >= 4;
    const dy = RAY_DY[dir]!;
    let slipped = lifted;
    let cur = king;
    let distance = 0;
    for (;;) {
      cur = RAY_NEXT[dir * 64 + cur]!;
      if (cur < 0) break;
      distance++;
      if (cur === liftedTile && canStart(liftedType, diagonal, distance, dy, pawnDy)) return true;
      const bit = 1 << (cur & 31);
      const att = ((cur < 32 ? aLo : aHi) & bit) !== 0;
      const def = ((cur < 32 ? dLo : dHi) & bit) !== 0;
      const hub = (att && def) || cur === epTile || cur === slideFrom;
      if (hub) {
        if (stuckOk && stuckUnion(s, attacker, cur, king, lifted)) break;
        if (diagonal ? diagOk || (pawnOk && distance === 1 && dy === pawnDy) : orthoOk) return true;
        if (cur === epTile || cur === slideFrom) continue; // these tiles may be vacated
        break;
      }
      if (!att) {
        if (def) break;
        continue;
      }
      if (slipped) break;
      if (canStart(pieceAt(s, attacker, cur), diagonal, distance, dy, pawnDy)) return true;
      slipped = true;
    }
  }
  return false;
}
