/** Paco Ŝako: state, actions, turns, Ŝako/Paco, notations, perft and the `Game` implementation. */
// The codes a public function takes or gives; where they sit in the state (word offsets) is
// `pacoLayout` in caissa/internal.
export {
  BLACK, LIFT_BASE, MAX_ACTIONS, NO_PROGRESS_DRAW, PACO_BISHOP, PACO_BLACK, PACO_KING, PACO_KNIGHT, PACO_PAWN, PACO_QUEEN, PACO_ROOK,
  PACO_WHITE, PLACE_BASE, PROMOTE_BASE, REPETITION_DRAW, RUNNING, TIMEOUT_BLACK, TIMEOUT_WHITE, VICTORY_NAMES, WHITE, WORDS,
} from './layout.js';
export { emptyState, copyState, pieceAt, kingSquare } from './state.js';
export { legalActions, isLegalAction, setCastlingStateLimit, threatenedSquares } from './actions.js';
export { applyActionUnchecked } from './play.js';
/** @deprecated the former name of `applyActionUnchecked` (unchecked fast paths end in `Unchecked`). */
export { applyActionUnchecked as applyAction } from './play.js';
export { parsePacoFen, writePacoFen, tileName, parseTile, type PacoFenError, type PacoFenField, type PacoFenOptions } from './fen.js';
export {
  actionName, parseActionName, actionToJson, actionFromJson, viewpointCode, mirrorTile, type PacoActionError,
} from './action-text.js';
export { TurnSearch } from './search.js';
export { turnPerft, actionPerft } from './perft.js';
export {
  canPacoNow, canPacoNowAmazon, isInSako, isInSakoAmazon, checkSako, shortestPacoSequence,
  type SakoError,
} from './sako.js';
export { replayNotation, type HalfMove, type HalfMoveSection, type HalfMoveMetadata } from './replay.js';
export { replayOpening } from './opening.js';
export { parseExchangeNotation, writeExchangeNotation, type ExchangeError } from './exchange.js';
export { pacoGame, pacoStart, pacoOutcome, PACO_START_FEN } from './game.js';
export { RandomPlayer } from './random.js';
export { StateArena } from './hashset.js';
export { blockedPawns, indexRepresentation, USE_RELATIVE_PERSPECTIVE, WITH_MUST_LIFT, WITH_MUST_PROMOTE, type ReprError } from './ai-repr.js';
export { chasingPacoInTwo, type ChasingMove } from './chasing.js';
export { executeAction } from './checked.js';
