/** caissa: the curated public API. Subpaths (`caissa/core`, `caissa/chess`, …) export more. */
export type { Game, Outcome } from './core/game.js';
export type { Result } from './core/result.js';
export { SquareSet } from './core/bitboard.js';
export { parseSquare, squareName } from './core/square.js';
export { GameHistory, Move, Position, chessGame, chess960Game, positionOutcome } from './chess/index.js';
export type { Color, Piece, PositionError, PositionIssue, PositionOptions, Role, Setup } from './chess/index.js';
export { makeFen, parseFen, readFen, STARTING_FEN } from './notation/fen.js';
export type { FenError, FenOptions } from './notation/fen.js';
export { makeEpd, parseEpd } from './notation/epd.js';
export type { EpdOptions, EpdRecord } from './notation/epd.js';
export { makeUci, parseUci } from './notation/uci.js';
export { makeSan, parseSan } from './notation/san.js';
export type { SanError } from './notation/san.js';
export { gameStartingPosition, makeCommentCommands, makePgn, parseCommentCommands, parsePgn, playLine, readPgn, replayPgn } from './notation/index.js';
export type { CommentCommands, CommentEvaluation, CommentShape, LineError, PgnError, PgnGame, PgnMove, PgnSource, PgnStep, ReplayRecord } from './notation/index.js';
export { perft, perftDivide } from './tools/perft.js';
export { ProgressivePosition, progressiveGame, parseProgressive, makeProgressive, parseCourseProblem, makeCourseSolution } from './variants/progressive/index.js';
export type { CourseProblem, ProgressiveError, ProgressiveTextError, RuleSet as ProgressiveRuleSet } from './variants/progressive/index.js';
export { solveSeries, progressivePerft } from './tools/progressive/index.js';
export type { SeriesSolution, SolveOptions as SeriesSolveOptions } from './tools/progressive/index.js';
export { BatchEnv, ChessKernel, CHESS_ACTIONS, decodeChessLabel, encodeChessMove, gameKernel, decodeNpy, encodeNpy } from './env/index.js';
export type { ActionEncoder, BatchOptions, EnvBuffers, GameKernel, NpyArray, NpyError } from './env/index.js';
// `pacoApplyAction` checks legality first (a typed error, the state unchanged); the unchecked hot-path
// `applyAction` is in `caissa/variants/paco`.
export {
  pacoGame, pacoStart, parsePacoFen, writePacoFen, legalActions as pacoLegalActions, executeAction as pacoApplyAction,
  turnPerft as pacoTurnPerft, actionPerft as pacoActionPerft, canPacoNow, isInSako, isInSakoAmazon,
  shortestPacoSequence, replayNotation as pacoReplayNotation,
} from './variants/paco/index.js';
export type { PacoFenError, PacoActionError, HalfMove as PacoHalfMove } from './variants/paco/index.js';
