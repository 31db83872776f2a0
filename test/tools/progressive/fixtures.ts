/** The FRI course problems of ../shared/data/progressive, read once for the tests. */
import { readText, sharedPath } from '../../../src/node/data.js';

export interface FriProblem {
  readonly id: number;
  readonly line: string;
  readonly board: string;
  readonly side: 'w' | 'b';
  readonly n: number;
  readonly inCheck: boolean;
  /** Every known valid solution, UCI moves. */
  readonly solutions: readonly (readonly string[])[];
}

export function friProblems(): FriProblem[] {
  const lines = readText(sharedPath('progressive', 'fri-problems.csv')).trim().split(/\r?\n/);
  const header = lines[0]!.split(',');
  const col = (name: string): number => header.indexOf(name);
  return lines.slice(1).map((row) => {
    const f = row.split(',');
    const line = f[col('line')]!;
    const [board, side] = line.split(' ') as [string, 'w' | 'b'];
    return {
      id: Number(f[col('id')]),
      line,
      board,
      side,
      n: Number(f[col('n')]),
      inCheck: f[col('mover_in_check')] === 'True',
      solutions: f[col('valid_solutions')]!.split('|').map((s) => s.split(';')),
    };
  });
}
