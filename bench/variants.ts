/**
 * `npm run bench:variants`: perft with bulk counting for each lichess variant, on its start
 * position and three middlegame positions of its perft suite (the first three random-play lines
 * with at least 20 moves), caissa against chessops' perft (`chessops/debug`, which bulk-counts
 * too) in the same run. caissa counts to the first depth with at least `--min` leaves (default
 * 2·10⁶), chessops one ply less; caissa's counts must match the suite's where it has them, and
 * chessops' caissa's. Rates are per CPU-second
 * (`process.cpuUsage`), the machine being shared. Target (issue 42): caissa ≥ 15× chessops in
 * every variant.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { perft as opsPerft } from 'chessops/debug';
import { parseFen as opsParseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import { VariantPosition, variantPerft, VARIANT_RULES, type VariantRules } from '../src/variants/lichess/index.js';

const minArg = process.argv.indexOf('--min');
/** caissa counts at least this many leaves per position (`--min N`). */
const MIN = minArg >= 0 ? Number(process.argv[minArg + 1]) : 2e6;
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/perft/variants/', import.meta.url));
const TARGET = 15;

interface Line { id: string; fen: string; counts: Map<number, number> }

function suite(rules: VariantRules): Line[] {
  const out: Line[] = [];
  for (const text of readFileSync(`${FIXTURES}${rules}.epd`, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    const [fen, ...ops] = text.split(';');
    const counts = new Map<number, number>();
    let id = '';
    for (const op of ops) {
      const m = /^\s*D(\d+)\s+(\d+)/.exec(op);
      if (m) counts.set(Number(m[1]), Number(m[2]));
      const i = /^\s*id\s+"([^"]*)"/.exec(op);
      if (i) id = i[1]!;
    }
    out.push({ id, fen: fen!.trim(), counts });
  }
  return out;
}

const cpuMs = <T>(f: () => T): [T, number] => {
  const t = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(t);
  return [r, (d.user + d.system) / 1000];
};

const opsPosition = (rules: VariantRules, fen: string) => setupPosition(rules, opsParseFen(fen).unwrap()).unwrap();

console.log('variant        position                 depth        nodes  caissa Mnps  chessops(d-1) Mnps   ratio');
const verdicts: string[] = [];
for (const rules of VARIANT_RULES) {
  const lines = suite(rules);
  const start = VariantPosition.default(rules);
  const chosen = [
    lines.find((l) => l.fen.split(' ')[0] === start.fen().split(' ')[0] && l.counts.size > 0) ?? { id: 'start', fen: start.fen(), counts: new Map<number, number>() },
    ...lines.filter((l) => l.id.includes('random') && (l.counts.get(1) ?? 0) >= 20).slice(0, 3),
  ];
  // Depths: caissa's the first with at least `MIN` leaves (chessops one less); warm-up: both
  // count every chosen position two plies less first.
  const runs = chosen.map((line) => {
    const pos = VariantPosition.fromFen(rules, line.fen);
    if (!pos.ok) throw new Error(`${rules} ${line.id}: ${pos.error.message}`);
    let depth = 2;
    while (variantPerft(pos.value, depth) < MIN) depth++;
    return { line, pos: pos.value, depth };
  });
  for (const run of runs) {
    variantPerft(run.pos, run.depth - 2);
    opsPerft(opsPosition(rules, run.line.fen), run.depth - 2, false);
  }

  let ourNodes = 0;
  let ourMs = 0;
  let opsNodes = 0;
  let opsMs = 0;
  for (const { line, pos, depth } of runs) {
    const [nodes, ms] = cpuMs(() => variantPerft(pos, depth));
    const expected = line.counts.get(depth);
    if (expected !== undefined && nodes !== expected) throw new Error(`${rules} ${line.id}: perft ${depth} = ${nodes}, the suite says ${expected}`);
    const ops = opsPosition(rules, line.fen);
    const [on, oms] = cpuMs(() => opsPerft(ops, depth - 1, false));
    // Both counts checked: chessops' against ours one ply less (and the suite where it has one).
    if (on !== variantPerft(pos, depth - 1)) throw new Error(`${rules} ${line.id}: chessops perft ${depth - 1} = ${on}, caissa's differs`);
    ourNodes += nodes;
    ourMs += ms;
    opsNodes += on;
    opsMs += oms;
    const r = nodes / ms / (on / oms);
    console.log(
      `${rules.padEnd(14)} ${line.id.slice(0, 24).padEnd(24)} ${String(depth).padStart(5)} ${String(nodes).padStart(12)} ` +
        `${(nodes / ms / 1000).toFixed(1).padStart(11)} ${(on / oms / 1000).toFixed(2).padStart(18)} ${r.toFixed(1).padStart(7)}×`,
    );
  }
  const ratio = ourNodes / ourMs / (opsNodes / opsMs);
  verdicts.push(
    `  ${rules.padEnd(14)} caissa ${(ourNodes / ourMs / 1000).toFixed(1).padStart(6)} Mnps, chessops ${(opsNodes / opsMs / 1000).toFixed(2).padStart(5)} Mnps: ` +
      `${ratio.toFixed(1)}× ${ratio >= TARGET ? 'MET' : 'NOT MET'}`,
  );
}
console.log(`\naggregate per variant (total nodes / total CPU time), target caissa ≥ ${TARGET}× chessops:`);
for (const v of verdicts) console.log(v);
