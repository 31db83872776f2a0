/** Tools built on the rules. */
export * from './perft.js';
export * from './game-perft.js';
