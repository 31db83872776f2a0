/**
 * Admissible lower bounds on the moves a series still needs to mate, and the best-first
 * heuristic built from the same distances.
 *
 * During a mate-in-one-series search the defender never moves: its king stays on its square K
 * and its pieces only disappear when captured. A mate after the last move needs
 * (a) a check, so some piece of ours must reach a square attacking K — or, for a discovered
 *     check, another piece must move, which is at least one move too;
 * (b) every square next to K that holds no defending piece (a flight) attacked by us — unless
 *     the king's escape there could be illegal for another reason: under Italian rules an escape
 *     that gives check is illegal, and a king step can uncover a defending slider on our king,
 *     so flights are only required when our king cannot get onto a line from a defending slider
 *     through K (beyond K) within the moves left.
 * The moves a piece needs to attack a square are taken on an empty board (blockers can only
 * add moves), with pawns allowed to step diagonally as if a capture were there and to promote
 * to the best piece. One move serves many needs, so the bound is the largest single need, never
 * a sum: `max(1, minimal check distance, max over flights of the minimal cover distance)`.
 *
 * Near the end of the series the board itself gives much sharper tests, which is where nearly
 * all pruning happens: `cannotMateInOne` (one move left: one piece must meet every unmet need
 * from one destination, or uncover it) and `cannotMateInTwo` (two moves left: one piece moving
 * twice or two pieces moving once, over a board relaxed so that the test stays admissible).
 * The tests in test/tools/progressive/bounds.test.ts check both against exhaustive play. The
 * empty-board distances are in distances.ts.
 */
import { lsb } from '../../core/bitboard.js';
import { BETWEEN, BISHOP_EMPTY, KING_ATTACKS, KNIGHT_ATTACKS, lineAttacks, PAWN_ATTACKS, ROOK_EMPTY } from '../../core/attacks.js';
import { BISHOP, ROOK } from '../../chess/types.js';
import { kingSquareAt, W_CASTLING, W_TURN } from '../../chess/layout.js';
import { ITALIAN, P_RULES } from '../../variants/progressive/state.js';
import { isSquareAttacked } from '../../chess/attacked.js';
import { distances, FAR, has, pawnTable } from './distances.js';


/** Per-solve facts and the per-node bound. */
export class BoundContext {
  /** The defending king's square (it never moves during the series). */
  readonly enemyKing: number;
  readonly us: number;
  /** Chebyshev distance from each square to the nearest square where our king could be hit by a king escape (Italian). */
  private readonly dangerDist: Uint8Array;
  private readonly italian: boolean;
  /** The distance table with our pawns' rows sharpened for this solve (see pawnTable). */
  private readonly table: Uint8Array;

  constructor(w: Int32Array, p: number, _n: number) {
    this.us = w[p + W_TURN]!;
    const them = this.us ^ 1;
    const kLo = w[p + 14]! & w[p + 2 * them]!;
    this.enemyKing = kLo !== 0 ? lsb(kLo) : 32 + lsb(w[p + 15]! & w[p + 2 * them + 1]!);
    this.italian = w[p + P_RULES] === ITALIAN;
    this.table = distances().slice();
    pawnTable(this.table, this.us, w[p + 2 * them]!, w[p + 2 * them + 1]!);
    // Squares on a line from a defending slider through K, beyond K: only there can a king step
    // uncover a check on our king (the step vacates K's square; a king capturing on a flight
    // stands on that square, so no other line opens).
    const danger = new Uint8Array(64);
    const k = this.enemyKing;
    const through = [k];
    for (let s = 0; s < 64; s++) {
      const bit = 1 << (s & 31);
      if ((w[p + 2 * them + (s >> 5)]! & bit) === 0) continue;
      const diag = ((w[p + 8 + (s >> 5)]! | w[p + 12 + (s >> 5)]!) & bit) !== 0;
      const orth = ((w[p + 10 + (s >> 5)]! | w[p + 12 + (s >> 5)]!) & bit) !== 0;
      if (!diag && !orth) continue;
      for (const x of through) {
        const df = Math.sign((x & 7) - (s & 7));
        const dr = Math.sign((x >> 3) - (s >> 3));
        const aligned = (diag && has(BISHOP_EMPTY, s, x)) || (orth && has(ROOK_EMPTY, s, x));
        if (!aligned) continue;
        let f = (x & 7) + df;
        let r = (x >> 3) + dr;
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
          danger[r * 8 + f] = 1;
          f += df;
          r += dr;
        }
      }
    }
    // The one-move masks of `cannotMateInOne`: need slot 0 = K, 1..8 = K's neighbours.
    const slots: number[] = [k];
    for (let x = 0; x < 64; x++) if (has(KING_ATTACKS, k, x)) slots.push(x);
    this.slotCount = slots.length;
    for (let x = 0; x < slots.length; x++) {
      const t = slots[x]!;
      this.slotSquare[x] = t;
      if (x > 0) {
        if (t < 32) this.slotLo[x] = 1 << t;
        else this.slotHi[x] = 1 << (t - 32);
      }
      for (let kind = 0; kind < 7; kind++) {
        for (let sq = 0; sq < 64; sq++) {
          const d = x === 0 && kind === 6 ? FAR : this.table[kind * 4096 + sq * 64 + t]!;
          if (d === 0) this.zeroMask[kind * 64 + sq]! |= 1 << x;
          if (d <= 1) this.oneMask[kind * 64 + sq]! |= 1 << x;
        }
      }
    }
    this.dangerDist = new Uint8Array(64).fill(FAR);
    for (let a = 0; a < 64; a++) {
      for (let b = 0; b < 64; b++) {
        if (!danger[b]) continue;
        const d = Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >> 3) - (b >> 3)));
        if (d < this.dangerDist[a]!) this.dangerDist[a] = d;
      }
    }
  }

  /** Per need slot (0 = K, 1.. = neighbours) and piece kind × square: meets it now / within one move. */
  private readonly zeroMask = new Uint16Array(7 * 64);
  private readonly oneMask = new Uint16Array(7 * 64);
  private readonly slotLo = new Int32Array(9);
  private readonly slotHi = new Int32Array(9);
  private readonly slotCount: number;

  /**
   * Whether no single move can mate from the node at `w[p..]` (one move left). Sharper than a
   * distance bound because with one move left the board is known: a need (the check,
   * a flight) is met now only if our pieces *really* attack it, and the one move of a piece P
   * (from a to b) can only add P's own attacks from b — at most what P reaches within one move
   * on an empty board (`oneMask`; a promotion included) — and the attacks of our sliders for
   * which P was the only piece in the way (uncovered from a). Castling moves king and rook, so
   * a rook that may still castle adds its reach to the king's. Nothing else changes: the
   * defender does not move, a capture leaves the capturing piece on the square, and en passant
   * is never the last move of a series of two or more. Lines P blocks by arriving on b are
   * ignored (optimistic), so the test never prunes a mate.
   */
  cannotMateInOne(w: Int32Array, p: number): boolean {
    const us = this.us;
    const them = us ^ 1;
    const usLo = w[p + 2 * us]!;
    const usHi = w[p + 2 * us + 1]!;
    const occLo = usLo | w[p + 2 * them]!;
    const occHi = usHi | w[p + 2 * them + 1]!;
    // Needs present: the check, and flights without a defending piece (unless exempt).
    let present = 1;
    const exempt = this.italian && this.dangerDist[kingSquareAt(w, p, us)]! <= 2;
    if (!exempt) {
      const eLo = w[p + 2 * them]!;
      const eHi = w[p + 2 * them + 1]!;
      for (let x = 1; x < this.slotCount; x++) {
        if (((this.slotLo[x]! & eLo) | (this.slotHi[x]! & eHi)) === 0) present |= 1 << x;
      }
    }
    // First the cheap half: without a piece that can give check in one move, nothing mates.
    if (!this.canCheckInOne(w, p, us, usLo, usHi, occLo, occHi)) return true;
    // Needs our pieces really attack now (the check never is: the defender is not in check).
    let hard = present & ~1;
    // The king leaves its square when it flees: lines through K reach the flights behind it.
    const k = this.enemyKing;
    const xLo = k < 32 ? occLo & ~(1 << k) : occLo;
    const xHi = k < 32 ? occHi : occHi & ~(1 << (k - 32));
    for (let x = 1; x < this.slotCount; x++) {
      if ((hard & (1 << x)) !== 0 && isSquareAttacked(w, p, this.slotSquare[x]!, us, w[p + 2 * us]!, w[p + 2 * us + 1]!, xLo, xHi)) hard &= ~(1 << x);
    }
    hard |= 1;
    // Castling moves two pieces at once: too rare at the last step to be worth modelling.
    if (((w[p + 18]! >> (8 * us)) & 0xff) !== 0) return false;
    // What each piece's departure uncovers: for each hard need, our sliders aligned with it
    // behind exactly one piece of ours.
    const pieceAt = this.pieceAt;
    pieceAt.fill(-1);
    const diagLo = (w[p + 8]! | w[p + 12]!) & usLo;
    const diagHi = (w[p + 9]! | w[p + 13]!) & usHi;
    const orthLo = (w[p + 10]! | w[p + 12]!) & usLo;
    const orthHi = (w[p + 11]! | w[p + 13]!) & usHi;
    for (let x = 0; x < this.slotCount; x++) {
      if ((hard & (1 << x)) === 0) continue;
      const t = this.slotSquare[x]!;
      let sLo = (BISHOP_EMPTY[2 * t]! & diagLo) | (ROOK_EMPTY[2 * t]! & orthLo);
      let sHi = (BISHOP_EMPTY[2 * t + 1]! & diagHi) | (ROOK_EMPTY[2 * t + 1]! & orthHi);
      while ((sLo | sHi) !== 0) {
        let sq: number;
        if (sLo !== 0) {
          sq = lsb(sLo);
          sLo &= sLo - 1;
        } else {
          sq = 32 + lsb(sHi);
          sHi &= sHi - 1;
        }
        // A rook-type slider only along rank/file, a bishop-type only diagonally.
        const orth = (sq >> 3) === (t >> 3) || (sq & 7) === (t & 7);
        const bit = 1 << (sq & 31);
        if (orth ? ((sq < 32 ? orthLo : orthHi) & bit) === 0 : ((sq < 32 ? diagLo : diagHi) & bit) === 0) continue;
        const bi = 2 * (t * 64 + sq);
        const bLo = BETWEEN[bi]! & (x === 0 ? occLo : xLo);
        const bHi = BETWEEN[bi + 1]! & (x === 0 ? occHi : xHi);
        const single = bLo === 0 ? bHi !== 0 && (bHi & (bHi - 1)) === 0 : bHi === 0 && (bLo & (bLo - 1)) === 0;
        if (!single) continue;
        const b = bLo !== 0 ? lsb(bLo) : 32 + lsb(bHi);
        if (((b < 32 ? usLo : usHi) & (1 << (b & 31))) === 0) continue;
        if (pieceAt[b]! < 0) pieceAt[b] = 0;
        pieceAt[b] = pieceAt[b]! | (1 << x);
      }
    }
    // Each piece: is there one destination from which it meets every hard need it does not
    // uncover? (Destinations and lines over the real board, the piece lifted.)
    const lastRank = us === 0 ? 7 : 0;
    for (let role = 0; role < 6; role++) {
      let lo = w[p + 4 + 2 * role]! & usLo;
      let hi = w[p + 5 + 2 * role]! & usHi;
      while ((lo | hi) !== 0) {
        let a: number;
        if (lo !== 0) {
          a = lsb(lo);
          lo &= lo - 1;
        } else {
          a = 32 + lsb(hi);
          hi &= hi - 1;
        }
        const uncovered = pieceAt[a]! > 0 ? pieceAt[a]! : 0;
        const need = hard & ~uncovered;
        const liftLo = a < 32 ? occLo & ~(1 << a) : occLo;
        const liftHi = a < 32 ? occHi : occHi & ~(1 << (a - 32));
        this.destinations(w, p, a, role, us, usLo, usHi, occLo, occHi);
        let dLo = this.pair[0]!;
        let dHi = this.pair[1]!;
        if (need === 0) {
          if ((dLo | dHi) !== 0) return false;
          continue;
        }
        if (role === 0) {
          // Promotions: the new piece attacks from the last rank.
          const pLo = lastRank === 0 ? dLo & 0xff : 0;
          const pHi = lastRank === 7 ? dHi & (0xff000000 | 0) : 0;
          if ((pLo | pHi) !== 0) {
            for (let r = 1; r <= 4; r++) {
              if (this.meetsAll(need, r, us, pLo, pHi, liftLo, liftHi, k)) return false;
            }
          }
          dLo &= ~pLo;
          dHi &= ~pHi;
        }
        if ((dLo | dHi) !== 0 && this.meetsAll(need, role, us, dLo, dHi, liftLo, liftHi, k)) return false;
      }
    }
    return true;
  }

  private readonly pair = new Int32Array(2);

  /** Whether one of our moves can give check: directly, by uncovering, or by castling. */
  private canCheckInOne(w: Int32Array, p: number, us: number, usLo: number, usHi: number, occLo: number, occHi: number): boolean {
    const k = this.enemyKing;
    // Uncovering: one piece of ours alone between K and one of our sliders.
    let sLo = ((BISHOP_EMPTY[2 * k]! & (w[p + 8]! | w[p + 12]!)) | (ROOK_EMPTY[2 * k]! & (w[p + 10]! | w[p + 12]!))) & usLo;
    let sHi = ((BISHOP_EMPTY[2 * k + 1]! & (w[p + 9]! | w[p + 13]!)) | (ROOK_EMPTY[2 * k + 1]! & (w[p + 11]! | w[p + 13]!))) & usHi;
    while ((sLo | sHi) !== 0) {
      let sq: number;
      if (sLo !== 0) {
        sq = lsb(sLo);
        sLo &= sLo - 1;
      } else {
        sq = 32 + lsb(sHi);
        sHi &= sHi - 1;
      }
      const bi = 2 * (k * 64 + sq);
      const bLo = BETWEEN[bi]! & occLo;
      const bHi = BETWEEN[bi + 1]! & occHi;
      if (bLo === 0 ? bHi !== 0 && (bHi & (bHi - 1)) === 0 && (bHi & usHi) !== 0 : bHi === 0 && (bLo & (bLo - 1)) === 0 && (bLo & usLo) !== 0) return true;
    }
    // Castling: the rook lands on the f- or d-file square over a board without our king and
    // rook there. In Chess960 no rook move may reach that square (the king can stand on it:
    // king f1, rook h1), so the rook's destinations below do not cover this check.
    let rights = (w[p + W_CASTLING]! >> (8 * us)) & 0xff;
    if (rights !== 0) {
      const king = kingSquareAt(w, p, us);
      const back = king & 56;
      let oLo = king < 32 ? occLo & ~(1 << king) : occLo;
      let oHi = king < 32 ? occHi : occHi & ~(1 << (king - 32));
      while (rights !== 0) {
        const rook = back + lsb(rights);
        rights &= rights - 1;
        if (rook < 32) oLo &= ~(1 << rook);
        else oHi &= ~(1 << (rook - 32));
      }
      rights = (w[p + W_CASTLING]! >> (8 * us)) & 0xff;
      while (rights !== 0) {
        const f = lsb(rights);
        rights &= rights - 1;
        // FIDE 3.8.2, Chess960-general (as movegen.ts): the rook ends on the f-file with a rook
        // on the king's h-side, on the d-file with one on its a-side.
        const to = back + (f > (king & 7) ? 5 : 3);
        if (this.meetsAll(1, ROOK, us, to < 32 ? 1 << to : 0, to < 32 ? 0 : 1 << (to - 32), oLo, oHi, k)) return true;
      }
    }
    const lastRank = us === 0 ? 7 : 0;
    for (let role = 0; role < 5; role++) {
      let lo = w[p + 4 + 2 * role]! & usLo;
      let hi = w[p + 5 + 2 * role]! & usHi;
      while ((lo | hi) !== 0) {
        let a: number;
        if (lo !== 0) {
          a = lsb(lo);
          lo &= lo - 1;
        } else {
          a = 32 + lsb(hi);
          hi &= hi - 1;
        }
        const liftLo = a < 32 ? occLo & ~(1 << a) : occLo;
        const liftHi = a < 32 ? occHi : occHi & ~(1 << (a - 32));
        this.destinations(w, p, a, role, us, usLo, usHi, occLo, occHi);
        let dLo = this.pair[0]!;
        let dHi = this.pair[1]!;
        if (role === 0) {
          const pLo = lastRank === 0 ? dLo & 0xff : 0;
          const pHi = lastRank === 7 ? dHi & (0xff000000 | 0) : 0;
          if ((pLo | pHi) !== 0) return true;
          dLo &= ~pLo;
          dHi &= ~pHi;
        }
        if ((dLo | dHi) !== 0 && this.meetsAll(1, role, us, dLo, dHi, liftLo, liftHi, k)) return true;
      }
    }
    return false;
  }

  /**
   * Whether some square of (dLo, dHi) lets a piece of `role` attack every slot of `need` (lines
   * to the flights are taken without the king `k`, which leaves its square when it flees).
   */
  private meetsAll(need: number, role: number, us: number, dLo: number, dHi: number, lineLo: number, lineHi: number, k: number): boolean {
    const kLo = k < 32 ? lineLo & ~(1 << k) : lineLo;
    const kHi = k < 32 ? lineHi : lineHi & ~(1 << (k - 32));
    for (let x = 0; x < this.slotCount && (dLo | dHi) !== 0; x++) {
      if ((need & (1 << x)) === 0) continue;
      const t = this.slotSquare[x]!;
      const occLo = x === 0 ? lineLo : kLo;
      const occHi = x === 0 ? lineHi : kHi;
      this.attackersFrom(role, us, t, occLo, occHi, x);
      dLo &= this.pair[0]!;
      dHi &= this.pair[1]!;
    }
    return (dLo | dHi) !== 0;
  }

  /** Pseudo-legal destinations of our piece of `role` on `a` into `pair` (pins ignored). */
  private destinations(w: Int32Array, p: number, a: number, role: number, us: number, usLo: number, usHi: number, occLo: number, occHi: number): void {
    let dLo = 0;
    let dHi = 0;
    switch (role) {
      case 0: {
        const one = us === 0 ? a + 8 : a - 8;
        const emptyOne = ((one < 32 ? occLo : occHi) & (1 << (one & 31))) === 0;
        if (emptyOne) {
          if (one < 32) dLo |= 1 << one;
          else dHi |= 1 << (one - 32);
          const two = us === 0 ? a + 16 : a - 16;
          if ((a >> 3) === (us === 0 ? 1 : 6) && ((two < 32 ? occLo : occHi) & (1 << (two & 31))) === 0) {
            if (two < 32) dLo |= 1 << two;
            else dHi |= 1 << (two - 32);
          }
        }
        const i = 128 * us + 2 * a;
        dLo |= PAWN_ATTACKS[i]! & w[p + 2 * (us ^ 1)]!;
        dHi |= PAWN_ATTACKS[i + 1]! & w[p + 2 * (us ^ 1) + 1]!;
        break;
      }
      case 1:
        dLo = KNIGHT_ATTACKS[2 * a]! & ~usLo;
        dHi = KNIGHT_ATTACKS[2 * a + 1]! & ~usHi;
        break;
      case 5:
        dLo = KING_ATTACKS[2 * a]! & ~usLo;
        dHi = KING_ATTACKS[2 * a + 1]! & ~usHi;
        break;
      default:
        lineAttacks(a, occLo, occHi, role !== ROOK, role !== BISHOP, this.pair, 0);
        dLo = this.pair[0]! & ~usLo;
        dHi = this.pair[1]! & ~usHi;
    }
    this.pair[0] = dLo;
    this.pair[1] = dHi;
  }

  private readonly pieceAt = new Int16Array(64);
  private readonly slotSquare = new Int32Array(9);
  private readonly maskPiece = new Int16Array(512);
  private readonly maskValue = new Uint16Array(512);

  /**
   * Whether no two moves can mate from the node at `w[p..]` (two moves left). A relaxation of
   * the board that can only make mating easier: lines are blocked by the defender's pieces
   * alone (ours may all have moved away; a capturing piece stays on its square, unless it moves
   * again: `captureThenMove`), the needs met
   * now stay met, and a piece's destinations are taken over that lighter board too. Then the
   * unmet needs must be met either by one piece moving twice (one destination within two moves
   * from which it attacks them all) or by two pieces moving once (two destinations whose
   * attacks together cover them). Castling and promotions within reach skip the test.
   */
  cannotMateInTwo(w: Int32Array, p: number): boolean {
    const us = this.us;
    const them = us ^ 1;
    const usLo = w[p + 2 * us]!;
    const usHi = w[p + 2 * us + 1]!;
    if (((w[p + 18]! >> (8 * us)) & 0xff) !== 0) return false;
    const k = this.enemyKing;
    // The relaxed board: the defender's pieces only; for the flights, without its king.
    const eLo = w[p + 2 * them]!;
    const eHi = w[p + 2 * them + 1]!;
    const xLo = k < 32 ? eLo & ~(1 << k) : eLo;
    const xHi = k < 32 ? eHi : eHi & ~(1 << (k - 32));
    let present = 1;
    const exempt = this.italian && this.dangerDist[kingSquareAt(w, p, us)]! <= 3;
    if (!exempt) {
      for (let x = 1; x < this.slotCount; x++) {
        if (((this.slotLo[x]! & eLo) | (this.slotHi[x]! & eHi)) === 0) present |= 1 << x;
      }
    }
    // Unmet needs on the relaxed board (the check: a slider of ours seeing K over it meets it).
    const hard = this.unmetNeeds(w, p, present, eLo, eHi);
    // With every flight met, only the check is left, and over the relaxed board some piece
    // nearly always reaches a checking square within two moves: on the course set this case
    // never pruned, so it is not worth the work.
    if (hard === 0 || hard === 1) return false;
    // Per piece: the needs it can meet together from one destination, one move and two moves.
    let masks = 0;
    let index = 0;
    for (let role = 0; role < 6; role++) {
      let lo = w[p + 4 + 2 * role]! & usLo;
      let hi = w[p + 5 + 2 * role]! & usHi;
      if ((lo | hi) === 0) continue;
      this.needAttackers(hard, role, us, eLo, eHi, xLo, xHi);
      const allLo = this.allFromLo[role]!;
      const allHi = this.allFromHi[role]!;
      while ((lo | hi) !== 0) {
        let a: number;
        if (lo !== 0) {
          a = lsb(lo);
          lo &= lo - 1;
        } else {
          a = 32 + lsb(hi);
          hi &= hi - 1;
        }
        index++;
        // One move: a destination from which the piece meets every unmet need.
        this.relaxedDestinations(a, role, us, eLo, eHi);
        const d1Lo = this.pair[0]!;
        const d1Hi = this.pair[1]!;
        if (((d1Lo & allLo) | (d1Hi & allHi)) !== 0) return false;
        if (role === 0 && ((us === 0 ? d1Hi >>> 24 : d1Lo & 0xff) !== 0)) return false;
        // Two moves, from every one-move destination: a pawn that may promote, or a destination
        // meeting every unmet need (only where some square does).
        if (role === 0 || (allLo | allHi) !== 0) {
          let d2Lo = 0;
          let d2Hi = 0;
          let fLo = d1Lo;
          let fHi = d1Hi;
          while ((fLo | fHi) !== 0) {
            let b: number;
            if (fLo !== 0) {
              b = lsb(fLo);
              fLo &= fLo - 1;
            } else {
              b = 32 + lsb(fHi);
              fHi &= fHi - 1;
            }
            this.relaxedDestinations(b, role, us, eLo, eHi);
            d2Lo |= this.pair[0]!;
            d2Hi |= this.pair[1]!;
          }
          if (role === 0 && ((us === 0 ? d2Hi >>> 24 : d2Lo & 0xff) !== 0)) return false;
          if (((d2Lo & allLo) | (d2Hi & allHi)) !== 0) return false;
        }
        // A capture and then a move of the same piece: the captured piece's square is empty.
        let cLo = d1Lo & eLo;
        let cHi = d1Hi & eHi;
        while ((cLo | cHi) !== 0) {
          let x: number;
          if (cLo !== 0) {
            x = lsb(cLo);
            cLo &= cLo - 1;
          } else {
            x = 32 + lsb(cHi);
            cHi &= cHi - 1;
          }
          if (this.captureThenMove(w, p, present, x, role, us, eLo, eHi)) return false;
        }
        masks = this.coverMasks(hard, role, d1Lo, d1Hi, index, masks);
        if (masks < 0) return false;
      }
    }
    // Two different pieces, one move each.
    for (let i = 0; i < masks; i++) {
      const mi = this.maskValue[i]!;
      for (let j = i + 1; j < masks; j++) {
        if (this.maskPiece[j] === this.maskPiece[i]) continue;
        if (((mi | this.maskValue[j]!) & hard) === hard) return false;
      }
    }
    return true;
  }

  /**
   * Whether a piece of `role` that captures on `x` and then moves on may meet every need in
   * `present`. The relaxed board keeps the defender's pieces as blockers, which is right while a
   * capturing piece stands on the square it took; once it moves on, the square is empty and the
   * lines through it open, for our other pieces and for the mover's last square alike (Kg1,
   * Nxb5, Nc7# in `k7/p7/8/1p6/8/N7/5n2/1R5K w`: the rook on b1 then holds b7 and b8).
   */
  private captureThenMove(w: Int32Array, p: number, present: number, x: number, role: number, us: number, eLo: number, eHi: number): boolean {
    const oLo = x < 32 ? eLo & ~(1 << x) : eLo;
    const oHi = x < 32 ? eHi : eHi & ~(1 << (x - 32));
    const need = this.unmetNeeds(w, p, present, oLo, oHi);
    // As in cannotMateInTwo: with the flights met, a check is nearly always within reach.
    if ((need & ~1) === 0) return true;
    this.relaxedDestinations(x, role, us, oLo, oHi);
    return this.meetsAll(need, role, us, this.pair[0]!, this.pair[1]!, oLo, oHi, this.enemyKing);
  }

  /**
   * The needs in `present` that our pieces do not meet where they stand, over a board blocked by
   * the defender's pieces (oLo, oHi) alone: the check (slot 0) over that board, the flights over
   * it without the defender's king (a flight along the line of a check is no flight).
   */
  private unmetNeeds(w: Int32Array, p: number, present: number, oLo: number, oHi: number): number {
    const us = this.us;
    const k = this.enemyKing;
    const fLo = k < 32 ? oLo & ~(1 << k) : oLo;
    const fHi = k < 32 ? oHi : oHi & ~(1 << (k - 32));
    let need = 0;
    for (let s = 0; s < this.slotCount; s++) {
      if ((present & (1 << s)) === 0) continue;
      if (!isSquareAttacked(w, p, this.slotSquare[s]!, us, w[p + 2 * us]!, w[p + 2 * us + 1]!, s === 0 ? oLo : fLo, s === 0 ? oHi : fHi)) need |= 1 << s;
    }
    return need;
  }

  /**
   * Per role, filled by `needAttackers` for the test under way: the squares from which a piece of
   * that role attacks each need slot over the relaxed board (`needFromLo[9 * role + slot]`), and
   * those from which it attacks every unmet need at once.
   */
  private readonly needFromLo = new Int32Array(6 * 9);
  private readonly needFromHi = new Int32Array(6 * 9);
  private readonly allFromLo = new Int32Array(6);
  private readonly allFromHi = new Int32Array(6);

  /** Fills the squares from which a piece of `role` attacks each need of `hard`, and all of them. */
  private needAttackers(hard: number, role: number, us: number, eLo: number, eHi: number, xLo: number, xHi: number): void {
    let allLo = -1;
    let allHi = -1;
    for (let x = 0; x < this.slotCount; x++) {
      if ((hard & (1 << x)) === 0) continue;
      this.attackersFrom(role, us, this.slotSquare[x]!, x === 0 ? eLo : xLo, x === 0 ? eHi : xHi, x);
      this.needFromLo[9 * role + x] = this.pair[0]!;
      this.needFromHi[9 * role + x] = this.pair[1]!;
      allLo &= this.pair[0]!;
      allHi &= this.pair[1]!;
    }
    this.allFromLo[role] = allLo;
    this.allFromHi[role] = allHi;
  }

  /**
   * Appends to the mask list the distinct need sets (within `hard`, never all of it: the caller
   * has tested that) that a piece of `role` attacks together from each destination of (dLo, dHi).
   * Returns the new count, or -1 when the list is full (the test then does not prune).
   */
  private coverMasks(hard: number, role: number, dLo: number, dHi: number, piece: number, count: number): number {
    // Destinations attacking at least one hard need.
    let anyLo = 0;
    let anyHi = 0;
    for (let x = 0; x < this.slotCount; x++) {
      if ((hard & (1 << x)) === 0) continue;
      anyLo |= this.needFromLo[9 * role + x]!;
      anyHi |= this.needFromHi[9 * role + x]!;
    }
    anyLo &= dLo;
    anyHi &= dHi;
    const first = count;
    while ((anyLo | anyHi) !== 0) {
      let b: number;
      if (anyLo !== 0) {
        b = lsb(anyLo);
        anyLo &= anyLo - 1;
      } else {
        b = 32 + lsb(anyHi);
        anyHi &= anyHi - 1;
      }
      const bit = 1 << (b & 31);
      let mask = 0;
      for (let x = 0; x < this.slotCount; x++) {
        if ((hard & (1 << x)) !== 0 && ((b < 32 ? this.needFromLo[9 * role + x]! : this.needFromHi[9 * role + x]!) & bit) !== 0) mask |= 1 << x;
      }
      // One mask per set a piece meets (pairs are only of two pieces).
      let known = false;
      for (let i = first; i < count && !known; i++) known = this.maskValue[i] === mask;
      if (known) continue;
      if (count >= 511) return -1;
      this.maskValue[count] = mask;
      this.maskPiece[count] = piece;
      count++;
    }
    return count;
  }

  /**
   * Squares from which a piece of `role` attacks `t` over (oLo, oHi), into `pair`; none for a
   * king at slot 0, the check (kings never give check; they cover flights).
   */
  private attackersFrom(role: number, us: number, t: number, oLo: number, oHi: number, slot: number): void {
    let aLo = 0;
    let aHi = 0;
    switch (role) {
      case 0: {
        const i = 128 * (us ^ 1) + 2 * t;
        aLo = PAWN_ATTACKS[i]!;
        aHi = PAWN_ATTACKS[i + 1]!;
        break;
      }
      case 1:
        aLo = KNIGHT_ATTACKS[2 * t]!;
        aHi = KNIGHT_ATTACKS[2 * t + 1]!;
        break;
      case 5:
        if (slot !== 0) {
          aLo = KING_ATTACKS[2 * t]!;
          aHi = KING_ATTACKS[2 * t + 1]!;
        }
        break;
      default:
        lineAttacks(t, oLo, oHi, role !== ROOK, role !== BISHOP, this.pair, 0);
        return;
    }
    this.pair[0] = aLo;
    this.pair[1] = aHi;
  }

  /**
   * Destinations of our piece of `role` on `a` over the relaxed board (the defender's pieces
   * block and can be captured; ours are ignored), into `pair`. Pawns: pushes (double from the
   * start rank) and captures onto the defender's pieces.
   */
  private relaxedDestinations(a: number, role: number, us: number, eLo: number, eHi: number): void {
    let dLo = 0;
    let dHi = 0;
    switch (role) {
      case 0: {
        const one = us === 0 ? a + 8 : a - 8;
        if (one < 0 || one > 63) break;
        if (((one < 32 ? eLo : eHi) & (1 << (one & 31))) === 0) {
          if (one < 32) dLo |= 1 << one;
          else dHi |= 1 << (one - 32);
          const two = us === 0 ? a + 16 : a - 16;
          if ((a >> 3) === (us === 0 ? 1 : 6) && ((two < 32 ? eLo : eHi) & (1 << (two & 31))) === 0) {
            if (two < 32) dLo |= 1 << two;
            else dHi |= 1 << (two - 32);
          }
        }
        const i = 128 * us + 2 * a;
        dLo |= PAWN_ATTACKS[i]! & eLo;
        dHi |= PAWN_ATTACKS[i + 1]! & eHi;
        break;
      }
      case 1:
        dLo = KNIGHT_ATTACKS[2 * a]!;
        dHi = KNIGHT_ATTACKS[2 * a + 1]!;
        break;
      case 5:
        dLo = KING_ATTACKS[2 * a]!;
        dHi = KING_ATTACKS[2 * a + 1]!;
        break;
      default:
        lineAttacks(a, eLo, eHi, role !== ROOK, role !== BISHOP, this.pair, 0);
        dLo = this.pair[0]!;
        dHi = this.pair[1]!;
    }
    // Our own pieces are ignored as blockers but a destination cannot be the enemy king.
    const k = this.enemyKing;
    if (k < 32) dLo &= ~(1 << k);
    else dHi &= ~(1 << (k - 32));
    this.pair[0] = dLo;
    this.pair[1] = dHi;
  }


  /**
   * Fewest moves for one of our pawns, knights or (unless `check`) our king to attack `t`, from
   * the distance table (for the heuristic: these pieces hardly care about blockers).
   */
  stepDistance(w: Int32Array, p: number, t: number, check: boolean): number {
    const us = this.us;
    const usLo = w[p + 2 * us]!;
    const usHi = w[p + 2 * us + 1]!;
    let best = FAR;
    for (let role = 0; role < (check ? 2 : 6); role++) {
      if (role >= 2 && role <= 4) continue;
      const base = (role === 0 ? us : role + 1) * 4096 + t;
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
        const d = this.table[base + s * 64]!;
        if (d < best) best = d;
      }
    }
    return best;
  }
}
