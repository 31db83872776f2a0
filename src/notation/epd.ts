/**
 * EPD lines (PGN standard §16.2): the first four FEN fields, then operations, each an opcode and
 * its operands ended by a semicolon, such as `;D1 20 ;D2 400 ;id "start"`; a semicolon inside a
 * quoted string operand is part of the string. Perft suites often write the two FEN clocks after
 * the four fields, and that is accepted. Standard EPD gives the clocks as the operations `hmvc`
 * (halfmove clock, 0 when absent) and `fmvn` (fullmove number, 1 when absent): where present they
 * set the position's clocks. The operations are kept as opcode → operand text.
 */
import { err, ok, type Result } from '../core/result.js';
import { makeFen, parseFen, type FenError } from './fen.js';
import type { Position } from '../chess/position.js';
import type { Setup } from '../chess/setup.js';

/** An EPD line read (PGN §16.2): the position and the operations. */
export interface EpdRecord {
  /** The position as a full FEN (six fields), its clocks from `hmvc` and `fmvn` where given. */
  readonly fen: string;
  /** The position as a setup (not checked for legality: `Position.fromSetup` does that). */
  readonly setup: Setup;
  /** Operations in order; operands with their quotes removed. */
  readonly operations: ReadonlyMap<string, string>;
}

/** An opcode: a letter, then letters, digits and underscores (PGN §16.2.3). */
const OPCODE = /^[A-Za-z][A-Za-z0-9_]*$/;

const epdError = (reason: string): FenError => ({ kind: 'fen', field: 'fen', reason, message: `invalid EPD: ${reason}` });

/** Splits at the semicolons that are not inside a string operand (`id "a;b"`). */
function splitOperations(line: string): string[] {
  const parts: string[] = [];
  let from = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && quoted) i++;
    else if (c === ';' && !quoted) {
      parts.push(line.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(line.slice(from));
  return parts;
}

/**
 * An operand as text: a string operand (`"…"`) without its quotes and with its escapes `\"` and
 * `\\` read (PGN §7), its closing quote optional at the end of the line (`id "`: empty);
 * anything else as written.
 */
function stringOperand(operand: string): string {
  if (!operand.startsWith('"')) return operand;
  let out = '';
  for (let i = 1; i < operand.length; i++) {
    const c = operand[i]!;
    if (c === '"') return i === operand.length - 1 ? out : operand;
    if (c === '\\' && i + 1 < operand.length) out += operand[++i];
    else out += c;
  }
  return out;
}

/** A clock operation's operand: a whole number at least `min`, or undefined. */
function clock(operand: string, min: number): string | undefined {
  return /^\d{1,9}$/.test(operand) && Number(operand) >= min ? String(Number(operand)) : undefined;
}

/** Parses one EPD line. */
export function parseEpd(line: string): Result<EpdRecord, FenError> {
  const [first, ...more] = splitOperations(line);
  // The words of the first part, each with where it ends: the first operation, after the FEN
  // fields, is kept as written (a string operand's spaces too).
  const words = [...first!.matchAll(/\S+/g)].map((m) => ({ text: m[0], end: m.index + m[0].length }));
  // Four FEN fields (§16.2.3: all four are required; the clocks would otherwise fill their
  // places), then either the two clocks or the first operation (without a semicolon).
  if (words.length < 4) return err(epdError(`expected the four FEN fields (board, turn, castling, en passant), found ${words.length}`));
  let taken = 4;
  if (words.length >= 6 && /^\d+$/.test(words[4]!.text) && /^\d+$/.test(words[5]!.text)) taken = 6;
  const fenFields = words.slice(0, taken).map((w) => w.text);
  // Some suites (ERET: `w q - - bm Rxf4;`) write a `-` for each clock they leave out.
  let skipped = taken;
  while (words[skipped]?.text === '-') skipped++;
  const rest = skipped === 0 ? first! : first!.slice(words[skipped - 1]!.end);
  const operations = new Map<string, string>();
  for (const text of [rest, ...more]) {
    const t = text.trim();
    if (t === '') continue;
    const space = t.search(/\s/);
    const opcode = space < 0 ? t : t.slice(0, space);
    const operand = stringOperand(space < 0 ? '' : t.slice(space + 1).trim());
    if (!OPCODE.test(opcode)) return err(epdError(`bad operation '${t}'`));
    // An opcode names one fact about the position (a perft count at a depth, a best move): given
    // twice, one reading would silently drop the other, so the record is refused.
    if (operations.has(opcode)) return err(epdError(`operation '${opcode}' given twice ('${operations.get(opcode)!}' and '${operand}')`));
    operations.set(opcode, operand);
  }
  const hmvc = operations.get('hmvc');
  const fmvn = operations.get('fmvn');
  const halfmoves = hmvc === undefined ? (fenFields[4] ?? '0') : clock(hmvc, 0);
  const fullmoves = fmvn === undefined ? (fenFields[5] ?? '1') : clock(fmvn, 1);
  if (halfmoves === undefined) return err(epdError(`hmvc needs a whole number, not '${hmvc}'`));
  if (fullmoves === undefined) return err(epdError(`fmvn needs a whole number from 1, not '${fmvn}'`));
  const fen = [...fenFields.slice(0, 4), halfmoves, fullmoves].join(' ');
  const setup = parseFen(fen);
  if (!setup.ok) return setup;
  return ok({ fen, setup: setup.value, operations });
}

/**
 * The opcodes whose operand is a string (PGN §16.2.5: comments `c0`–`c9`, `id`, variation names
 * `v0`–`v9`, `eco`, `nic`, and the telecommunication opcodes): written quoted.
 */
const STRING_OPCODE = /^(?:c\d|v\d|id|eco|nic|tcgs|tcri|tcsi)$/;

/** How `makeEpd` writes a position. */
export interface EpdOptions {
  /** Write the position's clocks as `hmvc` and `fmvn` (unless the operations hold them). */
  readonly clocks?: boolean;
}

/** An operand as written: quoted where its opcode takes a string or where it would not read back bare. */
function writeOperand(opcode: string, operand: string): string {
  if (/[\r\n]/.test(operand)) throw new RangeError(`EPD operand of ${opcode} holds a line break: an EPD record is one line`);
  const bare = operand === operand.trim() && !/[;"]/.test(operand);
  return STRING_OPCODE.test(opcode) || !bare ? `"${operand.replace(/[\\"]/g, '\\$&')}"` : operand;
}

/**
 * An EPD line (PGN §16.2): the position's first four FEN fields, then each operation as
 * `opcode operand;`. `parseEpd` reads it back to the same operations. An opcode that is not a
 * symbol, or an operand with a line break, is a RangeError.
 *
 * ```ts
 * makeEpd(Position.standard(), [['bm', 'Nf3'], ['id', 'test 1']]); // 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3; id "test 1";'
 * ```
 */
export function makeEpd(pos: Position, operations: Iterable<readonly [string, string]> = [], options: EpdOptions = {}): string {
  const ops = [...operations];
  if (options.clocks === true) {
    if (!ops.some(([o]) => o === 'hmvc')) ops.push(['hmvc', String(pos.halfmoves)]);
    if (!ops.some(([o]) => o === 'fmvn')) ops.push(['fmvn', String(pos.fullmoves)]);
  }
  let line = makeFen(pos).split(' ').slice(0, 4).join(' ');
  for (const [opcode, operand] of ops) {
    if (!OPCODE.test(opcode)) throw new RangeError(`not an EPD opcode: '${opcode}'`);
    line += operand === '' && !STRING_OPCODE.test(opcode) ? ` ${opcode};` : ` ${opcode} ${writeOperand(opcode, operand)};`;
  }
  return line;
}
