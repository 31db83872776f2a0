/**
 * Text forms of progressive positions.
 *
 * 1. The full form, FEN plus series fields, which round-trips every state:
 *    `<board> <w|b> <castling> <ep-targets> <quiet> <series> <moves-left> [italian|scottish] [chess960]`
 *    - `ep-targets`: `-` or the target squares run together (`a6c6`); rank-6 squares are black
 *      pawns' targets, rank-3 squares white pawns' (see state.ts);
 *    - `quiet`: series begun since the last capture or pawn move, the current one included
 *      (≥ 1 before the series' first move; 0 after a capture or pawn move in this series);
 *    - `series`: the series number = its length; `moves-left`: 1..series; the rule set defaults
 *      to Italian;
 *    - `chess960`: Chess960 castling (king takes rook, `e1h1`). Without it the castling field
 *      decides, as FEN readers do ('auto'): Chess960 only where a right is not the standard one,
 *      which a Chess960 position with king on e1 and rooks on a1 and h1 (or no rights) is not.
 *    Example, the start: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1 1 italian`.
 * 2. The FRI course's problem format `<board> <w|b> <N>` (docs/rules/progressive.md §2): no castling or
 *    en-passant fields; castling is allowed where king and rook stand on their home squares
 *    (as the course library infers it), no en-passant target exists, and the side to move
 *    plays a series of N moves.
 */
import { ok, type Result } from '../../core/result.js';
import { parseSquare, squareName } from '../../core/square.js';
import { makeFen, parseFen, type FenError } from '../../notation/fen.js';
import { Position, type PositionError } from '../../chess/position.js';
import { pieceCodeAt } from '../../chess/setup.js';
import { boardWords } from '../../chess/board.js';
import { countError, MAX_COUNT, ProgressivePosition, progressiveError, type ProgressiveError } from './position.js';
import { RULE_SETS, type RuleSet } from './state.js';

/** Why a text is no progressive position: its FEN part, the position it gives, or a series field. */
export type ProgressiveTextError = FenError | PositionError | ProgressiveError;

/** The largest N of a course problem. */
const MAX_COURSE_N = 9999;

/** A count field of either text form, from `min` to `max`, or its error (`countError`). */
function countField(field: ProgressiveError['field'], text: string, min: number, max: number): Result<number, ProgressiveError> {
  if (/^\d{1,10}$/.test(text) && Number(text) >= min && Number(text) <= max) return { ok: true, value: Number(text) };
  return countError(field, text, min, max);
}

/** Parses the full text form (see the module comment). */
export function parseProgressive(text: string, options: { lenient?: boolean } = {}): Result<ProgressivePosition, ProgressiveTextError> {
  const parts = text.trim().split(/\s+/);
  const chess960 = parts.length > 7 && parts[parts.length - 1] === 'chess960';
  if (chess960) parts.pop();
  if (parts.length < 7 || parts.length > 8) {
    return progressiveError('text', `expected 7 to 9 fields (board turn castling ep quiet series moves-left [rules] [chess960]), found ${parts[0] === '' ? 0 : parts.length + (chess960 ? 1 : 0)}`);
  }
  const [board, turn, castling, epText, quietText, seriesText, leftText, rulesText] = parts as [string, string, string, string, string, string, string, string | undefined];
  const setup = parseFen(`${board} ${turn} ${castling} - 0 1`);
  if (!setup.ok) return setup;
  const pos = Position.fromSetup(setup.value, { lenient: options.lenient, chess960: chess960 ? true : 'auto' });
  if (!pos.ok) return pos;
  const epTargets: number[] = [];
  if (epText !== '-') {
    if (!/^([a-h][36])+$/.test(epText)) return progressiveError('epTargets', `expected '-' or squares on rank 3 or 6, found '${epText}'`);
    for (let i = 0; i < epText.length; i += 2) epTargets.push(parseSquare(epText.slice(i, i + 2))!);
  }
  const quiet = countField('quiet', quietText, 0, MAX_COUNT);
  if (!quiet.ok) return quiet;
  const series = countField('series', seriesText, 1, MAX_COUNT);
  if (!series.ok) return series;
  const movesLeft = countField('movesLeft', leftText, 1, MAX_COUNT);
  if (!movesLeft.ok) return movesLeft;
  let rules: RuleSet = 'italian';
  if (rulesText !== undefined) {
    if (!(RULE_SETS as readonly string[]).includes(rulesText)) return progressiveError('rules', `expected italian or scottish, found '${rulesText}'`);
    rules = rulesText as RuleSet;
  }
  return ProgressivePosition.fromPosition(pos.value, {
    rules,
    series: series.value,
    movesLeft: movesLeft.value,
    quiet: quiet.value,
    epTargets,
  });
}

/** Writes the full text form; `parseProgressive(makeProgressive(p))` gives back `p`. */
export function makeProgressive(pos: ProgressivePosition): string {
  const fen = makeFen(pos.chess).split(' ');
  const eps = [...pos.epTargets].map(squareName).join('') || '-';
  const fields = [fen[0], fen[1], fen[2], eps, pos.quiet, pos.series, pos.movesLeft, pos.rules];
  if (pos.chess960) fields.push('chess960');
  return fields.join(' ');
}

/** A course problem: the position and the series length N to mate in. */
export interface CourseProblem {
  /** The position, its side to move starting series N with N moves left. */
  readonly position: ProgressivePosition;
  /** The series length to mate in, 1 to 9999. */
  readonly n: number;
}

/** Parses the course format `<board> <w|b> <N>` (see the module comment). */
export function parseCourseProblem(
  line: string,
  options: { rules?: RuleSet; lenient?: boolean } = {},
): Result<CourseProblem, ProgressiveTextError> {
  const parts = line.trim().split(/\s+/);
  if (parts.length !== 3) return progressiveError('text', `expected '<board> <w|b> <N>', found ${parts[0] === '' ? 0 : parts.length} fields`);
  const [board, turn, nText] = parts as [string, string, string];
  const nField = countField('n', nText, 1, MAX_COURSE_N);
  if (!nField.ok) return nField;
  const n = nField.value;
  const placement = parseFen(`${board} ${turn}`);
  if (!placement.ok) return placement;
  // Castling where king and rook stand on their home squares (the course library's inference).
  const at = (sq: number): number => pieceCodeAt(boardWords(placement.value.board), sq);
  let castling = '';
  if (at(4) === 5) castling += (at(7) === 3 ? 'K' : '') + (at(0) === 3 ? 'Q' : '');
  if (at(60) === 13) castling += (at(63) === 11 ? 'k' : '') + (at(56) === 11 ? 'q' : '');
  const setup = parseFen(`${board} ${turn} ${castling || '-'} - 0 1`);
  if (!setup.ok) return setup;
  // Lenient by default: the course set has a real game position with more material than
  // promotions explain (problem 22: three black knights and eight pawns).
  const pos = Position.fromSetup(setup.value, { lenient: options.lenient ?? true });
  if (!pos.ok) return pos;
  const progressive = ProgressivePosition.fromPosition(pos.value, { rules: options.rules ?? 'italian', series: n, movesLeft: n });
  if (!progressive.ok) return progressive;
  return ok({ position: progressive.value, n });
}

/** The course's output format: `from-to;from-to;…`, lower-case promotion letter (`c2-b1q`). */
export function makeCourseSolution(uciMoves: readonly string[]): string {
  return uciMoves.map((u) => `${u.slice(0, 2)}-${u.slice(2)}`).join(';');
}
