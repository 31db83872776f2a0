/**
 * The package as a user gets it: `npm pack` of the built tree, the tarball installed into an
 * empty project (no registry: caissa has no runtime dependency), then programs that use it the
 * ways its users do: an ES module, a CommonJS `require()` (Node ≥ 20.19 loads ES modules there),
 * TypeScript checked and compiled under `moduleResolution` `bundler`, `node16` and `nodenext`
 * (a CommonJS file's `require` under `module` `nodenext` and `node20`, `import()` under `node16`),
 * the `caissa` command, and an esbuild bundle run in headless Chromium.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { debianBinary } from '../debian.js';
import { runPageInChromium } from '../browser/chromium.js';
import { tempDir } from '../helpers.js';

/** The project's root: dist-test/test/package → three levels up. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
const AFTER = 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
/** What each program prints: the legal moves' count, the SAN of Bb5, the FEN after it, perft 2. */
const EXPECTED = `27 Bb5 ${AFTER} 835`;

/** The program's body, given `readFen`, `makeSan`, `parseSan`, `makeFen` and `perft` in scope. */
const BODY = `
const read = readFen(${JSON.stringify(FEN)});
if (!read.ok) throw new Error(read.error.message);
const move = parseSan(read.value, 'Bb5');
if (!move.ok) throw new Error(move.error.message);
const line = [read.value.legalMoves().length, makeSan(move.value), makeFen(move.value.play()), perft(read.value, 2)].join(' ');
`;
const ESM = `import { makeFen, makeSan, parseSan, readFen } from 'caissa';\nimport { perft } from 'caissa/tools';\n${BODY}console.log(line);\n`;
const CJS = `const { makeFen, makeSan, parseSan, readFen } = require('caissa');\nconst { perft } = require('caissa/tools');\n${BODY}console.log(line);\n`;

const run = (cwd: string, file: string, args: string[] = []): { stdout: string; stderr: string } => {
  const r = spawnSync(process.execPath, [file, ...args], { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `${file}: ${r.stderr}`);
  return { stdout: r.stdout.trim(), stderr: r.stderr };
};

/** Type-checks and compiles `files` in `dir` with tsc under the given options. */
function tsc(dir: string, options: string[], files: string[]): void {
  const r = spawnSync(process.execPath, [TSC, '--strict', '--target', 'es2022', '--lib', 'es2022,dom', ...options, ...files], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc ${options.join(' ')}: ${r.stdout}${r.stderr}`);
}

/** What tsc reports for `files` under options that must fail. */
function tscErrors(dir: string, options: string[], files: string[]): string {
  const r = spawnSync(process.execPath, [TSC, '--strict', '--target', 'es2022', '--lib', 'es2022,dom', ...options, ...files], { cwd: dir, encoding: 'utf8' });
  assert.notEqual(r.status, 0, `tsc ${options.join(' ')} accepts ${files.join(' ')}`);
  return r.stdout + r.stderr;
}

test('the packed package installs into an empty project and works from ESM, require(), TypeScript, the CLI and a browser bundle', { timeout: 600_000 }, async (t) => {
  const dir = tempDir('caissa-package-');
  try {
    // The tree is built already (npm test builds first); --ignore-scripts keeps prepack's rebuild out.
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    const tarball = join(dir, `caissa-${VERSION}.tgz`);
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    for (const file of ['package/LICENSE', 'package/README.md', 'package/CHANGELOG.md', 'package/bin/caissa.js', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/web/index.html', 'package/dist/web/app.js']) {
      assert.ok(listing.includes(file), `${file} is in the tarball`);
    }
    assert.deepEqual(listing.filter((f) => f.endsWith('.map') || f.startsWith('package/src/') || f.startsWith('package/test/')), []);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', tarball], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
    const installed = join(project, 'node_modules', 'caissa');
    const dangling = readdirSync(join(installed, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(js|d\.ts)$/.test(f) && readFileSync(join(installed, 'dist', f), 'utf8').includes('sourceMappingURL'));
    assert.deepEqual(dangling, [], 'no file points to a source map the package does not ship');

    await t.test('an ES module and a require() script', () => {
      writeFileSync(join(project, 'esm.mjs'), ESM);
      writeFileSync(join(project, 'cjs.cjs'), CJS);
      assert.equal(run(project, 'esm.mjs').stdout, EXPECTED);
      const cjs = run(project, 'cjs.cjs');
      assert.equal(cjs.stdout, EXPECTED);
      assert.equal(cjs.stderr, '', 'require() of the package warns of nothing on this Node');
    });

    await t.test('TypeScript: bundler, node16 and nodenext resolution (ESM); CommonJS under nodenext and node20, import() under node16', () => {
      const ts = join(project, 'ts');
      mkdirSync(ts);
      writeFileSync(join(ts, 'bundler.ts'), ESM);
      writeFileSync(join(ts, 'esm.mts'), ESM);
      // require() of an ES module type-checks under module nodenext (TypeScript ≥ 5.8), as Node ≥ 20.19 runs it.
      writeFileSync(join(ts, 'cjs.cts'), `import caissa = require('caissa');\nimport tools = require('caissa/tools');\nconst { makeFen, makeSan, parseSan, readFen } = caissa;\nconst { perft } = tools;\n${BODY}console.log(line);\n`);
      tsc(ts, ['--module', 'esnext', '--moduleResolution', 'bundler', '--noEmit'], ['bundler.ts']);
      tsc(ts, ['--module', 'node16', '--moduleResolution', 'node16', '--outDir', 'node16'], ['esm.mts']);
      tsc(ts, ['--module', 'nodenext', '--moduleResolution', 'nodenext', '--outDir', 'nodenext'], ['esm.mts', 'cjs.cts']);
      // module node20 (TypeScript ≥ 5.9) models Node 20's require(esm) as nodenext does.
      tsc(ts, ['--module', 'node20', '--moduleResolution', 'node16', '--outDir', 'node20'], ['cjs.cts']);
      assert.equal(run(ts, join('node16', 'esm.mjs')).stdout, EXPECTED);
      assert.equal(run(ts, join('nodenext', 'esm.mjs')).stdout, EXPECTED);
      assert.equal(run(ts, join('nodenext', 'cjs.cjs')).stdout, EXPECTED);
      assert.equal(run(ts, join('node20', 'cjs.cjs')).stdout, EXPECTED);
      // module node16 models a Node without require(esm): TypeScript refuses the require (the
      // limit README states), and a CommonJS file takes the package with import().
      const refused = tscErrors(ts, ['--module', 'node16', '--moduleResolution', 'node16', '--noEmit'], ['cjs.cts']);
      assert.match(refused, /error TS1471: Module 'caissa' cannot be imported using this construct/);
      const dynamic = `async function main(): Promise<void> {\n  const { makeFen, makeSan, parseSan, readFen } = await import('caissa');\n  const { perft } = await import('caissa/tools');\n${BODY}console.log(line);\n}\nvoid main();\n`;
      writeFileSync(join(ts, 'dynamic.cts'), dynamic);
      tsc(ts, ['--module', 'node16', '--moduleResolution', 'node16', '--outDir', 'node16'], ['dynamic.cts']);
      assert.equal(run(ts, join('node16', 'dynamic.cjs')).stdout, EXPECTED);
    });

    await t.test('the caissa command', () => {
      const bin = join(project, 'node_modules', '.bin', 'caissa');
      assert.equal(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim(), `caissa ${VERSION}`);
      assert.match(execFileSync(bin, ['perft', '3'], { encoding: 'utf8' }), /Nodes searched: 8902/);
    });

    const chromium = debianBinary('chromium', ['/usr/bin/chromium']);
    await t.test('an esbuild bundle of FEN → moves → SAN → FEN in headless Chromium', { skip: chromium === undefined && 'chromium unavailable' }, async () => {
      const entry = join(project, 'page.mjs');
      writeFileSync(entry, ESM.replace('console.log(line);', 'globalThis.report(line);'));
      const bundle = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
      const code = bundle.outputFiles[0]!.text;
      assert.doesNotMatch(code, /node:|require\(/, 'the bundle needs nothing of Node');
      const page = `<!doctype html><meta charset="utf-8"><script type="module">
globalThis.report = (line) => fetch('/result', { method: 'POST', body: JSON.stringify({ line }) });
import('/bundle.js').catch((e) => fetch('/result', { method: 'POST', body: JSON.stringify({ error: String(e && e.stack || e) }) }));
</script>`;
      const files = new Map([['/', { type: 'text/html; charset=utf-8', data: page }], ['/bundle.js', { type: 'text/javascript', data: code }]]);
      const result = (await runPageInChromium(chromium!, files, 120_000)) as { line?: string; error?: string };
      assert.equal(result.error, undefined, result.error);
      assert.equal(result.line, EXPECTED);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
