// Bundles the package's entry points for Node (the exports map's `default` targets, under
// dist/bundle/) from the modules tsc wrote to dist/: `npm run build` runs it after tsc.
//
// Why: Node loads an ES module graph file by file (resolve, read, compile, link each), about
// 0.7 ms a module on the reference machines, and the root reaches 100 modules: importing it cost
// 3× what chessops' 15 modules cost. So for Node every entry is one small file of re-exports from
// one shared module, dist/bundle/caissa.js, whose functions V8 compiles only when first called
// (esbuild's code splitting gave 22 chunks, which cost a third more to load than one file). One
// shared module means one copy of each class: a Position of `caissa` is one of
// `caissa/internal` and `caissa/node` too. `caissa/node` and the worker file it starts (by
// `new URL('./pgn-worker.js', import.meta.url)`) are bundled beside it, taking every browser
// module they import from the shared module.
//
// Bundlers for the browser take the `browser` targets instead: tsc's modules, one by one, which
// they drop whole when a program does not use them (`"sideEffects": false`); in one shared file
// every module's top-level statements would stay. dist/ keeps tsc's modules for them, the CLI,
// the worker threads and the browser tests.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = new URL('..', import.meta.url).pathname;
process.chdir(ROOT);
const BUNDLE = 'dist/bundle/';
const SHARED = `${BUNDLE}caissa.js`;
const NODE_ONLY = new Set(['./node']);
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

/** Each entry: its key, its output file under dist/bundle/ and the tsc module it stands for. */
const entries = [];
for (const [key, target] of Object.entries(pkg.exports)) {
  if (typeof target === 'string') continue; // ./package.json
  if (!target.default.startsWith(`./${BUNDLE}`)) throw new Error(`exports['${key}'] is not under ./${BUNDLE}`);
  const module = `dist/${target.default.slice(BUNDLE.length + 2)}`;
  if (target.browser !== undefined && target.browser !== `./${module}`) throw new Error(`exports['${key}'].browser is not ./${module}`);
  entries.push({ key, out: target.default.slice(2), module });
}

// The shared module's names: an entry's name keeps its own name when every entry that exports it
// exports the same value; otherwise it is renamed `name$n`.
const flat = new Map(); // shared name → { module, name, value }
const exportsOf = new Map(); // entry key → [[name, shared name]]
for (const entry of entries.filter((e) => !NODE_ONLY.has(e.key))) {
  const ns = await import(pathToFileURL(entry.module).href);
  const names = [];
  for (const name of Object.keys(ns)) {
    let shared = name;
    for (let n = 2; flat.has(shared) && flat.get(shared).value !== ns[name]; n++) shared = `${name}$${n}`;
    if (!flat.has(shared)) flat.set(shared, { module: entry.module, name, value: ns[name] });
    names.push([name, shared]);
  }
  exportsOf.set(entry.key, names);
}

// The browser modules that caissa/node and its worker import, each exported by the shared module
// as a namespace (`__notation_fen`) for them.
const BROWSER = /^dist\/(core|chess|notation|variants|tools|env)\//;
const NODE_ENTRIES = ['dist/node/index.js', 'dist/node/pgn-worker.js'];
const reached = await build({ absWorkingDir: ROOT, entryPoints: NODE_ENTRIES, outdir: BUNDLE, bundle: true, write: false, metafile: true, platform: 'neutral', external: ['node:*', 'bullmq', 'ioredis'], logLevel: 'warning' });
const nodeImports = new Set();
for (const [file, input] of Object.entries(reached.metafile.inputs)) {
  if (BROWSER.test(file)) continue;
  for (const i of input.imports) if (BROWSER.test(i.path)) nodeImports.add(i.path);
}
const namespaceOf = (module) => `__${module.slice(5, -3).replace(/\W/g, '_')}`;

rmSync(BUNDLE, { recursive: true, force: true });
mkdirSync(BUNDLE, { recursive: true });
const spec = (from, to) => {
  const r = relative(dirname(from), to);
  return r.startsWith('.') ? r : `./${r}`;
};
const shared = [...flat].map(([as, { module, name }]) => `export { ${name === as ? name : `${name} as ${as}`} } from '${spec(SHARED, module)}';`);
for (const module of nodeImports) shared.push(`export * as ${namespaceOf(module)} from '${spec(SHARED, module)}';`);
writeFileSync(`${BUNDLE}caissa.src.js`, shared.join('\n') + '\n');
await build({
  absWorkingDir: ROOT,
  entryPoints: { caissa: `${BUNDLE}caissa.src.js` },
  outdir: BUNDLE, bundle: true, format: 'esm', platform: 'neutral', logLevel: 'warning',
});
rmSync(`${BUNDLE}caissa.src.js`);

for (const entry of entries.filter((e) => !NODE_ONLY.has(e.key))) {
  const list = exportsOf.get(entry.key).map(([name, as]) => (name === as ? name : `${as} as ${name}`));
  mkdirSync(dirname(entry.out), { recursive: true });
  writeFileSync(entry.out, `export { ${list.join(', ')} } from '${spec(entry.out, SHARED)}';\n`);
}

// caissa/node and its worker, with every browser module they import taken from the shared module.
const fromShared = {
  name: 'from-shared',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const path = relative('.', resolve(args.resolveDir, args.path));
      if (args.namespace === 'shared') return { path: spec('dist/bundle/node/x.js', SHARED), external: true };
      return BROWSER.test(path) && !BROWSER.test(relative('.', args.importer)) ? { path, namespace: 'shared' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'shared' }, async (args) => {
      const names = Object.keys(await import(pathToFileURL(args.path).href));
      const ns = namespaceOf(args.path);
      return { contents: `import { ${ns} } from './caissa.js';\nexport const { ${names.join(', ')} } = ${ns};\n`, resolveDir: resolve(BUNDLE) };
    });
  },
};
await build({
  absWorkingDir: ROOT,
  entryPoints: NODE_ENTRIES, outbase: 'dist', outdir: BUNDLE, bundle: true, format: 'esm', platform: 'neutral',
  external: ['node:*', 'bullmq', 'ioredis'], plugins: [fromShared], logLevel: 'warning',
});

