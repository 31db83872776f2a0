/** The seven lichess variants: positions, moves, FEN, perft. */
export { ANTICHESS, ATOMIC, CRAZYHOUSE, HORDE, KING_OF_THE_HILL, parseVariantName, PGN_VARIANT_NAMES, RACING_KINGS, THREE_CHECK, VARIANT_RULES, variantIndex } from './rules.js';
export type { VariantRules } from './rules.js';
// The variant words' layout, move codes, generator and unchecked play are in caissa/internal.
export { variantWinner } from './end.js';
export { variantGames } from './game.js';
export { isInsufficientVariantMaterial } from './material.js';
export { makePocket, makeVariantBoardFen, parseVariantFen } from './fen.js';
export type { VariantSetup } from './fen.js';
export { VARIANT_POSITION_ISSUES, VariantMove, VariantPosition } from './position.js';
export type { VariantPositionError, VariantPositionIssue } from './position.js';
export { variantPerft, variantPerftDivide } from './perft.js';
export type { VariantPerftOptions } from './perft.js';
export { makeVariantSan, parseVariantSan, parseVariantUci } from './san.js';
export { makeVariantPgn, pgnVariant, replayVariantGame } from './pgn.js';
export type { VariantReplayError } from './pgn.js';
export { VariantGameRecord } from './record.js';
