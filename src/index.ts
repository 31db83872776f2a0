/** caissa: the curated public API. Subpaths (`caissa/core`, `caissa/chess`, …) export more. */
export type { Game, Outcome, OutcomeReason } from './core/game.js';
export type { Result } from './core/result.js';
export { SquareSet } from './core/bitboard.js';
export { parseSquare, squareName } from './core/square.js';
export type { FileName, RankName, Square, SquareLike, SquareName } from './core/square.js';
export { Board, GameHistory, Move, Position, chessGame, chess960Game, boardText, chessgroundDests, defaultSetup, flipDiagonal, flipHorizontal, flipVertical, mirror, polyglotKey, positionOutcome, rotate180 } from './chess/index.js';
export type { BoardTextOptions, ByColor, ByRole, ChessgroundDestsOptions, Color, Piece, Pockets, PositionError, PositionIssue, PositionOptions, RemainingChecks, Role, Setup } from './chess/index.js';
export { makeFen, parseFen, readFen, STARTING_FEN } from './notation/fen.js';
export type { FenError, FenField, FenOptions } from './notation/fen.js';
export { makeEpd, parseEpd } from './notation/epd.js';
export type { EpdOptions, EpdRecord } from './notation/epd.js';
export { makeUci, parseUci } from './notation/uci.js';
export type { UciError } from './notation/uci.js';
export { makeSan, parseSan } from './notation/san.js';
export type { SanError } from './notation/san.js';
export { gameStartingPosition, makeCommentCommands, makePgn, parseCommentCommands, parsePgn, playLine, readPgn, replayPgn, tagValue, visitPgn, visitPgnSync } from './notation/index.js';
export type {
  CommentCommands, CommentEvaluation, CommentShape, LineError, ParseGameOptions, PgnChunk, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnSource, PgnStep,
  PgnVisitor, ReplayError, ReplayOptions, ReplayRecord, ShapeColor, StartError, VisitOptions, WritePgnOptions,
} from './notation/index.js';
export { perft, perftDivide } from './tools/perft.js';
export type { PerftOptions } from './tools/perft.js';
export { ProgressivePosition, progressiveGame, parseProgressive, makeProgressive, parseCourseProblem, makeCourseSolution } from './variants/progressive/index.js';
export type { CourseProblem, ProgressiveError, ProgressiveOptions, ProgressiveTextError, RuleSet as ProgressiveRuleSet } from './variants/progressive/index.js';
export { solveSeries, progressivePerft } from './tools/progressive/index.js';
export type { SeriesSolution, SolveOptions as SeriesSolveOptions, SolveStatus as SeriesSolveStatus } from './tools/progressive/index.js';
export { BatchEnv, ChessKernel, CHESS_ACTIONS, decodeChessLabel, encodeChessMove, gameKernel, decodeNpy, encodeNpy } from './env/index.js';
export type { ActionEncoder, BatchOptions, ChessKernelOptions, EnvBuffers, GameKernel, NpyArray, NpyData, NpyDescr, NpyError, ObservationKind } from './env/index.js';
// The random source `GameKernel.reset` takes.
export { Rng } from './core/rng.js';
// `pacoApplyAction` checks legality first (a typed error, the state unchanged); the unchecked hot-path
// `applyAction` is in `caissa/variants/paco`.
export {
  pacoGame, pacoStart, parsePacoFen, writePacoFen, legalActions as pacoLegalActions, executeAction as pacoApplyAction,
  turnPerft as pacoTurnPerft, actionPerft as pacoActionPerft, canPacoNow, isInSako, isInSakoAmazon,
  shortestPacoSequence, replayNotation as pacoReplayNotation,
} from './variants/paco/index.js';
export type {
  PacoFenError, PacoFenField, PacoFenOptions, PacoActionError, HalfMove as PacoHalfMove, HalfMoveMetadata as PacoHalfMoveMetadata,
  HalfMoveSection as PacoHalfMoveSection,
} from './variants/paco/index.js';
