// Builds the playground into dist/web: src/web/app.ts and every src/web/**/*-worker.ts bundled
// by esbuild (ES modules, minified, no source maps), the HTML and CSS beside them copied as they
// are. The page then needs nothing but these files, from any static host.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = 'src/web';
const OUT = 'dist/web';

/** The files under `dir`, as paths from the package root. */
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const files = walk(SRC);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: [join(SRC, 'app.ts'), ...files.filter((f) => f.endsWith('-worker.ts'))],
  outbase: SRC,
  outdir: OUT,
  bundle: true,
  format: 'esm',
  // The page and its workers share the rules' code in chunks instead of a copy each (module
  // workers import them): about 58 KB gzipped less over the page's files.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const f of files.filter((f) => /\.(html|css|svg)$/.test(f))) cpSync(f, join(OUT, relative(SRC, f)));
