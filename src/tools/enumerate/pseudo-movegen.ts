/**
 * Pseudo-legal move generation for ROECE's semantics (see docs/rules/enumeration.md §3):
 * moves are generated without any check test (a move may leave the own king attacked and kings
 * can be captured), and castling rights never change. Castling needs the right, the king on its
 * original square (FIDE 3.8.2: the king castles from there; frozen rights do not let a king that
 * went elsewhere castle from where it stands) and the rook on the right's square, the squares
 * between them empty, and the king not in check and not passing or landing on an attacked square
 * (FIDE 3.8.2.2, which ROECE's "fixed castling and attack logic" applies). ROECE's own
 * castling code (read at 86140cf) also castles a king found between the e-file and the rook (f1
 * or g1; b1 to d1), and puts a queenside king on b1; its published figures cannot tell these
 * apart (no castling happens in search space zero), so this follows the rules.
 *
 * Same 16-bit move encoding as the core (`chess/move.ts`). Built on the core's attack tables.
 * Expects the position at offset 0 of `w` (the buffers of the search-space code).
 */
import { lsb } from '../../core/bitboard.js';
import { bishopAttacks, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, rookAttacks } from '../../core/attacks.js';
import { attackersOf } from '../../chess/position.js';
import { W_CASTLING, W_EP, W_TURN } from '../../chess/layout.js';
import { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT } from '../../chess/move.js';

const slide = new Int32Array(2);
const attackScratch = new Int32Array(2);

function emitSet(out: Uint16Array, n: number, from: number, lo: number, hi: number): number {
  while (lo !== 0) {
    out[n++] = from | (lsb(lo) << 6);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[n++] = from | ((32 + lsb(hi)) << 6);
    hi &= hi - 1;
  }
  return n;
}

/** A pawn's move to `to`: four promotions on the last rank (FIDE 3.7.5), else one plain move. */
function emitPawn(out: Uint16Array, n: number, from: number, to: number): number {
  if (to < 8 || to >= 56) {
    for (let k = 7; k >= 4; k--) out[n++] = from | (to << 6) | (k << 12);
    return n;
  }
  out[n++] = from | (to << 6);
  return n;
}

const bit = (w: Int32Array, base: number, sq: number): boolean => (w[base + (sq >> 5)]! & (1 << (sq & 31))) !== 0;

/**
 * The kings' original files for castling: White's in bits 0–3, Black's in bits 4–7, 8 where a
 * side has none. Standard chess: the e-file (FIDE 3.8.2); a Chess960 start gives its own.
 */
export const STANDARD_KING_FILES = 4 | (4 << 4);

/** The `kingFiles` of a position whose kings stand on their original squares (8 off the back rank). */
export function kingFilesOf(w: Int32Array): number {
  let files = 0;
  for (let side = 0; side < 2; side++) {
    // The king on its own back rank (white: bits 0–7 of word 0, black: bits 24–31 of word 1).
    const backRank = ((w[14 + side]! & w[3 * side]!) >>> (24 * side)) & 0xff;
    files |= (backRank === 0 ? 8 : lsb(backRank)) << (4 * side);
  }
  return files;
}

/**
 * Pseudo-legal moves of the position at `w[0..]` into `out`; returns how many. `kingFiles`: the
 * kings' original files (see STANDARD_KING_FILES).
 */
export function generatePseudo(w: Int32Array, out: Uint16Array, kingFiles: number = STANDARD_KING_FILES): number {
  const us = w[W_TURN]!;
  const them = us ^ 1;
  const usLo = w[2 * us]!;
  const usHi = w[2 * us + 1]!;
  const occLo = w[0]! | w[2]!;
  const occHi = w[1]! | w[3]!;
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const h = sq >> 5;
    const b = 1 << (sq & 31);
    if (((h === 0 ? usLo : usHi) & b) === 0) continue;
    let tLo = 0;
    let tHi = 0;
    if ((w[4 + h]! & b) !== 0) {
      // Pawn: push, double push from the start rank, captures, en passant, promotions (FIDE 3.7).
      const dir = us === 0 ? 8 : -8;
      const one = sq + dir;
      if (!bit(w, 0, one) && !bit(w, 2, one)) {
        n = emitPawn(out, n, sq, one);
        const startRank = us === 0 ? 1 : 6;
        const two = one + dir;
        if (sq >> 3 === startRank && !bit(w, 0, two) && !bit(w, 2, two)) out[n++] = sq | (two << 6) | (MOVE_DOUBLE_PUSH << 12);
      }
      const a = 128 * us + 2 * sq;
      let cLo = PAWN_ATTACKS[a]! & w[2 * them]!;
      let cHi = PAWN_ATTACKS[a + 1]! & w[2 * them + 1]!;
      while (cLo !== 0) {
        n = emitPawn(out, n, sq, lsb(cLo));
        cLo &= cLo - 1;
      }
      while (cHi !== 0) {
        n = emitPawn(out, n, sq, 32 + lsb(cHi));
        cHi &= cHi - 1;
      }
      const ep = w[W_EP]!;
      if (ep >= 0 && bit(PAWN_ATTACKS, a, ep)) out[n++] = sq | (ep << 6) | (MOVE_EN_PASSANT << 12);
      continue;
    }
    if ((w[6 + h]! & b) !== 0) {
      tLo = KNIGHT_ATTACKS[2 * sq]!;
      tHi = KNIGHT_ATTACKS[2 * sq + 1]!;
    } else if ((w[14 + h]! & b) !== 0) {
      tLo = KING_ATTACKS[2 * sq]!;
      tHi = KING_ATTACKS[2 * sq + 1]!;
    } else {
      if ((w[8 + h]! & b) !== 0 || (w[12 + h]! & b) !== 0) {
        bishopAttacks(sq, occLo, occHi, slide, 0);
        tLo |= slide[0]!;
        tHi |= slide[1]!;
      }
      if ((w[10 + h]! & b) !== 0 || (w[12 + h]! & b) !== 0) {
        rookAttacks(sq, occLo, occHi, slide, 0);
        tLo |= slide[0]!;
        tHi |= slide[1]!;
      }
    }
    n = emitSet(out, n, sq, tLo & ~usLo, tHi & ~usHi);
  }
  return n + castlingPseudo(w, out, n, us, occLo, occHi, kingFiles);
}

/** Castling with frozen rights (standard and Chess960 back ranks). */
function castlingPseudo(w: Int32Array, out: Uint16Array, n: number, us: number, occLo: number, occHi: number, kingFiles: number): number {
  let rights = (w[W_CASTLING]! >> (8 * us)) & 0xff;
  if (rights === 0) return 0;
  const rank = us === 0 ? 0 : 56;
  const kf = (kingFiles >> (4 * us)) & 15;
  const ksq = rank + kf;
  // Only a king on its original square castles (FIDE 3.8.2).
  if (kf > 7 || !bit(w, 14, ksq) || !bit(w, 2 * us, ksq)) return 0;
  let count = 0;
  while (rights !== 0) {
    const rf = lsb(rights);
    rights &= rights - 1;
    const rsq = rank + rf;
    // The rook of the right must still stand there (rights never change in these semantics).
    if (!bit(w, 10, rsq) || !bit(w, 2 * us, rsq)) continue;
    const hSide = rf > kf;
    const kTo = hSide ? 6 : 2;
    const rTo = hSide ? 5 : 3;
    let clear = true;
    for (let f = Math.min(kf, kTo, rf, rTo); f <= Math.max(kf, kTo, rf, rTo) && clear; f++) {
      const inSpan = (f >= Math.min(kf, kTo) && f <= Math.max(kf, kTo)) || (f >= Math.min(rf, rTo) && f <= Math.max(rf, rTo));
      if (!inSpan || f === kf || f === rf) continue;
      if (bit(w, 0, rank + f) || bit(w, 2, rank + f)) clear = false;
    }
    if (!clear) continue;
    let safe = true;
    for (let f = Math.min(kf, kTo); f <= Math.max(kf, kTo) && safe; f++) {
      if (attackersOf(w, rank + f, us ^ 1, occLo, occHi, attackScratch)) safe = false;
    }
    if (!safe) continue;
    out[n + count++] = ksq | (rsq << 6) | (MOVE_CASTLE << 12);
  }
  return count;
}
