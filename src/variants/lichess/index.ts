/** The seven lichess variants: positions, moves, FEN, perft. */
export { ANTICHESS, ATOMIC, CRAZYHOUSE, HORDE, KING_OF_THE_HILL, parseVariantName, PGN_VARIANT_NAMES, RACING_KINGS, THREE_CHECK, VARIANT_RULES, variantIndex } from './rules.js';
export type { VariantRules } from './rules.js';
export { VWORDS, W_CHECKS, W_POCKET, W_PROMOTED, copyVariantPosition } from './layout.js';
export { dropCode, dropRole, isDrop, MOVE_DROP, MOVE_KING_PROMOTION } from './move.js';
export { generateVariant } from './movegen.js';
export { applyVariantMove } from './play.js';
export { variantWinner } from './end.js';
export { isInsufficientVariantMaterial } from './material.js';
export { makePocket, makeVariantBoardFen, parseVariantFen } from './fen.js';
export type { VariantSetup } from './fen.js';
export { VARIANT_POSITION_ISSUES, VariantMove, VariantPosition } from './position.js';
export type { VariantPositionError, VariantPositionIssue } from './position.js';
export { variantPerft, variantPerftDivide } from './perft.js';
export type { VariantPerftOptions } from './perft.js';
export { makeVariantSan, parseVariantSan, parseVariantUci } from './san.js';
export { pgnVariant, replayVariantGame } from './pgn.js';
export type { VariantReplayError } from './pgn.js';
