/** Text formats: FEN, EPD, UCI. */
export * from './epd.js';
export * from './fen.js';
export * from './uci.js';
