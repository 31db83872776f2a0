/**
 * The reference networks' index representation (§1.13, `ai/repr.rs`, `ai/flexible_representation.rs`,
 * `doc/ml-representation.md`): 32 piece indices `tile' + 64 * (piece + 6 * (color' + 2 * lifted))`
 * (settled pieces by colour, white first, then ascending tiles; then the lifted ones), the
 * en-passant index `64 * 24 + tile'` (or a copy of entry 0), four castling flags (viewer's queen
 * and king side, then the other's; White first with the absolute perspective), optionally the
 * active player, must-lift and must-promote values, and the no-progress counter. `tile'` is
 * mirrored vertically and `color'` is 0 for the viewer (the player in control) with the relative
 * perspective.
 */
import { err, ok, type Result } from '../../core/result.js';
import {
  CASTLING, EP, HAND_KIND, HAND_PAIR, HAND_PARTNER, HAND_PIECE, HAND_POS, HAND_EMPTY, NO_PROGRESS, PLAYER, REQUIRED,
  REQ_LIFT, REQ_PROMOTE_THEN_LIFT, REQ_PLACE,
} from './layout.js';
import { pieceAt } from './state.js';

/** Option flag of `indexRepresentation`: tiles and colours from the player in control's view (§1.13). */
export const USE_RELATIVE_PERSPECTIVE = 1;
/** Option flag of `indexRepresentation`: add the must-lift value. */
export const WITH_MUST_LIFT = 2;
/** Option flag of `indexRepresentation`: add the must-promote value. */
export const WITH_MUST_PROMOTE = 4;

/** A state the index representation cannot encode: it needs exactly 32 pieces. */
export interface ReprError {
  /** Always `repr`. */
  readonly kind: 'repr';
  /** The fault, short. */
  readonly reason: string;
  /** The fault, for people. */
  readonly message: string;
}

/** The index representation of `s` with the option flags (default 1, 38 entries). */
export function indexRepresentation(s: Int32Array, options = USE_RELATIVE_PERSPECTIVE): Result<number[], ReprError> {
  const viewer = s[PLAYER]!;
  const relative = (options & USE_RELATIVE_PERSPECTIVE) !== 0;
  const flip = relative && viewer === 1;
  const tile = (t: number): number => (flip ? t ^ 56 : t);
  const colorIndex = (c: number): number => (relative ? (c === viewer ? 0 : 1) : c);
  const index = (t: number, piece: number, color: number, lifted: number): number =>
    tile(t) + 64 * (piece + 6 * (colorIndex(color) + 2 * lifted));
  const out: number[] = [];
  for (let color = 0; color < 2; color++) {
    for (let t = 0; t < 64; t++) {
      const p = pieceAt(s, color, t);
      if (p >= 0) out.push(index(t, p, color, 0));
    }
  }
  if (s[HAND_KIND] !== HAND_EMPTY) {
    out.push(index(s[HAND_POS]!, s[HAND_PIECE]!, viewer, 1));
    if (s[HAND_KIND] === HAND_PAIR) out.push(index(s[HAND_POS]!, s[HAND_PARTNER]!, viewer ^ 1, 1));
  }
  if (out.length !== 32) {
    return err({ kind: 'repr', reason: `needs 32 pieces, found ${out.length}`, message: `index representation needs 32 pieces, found ${out.length}` });
  }
  out.push(s[EP]! >= 0 ? 64 * 24 + tile(s[EP]!) : out[0]!);
  const c = s[CASTLING]!;
  const flags = [0, 1, 2, 3].map((slot) => (((c >>> (8 * slot)) & 0xff) !== 0 ? 1 : 0));
  if (relative && viewer === 1) out.push(flags[2]!, flags[3]!, flags[0]!, flags[1]!);
  else out.push(...flags);
  if (!relative) out.push(viewer);
  const req = s[REQUIRED]!;
  if ((options & WITH_MUST_LIFT) !== 0) out.push(req === REQ_LIFT || req === REQ_PROMOTE_THEN_LIFT ? 1 : 0);
  if ((options & WITH_MUST_PROMOTE) !== 0) out.push(req !== REQ_LIFT && req !== REQ_PLACE ? 1 : 0);
  out.push(s[NO_PROGRESS]!);
  return ok(out);
}

/**
 * The blocked-pawns auxiliary target of the reference's training (`ai/model_targets/blocked_pawns.rs`,
 * not a rule): a pawn of `color` (single or in a union) is blocked when the square ahead is
 * occupied and no forward diagonal holds an opponent piece, where a diagonal square holding one of
 * its own already blocked pawns does not count (pawns are visited from the promotion rank back).
 * Returns the squares as (lo, hi) in `out`.
 */
export function blockedPawns(s: Int32Array, color: number, out: Int32Array): void {
  let lo = 0, hi = 0;
  const fwd = color === 0 ? 8 : -8;
  for (let k = 0; k < 64; k++) {
    const sq = color === 0 ? 63 - k : k;
    if (pieceAt(s, color, sq) !== 0) continue;
    const front = sq + fwd;
    if (front >= 0 && front < 64 && pieceAt(s, 0, front) < 0 && pieceAt(s, 1, front) < 0) continue;
    let free = false;
    for (const df of [-1, 1]) {
      const f = (sq & 7) + df;
      if (f < 0 || f > 7 || front < 0 || front >= 64) continue;
      const t = front + df;
      const blocked = (((t < 32 ? lo : hi) >>> (t & 31)) & 1) !== 0;
      if (!blocked && pieceAt(s, color ^ 1, t) >= 0) free = true;
    }
    if (free) continue;
    if (sq < 32) lo |= 1 << sq; else hi |= 1 << (sq - 32);
  }
  out[0] = lo;
  out[1] = hi;
}
