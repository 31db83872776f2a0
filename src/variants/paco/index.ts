/** Paco Ŝako: state, actions, turns, Ŝako/Paco, notations, perft and the `Game` implementation. */
export * from './layout.js';
export { emptyState, copyState, pieceAt, kingSquare, internHash, repetitionHash } from './state.js';
export { legalActions, isLegalAction, placeTargets, setCastlingStateLimit, threatenedSquares } from './actions.js';
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
  canPacoNow, canPacoNowAmazon, isInSako, isInSakoAmazon, checkSako, shortestPacoSequence, amazonTiles, START, CHAIN,
  type SakoError,
} from './sako.js';
export { replayNotation, type HalfMove, type HalfMoveSection, type HalfMoveMetadata } from './replay.js';
export { replayOpening } from './opening.js';
export { parseExchangeNotation, writeExchangeNotation, type ExchangeError } from './exchange.js';
export { pacoGame, pacoStart, pacoOutcome, PACO_START_FEN } from './game.js';
export { RandomPlayer } from './random.js';
export { HashSet64, StateArena } from './hashset.js';
export { blockedPawns, indexRepresentation, USE_RELATIVE_PERSPECTIVE, WITH_MUST_LIFT, WITH_MUST_PROMOTE, type ReprError } from './ai-repr.js';
export { chasingPacoInTwo, type ChasingMove } from './chasing.js';
export { executeAction } from './checked.js';
