/**
 * Random PGN files with one broken move, and where that move stands, computed without any PGN
 * reader: for the tests of where errors are reported (pgn-where.test.ts) across the sync, the
 * streaming, the tree and the parallel readers and the CLI.
 *
 * Games are random chessops playouts written with chessops' makeSan, dressed with what shifts a
 * column or a line: multibyte UTF-8 (`é`, the astral `𝄞`, combining marks) in tags and comments,
 * Latin-1 bytes (invalid UTF-8: the reader's fallback), tabs, CR LF, LF and lone CR line ends, a
 * UTF-8 byte order mark, `%` escape lines, `;` comments, variations and very long lines.
 */
import { Chess } from 'chessops/chess';
import { makeFen as opsMakeFen } from 'chessops/fen';
import { makeSan as opsMakeSan, parseSan as opsParseSan } from 'chessops/san';
import type { NormalMove as OpsMove } from 'chessops/types';
import { Rng } from '../../src/core/rng.js';

export interface ExpectedGame {
  readonly plies: number;
  readonly fen: string;
  readonly result: string;
  /** For the broken game: where its bad move stands, and its text. */
  readonly error: { readonly kind: string; readonly line: number; readonly column: number; readonly san: string } | null;
}

export interface WhereCase {
  readonly bytes: Uint8Array;
  readonly games: ExpectedGame[];
  readonly label: string;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.below(xs.length)]!;

/** Decorated text: characters that are more than one UTF-8 byte or one UTF-16 unit, or several code points to a glyph. */
const FANCY = ['é', 'Ŝ', '𝄞', 'e\u0301', '中文', '😀', 'ß', '\t', '½', '–', 'ü\u0308', '\u00a0'];
/** Latin-1 text: written as single bytes, which are not valid UTF-8. */
const LATIN1 = ['é', 'ÿ', 'Ä', '»', '«', 'ñ', '°', '¿'];
/**
 * Byte sequences that are no UTF-8 (so the text around them is read as Latin-1): lone Latin-1
 * letters, a continuation byte alone, and sequences of UTF-8's shape that RFC 3629 §3 forbids:
 * an encoded surrogate (ED A0 80), overlong forms (E0 80 80, F0 80 80 80), a code point above
 * U+10FFFF (F4 90 80 80).
 */
const NOT_UTF8 = [[0xe9], [0xbb], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0x80], [0xf0, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]];
/** Texts that are no SAN move (`not a SAN move`). */
const UNPARSABLE = ['Qj4', 'e9', 'Zz3', 'Nb0', 'Ra1a1a1', 'Kx', 'exd9', 'Pe4x'];
/** Candidate SAN moves, kept as faults only when chessops says they are illegal in the position. */
const ILLEGAL = ['Ke5', 'Qh5', 'Nd5', 'a5', 'Bb5', 'O-O-O', 'O-O', 'Rxh8', 'Kd2', 'Qxd8', 'h6', 'Nc3', 'Bxf7'];

/**
 * The kind of fault of a SAN move that chessops does not play: ambiguous when two or more legal
 * moves of its piece reach its square (chessops' own moves), else illegal.
 */
function illegalKind(pos: Chess, san: string): 'illegal' | 'ambiguous' {
  if (san.startsWith('O-O')) return 'illegal';
  const role = ({ N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' } as const)[san[0]!] ?? 'pawn';
  const to = (san.charCodeAt(san.length - 2) - 97) + 8 * (san.charCodeAt(san.length - 1) - 49);
  let reaching = 0;
  for (const [from, tos] of pos.allDests()) if (pos.board.get(from)?.role === role && tos.has(to)) reaching++;
  return reaching >= 2 ? 'ambiguous' : 'illegal';
}

/** Byte pieces, each as UTF-8 or as Latin-1. */
class Builder {
  private readonly parts: Uint8Array[] = [];
  length = 0;

  utf8(s: string): void {
    this.push(Buffer.from(s, 'utf8'));
  }

  raw(b: readonly number[]): void {
    this.push(Uint8Array.from(b));
  }

  latin1(s: string): void {
    this.push(Buffer.from(s, 'latin1'));
  }

  private push(b: Uint8Array): void {
    this.parts.push(b);
    this.length += b.length;
  }

  bytes(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.parts));
  }
}

/**
 * The line and column of byte `offset`, independently of the reader: lines end at CR LF, LF or a
 * lone CR; the column is 1 + the characters (Unicode code points) from the line's start to the
 * offset, the line's bytes there decoded as UTF-8 when they are valid UTF-8, else as Latin-1, a
 * character a byte. A byte order mark at the start of the input is not counted.
 */
export function expectedWhere(b: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset; k++) {
    if (b[k] === 13 || (b[k] === 10 && !(k > 0 && b[k - 1] === 13))) line++;
    if (b[k] === 13 || b[k] === 10) lineStart = k + 1;
  }
  // A byte order mark at the start of the input is no column, whatever the encoding of the rest.
  const bom = lineStart === 0 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
  const prefix = b.subarray(bom ? 3 : lineStart, offset);
  let chars: number;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(prefix);
    chars = [...text].length;
  } catch {
    chars = prefix.length;
  }
  return { line, column: chars + 1 };
}

interface GenOptions {
  /** Games in the file; one of them is broken. */
  readonly games: number;
  /** Latin-1 bytes: none, anywhere (the whole file Latin-1), or a few among UTF-8 text. */
  readonly latin1: 'none' | 'all' | 'some';
  /** Line ends: one style, or mixed line by line. */
  readonly newline: '\n' | '\r\n' | '\r' | 'mixed';
  readonly bom: boolean;
  /** Let the next game start on the line where one ends. */
  readonly sameLine: boolean;
  /** Make long lines (kilobytes of comment before the fault). */
  readonly longLines: boolean;
}

/** A random file of games, one of which has a broken move, with what each game should give. */
export function whereCase(seed: number, o: GenOptions): WhereCase {
  const rng = new Rng(seed);
  const out = new Builder();
  if (o.bom) out.utf8('\ufeff');
  const nl = (): string => (o.newline === 'mixed' ? pick(rng, ['\n', '\r\n', '\r']) : o.newline);
  // Decorated text in the file's encoding (Latin-1 text only where it is Latin-1).
  const text = (s: string): void => {
    if (o.latin1 === 'all') out.latin1(s);
    else out.utf8(s);
  };
  const fancy = (): string => {
    let s = '';
    for (let n = rng.below(4); n > 0; n--) s += pick(rng, o.latin1 === 'all' ? LATIN1 : FANCY) + pick(rng, ['', ' ', 'x']);
    return s;
  };
  // Free text for a tag value or comment: fancy, and maybe a raw Latin-1 piece in a UTF-8 file.
  const freeText = (): void => {
    text(fancy());
    if (o.latin1 === 'some' && rng.below(3) === 0) out.raw(pick(rng, NOT_UTF8));
    if (o.longLines && rng.below(6) === 0) text('long '.repeat(200 + rng.below(800)) + fancy());
    text(fancy());
  };
  const space = (): void => text(pick(rng, [' ', ' ', ' ', '\t', '  ', ' \t ']));
  const bad = rng.below(o.games);
  const games: ExpectedGame[] = [];
  for (let g = 0; g < o.games; g++) {
    for (const name of ['Event', 'Site', 'White']) {
      text(`[${name} "`);
      freeText();
      text(`"]`);
      text(rng.below(o.sameLine ? 2 : 4) === 0 ? ' ' : nl());
    }
    // Movetext on the tags' line, or after a line break or a blank line.
    text(o.sameLine && rng.below(2) === 0 ? ' ' : pick(rng, [nl(), nl() + nl()]));
    if (rng.below(3) === 0) {
      text('{');
      freeText();
      text('}');
      space();
    }
    const pos = Chess.default();
    const length = 1 + rng.below(40);
    const faultAt = g === bad ? rng.below(length) : -1;
    let error: ExpectedGame['error'] = null;
    let plies = 0;
    let fenAtFault = '';
    for (let ply = 0; ply < length; ply++) {
      const moves: OpsMove[] = [];
      for (const [from, tos] of pos.allDests()) for (const to of tos) moves.push({ from, to });
      if (moves.length === 0) break;
      if (pos.turn === 'white') text(`${pos.fullmoves}.${pick(rng, ['', ' ', '\t'])}`);
      else if (rng.below(5) === 0) text(`${pos.fullmoves}...`);
      if (ply === faultAt) {
        const illegal = ILLEGAL.filter((s) => opsParseSan(pos, s) === undefined);
        const san = rng.below(2) === 0 || illegal.length === 0 ? pick(rng, UNPARSABLE) : pick(rng, illegal);
        error = { kind: UNPARSABLE.includes(san) ? 'syntax' : illegalKind(pos, san), ...expectedWhere(out.bytes(), out.length), san };
        fenAtFault = opsMakeFen(pos.toSetup());
        text(san);
        plies = ply;
        // What follows a broken move is not read.
        text(' 1. e4 e5 *');
        break;
      }
      let move = pick(rng, moves);
      // A pawn to the last rank promotes (to a queen or a knight).
      const piece = pos.board.get(move.from);
      if (piece?.role === 'pawn' && (move.to >> 3 === 7 || move.to >> 3 === 0)) move = { ...move, promotion: pick(rng, ['queen', 'knight'] as const) };
      const before = pos.clone();
      text(opsMakeSan(pos, move));
      pos.play(move);
      plies = ply + 1;
      const r = rng.below(12);
      if (r === 0) text(pick(rng, ['!', '?!', ' $1', ' $14']));
      else if (r === 1) {
        space();
        text('{');
        freeText();
        text('}');
      } else if (r === 2) {
        // A variation: another move of the position before.
        const alt: OpsMove[] = [];
        for (const [from, tos] of before.allDests()) for (const to of tos) if (before.board.get(from)?.role !== 'pawn') alt.push({ from, to });
        if (alt.length > 0) {
          space();
          text(`(${opsMakeSan(before, pick(rng, alt))} {`);
          freeText();
          text('})');
        }
      } else if (r === 3) {
        // A rest-of-line comment, or a `%` escape line.
        text(rng.below(2) === 0 ? ' ;' : nl() + '%');
        freeText();
        text(nl());
        continue;
      } else if (r === 4) {
        text(nl());
        continue;
      }
      space();
    }
    const result = pos.isCheckmate() ? (pos.turn === 'white' ? '0-1' : '1-0') : pick(rng, ['1/2-1/2', '*', '1-0']);
    if (error === null) text(result);
    games.push({ plies, fen: error === null ? opsMakeFen(pos.toSetup()) : fenAtFault, result: error === null ? result : '*', error });
    text(o.sameLine && rng.below(2) === 0 ? ' ' : nl() + nl());
  }
  const bytes = out.bytes();
  return { bytes, games, label: `seed ${seed} ${JSON.stringify(o)}` };
}

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * Files written by hand, each with a broken `Ke2` on a line whose text before it mixes encodings:
 * a game that starts on the line where the one before ends, its line before it Latin-1 (bytes
 * 0x80..0xBF among them, which are UTF-8 continuation bytes) or UTF-8 with its own part
 * Latin-1; a byte order mark before a Latin-1 first line; an encoded surrogate.
 */
export function fixedCases(): WhereCase[] {
  const make = (label: string, head: number[], games: Omit<ExpectedGame, 'error'>[]): WhereCase => {
    const bytes = new Uint8Array([...head, ...Buffer.from('Ke2 *\n')]);
    const all = games.map((g, i) => ({ ...g, error: i < games.length - 1 ? null : { kind: 'illegal', ...expectedWhere(bytes, head.length), san: 'Ke2' } }));
    return { bytes, games: all, label };
  };
  const bytes = (...parts: (string | number[])[]): number[] => parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p));
  const e4 = { plies: 1, fen: AFTER_E4, result: '*' };
  const none = { plies: 0, fen: START, result: '*' };
  return [
    make('Latin-1 line before a game', bytes('1. e4 {', [0xbb, 0xab, 0xe9], '} * [Event "x"] 1. '), [e4, none]),
    make('UTF-8 line before a game, Latin-1 in it', bytes('1. e4 {é𝄞} * [Event "x"] {', [0xe9, 0xb0], '} 1. '), [e4, none]),
    make('UTF-8 line before a game, UTF-8 in it', bytes('1. e4 {é𝄞} * [Event "x"] {ü\u0308} 1. '), [e4, none]),
    // Lines longer than the streaming splitter's buffer: the text before the game is dropped
    // from it (between games, maybe inside a character) before the game starts.
    make('long UTF-8 line before a game', bytes('1. e4 {', 'é𝄞'.repeat(40_000), '} * [Event "x"] {é} 1. '), [e4, none]),
    make('long line before a game, Latin-1 early', bytes('1. e4 {', [0xe9], 'é'.repeat(80_000), '} * [Event "x"] 1. '), [e4, none]),
    make('long line before a game, Latin-1 late', bytes('1. e4 {', 'é'.repeat(80_000), [0xbb], '} * [Event "x"] 1. '), [e4, none]),
    make('long comment between games', bytes('1. e4 * {', '𝄞é'.repeat(40_000), '} [Event "x"] 1. '), [e4, none]),
    make('long comment between games, Latin-1', bytes('1. e4 * {', 'é'.repeat(40_000), [0xe9, 0x20], '𝄞'.repeat(40_000), '} [Event "x"] 1. '), [e4, none]),
    make('long line in the game', bytes('[Event "x"]\r\n1. e4 {', '𝄞é\t'.repeat(40_000), '} '), [e4]),
    make('long Latin-1 line in the game', bytes('[Event "x"]\r1. e4 {', 'é'.repeat(40_000), [0xe9], 'ü'.repeat(40_000), '} '), [e4]),
    // A tag pair opening a line inside a comment: a parallel reader's cut there is wrong, and the
    // games after it are split on the main thread and sent to the workers with their columns.
    make('Latin-1 line before a game, after a wrong cut', bytes('1. e4 {\n\n[x]\n} *\n1. e4 {', [0xe9, 0xbb], '} * [Event "é"] {ü} 1. '), [e4, e4, none]),
    // A byte order mark past the start (files joined with cat) is a character like any other.
    make('BOM past the start', bytes('1. e4 *\n', [0xef, 0xbb, 0xbf], '[Event "é"] 1. '), [e4, none]),
    make('BOM, Latin-1 first line', bytes([0xef, 0xbb, 0xbf], '[Event "', [0xe9, 0xbb], '"] 1. '), [none]),
    make('BOM, UTF-8 first line', bytes([0xef, 0xbb, 0xbf], '[Event "é"] 1. '), [none]),
    make('encoded surrogate', bytes('[Event "x"]\r\n{', [0xed, 0xa0, 0x80], '} 1. '), [none]),
    make('overlong', bytes('[Event "x"]\r{', [0xe0, 0x80, 0xaf], '} 1. '), [none]),
  ];
}
