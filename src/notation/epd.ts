/**
 * EPD lines: the first four FEN fields (optionally the two clocks), then operations separated by
 * semicolons, such as `;D1 20 ;D2 400 ;id "start"`. Only what perft suites and position
 * collections need: the FEN part and the operations as opcode → operand text.
 */
import { err, ok, type Result } from '../core/result.js';
import { parseFen, type FenError } from './fen.js';
import type { Setup } from '../chess/setup.js';

export interface EpdRecord {
  readonly fen: string;
  readonly setup: Setup;
  /** Operations in order; operands with their quotes removed. */
  readonly operations: ReadonlyMap<string, string>;
}

/** Parses one EPD line. */
export function parseEpd(line: string): Result<EpdRecord, FenError> {
  const semi = line.indexOf(';');
  const head = (semi < 0 ? line : line.slice(0, semi)).trim();
  const fields = head.split(/\s+/);
  // Four FEN fields, then either the two clocks or the first operation (without a semicolon).
  let fenFields = fields.slice(0, 4);
  let rest = fields.slice(4);
  if (rest.length >= 2 && /^\d+$/.test(rest[0]!) && /^\d+$/.test(rest[1]!)) {
    fenFields = fields.slice(0, 6);
    rest = fields.slice(6);
  }
  const fen = fenFields.join(' ');
  const setup = parseFen(fen);
  if (!setup.ok) return setup;
  const operations = new Map<string, string>();
  const opTexts = [rest.join(' '), ...(semi < 0 ? [] : line.slice(semi + 1).split(';'))];
  for (const text of opTexts) {
    const t = text.trim();
    if (t === '') continue;
    const space = t.search(/\s/);
    const opcode = space < 0 ? t : t.slice(0, space);
    let operand = space < 0 ? '' : t.slice(space + 1).trim();
    if (operand.startsWith('"') && operand.endsWith('"') && operand.length >= 2) operand = operand.slice(1, -1);
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(opcode)) {
      return err({ kind: 'fen', field: 'fen', reason: `bad EPD operation '${t}'`, message: `invalid EPD: bad operation '${t}'` });
    }
    operations.set(opcode, operand);
  }
  return ok({ fen, setup: setup.value, operations });
}
