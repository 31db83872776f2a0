/** The progressive-chess series solver. */
export { solveSeries } from './solve.js';
export type { SeriesSolution, SolveOptions, SolveStatus } from './solve.js';
export { RefutationTable } from './table.js';
export { BoundContext } from './bounds.js';
export { distances, FAR } from './distances.js';
export { bestFirst, BEST_FIRST_BUDGET, MAX_BEST_FIRST_BUDGET } from './bestfirst.js';
export { progressivePerft, progressivePerftDivide } from './perft.js';
