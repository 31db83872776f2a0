/**
 * Commands embedded in PGN comments, `[%name value]`: the clock and timing commands of the PGN
 * Specification Supplement (`%clk` the clock's remaining time, `%emt` the time a move took,
 * `%egt` the game's elapsed time, all `H:MM:SS` with optional fractions of a second), its
 * coloured squares and arrows (`%csl Ga1,Rb2`, `%cal Ge2e4`; colours R, G, Y and B), and the
 * engine evaluation that lichess and ChessBase write (`%eval 0.17`, `%eval #-3`, either with an
 * optional `,depth`). Lichess writes a `%clk` after every move of its game databases.
 *
 * A command that is not one of these, or whose value does not read as its kind (`[%clk 3:00]`),
 * stays in the text as written: a comment is free text first.
 */
import { parseSquare, squareName, type Square } from '../core/square.js';

/** The colour of a square or arrow mark: lichess' G, R, Y, B. */
export type ShapeColor = 'green' | 'red' | 'yellow' | 'blue';

/** A coloured square (`from === to`, from `%csl`) or arrow (from `%cal`). */
export interface CommentShape {
  /** The mark's colour. */
  readonly color: ShapeColor;
  /** The square, or the arrow's tail (0..63, a1 = 0). */
  readonly from: Square;
  /** The arrow's head; `from` again for a square. */
  readonly to: Square;
}

/** An engine evaluation from White's side: in pawns, or a mate in `mate` moves (negative: Black mates). */
export type CommentEvaluation =
  | {
      /** The advantage in pawns (positive: White's). */
      readonly pawns: number;
      /** The search depth, in plies, where given (`,20`). */
      readonly depth?: number;
    }
  | {
      /** Mate in this many moves (positive: White mates; negative: Black mates). */
      readonly mate: number;
      /** The search depth, in plies, where given (`,20`). */
      readonly depth?: number;
    };

/** A comment read into its text and its commands. Times are in seconds. */
export interface CommentCommands {
  /** The comment without the commands read, whitespace at its ends and where a command stood collapsed. */
  readonly text: string;
  /** `%clk`: the time left on the mover's clock after the move. */
  readonly clock?: number;
  /** `%emt`: the time the move took. */
  readonly emt?: number;
  /** `%egt`: the game's elapsed time. */
  readonly egt?: number;
  /** `%eval`. */
  readonly evaluation?: CommentEvaluation;
  /** `%csl` and `%cal`, in the order written. */
  readonly shapes: readonly CommentShape[];
}

const COLORS: Readonly<Record<string, ShapeColor>> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };
const COLOR_LETTERS: Readonly<Record<ShapeColor, string>> = { green: 'G', red: 'R', yellow: 'Y', blue: 'B' };

/**
 * A command's inside, between its brackets: `%name`, one whitespace character, then the value
 * (trimmed later: `\s+` there would backtrack over a long run of spaces, quadratic in its length).
 * The reader hands it only insides that hold no bracket.
 */
const COMMAND_INSIDE = /^%([A-Za-z]+)\s([^]*)$/;
/** `H:MM:SS` or `H:MM:SS.fff`: hours of any length, minutes and seconds of one or two digits. */
const TIME = /^(\d+):(\d{1,2}):(\d{1,2}(?:\.\d*)?)$/;
/** `#-3` or `0.17`, `-.5`, `+1`; then an optional `,depth`. */
const EVAL = /^(?:#([+-]?\d+)|([+-]?(?:\d+(?:\.\d*)?|\.\d+)))(?:,(\d+))?$/;
/** `Ga1` (a square) or `Ge2e4` (an arrow). */
const SHAPE = /^([GRYB])([a-h][1-8])([a-h][1-8])?$/;

interface Fields {
  clock?: number;
  emt?: number;
  egt?: number;
  evaluation?: CommentEvaluation;
  shapes: CommentShape[];
}

/**
 * A time in seconds; undefined (the command stays text) for one whose hours are no safe integer
 * (`[%clk 99…9:00:00]`): as a number it would be rounded, or Infinity, and not written back as read.
 */
function readTime(value: string): number | undefined {
  const m = TIME.exec(value);
  if (m === null || !Number.isSafeInteger(Number(m[1]) * 3600)) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

function readEvaluation(value: string): CommentEvaluation | undefined {
  const m = EVAL.exec(value);
  // A number too large to read exactly (a mate or depth past 2^53, pawns past 1e308) stays text.
  if (m === null || (m[1] !== undefined && !Number.isSafeInteger(Number(m[1]))) || (m[3] !== undefined && !Number.isSafeInteger(Number(m[3])))) return undefined;
  if (m[2] !== undefined && !Number.isFinite(Number(m[2]))) return undefined;
  const depth = m[3] === undefined ? {} : { depth: Number(m[3]) };
  // `+ 0` turns -0 into 0: zero (`#-0`, the side to move is mated; `-0.00`) has no side, and is
  // written back without a sign.
  return m[1] !== undefined ? { mate: Number(m[1]) + 0, ...depth } : { pawns: Number(m[2]) + 0, ...depth };
}

/** A `%csl` or `%cal` list; either takes squares and arrows alike, as some writers mix them. */
function readShapes(value: string): CommentShape[] | undefined {
  const shapes: CommentShape[] = [];
  for (const item of value.split(',')) {
    const m = SHAPE.exec(item.trim());
    if (m === null) return undefined;
    const from = parseSquare(m[2]!)!;
    shapes.push({ color: COLORS[m[1]!]!, from, to: m[3] === undefined ? from : parseSquare(m[3])! });
  }
  return shapes;
}

/** Reads one command into `fields`; false if it is not one this module reads (it then stays text). */
function readCommand(fields: Fields, name: string, value: string): boolean {
  switch (name) {
    case 'clk':
    case 'emt':
    case 'egt': {
      const t = readTime(value);
      if (t === undefined) return false;
      if (name === 'clk') fields.clock = t;
      else if (name === 'emt') fields.emt = t;
      else fields.egt = t;
      return true;
    }
    case 'eval': {
      const e = readEvaluation(value);
      if (e === undefined) return false;
      fields.evaluation = e;
      return true;
    }
    case 'csl':
    case 'cal': {
      const s = readShapes(value);
      if (s === undefined) return false;
      // One by one: a spread of a list of 300,000 shapes overflows the call stack.
      for (const shape of s) fields.shapes.push(shape);
      return true;
    }
    default:
      return false;
  }
}

/**
 * Reads the commands of a comment (a `PgnMove`'s comment, as `parsePgn` gives it). A command
 * given twice counts once, the last to close; shapes add up.
 *
 * ```ts
 * parseCommentCommands('Good move [%eval 0.17,20] [%clk 0:03:00]'); // { text: 'Good move', clock: 180, evaluation: { pawns: 0.17, depth: 20 }, shapes: [] }
 * ```
 *
 * Cutting a command out joins the text on its two sides with one space, and that join can make a
 * command of what was not one: `[%eval -1.67 [%clk 0:01:33] ]` leaves `[%eval -1.67 ]`. The text
 * returned must hold no command that reads, or writing it back and reading it again would give a
 * different comment; so such a command is read too (here both the clock and the evaluation).
 * One pass does it: at each `]` the only candidate is the last `[` still in the text kept, as a
 * value holds no bracket; a candidate that does not read stays text for good, and with it every
 * `[` before it, so each `[` is looked at once.
 */
export function parseCommentCommands(comment: string): CommentCommands {
  const fields: Fields = { shapes: [] };
  // The text kept: pieces of the comment, `[pieceStarts[k], pieceEnds[k])`, and the piece being
  // read, from `start`. A command cut out ends one piece and starts the next.
  const pieceStarts: number[] = [];
  const pieceEnds: number[] = [];
  let start = 0;
  // The `[`s kept that a later `]` may still close: the index of each and of the piece it is in.
  const openAt: number[] = [];
  const openPiece: number[] = [];
  for (let i = 0; i < comment.length; i++) {
    const c = comment.charCodeAt(i);
    if (c === 91 /* [ */) {
      openAt.push(i);
      openPiece.push(pieceStarts.length);
      continue;
    }
    if (c !== 93 /* ] */ || openAt.length === 0) continue;
    const at = openAt.pop()!;
    const piece = openPiece.pop()!;
    const m = COMMAND_INSIDE.exec(keptBetween(comment, at, i, piece, pieceStarts, pieceEnds, start));
    if (m === null || !readCommand(fields, m[1]!, m[2]!.trim())) {
      // This `]` stays text, so no `[` before it can ever open a command.
      openAt.length = 0;
      openPiece.length = 0;
      continue;
    }
    // The piece the `[` stands in ends there (the piece being read, if it is that one); the
    // pieces after it stood inside the command and go; a new piece starts after the `]`.
    if (piece === pieceStarts.length) pieceStarts.push(start);
    pieceStarts.length = piece + 1;
    pieceEnds.length = piece;
    pieceEnds.push(at);
    start = i + 1;
  }
  const pieces: string[] = [];
  for (let k = 0; k < pieceStarts.length; k++) pieces.push(comment.slice(pieceStarts[k], pieceEnds[k]).trim());
  pieces.push(comment.slice(start).trim());
  return { text: pieces.filter((p) => p !== '').join(' '), ...fields };
}

/**
 * The kept text between the `[` at `at` (in piece `piece`) and the `]` at `close` (in the piece
 * being read, from `start`), as the returned text will have it: pieces trimmed where they were
 * cut, the empty ones dropped, the others joined by one space.
 */
function keptBetween(comment: string, at: number, close: number, piece: number, pieceStarts: readonly number[], pieceEnds: readonly number[], start: number): string {
  if (piece === pieceStarts.length) return comment.slice(at + 1, close);
  let kept = comment.slice(at + 1, pieceEnds[piece]).trimEnd();
  for (let k = piece + 1; k < pieceStarts.length; k++) {
    const text = comment.slice(pieceStarts[k], pieceEnds[k]).trim();
    if (text !== '') kept += ' ' + text;
  }
  // The piece being read is not empty: it holds the `]`.
  return kept + ' ' + comment.slice(start, close).trimStart();
}

/** `H:MM:SS`, with the fraction of a second to the millisecond when there is one. */
function writeTime(seconds: number, what: string): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`${what} must be a finite number of seconds ≥ 0: ${seconds}`);
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = (ms % 60_000) / 1000;
  const whole = Math.floor(s);
  const fraction = ms % 1000 === 0 ? '' : (s - whole).toFixed(3).slice(1).replace(/0+$/, '');
  return `${h}:${String(m).padStart(2, '0')}:${String(whole).padStart(2, '0')}${fraction}`;
}

function writeEvaluation(e: CommentEvaluation): string {
  let text: string;
  if ('mate' in e) {
    if (!Number.isInteger(e.mate)) throw new RangeError(`a mate evaluation must be a whole number of moves: ${e.mate}`);
    text = `#${e.mate}`;
  } else {
    if (!Number.isFinite(e.pawns)) throw new RangeError(`an evaluation in pawns must be finite: ${e.pawns}`);
    text = e.pawns.toFixed(2);
  }
  if (e.depth === undefined) return text;
  if (!Number.isInteger(e.depth) || e.depth < 0) throw new RangeError(`an evaluation's depth must be a whole number ≥ 0: ${e.depth}`);
  return `${text},${e.depth}`;
}

function writeShape(s: CommentShape): string {
  const letter = COLOR_LETTERS[s.color];
  if (letter === undefined) throw new RangeError(`not a shape colour (green, red, yellow, blue): ${String(s.color)}`);
  return s.from === s.to ? letter + squareName(s.to) : letter + squareName(s.from) + squareName(s.to);
}

/**
 * A comment's text followed by its commands, in the order lichess writes them: squares, arrows,
 * evaluation, move time, elapsed time, clock. Pawns are written to two decimals (centipawns). A value that
 * cannot be written (a negative time, an unknown colour) is a RangeError.
 */
export function makeCommentCommands(c: Partial<CommentCommands>): string {
  const parts: string[] = [];
  if (c.text !== undefined && c.text !== '') parts.push(c.text);
  const shapes = c.shapes ?? [];
  const squares = shapes.filter((s) => s.from === s.to);
  const arrows = shapes.filter((s) => s.from !== s.to);
  if (squares.length > 0) parts.push(`[%csl ${squares.map(writeShape).join(',')}]`);
  if (arrows.length > 0) parts.push(`[%cal ${arrows.map(writeShape).join(',')}]`);
  if (c.evaluation !== undefined) parts.push(`[%eval ${writeEvaluation(c.evaluation)}]`);
  if (c.emt !== undefined) parts.push(`[%emt ${writeTime(c.emt, 'emt')}]`);
  if (c.egt !== undefined) parts.push(`[%egt ${writeTime(c.egt, 'egt')}]`);
  if (c.clock !== undefined) parts.push(`[%clk ${writeTime(c.clock, 'clock')}]`);
  return parts.join(' ');
}
