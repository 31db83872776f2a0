/** Rules-free building blocks: squares, bitboards, attack tables, Zobrist keys, the Game interface. */
export * from './attacks.js';
export * from './bitboard.js';
export type { Game, Outcome } from './game.js';
export * from './result.js';
export { Rng } from './rng.js';
export * from './square.js';
export { ZOBRIST, keyToBigInt, zobristPiece } from './zobrist.js';
