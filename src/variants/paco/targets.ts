/**
 * Place targets of a piece in hand and the lift set (§1.4, §1.5). Results are bitboards written
 * into the scratch pair `TARGETS` (lo at 0, hi at 1); nothing is allocated.
 */
import { KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, SLIDE, antiIndex, diagIndex, fileIndex, rankIndex } from '../../core/attacks.js';
import { PACO_BISHOP, EP, PACO_KING, PACO_KNIGHT, OCC, PACO_PAWN, PACO_ROOK } from './layout.js';

/** Scratch result of the target functions. */
export const TARGETS = new Int32Array(2);

/**
 * Targets of a piece of `type` and `color` lifted from `pos` (not on the board any more, or
 * ignored there). `pair` = it carries an opponent's piece. King targets here exclude castling
 * (castling.ts adds them). Single pieces may go to empty squares, opponent singles and any union
 * (`can_place_single_at`); pairs and kings only to empty squares. Writes `TARGETS`.
 */
export function pieceTargets(s: Int32Array, color: number, pos: number, type: number, pair: boolean): void {
  const wLo = s[OCC]!, wHi = s[OCC + 1]!, bLo = s[OCC + 2]!, bHi = s[OCC + 3]!;
  const occLo = wLo | bLo;
  const occHi = wHi | bHi;
  let allowLo: number, allowHi: number;
  if (pair || type === PACO_KING) {
    allowLo = ~occLo;
    allowHi = ~occHi;
  } else if (color === 0) {
    // Not onto a square holding only an own piece.
    allowLo = ~(wLo & ~bLo);
    allowHi = ~(wHi & ~bHi);
  } else {
    allowLo = ~(bLo & ~wLo);
    allowHi = ~(bHi & ~wHi);
  }
  let lo = 0, hi = 0;
  switch (type) {
    case PACO_PAWN: {
      // Forward steps onto empty squares; two steps from the first two ranks (§1.5: a pawn carried
      // back to its own first rank may also step two).
      const fwd = color === 0 ? 8 : -8;
      const one = pos + fwd;
      if (one >= 0 && one < 64 && (((one < 32 ? occLo : occHi) >>> (one & 31)) & 1) === 0) {
        if (one < 32) lo |= 1 << one; else hi |= 1 << (one - 32);
        const rank = pos >> 3;
        if (color === 0 ? rank <= 1 : rank >= 6) {
          const two = one + fwd;
          if ((((two < 32 ? occLo : occHi) >>> (two & 31)) & 1) === 0) {
            if (two < 32) lo |= 1 << two; else hi |= 1 << (two - 32);
          }
        }
      }
      if (!pair) {
        // Diagonals: onto an opponent piece (single or union) or the en-passant square.
        const o = 2 * (64 * color + pos);
        let oppLo = color === 0 ? bLo : wLo;
        let oppHi = color === 0 ? bHi : wHi;
        const ep = s[EP]!;
        if (ep >= 0) {
          if (ep < 32) oppLo |= 1 << ep; else oppHi |= 1 << (ep - 32);
        }
        lo |= PAWN_ATTACKS[o]! & oppLo;
        hi |= PAWN_ATTACKS[o + 1]! & oppHi;
      }
      TARGETS[0] = lo;
      TARGETS[1] = hi;
      return;
    }
    default:
      pieceAttacks(type, pos, occLo, occHi);
      lo = TARGETS[0]!;
      hi = TARGETS[1]!;
  }
  TARGETS[0] = lo & allowLo;
  TARGETS[1] = hi & allowHi;
}

/**
 * Squares a knight, king, rook, bishop or queen on `pos` reaches over the occupancy (occLo,
 * occHi): step squares, and slider rays up to and including the first occupied square. Writes
 * `TARGETS`.
 */
function pieceAttacks(type: number, pos: number, occLo: number, occHi: number): void {
  let lo = 0, hi = 0;
  if (type === PACO_KNIGHT) {
    lo = KNIGHT_ATTACKS[2 * pos]!;
    hi = KNIGHT_ATTACKS[2 * pos + 1]!;
  } else if (type === PACO_KING) {
    lo = KING_ATTACKS[2 * pos]!;
    hi = KING_ATTACKS[2 * pos + 1]!;
  } else {
    if (type !== PACO_BISHOP) {
      const a = rankIndex(pos, occLo, occHi), b = fileIndex(pos, occLo, occHi);
      lo = SLIDE[a]! | SLIDE[b]!;
      hi = SLIDE[a + 1]! | SLIDE[b + 1]!;
    }
    if (type !== PACO_ROOK) {
      const c = diagIndex(pos, occLo, occHi), d = antiIndex(pos, occLo, occHi);
      lo |= SLIDE[c]! | SLIDE[d]!;
      hi |= SLIDE[c + 1]! | SLIDE[d + 1]!;
    }
  }
  TARGETS[0] = lo;
  TARGETS[1] = hi;
}

/**
 * Threat targets (`threat_place_targets`, used by the castling safety check): pawns threaten both
 * forward diagonals always; sliders every empty square and the first non-empty one whatever it
 * holds; knights all their squares; kings nothing. Writes `TARGETS`.
 */
export function threatTargets(s: Int32Array, color: number, pos: number, type: number): void {
  const occLo = s[OCC]! | s[OCC + 2]!;
  const occHi = s[OCC + 1]! | s[OCC + 3]!;
  if (type === PACO_PAWN) {
    TARGETS[0] = PAWN_ATTACKS[2 * (64 * color + pos)]!;
    TARGETS[1] = PAWN_ATTACKS[2 * (64 * color + pos) + 1]!;
  } else if (type === PACO_KING) {
    TARGETS[0] = 0;
    TARGETS[1] = 0;
  } else {
    pieceAttacks(type, pos, occLo, occHi);
  }
}
