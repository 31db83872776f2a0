/** Progressive chess (1-2-3 chess): series state, rules, text forms, the Game binding. */
// The state's word offsets and rule codes are `progressiveState` in caissa/internal.
export { P_WORDS, QUIET_SERIES_LIMIT, RULE_SETS, type RuleSet } from './state.js';
export { moveUci, ProgressivePosition } from './position.js';
export type { ProgressiveError, ProgressiveOptions } from './position.js';
export { makeCourseSolution, makeProgressive, parseCourseProblem, parseProgressive } from './text.js';
export type { CourseProblem, ProgressiveTextError } from './text.js';
export { progressiveGame } from './game.js';
