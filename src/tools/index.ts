/** Tools built on the rules. */
export * from './perft.js';
export * from './game-perft.js';
export { solveSeries, progressivePerft, progressivePerftDivide } from './progressive/index.js';
export type { SeriesSolution, SolveOptions as SeriesSolveOptions, SolveStatus as SeriesSolveStatus } from './progressive/index.js';
export * from './enumerate/index.js';
export { boardSvg, chessDiagram, pacoDiagram, variantDiagram, type DiagramArrow, type DiagramByColor, type DiagramOptions, type DiagramPiece } from './svg/index.js';
export * from './polyglot-book.js';
export * from './annotate.js';
