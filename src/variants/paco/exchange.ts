/**
 * ExchangeNotation (§1.12, `parser.rs::exchange_notation`): 8 lines, rank 8 first, each with 8
 * space-separated two-character cells — the white piece or `.`, then the black piece or `.`
 * (letters `PRNBQK`). The matrix form with a rank label before each row (`8 .. .B …`) is read
 * too. Only the board is represented: reading gives White to lift, no castling, no en passant.
 * Two kings of one colour are refused, as in a FEN (the reference's `parser.rs` reads them).
 */
import { err, ok, type Result } from '../../core/result.js';
import { PIECE_LETTERS } from './action-text.js';
import { emptyState, kingSquare, pieceAt, setPiece } from './state.js';
import { PACO_KING, REPS } from './layout.js';

/** Why a text is no ExchangeNotation board (docs/rules/paco-sako.md §1.12). */
export interface ExchangeError {
  /** Always `exchange`. */
  readonly kind: 'exchange';
  /** 1-based line of the input. */
  readonly line: number;
  /** The fault, without the line. */
  readonly reason: string;
  /** The fault with its line, for people. */
  readonly message: string;
}

/** Writes the board of `s` as ExchangeNotation (8 lines joined by `\n`). */
export function writeExchangeNotation(s: Int32Array): string {
  const lines: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    const cells: string[] = [];
    for (let f = 0; f < 8; f++) {
      const w = pieceAt(s, 0, 8 * rank + f);
      const b = pieceAt(s, 1, 8 * rank + f);
      cells.push((w < 0 ? '.' : PIECE_LETTERS[w]!) + (b < 0 ? '.' : PIECE_LETTERS[b]!));
    }
    lines.push(cells.join(' '));
  }
  return lines.join('\n');
}

/** Reads ExchangeNotation (or its rank-labelled matrix form) into a new state. */
export function parseExchangeNotation(text: string): Result<Int32Array, ExchangeError> {
  const fail = (line: number, reason: string): Result<never, ExchangeError> =>
    err({ kind: 'exchange', line, reason, message: `ExchangeNotation line ${line}: ${reason}` });
  const raw = text.split(/\r?\n/);
  const rows: [number, string][] = [];
  raw.forEach((l, i) => {
    if (l.trim() !== '') rows.push([i + 1, l.trim()]);
  });
  if (rows.length !== 8) return fail(rows.length === 0 ? 1 : rows[rows.length - 1]![0], `expected 8 rows, got ${rows.length}`);
  const s = emptyState();
  s[REPS] = 3;
  for (let r = 0; r < 8; r++) {
    const [lineNo, line] = rows[r]!;
    let cells = line.split(/\s+/);
    if (cells.length === 9) {
      if (cells[0] !== String(8 - r)) return fail(lineNo, `expected rank label ${8 - r}, got '${cells[0]}'`);
      cells = cells.slice(1);
    }
    if (cells.length !== 8) return fail(lineNo, `expected 8 cells, got ${cells.length}`);
    for (let f = 0; f < 8; f++) {
      const cell = cells[f]!;
      if (cell.length !== 2) return fail(lineNo, `cell ${f + 1} '${cell}' must have two characters`);
      const sq = 8 * (7 - r) + f;
      for (let color = 0; color < 2; color++) {
        const ch = cell[color]!;
        if (ch === '.') continue;
        const t = PIECE_LETTERS.indexOf(ch);
        if (t < 0) return fail(lineNo, `cell ${f + 1}: unknown piece '${ch}'`);
        // One king a side, as the FEN reader asks (a game makes no second one, §1.8).
        if (t === PACO_KING && kingSquare(s, color) >= 0) {
          return fail(lineNo, `cell ${f + 1}: a second ${color === 0 ? 'white' : 'black'} king`);
        }
        setPiece(s, color, sq, t);
      }
    }
  }
  return ok(s);
}
