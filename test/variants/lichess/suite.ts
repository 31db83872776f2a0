/** The variant perft suites' EPD lines (test/fixtures/perft/variants, ../shared/data/perft/variants). */

/** One line of a suite: the FEN, its counts by depth, its id. */
interface SuiteLine {
  readonly fen: string;
  readonly counts: ReadonlyMap<number, number>;
  readonly id: string;
}

/** Reads `FEN ;D1 n ;D2 n … ;id "name"`; anything else fails the test. */
export function readSuite(text: string, file: string): SuiteLine[] {
  const lines: SuiteLine[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const [fen, ...ops] = line.split(';');
    const counts = new Map<number, number>();
    let id = `${file}:${i + 1}`;
    for (const op of ops) {
      const m = /^\s*D(\d+)\s+(\d+)\s*$/.exec(op);
      const idMatch = /^\s*id\s+"([^"]*)"\s*$/.exec(op);
      if (m) counts.set(Number(m[1]), Number(m[2]));
      else if (idMatch) id = idMatch[1]!;
      else throw new Error(`${file}:${i + 1}: unknown operation '${op.trim()}'`);
    }
    lines.push({ fen: fen!.trim(), counts, id });
  }
  return lines;
}
