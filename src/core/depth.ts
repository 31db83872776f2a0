/**
 * Throws a RangeError naming `fn` unless `depth` is a whole number of plies ≥ 0: the argument every
 * perft takes (perft(0) = 1). A fraction or a negative depth has no count to give.
 */
export function checkDepth(depth: number, fn: string): void {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`${fn}: depth must be an integer ≥ 0, got ${depth}`);
}
