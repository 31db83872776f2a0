/**
 * `npm run bench:progressive [-- --quick]`: the mate-in-one-series solver on every problem of
 * test/fixtures/progressive (the FRI course set), single-threaded.
 *
 * Prints per problem: N, status, which pass found the mate, ms, nodes; then solved count, mean,
 * max and total time, nodes, per N. Then (unless --quick) the complete search's time to prove
 * the shortest mate length: the complete search (no best-first pass) finds a mate at length L
 * and proves there is none at L - 1 (L starts at N and goes down while mates exist).
 * Targets (issue 5): all solved, mean ≤ 50 ms, max ≤ 1 s. Peers are the published figures of
 * the course's student solvers (docs/rules/progressive.md §2), not run here.
 * `--passes N` (default 1): after the pass the targets are read from, solve the whole set N − 1
 * more times and print each pass's mean wall and CPU time a problem (the first pass still pays
 * part of the JIT's warm-up; on a shared machine wall time also holds the waits for a core).
 */
import { readText } from '../src/node/data.js';
import { parseCourseProblem } from '../src/variants/progressive/text.js';
import { solveSeries } from '../src/tools/progressive/solve.js';
import { fixturePath } from '../test/data.js';

const quick = process.argv.includes('--quick');
const passesAt = process.argv.indexOf('--passes');
const passes = passesAt >= 0 ? Number(process.argv[passesAt + 1]) : 1;
if (!(Number.isInteger(passes) && passes >= 1)) throw new Error(`--passes: expected an integer ≥ 1, got ${process.argv[passesAt + 1]}`);
const LIMIT_MS = 20000; // the course's limit per problem

interface Row {
  id: number;
  n: number;
  line: string;
}

const rows: Row[] = readText(fixturePath('progressive', 'fri-problems.csv'))
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((r) => {
    const f = r.split(',');
    return { id: Number(f[0]), line: f[1]!, n: Number(f[2]) };
  });

function problem(line: string) {
  const p = parseCourseProblem(line);
  if (!p.ok) throw new Error(`${line}: ${p.error.message}`);
  return p.value;
}

// Warm-up: JIT and tables.
for (const r of rows.slice(0, 8)) solveSeries(problem(r.line).position, r.n, { timeLimitMs: LIMIT_MS });

console.log(`progressive solver, ${rows.length} FRI problems, single-threaded, Node ${process.version}`);
console.log('id  N  status  pass        ms        nodes');
const results: { n: number; ms: number; nodes: number; solved: boolean }[] = [];
const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const firstCpu = cpuMs();
for (const r of rows) {
  const { position, n } = problem(r.line);
  const t0 = performance.now();
  const res = solveSeries(position, n, { timeLimitMs: LIMIT_MS });
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(res.error.message);
  const v = res.value;
  results.push({ n, ms, nodes: v.nodes, solved: v.status === 'mate' });
  console.log(`${String(r.id).padStart(2)} ${String(n).padStart(2)}  ${v.status.padEnd(6)}  ${(v.foundBy ?? '-').padEnd(9)} ${ms.toFixed(1).padStart(8)} ${String(v.nodes).padStart(12)}`);
}

function summary(label: string, list: typeof results): void {
  if (list.length === 0) return;
  const total = list.reduce((s, x) => s + x.ms, 0);
  const max = Math.max(...list.map((x) => x.ms));
  const nodes = list.reduce((s, x) => s + x.nodes, 0);
  const solved = list.filter((x) => x.solved).length;
  console.log(
    `${label.padEnd(6)} solved ${solved}/${list.length}  mean ${(total / list.length).toFixed(1)} ms  max ${max.toFixed(1)} ms  total ${(total / 1000).toFixed(2)} s  nodes ${nodes}  (${((nodes / total) * 1000 / 1e6).toFixed(2)} M nodes/s)`,
  );
}
const firstPassCpu = cpuMs() - firstCpu;
console.log('');
for (const n of [...new Set(results.map((x) => x.n))].sort((a, b) => a - b)) summary(`N=${n}`, results.filter((x) => x.n === n));
summary('all', results);
const mean = results.reduce((s, x) => s + x.ms, 0) / results.length;
const max = Math.max(...results.map((x) => x.ms));
console.log(`targets: all solved ${results.every((x) => x.solved) ? 'yes' : 'NO'}, mean ≤ 50 ms ${mean <= 50 ? 'yes' : 'NO'} (${mean.toFixed(1)}), max ≤ 1 s ${max <= 1000 ? 'yes' : 'NO'} (${max.toFixed(0)})`);
console.log('published peers (docs/rules/progressive.md §2, 60 problems, 2018-19 hardware): ssandir A* 60/60 mean 1100 ms max 11776 ms; LampDM best-first 46/60 mean 7200 ms');
console.log(`ratio of mean time: ${(1100 / mean).toFixed(1)}× faster than ssandir's mean, max ${(11776 / max).toFixed(1)}× below its max`);
console.log(`pass 1: mean ${mean.toFixed(1)} ms wall, ${(firstPassCpu / rows.length).toFixed(1)} ms CPU a problem`);
for (let k = 2; k <= passes; k++) {
  const c0 = cpuMs();
  const t0 = performance.now();
  for (const r of rows) {
    const { position, n } = problem(r.line);
    solveSeries(position, n, { timeLimitMs: LIMIT_MS });
  }
  console.log(`pass ${k}: mean ${((performance.now() - t0) / rows.length).toFixed(1)} ms wall, ${((cpuMs() - c0) / rows.length).toFixed(1)} ms CPU a problem`);
}

if (!quick) {
  console.log('\ncomplete search: prove the shortest mate length (mate at L, none at L - 1)');
  console.log('id  N  shortest  ms(total)  nodes');
  let proven = 0;
  let totalMs = 0;
  let worst = 0;
  for (const r of rows) {
    const { position } = problem(r.line);
    let ms = 0;
    let nodes = 0;
    let L = r.n;
    let shortest: number | undefined;
    let open = false;
    for (;;) {
      const res = solveSeries(position.chess, L, { completeOnly: true, timeLimitMs: LIMIT_MS });
      if (!res.ok) throw new Error(res.error.message);
      ms += res.value.ms;
      nodes += res.value.nodes;
      if (res.value.status === 'unknown') {
        open = true;
        break;
      }
      if (res.value.status === 'none') {
        shortest = L + 1;
        break;
      }
      if (L === 1) {
        shortest = 1;
        break;
      }
      L--;
    }
    if (!open) proven++;
    totalMs += ms;
    worst = Math.max(worst, ms);
    console.log(`${String(r.id).padStart(2)} ${String(r.n).padStart(2)}  ${open ? 'open' : String(shortest).padStart(4)}      ${ms.toFixed(0).padStart(8)} ${String(nodes).padStart(10)}`);
  }
  console.log(`proven ${proven}/${rows.length}  mean ${(totalMs / rows.length).toFixed(0)} ms  max ${worst.toFixed(0)} ms  total ${(totalMs / 1000).toFixed(1)} s`);
}
