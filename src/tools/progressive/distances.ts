/**
 * Empty-board distances for the progressive solver's bounds (bounds.ts).
 *
 * `distances()[kind * 4096 + from * 64 + target]`: moves for a piece of `kind` (0 white pawn,
 * 1 black pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king) on `from` to stand on a square
 * attacking `target`, on an empty board; `FAR` when impossible. Pawns may step diagonally as if a
 * capture were there and promote to the best piece. `pawnTable` sharpens the pawn rows for one
 * solve.
 *
 * The tables are built on the first solve, not when the module loads: building them takes tens of
 * milliseconds, which every program importing caissa's root would otherwise pay at start-up.
 */
import { lsb, SquareSet } from '../../core/bitboard.js';
import { BISHOP_EMPTY, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, ROOK_EMPTY } from '../../core/attacks.js';

export const FAR = 64;

/** Whether square `sq` is in the 64-bit set `i` of a (lo, hi) pair table such as KNIGHT_ATTACKS. */
export const has = (t: Int32Array, i: number, sq: number): boolean => ((t[2 * i + (sq >> 5)]! >>> (sq & 31)) & 1) !== 0;

/** The empty-board moves (and attacks) of a non-pawn kind (2..6) from `s`. */
function movesOf(kind: number, s: number): SquareSet {
  const set = (t: Int32Array): SquareSet => new SquareSet(t[2 * s]!, t[2 * s + 1]!);
  switch (kind) {
    case 2: return set(KNIGHT_ATTACKS);
    case 3: return set(BISHOP_EMPTY);
    case 4: return set(ROOK_EMPTY);
    case 5: return set(BISHOP_EMPTY).union(set(ROOK_EMPTY));
    default: return set(KING_ATTACKS);
  }
}

/** Moves for a pawn of `color` from `s` to reach `x` (captures assumed available), or FAR. */
function pawnSteps(color: number, s: number, x: number): number {
  const dr = color === 0 ? (x >> 3) - (s >> 3) : (s >> 3) - (x >> 3);
  const df = Math.abs((x & 7) - (s & 7));
  if (dr < 0 || df > dr) return FAR;
  if (dr === 0) return 0;
  const startRank = color === 0 ? 1 : 6;
  if (s >> 3 === startRank && dr >= 2 && df <= dr - 2) return dr - 1;
  return dr;
}

/** The distance table (described above), built once on the first call. */
export function distances(): Uint8Array {
  return (built ??= buildTables()).dist;
}

let built: { dist: Uint8Array; pieceMin: Uint8Array } | undefined;

function buildTables(): { dist: Uint8Array; pieceMin: Uint8Array } {
  const dist = new Uint8Array(7 * 4096).fill(FAR);
  for (let t = 0; t < 64; t++) {
    // Pieces: breadth-first search backwards from the squares attacking t (moves are symmetric),
    // a level at a time as a set of squares.
    for (let kind = 2; kind <= 6; kind++) {
      let level = movesOf(kind, t);
      let seen = level;
      for (let d = 0; !level.isEmpty(); d++) {
        let next = SquareSet.empty();
        for (const s of level) {
          dist[kind * 4096 + s * 64 + t] = d;
          next = next.union(movesOf(kind, s));
        }
        level = next.diff(seen);
        seen = seen.union(level);
      }
    }
  }
  // Pawns: walk to a square attacking t, or to the last rank and promote.
  for (let color = 0; color < 2; color++) {
    const base = color * 4096;
    const lastRank = color === 0 ? 7 : 0;
    for (let s = 8; s < 56; s++) {
      for (let t = 0; t < 64; t++) {
        let best = FAR;
        // The squares x from which a pawn of `color` attacks t: those a pawn of the other colour
        // attacks from t.
        const other = 64 * (color ^ 1) + t;
        for (const x of new SquareSet(PAWN_ATTACKS[2 * other]!, PAWN_ATTACKS[2 * other + 1]!)) {
          if (x >= 8 && x < 56) best = Math.min(best, pawnSteps(color, s, x));
        }
        for (let f = 0; f < 8; f++) {
          const q = lastRank * 8 + f;
          const reach = pawnSteps(color, s, q);
          if (reach >= FAR) continue;
          let piece = FAR;
          for (let kind = 2; kind <= 5; kind++) piece = Math.min(piece, dist[kind * 4096 + q * 64 + t]!);
          best = Math.min(best, reach + piece);
        }
        dist[base + s * 64 + t] = best;
      }
    }
  }
  // The fewest moves of the best promotion piece (knight … queen) from a square to attack another.
  const pieceMin = new Uint8Array(64 * 64).fill(FAR);
  for (let i = 0; i < 64 * 64; i++) {
    for (let kind = 2; kind <= 5; kind++) pieceMin[i] = Math.min(pieceMin[i]!, dist[kind * 4096 + i]!);
  }
  return { dist, pieceMin };
}

/**
 * Our pawns' distances for one solve, written over `table`'s rows of `color`. The defender never
 * moves, so a pawn of ours can only ever step diagonally onto a square where a defending piece
 * stands now (a capture needs a victim, and no victim can arrive later). Pushes are allowed
 * everywhere (a blocker could be captured and the square cleared). Tighter than the generic
 * table, still admissible.
 */
export function pawnTable(table: Uint8Array, color: number, enemyLo: number, enemyHi: number): void {
  const base = color * 4096;
  const reach = new Uint8Array(64);
  const forward = color === 0 ? 8 : -8;
  const startRank = color === 0 ? 1 : 6;
  const lastRank = color === 0 ? 7 : 0;
  const pieceMin = (built ??= buildTables()).pieceMin;
  const enemy = (sq: number): boolean => (((sq < 32 ? enemyLo : enemyHi) >>> (sq & 31)) & 1) !== 0;
  for (let s = 8; s < 56; s++) {
    reach.fill(FAR);
    reach[s] = 0;
    // Ranks in the pawn's direction: each square's distance from the ones behind it.
    for (let step = 0; step < 7; step++) {
      for (let f = 0; f < 8; f++) {
        const x = s + step * forward - (s & 7) + f;
        if (x < 0 || x > 63 || reach[x]! >= FAR || x >> 3 === lastRank) continue;
        const d = reach[x]! + 1;
        const one = x + forward;
        if (d < reach[one]!) reach[one] = d;
        if (x >> 3 === startRank && d < reach[one + forward]!) reach[one + forward] = d;
        if (f > 0 && enemy(one - 1) && d < reach[one - 1]!) reach[one - 1] = d;
        if (f < 7 && enemy(one + 1) && d < reach[one + 1]!) reach[one + 1] = d;
      }
    }
    // Attacks as a pawn: each reachable square x attacks its two diagonal squares.
    const row = base + s * 64;
    table.fill(FAR, row, row + 64);
    for (let x = 8; x < 56; x++) {
      const d = reach[x]!;
      if (d >= FAR) continue;
      let aLo = PAWN_ATTACKS[128 * color + 2 * x]!;
      let aHi = PAWN_ATTACKS[128 * color + 2 * x + 1]!;
      while ((aLo | aHi) !== 0) {
        let t: number;
        if (aLo !== 0) {
          t = lsb(aLo);
          aLo &= aLo - 1;
        } else {
          t = 32 + lsb(aHi);
          aHi &= aHi - 1;
        }
        if (d < table[row + t]!) table[row + t] = d;
      }
    }
    // Or promote on q and go on as the best piece.
    for (let f = 0; f < 8; f++) {
      const q = lastRank * 8 + f;
      const d = reach[q]!;
      if (d >= FAR) continue;
      for (let t = 0; t < 64; t++) {
        const v = d + pieceMin[q * 64 + t]!;
        if (v < table[row + t]!) table[row + t] = v;
      }
    }
  }
}
