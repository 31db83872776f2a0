/**
 * Writing game trees as PGN (PGN standard §8, export format §3.2): the Seven Tag Roster first
 * (Event, Site, Date, Round, White, Black, Result, with their "unknown" values when absent), then
 * the other tags in their order; movetext with move numbers, NAGs as `$n`, comments in braces,
 * variations in parentheses, in lines of fewer than 80 characters (§8.2.1); the termination
 * marker last.
 */
import { parseFen } from './fen.js';
import { tagValue, type PgnGame, type PgnMove } from './pgn-game.js';
import { hasMoveShape, isSymbolToken, readsAsOneMove } from './pgn-lex.js';

/** The Seven Tag Roster and the value each takes when unknown (§8.1.1). */
const ROSTER: readonly [string, string][] = [
  ['Event', '?'],
  ['Site', '?'],
  ['Date', '????.??.??'],
  ['Round', '?'],
  ['White', '?'],
  ['Black', '?'],
  ['Result', '*'],
];

const MARKERS: ReadonlySet<string> = new Set(['1-0', '0-1', '1/2-1/2', '*']);

// What the writer refuses to write, since the text would not read back as the game: a tag name
// that is not one symbol token (PGN standard §8.1.1 and §7, in the lexer's ASCII symbol
// characters), a move that the lexer would not read back alone as one move token of that very
// text (`readsAsOneMove`; a move as the reader stores it has no glyphs, they are NAGs) and of
// a move's shape (`hasMoveShape`: not `+` alone), and a NAG outside 0..255 (§8.2.4). Nothing the reader
// returns is refused, even from `validate: false`.
const checkMove = (move: PgnMove): void => {
  if (!readsAsOneMove(move.san) || !hasMoveShape(move.san)) throw new RangeError(`makePgn: move '${move.san}' is not one SAN token`);
  for (const nag of move.nags) {
    if (!Number.isInteger(nag) || nag < 0 || nag > 255) throw new RangeError(`makePgn: NAG ${nag} of move '${move.san}' is not an integer in 0..255`);
  }
};

/** Characters that do not print (C0, DEL, C1: PGN §4.1), tabs and line breaks among them. */
const nonPrinting = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/**
 * A tag value as a string token (§7.1): `\\` and `\"` escaped; printing characters only (no
 * tab, §4.2, nor line break), so each run of other characters is written as one space.
 */
function escapeTag(value: string): string {
  let out = '';
  let gap = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (nonPrinting(c.charCodeAt(0))) {
      if (!gap) out += ' ';
      gap = true;
      continue;
    }
    gap = false;
    out += c === '\\' || c === '"' ? '\\' + c : c;
  }
  return out;
}

/** How `makePgn` writes a game. */
export interface WritePgnOptions {
  /**
   * The longest movetext line, in characters (default 79: PGN §8.2.1, export format, has lines of
   * fewer than 80); Infinity writes the movetext on one line. Anything else is a RangeError.
   */
  readonly width?: number;
}

/** Collects tokens into lines no wider than `width` (a longer token stands alone). */
class Wrapper {
  private readonly lines: string[] = [];
  private line = '';
  private readonly width: number;
  constructor(width: number) {
    this.width = width;
  }
  add(token: string): void {
    if (this.line === '') this.line = token;
    else if (this.line.length + 1 + token.length <= this.width) this.line += ' ' + token;
    else {
      this.lines.push(this.line);
      this.line = token;
    }
  }
  /**
   * A comment's words, so that a long comment wraps too. A comment holding a closing brace
   * (read from a `;` comment) is written as a `;` comment on a line of its own. Either way its
   * whitespace becomes single spaces, as the reader makes it (a line break would end a `;`
   * comment and turn the rest of its text into movetext). In braces, a backslash that the
   * reader would take for an escape (before another or at the end) is escaped (`\\`); every
   * other one is written as is, as readers that know no escape read it.
   */
  comment(text: string): void {
    if (text.includes('}')) {
      if (this.line !== '') this.lines.push(this.line);
      this.lines.push(';' + text.split(/\s+/).filter((w) => w !== '').join(' '));
      this.line = '';
      return;
    }
    const words = text
      .trim()
      .replace(/\\(?=\\|$)/g, '\\\\')
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length === 0) {
      this.add('{}');
      return;
    }
    words[0] = '{' + words[0];
    words[words.length - 1] += '}';
    for (const w of words) this.add(w);
  }
  text(): string {
    if (this.line !== '') this.lines.push(this.line);
    return this.lines.join('\n');
  }
}

/** The starting ply of the game (0 = white's first move of move 1), from its FEN tag. */
function startPly(game: PgnGame): number {
  const fen = tagValue(game, 'FEN');
  if (fen === undefined) return 0;
  const setup = parseFen(fen);
  if (!setup.ok) return 0;
  return 2 * (setup.value.fullmoves - 1) + (setup.value.turn === 'black' ? 1 : 0);
}

/** A line being written: its moves, the next one's index and ply, whether it needs its number. */
interface Frame {
  readonly moves: readonly PgnMove[];
  index: number;
  ply: number;
  needNumber: boolean;
  /** The next variation of `moves[index]` to write (-1: the move itself is still to write). */
  variation: number;
}

/**
 * Writes a line and its variations. An explicit stack instead of recursion, so that variations
 * nested however deep (the reader takes any depth) cannot overflow the call stack.
 */
function writeLine(out: Wrapper, moves: readonly PgnMove[], ply: number): void {
  // A black move needs its number after anything that interrupts the moves (§8.2.2.2:
  // "intervening annotation or commentary"), a NAG, a comment or a variation.
  const stack: Frame[] = [{ moves, index: 0, ply, needNumber: true, variation: -1 }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.index >= f.moves.length) {
      stack.pop();
      if (stack.length > 0) out.add(')');
      continue;
    }
    const move = f.moves[f.index]!;
    if (f.variation < 0) {
      checkMove(move);
      for (const c of move.startingComments) out.comment(c);
      const number = (f.ply >> 1) + 1;
      // The number stays on the line of its move: `1. e4`, `1... e5` (export format §8.2.2.2).
      if ((f.ply & 1) === 0) out.add(`${number}. ${move.san}`);
      else out.add(f.needNumber ? `${number}... ${move.san}` : move.san);
      f.needNumber = false;
      for (const nag of move.nags) out.add('$' + nag);
      for (const c of move.comments) out.comment(c);
      // NAGs are annotation, comments commentary: either interrupts the moves (§8.2.2.2).
      if (move.nags.length > 0 || move.comments.length > 0) f.needNumber = true;
      f.variation = 0;
    }
    if (f.variation < move.variations.length) {
      const variation = move.variations[f.variation++]!;
      out.add('(');
      f.needNumber = true;
      stack.push({ moves: variation, index: 0, ply: f.ply, needNumber: true, variation: -1 });
      continue;
    }
    f.index++;
    f.ply++;
    f.variation = -1;
  }
}

/**
 * The PGN text of a game (ending with a newline). Throws a RangeError for what cannot be written
 * as PGN: a tag name that is not a symbol, a move that is not one SAN token, a NAG outside 0..255;
 * and for a `width` that is no line width.
 *
 * ```ts
 * makePgn({ tags: [['White', 'Kasparov']], comments: [], moves: [newMove('e4')], result: '1-0' })
 * ```
 */
export function makePgn(game: PgnGame, options: WritePgnOptions = {}): string {
  const tag = tagValue(game, 'Result');
  // Only the four termination markers may end the movetext (§8.2.6); the Result tag keeps what
  // it says (the marker when there is none).
  const marker = [game.result, tag].find((r) => r !== undefined && MARKERS.has(r)) ?? '*';
  const result = tag ?? marker;
  const lines: string[] = [];
  for (const [name, unknown] of ROSTER) {
    const value = name === 'Result' ? result : (tagValue(game, name) ?? unknown);
    lines.push(`[${name} "${escapeTag(value)}"]`);
  }
  const roster = new Set(ROSTER.map(([n]) => n));
  for (const [name, value] of game.tags) {
    if (!isSymbolToken(name)) throw new RangeError(`makePgn: tag name '${name}' is not a PGN symbol (letters, digits, _+#=:-/)`);
    if (!roster.has(name)) lines.push(`[${name} "${escapeTag(value)}"]`);
  }
  const width = options.width ?? 79;
  if (!(Number.isInteger(width) && width > 0) && width !== Infinity) {
    throw new RangeError(`makePgn: width must be a whole number of characters ≥ 1, or Infinity, got ${String(width)}`);
  }
  const out = new Wrapper(width);
  for (const c of game.comments) out.comment(c);
  writeLine(out, game.moves, startPly(game));
  out.add(marker);
  return lines.join('\n') + '\n\n' + out.text() + '\n';
}
