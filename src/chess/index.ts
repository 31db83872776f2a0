/**
 * Standard chess and Chess960: positions, moves, boards and setups, outcomes. The engine's words,
 * move codes and unchecked fast paths are in `caissa/internal`.
 */
export { Board } from './board.js';
export { chess960BackRank } from './chess960.js';
export { chessgroundDests } from './compat.js';
export type { ChessgroundDestsOptions, DestsPosition } from './compat.js';
export { GameHistory, positionOutcome, repetitionKey } from './outcome.js';
export type { Outcome, OutcomeReason } from '../core/game.js';
export { polyglotKey } from './polyglot.js';
export { Move, Position, POSITION_ISSUES } from './position.js';
export type { PositionError, PositionIssue, PositionOptions } from './position.js';
export { defaultSetup, MAX_CLOCK } from './setup.js';
export type { ByColor, ByRole, Pockets, RemainingChecks, Setup } from './setup.js';
export { boardText } from './text.js';
export type { BoardTextOptions } from './text.js';
export { flipDiagonal, flipHorizontal, flipVertical, mirror, rotate180 } from './transform.js';
export { COLORS, ROLES } from './types.js';
export type { Color, Piece, Role } from './types.js';
