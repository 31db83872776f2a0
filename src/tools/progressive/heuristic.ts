/**
 * The best-first pass's scoring (not a bound: it may over-estimate, which only costs speed).
 *
 * The same needs as `bounds.ts` — a check on the defending king K and every flight square next
 * to it covered — but distances measured on the real board for sliders: 0 when the piece
 * attacks the square now, 1 when one of its legal-looking moves (own pieces block, a defending
 * piece can be captured) lands on a square that attacks it over the current occupancy, 2 when
 * two such moves do, else 3. Knights, kings and pawns use the tables of `bounds.ts` (blockers matter little to
 * them). The score adds, per need, the best piece's distance, with a weight for needs nobody
 * meets yet: "coverage of the squares around the enemy king" and "distance of pieces to it",
 * the two terms that carried the FRI course solvers (docs/rules/progressive.md §2).
 */
import { lsb } from '../../core/bitboard.js';
import { bishopAttacks, KING_ATTACKS, lineAttacks, rookAttacks } from '../../core/attacks.js';
import { BISHOP, QUEEN, ROOK } from '../../chess/types.js';
import type { BoundContext } from './bounds.js';

/** Extra weight of a need no piece meets yet. */
const MISS = 2;

const reach = new Int32Array(2);
/** The attacks of one slider. */
const line = new Int32Array(2);

/** The union of one slider move from every square of (lo, hi), own pieces excluded, into `out`. */
function expand(role: number, lo: number, hi: number, occLo: number, occHi: number, usLo: number, usHi: number, out: Int32Array): void {
  let rLo = 0;
  let rHi = 0;
  while ((lo | hi) !== 0) {
    let x: number;
    if (lo !== 0) {
      x = lsb(lo);
      lo &= lo - 1;
    } else {
      x = 32 + lsb(hi);
      hi &= hi - 1;
    }
    lineAttacks(x, occLo, occHi, role !== ROOK, role !== BISHOP, line, 0);
    rLo |= line[0]!;
    rHi |= line[1]!;
  }
  out[0] = rLo & ~usLo;
  out[1] = rHi & ~usHi;
}

/**
 * Per-piece slots of the heuristic's scratch: one per square. A side has at most 16 pieces in a
 * game, but a problem read leniently (`parseCourseProblem`) may hold up to 63.
 */
const PIECE_SLOTS = 64;

/**
 * Per-solve scratch for the heuristic: per slider of ours, room for any number (PIECE_SLOTS; a
 * game has at most 13 sliders a side, a problem read leniently more).
 */
export class Heuristic {
  private readonly bounds: BoundContext;
  private readonly sq = new Int32Array(PIECE_SLOTS);
  private readonly role = new Int32Array(PIECE_SLOTS);
  private readonly attLo = new Int32Array(PIECE_SLOTS);
  private readonly attHi = new Int32Array(PIECE_SLOTS);
  /** Squares the slider reaches in 1 and 2 moves (cumulative), own pieces blocking. */
  private readonly r1Lo = new Int32Array(PIECE_SLOTS);
  private readonly r1Hi = new Int32Array(PIECE_SLOTS);
  private readonly r2Lo = new Int32Array(PIECE_SLOTS);
  private readonly r2Hi = new Int32Array(PIECE_SLOTS);

  constructor(bounds: BoundContext) {
    this.bounds = bounds;
  }

  /** The score of the node at `w[p..]`: lower is closer to a mate. */
  score(w: Int32Array, p: number): number {
    const us = this.bounds.us;
    const them = us ^ 1;
    const k = this.bounds.enemyKing;
    const usLo = w[p + 2 * us]!;
    const usHi = w[p + 2 * us + 1]!;
    const occLo = usLo | w[p + 2 * them]!;
    const occHi = usHi | w[p + 2 * them + 1]!;
    // Our sliders with their attacks and moves over the current occupancy.
    let n = 0;
    for (let role = BISHOP; role <= QUEEN; role++) {
      let lo = w[p + 4 + 2 * role]! & usLo;
      let hi = w[p + 5 + 2 * role]! & usHi;
      while ((lo | hi) !== 0) {
        let s: number;
        if (lo !== 0) {
          s = lsb(lo);
          lo &= lo - 1;
        } else {
          s = 32 + lsb(hi);
          hi &= hi - 1;
        }
        lineAttacks(s, occLo, occHi, role !== ROOK, role !== BISHOP, line, 0);
        const aLo = line[0]!;
        const aHi = line[1]!;
        this.sq[n] = s;
        this.role[n] = role;
        this.attLo[n] = aLo;
        this.attHi[n] = aHi;
        const m1Lo = aLo & ~usLo;
        const m1Hi = aHi & ~usHi;
        this.r1Lo[n] = m1Lo;
        this.r1Hi[n] = m1Hi;
        // Two moves: expand each square reached in one (the piece itself lifted).
        const liftLo = s < 32 ? occLo & ~(1 << s) : occLo;
        const liftHi = s < 32 ? occHi : occHi & ~(1 << (s - 32));
        expand(role, m1Lo, m1Hi, liftLo, liftHi, usLo, usHi, reach);
        const m2Lo = reach[0]! | m1Lo;
        const m2Hi = reach[1]! | m1Hi;
        this.r2Lo[n] = m2Lo;
        this.r2Hi[n] = m2Hi;
        // (A third level measured no better on the course set, and cost 7%.)
        n++;
      }
    }
    let total = this.need(w, p, k, n, occLo, occHi, true);
    let fLo = KING_ATTACKS[2 * k]! & ~w[p + 2 * them]!;
    let fHi = KING_ATTACKS[2 * k + 1]! & ~w[p + 2 * them + 1]!;
    while ((fLo | fHi) !== 0) {
      let f: number;
      if (fLo !== 0) {
        f = lsb(fLo);
        fLo &= fLo - 1;
      } else {
        f = 32 + lsb(fHi);
        fHi &= fHi - 1;
      }
      total += this.need(w, p, f, n, occLo, occHi, false);
    }
    return total;
  }

  /** The weighted distance of the best piece to need `t`. */
  private need(w: Int32Array, p: number, t: number, n: number, occLo: number, occHi: number, check: boolean): number {
    // Squares from which a bishop / rook attacks t over the current occupancy.
    bishopAttacks(t, occLo, occHi, line, 0);
    const bLo = line[0]!;
    const bHi = line[1]!;
    rookAttacks(t, occLo, occHi, line, 0);
    const rLo = line[0]!;
    const rHi = line[1]!;
    const tLo = t < 32 ? 1 << t : 0;
    const tHi = t < 32 ? 0 : 1 << (t - 32);
    let best = this.bounds.stepDistance(w, p, t, check);
    for (let i = 0; i < n && best > 0; i++) {
      let d: number;
      if ((this.attLo[i]! & tLo) | (this.attHi[i]! & tHi)) {
        d = 0;
      } else {
        const role = this.role[i]!;
        const fromLo = role === BISHOP ? bLo : role === ROOK ? rLo : bLo | rLo;
        const fromHi = role === BISHOP ? bHi : role === ROOK ? rHi : bHi | rHi;
        d = ((this.r1Lo[i]! & fromLo) | (this.r1Hi[i]! & fromHi)) !== 0 ? 1
          : ((this.r2Lo[i]! & fromLo) | (this.r2Hi[i]! & fromHi)) !== 0 ? 2 : 3;
      }
      if (d < best) best = d;
    }
    if (check && best === 0) best = 1;
    return best === 0 ? 0 : MISS + best;
  }
}
