/**
 * `caissa/node`: the Node-only helpers a library user may want — PGN files (`.gz` too, `-` for
 * standard input) as byte chunks, and PGN replay on worker threads. The rest of caissa runs in
 * browsers too and never imports this.
 *
 * ```ts
 * import { openPgn, PgnReplayPool } from 'caissa/node';
 * const pool = new PgnReplayPool(2);
 * for await (const batch of pool.replayBatches(openPgn('games.pgn.gz'))) console.log(batch.length);
 * await pool.close();
 * ```
 */
export { openPgn, pgnBytes, foreignFormat, PgnInputError } from './pgn-files.js';
export { PgnReplayPool, type ParallelOptions } from './pgn-pool.js';
export { UciEngine, UciEngineError, type UciEngineErrorKind, type UciStartOptions, type UciGame, type UciBestMove, type UciAnalysis, type UciAnalyseOptions } from './uci-engine.js';
export { parseInfo, parseOption, goCommand, parseBestMove, setOptionCommand, UciSyntaxError, type UciInfo, type UciScore, type UciPvError, type UciOption, type UciCheckOption, type UciSpinOption, type UciComboOption, type UciStringOption,
  type UciButtonOption, type UciLimits, type UciBestMoveLine,
} from './uci-protocol.js';
export { analyseGame, analyseGames, type AnalysedGame, type AnalyseGamesOptions, type GameAnalysisOptions } from './game-analysis.js';
