/**
 * `npm run bench:size [runs]`: what the library costs a program before it does anything.
 *
 * Bundle: one program written for each library (read a FEN, list the legal moves as SAN, play a
 * SAN move, write the FEN), bundled by esbuild for the browser (minified, tree-shaken), then
 * gzipped (level 9); each bundle is also run, and must print the same FEN as the others.
 * The bundle starts from caissa's `browser` export (tsc's modules, which a bundler takes one by
 * one); the import from what Node resolves, the `default` export (one pre-linked module,
 * scripts/bundle.mjs).
 * Import: the wall time (and the process's CPU time, steadier on a shared machine) of
 * `await import(…)` of each library's root in a fresh Node process, Node's own start-up left out;
 * the contenders alternate, `runs` rounds (default 11, at least 9), median of each.
 * Targets (issue 40): bundle ≤ 1.25× chessops', root import ≤ 1.2× chessops'.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const runs = Math.max(9, Number(process.argv[2] ?? 11));
const root = fileURLToPath(new URL('../../', import.meta.url));
/** The root entry as a bundler for the browser resolves it, and as Node does (package.json's exports). */
const rootExport = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> }).exports['.']!;
const caissaRoot = join(root, rootExport.browser!);
const caissaNodeRoot = join(root, rootExport.default!);

const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
const EXPECTED = 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';

/** The same program for each library: FEN → legal moves as SAN → play `Bb5` → FEN. */
const PROGRAMS: Record<string, string> = {
  caissa: `
import { makeFen, makeSan, parseSan, readFen } from ${JSON.stringify(caissaRoot)};
const read = readFen(${JSON.stringify(FEN)});
if (!read.ok) throw new Error(read.error.message);
const sans = read.value.legalMoves().map((m) => makeSan(m));
const move = parseSan(read.value, 'Bb5');
if (!move.ok) throw new Error(move.error.message);
console.log(sans.length, makeFen(move.value.play()));
`,
  chessops: `
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
const pos = Chess.fromSetup(parseFen(${JSON.stringify(FEN)}).unwrap()).unwrap();
const sans = [];
for (const [from, dests] of pos.allDests()) for (const to of dests) sans.push(makeSan(pos, { from, to }));
const move = parseSan(pos, 'Bb5');
if (!move) throw new Error('Bb5');
pos.play(move);
console.log(sans.length, makeFen(pos.toSetup()));
`,
  'chess.js': `
import { Chess } from 'chess.js';
const game = new Chess(${JSON.stringify(FEN)});
const sans = game.moves();
game.move('Bb5');
console.log(sans.length, game.fen());
`,
};

/** The program bundled as the benchmark does: esbuild, browser platform, ESM, minified. */
async function bundleProgram(source: string, dir: string, name: string): Promise<string> {
  const entry = join(dir, `${name.replace(/\W/g, '')}.mjs`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false,
    nodePaths: [join(root, 'node_modules')], logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Wall and CPU milliseconds of `import(specifier)` in a new process started in the project's root. */
function importMs(specifier: string): { wall: number; cpu: number } {
  const code = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(specifier)});
const w = performance.now() - t; const u = process.cpuUsage(c); console.log(w, (u.user + u.system) / 1000);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`importing ${specifier} failed: ${r.stderr}`);
  const [wall, cpu] = r.stdout.trim().split(' ').map(Number) as [number, number];
  return { wall, cpu };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

{
  const dir = mkdtempSync(join(tmpdir(), 'caissa-size-'));
  try {
    console.log(`bench:size  (node ${process.version}; esbuild minified + gzip -9; imports: ${runs} alternated fresh processes)`);
    console.log('bundle       minified   gzipped');
    const gz = new Map<string, number>();
    for (const [name, source] of Object.entries(PROGRAMS)) {
      const code = await bundleProgram(source, dir, name);
      const file = join(dir, `${name.replace(/\W/g, '')}.bundle.mjs`);
      writeFileSync(file, code);
      const ran = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      const fen = ran.stdout.trim().split(' ').slice(1).join(' ');
      if (ran.status !== 0 || fen !== EXPECTED) throw new Error(`the ${name} bundle printed ${JSON.stringify(ran.stdout)} ${ran.stderr}`);
      const size = gzipSync(code, { level: 9 }).length;
      gz.set(name, size);
      console.log(`${name.padEnd(12)} ${(code.length / 1024).toFixed(1).padStart(6)} KB ${(size / 1024).toFixed(1).padStart(6)} KB`);
    }
    for (const peer of ['chessops', 'chess.js']) {
      console.log(`bundle caissa / ${peer} = ${(gz.get('caissa')! / gz.get(peer)!).toFixed(2)}×`);
    }

    const contenders: [string, string][] = [['caissa', new URL(`file://${caissaNodeRoot}`).href], ['chessops', 'chessops'], ['chess.js', 'chess.js']];
    const wall = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
    const cpu = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
    for (let i = 0; i < runs; i++) {
      for (const [name, specifier] of contenders) {
        const t = importMs(specifier);
        wall.get(name)!.push(t.wall);
        cpu.get(name)!.push(t.cpu);
      }
    }
    console.log('import       wall ms    CPU ms  (medians)');
    for (const [name] of contenders) {
      console.log(`${name.padEnd(12)} ${median(wall.get(name)!).toFixed(1).padStart(7)} ${median(cpu.get(name)!).toFixed(1).padStart(9)}`);
    }
    for (const peer of ['chessops', 'chess.js']) {
      const w = median(wall.get('caissa')!) / median(wall.get(peer)!);
      const c = median(cpu.get('caissa')!) / median(cpu.get(peer)!);
      console.log(`import caissa / ${peer} = ${w.toFixed(2)}× wall, ${c.toFixed(2)}× CPU`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
