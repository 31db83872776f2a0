/** Standard chess and Chess960 rules. */
export { chess960BackRank } from './chess960.js';
export { chess960Game, chessGame } from './game.js';
export * from './layout.js';
export * from './move.js';
export { generateLegal } from './movegen.js';
export { GameHistory, isInsufficientMaterial, positionOutcome, repetitionKey } from './outcome.js';
export { applyMove, roleAt } from './play.js';
export { polyglotKey } from './polyglot.js';
export { Move, Position, POSITION_ISSUES, attackersOf, kingSquare } from './position.js';
export type { PositionError, PositionIssue, PositionOptions } from './position.js';
export { Board } from './board.js';
export { chessgroundDests } from './compat.js';
export type { ChessgroundDestsOptions } from './compat.js';
export { defaultSetup } from './setup.js';
export type { ByColor, ByRole, Pockets, RemainingChecks, Setup } from './setup.js';
export * from './types.js';
