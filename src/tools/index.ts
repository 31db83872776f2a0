/** Tools built on the rules. */
export * from './perft.js';
