/**
 * caissa: the supported API. Standard chess and Chess960 (boards, setups, positions, moves,
 * queries, outcomes), their notations (FEN, EPD, UCI, SAN, PGN) and perft at the top level; the
 * variants and the self-play environment as namespaces (`lichess`, `paco`, `progressive`, `env`). Subpaths
 * (`caissa/chess`, `caissa/notation`, `caissa/tools`, …) give each layer; the engine's words and
 * unchecked fast paths are in `caissa/internal`, which is not a stable API.
 */
export type { Outcome, OutcomeReason } from './core/game.js';
// The interface the variants' game objects (`paco.pacoGame`, `progressive.progressiveGame`)
// implement for tools and environments: raw state buffers, players 0 | 1, unchecked play.
export type { Game } from './core/game.js';
export type { Err, Ok, Result } from './core/result.js';
export { SquareSet } from './core/bitboard.js';
export { parseSquare, squareName } from './core/square.js';
export type { FileName, RankName, Square, SquareLike, SquareName } from './core/square.js';
export { Rng } from './core/rng.js';
export {
  Board, COLORS, GameHistory, Move, POSITION_ISSUES, Position, ROLES, boardText, chessgroundDests, defaultSetup, flipDiagonal, flipHorizontal, flipVertical,
  mirror, polyglotKey, positionOutcome, repetitionKey, rotate180,
} from './chess/index.js';
export type {
  BoardTextOptions, ByColor, ByRole, ChessgroundDestsOptions, Color, DestsPosition, Piece, Pockets, PositionError, PositionIssue, PositionOptions, RemainingChecks, Role, Setup,
} from './chess/index.js';
export { makeFen, parseFen, readFen, STARTING_FEN } from './notation/fen.js';
export type { FenError, FenField, FenOptions } from './notation/fen.js';
export { makeEpd, parseEpd } from './notation/epd.js';
export type { EpdOptions, EpdRecord } from './notation/epd.js';
export { makeUci, parseUci } from './notation/uci.js';
export type { UciError } from './notation/uci.js';
export { makeSan, parseSan } from './notation/san.js';
export type { SanError } from './notation/san.js';
export { GameRecord, lineText, mainline, makeLan } from './notation/game-record.js';
export type { LineTextOptions, MainlineMove } from './notation/game-record.js';
export { addVariation, deleteVariation, nodeAt, parsePath, pathToString, PgnCursor, promoteToMain, promoteToMainline, promoteVariation } from './notation/index.js';
export type { MoveInput, PgnEditError, PgnPath } from './notation/index.js';
export { gameStartingPosition, makeCommentCommands, makePgn, parseCommentCommands, parsePgn, playLine, readPgn, replayPgn, tagValue, visitPgn, visitPgnSync } from './notation/index.js';
export type {
  CommentCommands, CommentEvaluation, CommentShape, LineError, ParseGameOptions, PgnChunk, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnPosition, PgnSource, PgnStep,
  PgnVisitor, ReplayError, ReplayOptions, ReplayRecord, ShapeColor, StartError, VisitOptions, WritePgnOptions,
} from './notation/index.js';
export { perft, perftDivide } from './tools/perft.js';
export type { PerftOptions } from './tools/perft.js';
// The progressive-chess series solver and its perft (tools beside the variant's namespace).
export { solveSeries, progressivePerft } from './tools/progressive/index.js';
export type { SeriesSolution, SolveOptions as SeriesSolveOptions, SolveStatus as SeriesSolveStatus } from './tools/progressive/index.js';
/** Progressive chess: `progressive.ProgressivePosition`, `progressive.parseCourseProblem`, … */
export * as progressive from './variants/progressive/index.js';
/**
 * The seven lichess variants: `lichess.VariantPosition` (the positions a PGN visitor is told in a
 * `[Variant "Crazyhouse"]` game, `PgnPosition`), `lichess.parseVariantSan`, `lichess.variantPerft`, …
 */
export * as lichess from './variants/lichess/index.js';
/** Paco Ŝako: `paco.pacoStart()`, `paco.executeAction` (checked), `paco.turnPerft`, … */
export * as paco from './variants/paco/index.js';
/** Batched self-play environments: `env.BatchEnv`, `env.ChessKernel`, `env.encodeNpy`, … */
export * as env from './env/index.js';
