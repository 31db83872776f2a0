/**
 * The progressive data of test/fixtures/progressive, read once for the tests: the FRI course
 * problems and the published anchors. Rows are read strictly — a missing column, a field count
 * that does not match the header, a line whose side or N disagrees with its own columns — so a
 * malformed or new kind of entry fails the tests loudly instead of being skipped.
 */
import { readText } from '../../../src/node/data.js';
import { fixturePath } from '../../data.js';

export interface FriProblem {
  readonly id: number;
  readonly line: string;
  readonly board: string;
  readonly side: 'w' | 'b';
  readonly n: number;
  readonly inCheck: boolean;
  /** Every known valid solution, UCI moves (empty if the row lists none). */
  readonly solutions: readonly (readonly string[])[];
}

const COLUMNS = ['id', 'line', 'n', 'side', 'mover_in_check', 'valid_solutions'] as const;

export function friProblems(): FriProblem[] {
  const lines = readText(fixturePath('progressive', 'fri-problems.csv')).split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines[0]!.split(',');
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`fri-problems.csv: no column '${name}' in ${header.join(',')}`);
    return i;
  };
  const at = Object.fromEntries(COLUMNS.map((c) => [c, col(c)])) as Record<(typeof COLUMNS)[number], number>;
  return lines.slice(1).map((row, i) => {
    const f = row.split(',');
    const where = `fri-problems.csv row ${i + 2}`;
    if (f.length !== header.length) throw new Error(`${where}: ${f.length} fields, the header has ${header.length}`);
    const line = f[at.line]!;
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 3) throw new Error(`${where}: line '${line}' is not '<board> <w|b> <N>'`);
    const [board, side, nText] = parts as [string, string, string];
    const id = Number(f[at.id]);
    const n = Number(f[at.n]);
    if (!Number.isSafeInteger(id)) throw new Error(`${where}: id '${f[at.id]}'`);
    if (side !== 'w' && side !== 'b') throw new Error(`${where}: side '${side}'`);
    if (f[at.side] !== side || Number(nText) !== n) throw new Error(`${where}: side/n columns (${f[at.side]}, ${f[at.n]}) disagree with the line '${line}'`);
    const check = f[at.mover_in_check];
    if (check !== 'True' && check !== 'False') throw new Error(`${where}: mover_in_check '${check}'`);
    const listed = f[at.valid_solutions]!.trim();
    return {
      id,
      line,
      board,
      side,
      n,
      inCheck: check === 'True',
      solutions: listed === '' ? [] : listed.split('|').map((s) => s.split(';')),
    };
  });
}

export interface Anchor {
  readonly name: string;
  readonly fen: string;
  /** The series length. */
  readonly n: number;
  /** The published series, UCI (under Scottish rules a check ends it, so it may be shorter than n). */
  readonly moves: readonly string[];
  readonly board: string;
  readonly side: 'w' | 'b';
  readonly castling: string;
  /** The FEN's en-passant square (a target the first move may use), if any. */
  readonly ep: readonly string[];
}

export function publishedAnchors(): Anchor[] {
  const data = JSON.parse(readText(fixturePath('progressive', 'published-anchors.json'))) as {
    anchors: { name: string; fen: string; n: number; moves: string[] }[];
  };
  return data.anchors.map((a) => {
    const [board, side, castling, ep] = a.fen.trim().split(/\s+/) as [string, string, string | undefined, string | undefined];
    if (side !== 'w' && side !== 'b') throw new Error(`anchor ${a.name}: side '${side}'`);
    if (!Number.isSafeInteger(a.n) || a.n < 1 || !Array.isArray(a.moves) || a.moves.length < 1 || a.moves.length > a.n) {
      throw new Error(`anchor ${a.name}: n ${a.n} and ${a.moves?.length} published moves`);
    }
    return { ...a, board, side, castling: castling ?? '-', ep: ep === undefined || ep === '-' ? [] : [ep] };
  });
}
