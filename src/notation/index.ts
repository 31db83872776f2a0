/** Text formats: FEN, EPD, UCI, SAN, PGN. */
export * from './epd.js';
export * from './fen.js';
export * from './uci.js';
export * from './san.js';
export * from './pgn-game.js';
export * from './pgn-comment.js';
export * from './pgn-walk.js';
export { parseGame, type ParseGameOptions } from './pgn-parse.js';
export { parsePgn, readPgn } from './pgn-read.js';
export { GameReplayer, replayPgn, replayPgnBatches, replayPgnSync, type ReplayError, type ReplayOptions, type ReplayRecord } from './pgn-replay.js';
export { pgnGameBatches, pgnGames, pgnGamesSync, type PgnChunk, type PgnSource } from './pgn-source.js';
export { DEFAULT_MAX_GAME_BYTES, PgnSplitter, type GameSlice } from './pgn-split.js';
export { startingPosition as pgnStartingPosition, variantKind, type StartError, type VariantKind } from './pgn-start.js';
export { makePgn, type WritePgnOptions } from './pgn-write.js';
export { GameVisitReader, visitPgn, visitPgnSync, type PgnVisitor, type VisitOptions } from './pgn-visit.js';
export { GameRecord, lineText, mainline, makeLan, resultMarker } from './game-record.js';
export type { LineTextOptions, MainlineMove } from './game-record.js';
