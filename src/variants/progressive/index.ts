/** Progressive chess (1-2-3 chess): series state, rules, text forms, the Game binding. */
// The state's word offsets and rule codes are `progressiveState` in caissa/internal.
export { P_WORDS, QUIET_SERIES_LIMIT, RULE_SETS, type RuleSet } from './state.js';
export { generateOrthodox, generateSeries, handOff, isOrthodoxMate, isSeriesMate, playSeriesMove } from './rules.js';
export { CHECK_INFO_WORDS, givesCheck, givesCheckSlow, inCheck, opponentInCheck, prepareCheckInfo } from './check.js';
export { moveUci, ProgressivePosition } from './position.js';
export type { ProgressiveError, ProgressiveOptions } from './position.js';
export { makeCourseSolution, makeProgressive, parseCourseProblem, parseProgressive } from './text.js';
export type { CourseProblem, ProgressiveTextError } from './text.js';
export { progressiveGame } from './game.js';
