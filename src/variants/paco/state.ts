/**
 * Low-level access to the Paco Ŝako state (layout.ts): squares, pieces, hashes, copying and the
 * repetition record. Everything here works on raw words and allocates nothing.
 */
import {
  ACTIONS, BASE, CASTLING, EP, HALF_MOVES, HAND_EMPTY, HAND_KIND, HAND_PARTNER, HAND_PIECE, HAND_POS, HIST,
  HIST_LEN, HIST_MAX, MOVES, NO_PROGRESS, NO_PROGRESS_DRAW, OCC, PLAYER, PROMO, REPETITION_DRAW, REPS, REQUIRED,
  REQ_LIFT, RUNNING, VICTORY, WORDS, ZHI, ZLO, HAND_PAIR, KING_SQ,
} from './layout.js';
import { buildPacoTables, Z_BLACK, Z_CASTLING, Z_EP, Z_HAND, Z_PIECE } from './tables.js';

/** The byte of a square: bits 0–2 white piece + 1, bits 3–5 black piece + 1. */
export const squareByte = (s: Int32Array, sq: number): number => (s[sq >> 2]! >>> ((sq & 3) << 3)) & 0xff;

/** The piece type of `color` on `sq`, or -1. */
export const pieceAt = (s: Int32Array, color: number, sq: number): number =>
  ((squareByte(s, sq) >>> (3 * color)) & 7) - 1;

/** XORs the Zobrist key pair at `k` of the piece table into the position's hash. */
function toggleKey(s: Int32Array, k: number): void {
  s[ZLO] = s[ZLO]! ^ Z_PIECE[k]!;
  s[ZHI] = s[ZHI]! ^ Z_PIECE[k + 1]!;
}

/** Puts a piece of `color` on `sq` (replacing any piece of that colour there), keeping hash and occupancy. */
export function setPiece(s: Int32Array, color: number, sq: number, type: number): void {
  const old = pieceAt(s, color, sq);
  if (old >= 0) {
    const k = 2 * ((color * 6 + old) * 64 + sq);
    toggleKey(s, k);
  }
  const k = 2 * ((color * 6 + type) * 64 + sq);
  toggleKey(s, k);
  const w = sq >> 2;
  const sh = ((sq & 3) << 3) + 3 * color;
  s[w] = (s[w]! & ~(7 << sh)) | ((type + 1) << sh);
  s[OCC + 2 * color + (sq >> 5)]! |= 1 << (sq & 31);
  if (type === 5) s[KING_SQ + color] = sq;
  else if (old === 5 && s[KING_SQ + color] === sq) s[KING_SQ + color] = -1;
}

/** Removes the piece of `color` from `sq` (no-op when there is none). */
export function removePiece(s: Int32Array, color: number, sq: number): void {
  const old = pieceAt(s, color, sq);
  if (old < 0) return;
  const k = 2 * ((color * 6 + old) * 64 + sq);
  toggleKey(s, k);
  const w = sq >> 2;
  const sh = ((sq & 3) << 3) + 3 * color;
  s[w] = s[w]! & ~(7 << sh);
  s[OCC + 2 * color + (sq >> 5)]! &= ~(1 << (sq & 31));
  if (old === 5 && s[KING_SQ + color] === sq) s[KING_SQ + color] = -1;
}

/** Swaps the whole contents (both colours) of two squares: en-passant pull-back and castling. */
export function swapSquares(s: Int32Array, a: number, b: number): void {
  const wa = pieceAt(s, 0, a);
  const ba = pieceAt(s, 1, a);
  const wb = pieceAt(s, 0, b);
  const bb = pieceAt(s, 1, b);
  removePiece(s, 0, a);
  removePiece(s, 1, a);
  removePiece(s, 0, b);
  removePiece(s, 1, b);
  if (wb >= 0) setPiece(s, 0, a, wb);
  if (bb >= 0) setPiece(s, 1, a, bb);
  if (wa >= 0) setPiece(s, 0, b, wa);
  if (ba >= 0) setPiece(s, 1, b, ba);
}

/** The square of the king of `color` on the board, or -1 (the FEN reader allows one a side). */
export const kingSquare = (s: Int32Array, color: number): number => s[KING_SQ + color]!;

/**
 * A fresh empty state: no pieces, White to lift, no castling, repetition off, counters 1. Every
 * state is made here or copied from one that was, so the rule tables are filled here, once.
 */
export function emptyState(): Int32Array {
  buildPacoTables();
  const s = new Int32Array(WORDS);
  s[EP] = -1;
  s[PROMO] = -1;
  s[REQUIRED] = REQ_LIFT;
  s[HAND_KIND] = HAND_EMPTY;
  s[HAND_POS] = -1;
  s[HALF_MOVES] = 1;
  s[MOVES] = 1;
  s[ACTIONS] = 1;
  s[KING_SQ] = -1;
  s[KING_SQ + 1] = -1;
  return s;
}

/** Copies `src` into `dst` (both `WORDS` long): the base words and the used part of the history. */
export function copyState(src: Int32Array, dst: Int32Array): void {
  const n = BASE + 2 * src[HIST_LEN]!;
  for (let i = 0; i < n; i++) dst[i] = src[i]!;
}

// Hash results (lo, hi) of the last hash call: read right after the call.
export let hashLo = 0;
export let hashHi = 0;

/**
 * The position identity of the reference's `calculate_interning_hash` (§1.2): board, hand,
 * controlling player, en-passant square and castling. Used to deduplicate turn end states.
 * Sets `hashLo`/`hashHi`.
 */
export function internHash(s: Int32Array): void {
  repetitionHash(s);
  const kind = s[HAND_KIND]!;
  if (kind !== HAND_EMPTY) {
    const idx = kind === HAND_PAIR
      ? 384 + (s[HAND_PIECE]! * 6 + s[HAND_PARTNER]!) * 64 + s[HAND_POS]!
      : s[HAND_PIECE]! * 64 + s[HAND_POS]!;
    hashLo ^= Z_HAND[2 * idx]!;
    hashHi ^= Z_HAND[2 * idx + 1]!;
  }
}

/** The repetition identity (§1.10): board, controlling player, en passant, castling. Sets `hashLo`/`hashHi`. */
export function repetitionHash(s: Int32Array): void {
  let lo = s[ZLO]!;
  let hi = s[ZHI]!;
  if (s[PLAYER] === 1) {
    lo ^= Z_BLACK[0]!;
    hi ^= Z_BLACK[1]!;
  }
  const ep = s[EP]!;
  if (ep >= 0) {
    lo ^= Z_EP[2 * ep]!;
    hi ^= Z_EP[2 * ep + 1]!;
  }
  const c = s[CASTLING]!;
  if (c !== 0) {
    for (let slot = 0; slot < 4; slot++) {
      const k = 2 * (slot * 256 + ((c >>> (8 * slot)) & 0xff));
      lo ^= Z_CASTLING[k]!;
      hi ^= Z_CASTLING[k + 1]!;
    }
  }
  hashLo = lo;
  hashHi = hi;
}

/** Progress (a new union or a promotion): reset the no-progress counter and clear the repetition record. */
export function resetNoProgress(s: Int32Array): void {
  s[NO_PROGRESS] = 0;
  s[HIST_LEN] = 0;
}

/**
 * `draw_state::record_position` (§1.10), called at every completed turn: the no-progress draw
 * after 100 half moves, then the n-fold repetition count (if enabled).
 */
export function recordPosition(s: Int32Array): void {
  if (s[VICTORY] !== RUNNING) return;
  if (s[NO_PROGRESS]! >= 100) {
    s[VICTORY] = NO_PROGRESS_DRAW;
    return;
  }
  const n = s[REPS]!;
  if (n === 0) return;
  repetitionHash(s);
  const lo = hashLo;
  const hi = hashHi;
  const len = s[HIST_LEN]!;
  let count = 1;
  for (let i = 0; i < len; i++) {
    if (s[HIST + 2 * i] === lo && s[HIST + 2 * i + 1] === hi) count++;
  }
  if (len >= HIST_MAX) throw new Error('paco: repetition record overflow');
  s[HIST + 2 * len] = lo;
  s[HIST + 2 * len + 1] = hi;
  s[HIST_LEN] = len + 1;
  if (count >= n) s[VICTORY] = REPETITION_DRAW;
}
