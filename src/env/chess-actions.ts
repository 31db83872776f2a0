/**
 * AlphaZero's 4672 = 64 × 73 chess action labels, numbered exactly as pgx and OpenSpiel number
 * them, and their conversion to and from the core's 16-bit move codes.
 *
 * The numbering (pgx `Action._from_label`/`_to_label`, OpenSpiel `MoveToAction`):
 * - Everything is seen from the side to move: the board is mirrored top-to-bottom when Black is
 *   to move (rank r ↔ 7 − r; files are *not* mirrored).
 * - Squares are numbered **file-major**: a1 = 0, a2 = 1, …, a8 = 7, b1 = 8, …, h8 = 63.
 * - `label = 73 × from + plane`.
 * - Planes 0–8 are under-promotions: `plane / 3` is the piece (0 rook, 1 bishop, 2 knight),
 *   `plane % 3` the direction (0 straight ahead, 1 towards the h-file, 2 towards the a-file).
 * - Planes 9–72 hold 64 displacements (rank delta dr, file delta dc), plane − 9 =
 *   0–6 down 7…1; 7–13 up 1…7; 14–20 towards the a-file 7…1; 21–27 towards the h-file 1…7;
 *   28–34 down-left 7…1; 35–41 up-right 1…7; 42–48 up-left 7…1; 49–55 down-right 1…7;
 *   56–63 the knight jumps (dr, dc) = (−1,−2) (+1,−2) (−2,−1) (+2,−1) (−1,+2) (+1,+2) (−2,+1) (+2,+1).
 *   A queen promotion uses its plain displacement plane.
 * - Castling in standard chess is the king's two-square move (e1c1 = 2364, e1g1 = 2367 from the
 *   mover's side). pgx and OpenSpiel have no Chess960; there the king's two-square move is not
 *   defined (the king may already stand on its target), so in Chess960 mode castling is
 *   **king takes own rook** (as UCI's Chess960 notation writes it), which never collides with a
 *   normal move because the target holds the mover's own rook.
 */
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL, MOVE_PROMOTION } from '../chess/move.js';
import { W_CASTLING, W_EP, W_TURN } from '../chess/layout.js';
import { KING, PAWN, ROOK } from '../chess/types.js';
import type { Move, Position } from '../chess/position.js';

/** Size of the chess action space. */
export const CHESS_ACTIONS = 4672;
/** Planes per origin square. */
export const PLANES = 73;

/** (rank delta, file delta) of planes 9..72, index plane − 9. */
export const PLANE_DR = new Int8Array(64);
export const PLANE_DC = new Int8Array(64);
/** Plane 9..72 of a displacement, index (dr + 7) * 15 + (dc + 7); −1 where none. */
const PLANE_OF_DELTA = new Int8Array(15 * 15).fill(-1);

{
  // The eight ray groups in pgx's order, each listed with its 7 distances in pgx's order.
  const groups: [number, number, boolean][] = [
    [-1, 0, true], // down, distance 7..1
    [1, 0, false], // up, 1..7
    [0, -1, true], // towards a-file, 7..1
    [0, 1, false], // towards h-file, 1..7
    [-1, -1, true], // down-left, 7..1
    [1, 1, false], // up-right, 1..7
    [1, -1, true], // up-left, 7..1
    [-1, 1, false], // down-right, 1..7
  ];
  let k = 0;
  for (const [dr, dc, descending] of groups) {
    for (let j = 0; j < 7; j++) {
      const d = descending ? 7 - j : j + 1;
      PLANE_DR[k] = dr * d;
      PLANE_DC[k] = dc * d;
      k++;
    }
  }
  const knights = [
    [-1, -2],
    [1, -2],
    [-2, -1],
    [2, -1],
    [-1, 2],
    [1, 2],
    [-2, 1],
    [2, 1],
  ];
  for (const [dr, dc] of knights) {
    PLANE_DR[k] = dr!;
    PLANE_DC[k] = dc!;
    k++;
  }
  for (let i = 0; i < 64; i++) PLANE_OF_DELTA[(PLANE_DR[i]! + 7) * 15 + PLANE_DC[i]! + 7] = 9 + i;
}

/**
 * `LABEL_BASE[from * 64 + to]` for squares seen from the mover (rank-major, a1 = 0): the label of
 * the plain move between them, or −1 when no plane holds that displacement.
 */
const LABEL_BASE = new Int16Array(64 * 64).fill(-1);
for (let from = 0; from < 64; from++) {
  const fileMajor = ((from & 7) << 3) | (from >> 3);
  for (let to = 0; to < 64; to++) {
    const plane = PLANE_OF_DELTA[((to >> 3) - (from >> 3) + 7) * 15 + (to & 7) - (from & 7) + 7]!;
    if (plane >= 0 && from !== to) LABEL_BASE[from * 64 + to] = fileMajor * PLANES + plane;
  }
}

/** The file-major index (a1 = 0, a2 = 1, …) of a rank-major square. */
export const fileMajor = (sq: number): number => ((sq & 7) << 3) | (sq >> 3);

/**
 * The label of a legal move code of a position where `turn` (0 White, 1 Black) is to move.
 * `chess960` selects the castling convention (see the module comment).
 *
 * ```ts
 * // e2e4 (from 12, to 28, kind 1: a double push): e2 is file-major 33, up 2 is plane 17, so 73 × 33 + 17
 * encodeChessMove(12 | (28 << 6) | (1 << 12), 0, false); // 2426
 * ```
 */
export function encodeChessMove(move: number, turn: number, chess960: boolean): number {
  const flip = turn * 56;
  const from = (move & 63) ^ flip;
  let to = ((move >> 6) & 63) ^ flip;
  const kind = move >> 12;
  if (kind === MOVE_CASTLE) {
    // Seen from the mover, the back rank is rank 0: the king goes to c1 or g1.
    if (!chess960) to = to > from ? 6 : 2;
  } else if (kind >= MOVE_PROMOTION && kind < MOVE_PROMOTION + 3) {
    // Under-promotion: kinds 4 knight, 5 bishop, 6 rook → piece index 2, 1, 0.
    const df = (to & 7) - (from & 7);
    return fileMajor(from) * PLANES + 3 * (MOVE_PROMOTION + 2 - kind) + (df === 0 ? 0 : df > 0 ? 1 : 2);
  }
  return LABEL_BASE[from * 64 + to]!;
}

/**
 * The move code a label stands for in the position `w[p..]`, decided from the board alone as
 * OpenSpiel's `ActionToMove` does (pawn to the last rank = promotion, pawn two steps = double
 * push, pawn diagonal to the e.p. square = en passant, king two files sideways or onto its own
 * rook = castling); −1 when the label names no move of the mover's piece (empty origin, off the
 * board, under-promotion of a non-pawn). The move is **not** checked for legality.
 */
export function decodeChessLabel(w: Int32Array, p: number, label: number, chess960: boolean): number {
  if (!(label >= 0 && label < CHESS_ACTIONS)) return -1;
  const fm = (label / PLANES) | 0;
  const plane = label - fm * PLANES;
  const relFrom = ((fm & 7) << 3) | (fm >> 3);
  let dr: number;
  let dc: number;
  if (plane < 9) {
    dr = 1;
    dc = [0, 1, -1][plane % 3]!;
  } else {
    dr = PLANE_DR[plane - 9]!;
    dc = PLANE_DC[plane - 9]!;
  }
  const toRank = (relFrom >> 3) + dr;
  const toFile = (relFrom & 7) + dc;
  if (toRank < 0 || toRank > 7 || toFile < 0 || toFile > 7) return -1;
  const us = w[p + W_TURN]!;
  const flip = us * 56;
  const from = relFrom ^ flip;
  const to = ((toRank << 3) | toFile) ^ flip;
  if (!isOn(w, p, 2 * us, from)) return -1;
  const role = roleOn(w, p, from);
  if (plane < 9) {
    if (role !== PAWN || toRank !== 7) return -1;
    return from | (to << 6) | ((MOVE_PROMOTION + 2 - ((plane / 3) | 0)) << 12);
  }
  if (role === PAWN) {
    if (toRank === 7) return from | (to << 6) | ((MOVE_PROMOTION + 3) << 12); // queen promotion
    if (dr === 2) return from | (to << 6) | (MOVE_DOUBLE_PUSH << 12);
    if (dc !== 0 && to === w[p + W_EP]! && !isOn(w, p, 2 * (us ^ 1), to)) return from | (to << 6) | (MOVE_EN_PASSANT << 12);
    return from | (to << 6);
  }
  if (role === KING && dr === 0) {
    if (chess960) {
      // King onto its own rook with a castling right on that rook's file.
      if (isOn(w, p, 2 * us, to) && roleOn(w, p, to) === ROOK && (w[p + W_CASTLING]! >> (8 * us + (to & 7))) & 1) {
        return from | (to << 6) | (MOVE_CASTLE << 12);
      }
    } else if (dc === 2 || dc === -2) {
      // Standard chess: the castling rook stands on the h- or a-file of the back rank.
      const rook = (from & 56) + (dc > 0 ? 7 : 0);
      return from | (rook << 6) | (MOVE_CASTLE << 12);
    }
  }
  return from | (to << 6) | (MOVE_NORMAL << 12);
}

const isOn = (w: Int32Array, p: number, word: number, sq: number): boolean => (w[p + word + (sq >> 5)]! & (1 << (sq & 31))) !== 0;

function roleOn(w: Int32Array, p: number, sq: number): number {
  const half = sq >> 5;
  const bit = 1 << (sq & 31);
  for (let role = 0; role < 6; role++) if ((w[p + 4 + 2 * role + half]! & bit) !== 0) return role;
  return -1;
}

/** The label of a legal move of a position (the API's edge; the move knows its position). */
export const chessLabelOf = (move: Move): number => encodeChessMove(move.code, move.position.turn === 'white' ? 0 : 1, move.position.chess960);

/** The legal move a label stands for in `pos`, or undefined when the label names no legal move. */
export function chessMoveOf(pos: Position, label: number): Move | undefined {
  const code = decodeChessLabel(pos.words, 0, label, pos.chess960);
  return code < 0 ? undefined : pos.moveFromCode(code);
}
