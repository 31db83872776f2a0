/**
 * The deepest search a perft takes: 1,000 plies. No count that deep can finish (the tree grows
 * by about twenty moves a ply), and the search preallocates its stack for the whole depth and
 * recurses once a ply, so a depth in the millions would end in an allocation or stack error.
 */
export const MAX_DEPTH = 1000;

/**
 * Throws a RangeError naming `fn` unless `depth` is a whole number of plies from 0 to `MAX_DEPTH`:
 * the argument every perft takes (perft(0) = 1). A fraction or a negative depth has no count to give.
 */
export function checkDepth(depth: number, fn: string): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
    throw new RangeError(`${fn}: depth must be an integer from 0 to ${MAX_DEPTH}, got ${depth}`);
  }
}

/**
 * `n`, a count a perft summed as a number, once it is known to be exact: past 2^53 − 1 a sum of
 * numbers may have been rounded, so it is refused with a RangeError naming `fn`, not returned
 * wrong. (Perft 12 of the start position, 6.3·10^16, is past it; the CLI sums the counts of root
 * moves, each below it, as bigints.)
 */
export function exactCount(n: number, fn: string): number {
  if (n > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`${fn}: the count passes 2^53 − 1 (${Number.MAX_SAFE_INTEGER}), past which a number may be rounded; count the root moves apart (perftDivide) and sum them as bigints`);
  }
  return n;
}
