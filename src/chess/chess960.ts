/**
 * Chess960 start positions by Scharnagl's numbering (0..959; 518 is the standard position):
 * the number's digits in mixed radix place the light-squared bishop, the dark-squared bishop,
 * the queen and the two knights; the rooks and the king fill the last three files, king between.
 */
import { BISHOP, KING, KNIGHT, QUEEN, ROOK } from './types.js';

/** Knight placements on the five files left after bishops and queen, in Scharnagl's order. */
const KNIGHT_PAIRS: readonly (readonly [number, number])[] = [
  [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4],
];

/** The back rank (roles by file a..h) of start position `n`, 0 ≤ n < 960. */
export function chess960BackRank(n: number): number[] {
  if (!Number.isInteger(n) || n < 0 || n > 959) throw new RangeError(`Chess960 number out of range: ${n}`);
  const rank: (number | undefined)[] = new Array(8).fill(undefined);
  rank[2 * (n % 4) + 1] = BISHOP;
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = BISHOP;
  n = Math.floor(n / 4);
  const emptyFiles = (): number[] => rank.flatMap((r, f) => (r === undefined ? [f] : []));
  rank[emptyFiles()[n % 6]!] = QUEEN;
  n = Math.floor(n / 6);
  const [a, b] = KNIGHT_PAIRS[n]!;
  const free = emptyFiles();
  rank[free[a]!] = KNIGHT;
  rank[free[b]!] = KNIGHT;
  const [r1, k, r2] = emptyFiles();
  rank[r1!] = ROOK;
  rank[k!] = KING;
  rank[r2!] = ROOK;
  return rank as number[];
}
