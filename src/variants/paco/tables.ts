/**
 * Precomputed tables of the Paco Ŝako rules: hash keys, castling details (§1.7) and ray steps.
 * Piece movement (knight, king, sliders, pawn captures) comes from the core's attack tables.
 *
 * The tables are allocated when the module loads and filled by `buildPacoTables`, which
 * `emptyState` (state.ts) calls: every state is made by it or copied from one that was, so the
 * tables are filled before any state is read, and a program that imports the library without
 * playing Paco Ŝako never fills them (about 2 ms at import, the most of any module but the attack tables).
 */

/** SplitMix32-style keys (seeded: keys are stable across runs), `table.length` of them. */
function fillKeys(table: Int32Array, seed: number): void {
  let state = seed | 0;
  for (let i = 0; i < table.length; i++) {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    table[i] = (z ^ (z >>> 16)) | 0;
  }
}

/** Board keys: index (color * 6 + type) * 64 + sq, as (lo, hi) pairs. */
export const Z_PIECE = new Int32Array(2 * 2 * 6 * 64);
/** Hand keys: single piece `type * 64 + pos`; pair `384 + (type * 6 + partner) * 64 + pos`. */
export const Z_HAND = new Int32Array(2 * (6 * 64 + 36 * 64));
/** Key of Black in control. */
export const Z_BLACK = new Int32Array(2);
/** En-passant square keys. */
export const Z_EP = new Int32Array(2 * 64);
/** Castling keys: slot * 256 + identifier byte. */
export const Z_CASTLING = new Int32Array(2 * 4 * 256);

/**
 * Castling details per 7-bit identifier (`color << 6 | rookFile << 3 | kingFile`), §1.7:
 * `[kingFrom, kingTo, rookFrom, rookTo, placeTarget]` at `5 * id`, and the masks
 * `mustBeEmpty`, `mustBeSafe` as (lo, hi) pairs at `4 * id`.
 */
export const CASTLE_SQ = new Int32Array(5 * 128);
export const CASTLE_MASK = new Int32Array(4 * 128);

/** The four identifiers of standard chess (their place target is the king's destination). */
export const CASTLE_WHITE_QUEEN = 0b10_000_100;
export const CASTLE_WHITE_KING = 0b10_111_100;
export const CASTLE_BLACK_QUEEN = 0b11_000_100;
export const CASTLE_BLACK_KING = 0b11_111_100;

function setBit(arr: Int32Array, o: number, sq: number): void {
  if (sq < 32) arr[o]! |= 1 << sq;
  else arr[o + 1]! |= 1 << (sq - 32);
}

function fillCastling(): void {
  for (let id = 0; id < 128; id++) {
    const color = (id >> 6) & 1;
    const rookFile = (id >> 3) & 7;
    const kingFile = id & 7;
    const rank = color === 0 ? 0 : 7;
    const queenSide = rookFile < kingFile;
    const kingToFile = queenSide ? 2 : 6;
    const rookToFile = queenSide ? 3 : 5;
    const compact = id | 0x80;
    const normal =
      compact === CASTLE_WHITE_QUEEN || compact === CASTLE_WHITE_KING ||
      compact === CASTLE_BLACK_QUEEN || compact === CASTLE_BLACK_KING;
    const kingFrom = rank * 8 + kingFile;
    const kingTo = rank * 8 + kingToFile;
    const rookFrom = rank * 8 + rookFile;
    const rookTo = rank * 8 + rookToFile;
    CASTLE_SQ[5 * id] = kingFrom;
    CASTLE_SQ[5 * id + 1] = kingTo;
    CASTLE_SQ[5 * id + 2] = rookFrom;
    CASTLE_SQ[5 * id + 3] = rookTo;
    // Standard castling is triggered by placing the king on its destination; Chess960 castling by
    // placing it on the rook's square (avoids clashing with ordinary king steps).
    CASTLE_SQ[5 * id + 4] = normal ? kingTo : rookFrom;
    // must_be_safe: every square from the king's file to its destination, inclusive.
    for (let f = Math.min(kingFile, kingToFile); f <= Math.max(kingFile, kingToFile); f++) {
      setBit(CASTLE_MASK, 4 * id + 2, rank * 8 + f);
      setBit(CASTLE_MASK, 4 * id, rank * 8 + f);
    }
    // must_be_empty: rook file … rook destination, plus must_be_safe, minus both start squares.
    for (let f = Math.min(rookFile, rookToFile); f <= Math.max(rookFile, rookToFile); f++) {
      setBit(CASTLE_MASK, 4 * id, rank * 8 + f);
    }
    for (const sq of [kingFrom, rookFrom]) {
      if (sq < 32) CASTLE_MASK[4 * id]! &= ~(1 << sq);
      else CASTLE_MASK[4 * id + 1]! &= ~(1 << (sq - 32));
    }
  }
}

/**
 * Ray steps: `RAY_NEXT[dir * 64 + sq]` = the next square in direction `dir` or -1. Directions
 * 0..3 are orthogonal (N, E, S, W), 4..7 diagonal (NE, SE, SW, NW); `RAY_DY[dir]` is the rank step.
 */
const RAY_DX = new Int8Array([0, 1, 0, -1, 1, 1, -1, -1]);
export const RAY_DY = new Int8Array([1, 0, -1, 0, 1, -1, -1, 1]);
export const RAY_NEXT = new Int8Array(8 * 64);
function fillRays(): void {
  for (let dir = 0; dir < 8; dir++) {
    for (let sq = 0; sq < 64; sq++) {
      const f = (sq & 7) + RAY_DX[dir]!;
      const r = (sq >> 3) + RAY_DY[dir]!;
      RAY_NEXT[dir * 64 + sq] = f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
    }
  }
}

let built = false;

/** Fills every table above, once (see the module's comment): `emptyState` calls it. */
export function buildPacoTables(): void {
  if (built) return;
  built = true;
  fillKeys(Z_PIECE, 0x5a1c0);
  fillKeys(Z_HAND, 0x4a2d1);
  fillKeys(Z_BLACK, 0x3b3e2);
  fillKeys(Z_EP, 0x2c4f3);
  fillKeys(Z_CASTLING, 0x1d504);
  fillCastling();
  fillRays();
}
