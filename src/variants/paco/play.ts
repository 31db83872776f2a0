/**
 * Executing an action in place (`execute_trusted`, §1.3–§1.8). Trusted: the action must come from
 * `legalActions` of the same state. Copy first for copy-make (`copyState`).
 */
import {
  ACTIONS, CASTLING, EP, HALF_MOVES, HAND_EMPTY, HAND_KIND, HAND_PAIR, HAND_PARTNER, HAND_PIECE, HAND_POS, HAND_SINGLE,
  PACO_KING, MOVES, NO_PROGRESS, PACO_BLACK, PACO_WHITE, PACO_PAWN, PLACE_BASE, PLAYER, PROMO, PROMOTE_BASE, REQUIRED,
  REQ_LIFT, REQ_PLACE, REQ_PROMOTE_THEN_FINISH, REQ_PROMOTE_THEN_LIFT, REQ_PROMOTE_THEN_PLACE, PACO_ROOK, VICTORY,
} from './layout.js';
import { pieceAt, recordPosition, removePiece, resetNoProgress, setPiece, swapSquares } from './state.js';
import { CASTLE_SQ } from './tables.js';

/**
 * Applies the action `code` (1..132) to `s` in place, unchecked: the hot path of search and
 * play-outs. `code` must be legal in `s` (one of `legalActions`, or `isLegalAction`); anything
 * else leaves `s` corrupt. At an API's edge use `executeAction`, which checks first.
 */
export function applyActionUnchecked(s: Int32Array, code: number): void {
  s[ACTIONS]!++;
  if (code < PLACE_BASE) lift(s, code - 1);
  else if (code < PROMOTE_BASE) place(s, code - PLACE_BASE);
  else promote(s, code - 128);
}

/** Control passes to the other player (`count_halve_move` after the switch). */
function passControl(s: Int32Array): void {
  const next = s[PLAYER]! ^ 1;
  s[PLAYER] = next;
  s[HALF_MOVES]!++;
  if (next === 0) s[MOVES]!++;
}

/** Clears every castling identifier whose rook square is `sq` (either colour, §1.4). */
function forfeitRookSquare(s: Int32Array, sq: number): void {
  let c = s[CASTLING]!;
  for (let slot = 0; slot < 4; slot++) {
    const id = (c >>> (8 * slot)) & 0xff;
    if (id !== 0 && CASTLE_SQ[5 * (id & 0x7f) + 2] === sq) c &= ~(0xff << (8 * slot));
  }
  s[CASTLING] = c;
}

/** §1.4: lift the own piece (with its partner if it stands in a union). */
function lift(s: Int32Array, sq: number): void {
  const me = s[PLAYER]!;
  s[REQUIRED] = REQ_PLACE;
  s[NO_PROGRESS]!++; // once per turn: a turn has exactly one Lift
  const piece = pieceAt(s, me, sq);
  const partner = pieceAt(s, me ^ 1, sq);
  if (piece === PACO_ROOK || partner === PACO_ROOK) forfeitRookSquare(s, sq);
  s[HAND_PIECE] = piece;
  s[HAND_POS] = sq;
  if (partner >= 0) {
    s[HAND_KIND] = HAND_PAIR;
    s[HAND_PARTNER] = partner;
    removePiece(s, me ^ 1, sq);
  } else {
    s[HAND_KIND] = HAND_SINGLE;
    s[HAND_PARTNER] = -1;
  }
  removePiece(s, me, sq);
}

/** A pawn that moved two ranks from its own pawn row sets the en-passant square (§1.6). */
function markEnPassant(s: Int32Array, me: number, piece: number, from: number, to: number): void {
  if (piece !== PACO_PAWN) return;
  const rank = from >> 3;
  if (rank !== (me === 0 ? 1 : 6)) return;
  const d = (to >> 3) - rank;
  if (d === 2 || d === -2) s[EP] = from + (me === 0 ? 8 : -8);
}

function place(s: Int32Array, target: number): void {
  const me = s[PLAYER]!;
  const piece = s[HAND_PIECE]!;
  const from = s[HAND_POS]!;
  const fwd = me === 0 ? 8 : -8;
  if (s[HAND_KIND] === HAND_PAIR) {
    // §1.6 pair: onto an empty square; both pieces move; no union, no chain.
    const partner = s[HAND_PARTNER]!;
    s[EP] = -1;
    markEnPassant(s, me, piece, from, target);
    setPiece(s, me, target, piece);
    setPiece(s, me ^ 1, target, partner);
    clearHand(s);
    const rank = target >> 3;
    if (piece === PACO_PAWN && rank === (me === 0 ? 7 : 0)) {
      s[PROMO] = target;
      s[REQUIRED] = REQ_PROMOTE_THEN_FINISH;
    } else if (partner === PACO_PAWN && rank === (me === 0 ? 0 : 7)) {
      // The opponent's pawn was carried onto its promotion rank: he promotes at the start of his turn.
      s[PROMO] = target;
      s[REQUIRED] = REQ_PROMOTE_THEN_LIFT;
      passControl(s);
    } else {
      s[REQUIRED] = REQ_LIFT;
      passControl(s);
      recordPosition(s);
    }
    return;
  }
  // Single piece.
  if (piece === PACO_PAWN && s[EP] === target && from + fwd !== target) {
    // §1.6.1 en passant: pull the double-stepped pawn (with its partner, if any) back onto the
    // en-passant square; at most once per turn.
    swapSquares(s, target, target - fwd);
    s[EP] = -1;
  }
  if (piece === PACO_PAWN && (target >> 3) === (me === 0 ? 7 : 0)) s[PROMO] = target;
  if (piece === PACO_KING) {
    s[EP] = -1;
    placeKing(s, me, target);
    return;
  }
  const own = pieceAt(s, me, target);
  setPiece(s, me, target, piece);
  if (own >= 0) {
    // A chain: the own piece of the union is now in hand.
    s[HAND_KIND] = HAND_SINGLE;
    s[HAND_PIECE] = own;
    s[HAND_PARTNER] = -1;
    s[HAND_POS] = target;
    s[REQUIRED] = s[PROMO]! >= 0 ? REQ_PROMOTE_THEN_PLACE : REQ_PLACE;
    return;
  }
  const partner = pieceAt(s, me ^ 1, target);
  if (partner >= 0) resetNoProgress(s); // a new union is progress
  s[EP] = -1;
  markEnPassant(s, me, piece, from, target);
  clearHand(s);
  if (partner === PACO_KING) s[VICTORY] = me === 0 ? PACO_WHITE : PACO_BLACK; // §1.9 Paco
  if (s[PROMO]! >= 0) {
    s[REQUIRED] = REQ_PROMOTE_THEN_FINISH;
  } else {
    s[REQUIRED] = REQ_LIFT;
    passControl(s);
    recordPosition(s);
  }
}

/** §1.7: a king placement, castling when the target is an option's place target. */
function placeKing(s: Int32Array, me: number, target: number): void {
  let kingTo = target;
  const c = s[CASTLING]!;
  for (let slot = 2 * me; slot < 2 * me + 2; slot++) {
    const id = (c >>> (8 * slot)) & 0xff;
    if (id === 0) continue;
    const d = 5 * (id & 0x7f);
    if (CASTLE_SQ[d + 4] === target) {
      swapSquares(s, CASTLE_SQ[d + 2]!, CASTLE_SQ[d + 3]!); // the rook (with a partner) moves as a whole
      kingTo = CASTLE_SQ[d + 1]!;
      break;
    }
  }
  setPiece(s, me, kingTo, PACO_KING);
  clearHand(s);
  s[CASTLING] = c & ~(0xffff << (16 * me)); // any king placement ends both rights of the mover
  passControl(s);
  s[REQUIRED] = REQ_LIFT;
  recordPosition(s);
}

/** §1.8: promote the pawn on the promotion square to `type` (Rook, Knight, Bishop or Queen). */
function promote(s: Int32Array, type: number): void {
  const me = s[PLAYER]!;
  setPiece(s, me, s[PROMO]!, type);
  s[PROMO] = -1;
  resetNoProgress(s); // every promotion is progress (also in chains)
  switch (s[REQUIRED]) {
    case REQ_PROMOTE_THEN_LIFT:
      s[REQUIRED] = REQ_LIFT;
      recordPosition(s);
      break;
    case REQ_PROMOTE_THEN_PLACE:
      s[REQUIRED] = REQ_PLACE;
      break;
    case REQ_PROMOTE_THEN_FINISH:
      s[REQUIRED] = REQ_LIFT;
      passControl(s);
      s[EP] = -1;
      recordPosition(s);
      break;
  }
}

function clearHand(s: Int32Array): void {
  s[HAND_KIND] = HAND_EMPTY;
  s[HAND_PIECE] = -1;
  s[HAND_PARTNER] = -1;
  s[HAND_POS] = -1;
}
