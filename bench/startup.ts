/**
 * `npm run bench -- startup [runs]`: what loading the library costs a program, and how long a
 * one-shot CLI command takes, each in fresh Node processes.
 *
 * Import: the wall time of `await import(…)` inside a new process (Node's own start-up left out),
 * for caissa's root and its `chess` subpath, chessops' root and chess.js, run in turn so that
 * the machine's noise falls on all alike; median and minimum over the runs. CLI: the wall time
 * of `caissa san <start FEN> e2e4` as a whole process, against `node -e 0`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 15);
const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = (path: string): string => new URL(`../../dist/${path}`, import.meta.url).href;

const contenders: [string, string][] = [
  ['caissa', dist('index.js')],
  ['caissa/chess', dist('chess/index.js')],
  ['chessops', 'chessops'],
  ['chess.js', 'chess.js'],
];

/** Milliseconds `import(specifier)` takes in a new process started in the project's root. */
function importMs(specifier: string): number {
  const code = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`importing ${specifier} failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

/** Milliseconds of wall time for a whole process. */
function processMs(args: string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return performance.now() - t;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (ms: number): string => ms.toFixed(1).padStart(8);

const times = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
const cli = { caissa: [] as number[], bare: [] as number[] };
const startFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
for (let i = 0; i < runs; i++) {
  for (const [name, specifier] of contenders) times.get(name)!.push(importMs(specifier));
  cli.caissa.push(processMs([fileURLToPath(dist('cli/main.js')), 'san', startFen, 'e2e4']));
  cli.bare.push(processMs(['-e', '0']));
}

console.log(`bench:startup  (node ${process.version}; ${runs} fresh processes each, in turn)`);
console.log('import        median ms   min ms');
for (const [name] of contenders) console.log(`${name.padEnd(13)}${fmt(median(times.get(name)!))} ${fmt(Math.min(...times.get(name)!))}`);
const ours = median(times.get('caissa')!);
for (const peer of ['chessops', 'chess.js']) console.log(`caissa / ${peer} = ${(ours / median(times.get(peer)!)).toFixed(2)}× (medians)`);
console.log(`process       median ms   min ms`);
console.log(`caissa san   ${fmt(median(cli.caissa))} ${fmt(Math.min(...cli.caissa))}`);
console.log(`node -e 0    ${fmt(median(cli.bare))} ${fmt(Math.min(...cli.bare))}`);
