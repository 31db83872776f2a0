/**
 * caissa/internal: the engine's own fast paths, for caissa's tools, CLI, environments and
 * benchmarks and for programs that need the same speed. **Unstable**: names and layouts here may
 * change in any release, without notice in the changelog. Nothing here checks its input: a move
 * code must come from `generateLegal` on the same words, words must be a position's layout.
 *
 * - the position layout (`W_*` word offsets, `WORDS`, `copyPosition`) and a Position's words
 *   (`positionWords`, `positionFromWords`);
 * - move codes (`moveFrom`, `moveTo`, `moveKind`, `MOVE_*`), `generateLegal`, `applyMove`,
 *   `applyMoveKeyless`, `applyNullMove`;
 * - the engine's setup form (`RawSetup`, `positionFromRawSetup`) and a Board's words
 *   (`boardWords`, `boardFromWords`, `placePiece`, `pieceCodeAt`);
 * - colours and roles as small integers (`WHITE`, `BLACK`, `PAWN` … `KING`);
 * - the `Game` interface over raw states (`chessGame`, `chess960Game`), which tools and
 *   environments drive;
 * - SAN, UCI and PGN on words, move codes and bytes (`resolveSan`, `PgnSplitter`, `GameReplayer`);
 * - enumeration's records, keys and expanders; the states' layouts of Paco Ŝako (`pacoLayout`),
 *   progressive chess (`progressiveState`) and the lichess variants, with the variants' move
 *   codes, generator and unchecked play.
 */
export type { Game } from './core/game.js';
export { BOARD_WORDS, boardFromWords, boardWords } from './chess/board.js';
export { chess960BackRank } from './chess/chess960.js';
export { outermostRookFile } from './chess/fen-write.js';
export { chess960Game, chessGame } from './chess/game.js';
export * from './chess/layout.js';
export * from './chess/move.js';
export { generateLegal } from './chess/movegen.js';
export { cannotMate, isInsufficientMaterial } from './chess/outcome.js';
export { applyMove, applyMoveKeyless, applyNullMove, refreshKey, roleAt } from './chess/play.js';
export { polyglotKeyHalves } from './chess/polyglot.js';
export { attackersOf, isStandardMaterial, kingSquare, positionFromRawSetup, positionFromWords, positionWords } from './chess/position.js';
export { castlingBits, castlingSquares, MAX_CLOCK, pieceCodeAt, placePiece } from './chess/setup.js';
export type { RawSetup } from './chess/setup.js';
export { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROLE_LETTERS, ROOK, WHITE } from './chess/types.js';
// SAN, UCI and PGN on words, move codes and bytes: the readers' allocation-free paths.
export {
  CHESS_SAN_MOVES, makeSanCode, parseSanCode, resolveMove, resolveSan, SAN_AMBIGUOUS, SAN_ILLEGAL, SAN_SYNTAX, sanErrorKind, sanErrorMessage,
} from './notation/san.js';
export type { SanMoves } from './notation/san.js';
export { resolveUci } from './notation/uci.js';
export { PgnSplitter } from './notation/pgn-split.js';
export { GameReplayer } from './notation/pgn-replay.js';
// Enumeration's records, keys and expansion (caissa enumerate and its worker threads).
export { hasLegalEp, identityEp } from './tools/enumerate/identity.js';
export { KEY_WORDS, keyOf, packRecord, REC_WORDS, recordWords, unpackRecord } from './tools/enumerate/record.js';
export { capacityFor } from './tools/enumerate/entry-set.js';
export { EMIT_KEYS, EMIT_RECORDS, Expander, recordKey, rootRecord } from './tools/enumerate/expand.js';
export { generatePseudo } from './tools/enumerate/pseudo-movegen.js';
// Paco Ŝako's state layout (word offsets, required-action and hand codes) and its hash set.
export * as pacoLayout from './variants/paco/layout.js';
export { HashSet64 } from './variants/paco/hashset.js';
// Paco Ŝako's results left in module variables: read them right after the call that sets them.
export { hashHi as pacoHashHi, hashLo as pacoHashLo, internHash as pacoInternHash, repetitionHash as pacoRepetitionHash } from './variants/paco/state.js';
export { placeTargets as pacoPlaceTargets } from './variants/paco/actions.js';
export { TARGETS as PACO_TARGETS } from './variants/paco/targets.js';
export { amazonTiles as pacoAmazonTiles, CHAIN as PACO_CHAIN_TILES, START as PACO_START_TILES } from './variants/paco/sako.js';
// Progressive chess's state layout (series words after a position's) and rule codes.
export * as progressiveState from './variants/progressive/state.js';
// Progressive chess over raw words: series generation and play, mates, check detection.
export { generateOrthodox, generateSeries, handOff, isOrthodoxMate, isSeriesMate, playSeriesMove } from './variants/progressive/rules.js';
export { CHECK_INFO_WORDS, givesCheck, givesCheckSlow, inCheck, opponentInCheck, prepareCheckInfo } from './variants/progressive/check.js';
// The lichess variants' words (the chess layout and pockets, promoted squares, check counters),
// their move codes (king promotions, drops), generator and unchecked play.
export { VWORDS, W_CHECKS, W_POCKET, W_PROMOTED, copyVariantPosition } from './variants/lichess/layout.js';
export { dropCode, dropRole, isDrop, MOVE_DROP, MOVE_KING_PROMOTION } from './variants/lichess/move.js';
export { generateVariant } from './variants/lichess/movegen.js';
export { applyVariantMove } from './variants/lichess/play.js';
