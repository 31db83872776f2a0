/**
 * EPD lines (PGN standard §16.2): the first four FEN fields, then operations, each an opcode and
 * its operands ended by a semicolon, such as `;D1 20 ;D2 400 ;id "start"`; a semicolon inside a
 * quoted string operand is part of the string. Perft suites often write the two FEN clocks after
 * the four fields, and that is accepted. Standard EPD gives the clocks as the operations `hmvc`
 * (halfmove clock, 0 when absent) and `fmvn` (fullmove number, 1 when absent): where present they
 * set the position's clocks. The operations are kept as opcode → operand text.
 */
import { err, ok, type Result } from '../core/result.js';
import { parseFen, type FenError } from './fen.js';
import type { Setup } from '../chess/setup.js';

export interface EpdRecord {
  /** The position as a full FEN (six fields), its clocks from `hmvc` and `fmvn` where given. */
  readonly fen: string;
  readonly setup: Setup;
  /** Operations in order; operands with their quotes removed. */
  readonly operations: ReadonlyMap<string, string>;
}

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
  const fields = first!.trim().split(/\s+/);
  // Four FEN fields, then either the two clocks or the first operation (without a semicolon).
  let fenFields = fields.slice(0, 4);
  let rest = fields.slice(4);
  if (rest.length >= 2 && /^\d+$/.test(rest[0]!) && /^\d+$/.test(rest[1]!)) {
    fenFields = fields.slice(0, 6);
    rest = fields.slice(6);
  }
  // Some suites (ERET: `w q - - bm Rxf4;`) write a `-` for each clock they leave out.
  while (rest[0] === '-') rest = rest.slice(1);
  const operations = new Map<string, string>();
  for (const text of [rest.join(' '), ...more]) {
    const t = text.trim();
    if (t === '') continue;
    const space = t.search(/\s/);
    const opcode = space < 0 ? t : t.slice(0, space);
    const operand = stringOperand(space < 0 ? '' : t.slice(space + 1).trim());
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(opcode)) return err(epdError(`bad operation '${t}'`));
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
