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
