/**
 * The core imports nothing Node-only, read from the built package itself: from every entry of
 * package.json's exports map but `./node` (the entries a web page or a bundler for the browser
 * loads), every module reached through static and dynamic imports must be one of the package's
 * own browser layers, import no other module (no `node:` or bare built-in such as `util`, no
 * dependency such as `bullmq`), and use none of Node's globals (`process`, `Buffer`, `require`,
 * `__dirname`, …), directly or through `globalThis`. Every built module of those layers is read
 * too, reached or not, as the README says of them all. This holds without Chromium, which
 * browser.test.ts needs, and covers what its probes do not reach.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { tempDir } from '../helpers.js';

/** The package's root (dist-test/test/browser is three levels below it). */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The layers the README says run in a browser, under dist/. */
const BROWSER_LAYERS = ['core', 'chess', 'notation', 'variants', 'tools', 'env'];

/** Node's globals that a browser lacks. */
const NODE_GLOBALS = new Set(['process', 'Buffer', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate']);
/** Names under which a page reaches its globals. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window']);

/** Whether `node` is an identifier used as a name of its own (not a property name or a key). */
function isFreeName(node: ts.Identifier): boolean {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node) return false;
  if (ts.isQualifiedName(p) && p.right === node) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === node) return false;
  if ((ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) && p.propertyName === node) return false;
  return true;
}

/**
 * What in one module a browser cannot load: its non-relative imports and its uses of Node's
 * globals, as `"<file>: <what>"`; and the relative modules it imports, resolved.
 */
export function scanModule(file: string): { problems: string[]; imports: string[] } {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const problems: string[] = [];
  const imports: string[] = [];
  const declared = new Set<string>();
  const where = (node: ts.Node): string => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const specifier = (node: ts.Node, spec: ts.Expression | undefined): void => {
    if (spec === undefined) return;
    if (!ts.isStringLiteral(spec) && !ts.isNoSubstitutionTemplateLiteral(spec)) {
      problems.push(`${where(node)}: import of a computed module name`);
    } else if (spec.text.startsWith('./') || spec.text.startsWith('../')) {
      imports.push(resolve(dirname(file), spec.text));
    } else {
      problems.push(`${where(node)}: imports '${spec.text}'`);
    }
  };
  const names: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier(node, node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier(node, node.arguments[0]);
    else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && GLOBAL_OBJECTS.has(node.expression.text) && NODE_GLOBALS.has(node.name.text)) {
      problems.push(`${where(node)}: uses Node's global ${node.expression.text}.${node.name.text}`);
    } else if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text) && isFreeName(node)) {
      const p = node.parent;
      const isDeclaration = (ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p) || ts.isBindingElement(p) || ts.isImportSpecifier(p) || ts.isImportClause(p)) && p.name === node;
      if (isDeclaration) declared.add(node.text);
      else names.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A module that declares such a name itself (a parameter called `module`) uses its own.
  for (const name of names) if (!declared.has(name.text)) problems.push(`${where(name)}: uses Node's global ${name.text}`);
  return { problems, imports };
}

/** The problems of every module reached from `entries`, and the modules reached. */
export function scanGraph(entries: readonly string[], allowedDirs: readonly string[]): { problems: string[]; reached: Set<string> } {
  const reached = new Set<string>();
  const problems: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    if (!allowedDirs.some((d) => file.startsWith(d + sep))) problems.push(`${file}: outside the browser layers`);
    let scan: ReturnType<typeof scanModule>;
    try {
      scan = scanModule(file);
    } catch (e) {
      problems.push(`${file}: cannot be read (${(e as Error).message})`);
      continue;
    }
    problems.push(...scan.problems);
    queue.push(...scan.imports);
  }
  return { problems, reached };
}

/** The `.js` files under `dir`, recursively. */
const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => join(dir, f));

test('the scanner finds Node imports and globals, in any form, and passes over names that only look like them', () => {
  const dir = tempDir('caissa-imports-');
  try {
    const layer = join(dir, 'core');
    mkdirSync(layer);
    const write = (name: string, text: string): string => {
      const file = join(layer, name);
      writeFileSync(file, text);
      return file;
    };
    writeFileSync(join(dir, 'outside.js'), 'export const o = 1;\n');
    const bad = write('bad.js', [
      "import { readFileSync } from 'node:fs';",
      "import { inspect } from 'util';",
      "export { Queue } from 'bullmq';",
      "import './clean.js';",
      "import '../outside.js';",
      "export const f = () => import('zlib');",
      'export const g = (name) => import(name);',
      'export const h = () => process.env.X + Buffer.from("a") + require("os") + __dirname + globalThis.process;',
    ].join('\n'));
    write('clean.js', [
      'export const o = { process: 1, Buffer: 2 };',
      'export const p = o.process + o.Buffer;',
      'export function q(module) { return module.id; }',
      "export const r = () => import('./clean.js');",
    ].join('\n'));
    const { problems, reached } = scanGraph([bad], [layer]);
    const found = problems.map((p) => p.slice(p.lastIndexOf(': ') + 2));
    assert.deepEqual(found.sort(), [
      'imports \'bullmq\'', 'imports \'node:fs\'', 'imports \'util\'', 'imports \'zlib\'', 'import of a computed module name',
      'outside the browser layers', "uses Node's global Buffer", "uses Node's global __dirname", "uses Node's global globalThis.process",
      "uses Node's global process", "uses Node's global require",
    ].sort());
    assert.equal(reached.size, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every entry of the exports map but ./node, and every module of the browser layers, loads in a browser", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> };
  const entries = Object.entries(pkg.exports)
    .filter(([key]) => key !== './node' && key !== './package.json')
    .map(([key, target]) => {
      const file = typeof target === 'string' ? target : (target.browser ?? target.import ?? target.default);
      assert.ok(file !== undefined, `exports['${key}'] gives no file a browser would load`);
      return resolve(ROOT, file);
    });
  assert.ok(entries.includes(resolve(ROOT, 'dist/index.js')), "exports['.'] is not dist/index.js");
  assert.ok(entries.includes(resolve(ROOT, 'dist/internal.js')), "exports['./internal'] is not dist/internal.js");
  const layers = BROWSER_LAYERS.map((l) => join(ROOT, 'dist', l));
  // dist/index.js and dist/internal.js sit beside the layers; nothing else outside them (dist/node,
  // dist/cli) may be reached.
  const { problems, reached } = scanGraph(entries, [join(ROOT, 'dist')]);
  for (const file of reached) {
    if (file !== join(ROOT, 'dist', 'index.js') && file !== join(ROOT, 'dist', 'internal.js') && !layers.some((d) => file.startsWith(d + sep))) {
      problems.push(`${relative(ROOT, file)}: reached from the exports but outside the browser layers`);
    }
  }
  const everyModule = scanGraph(layers.flatMap(jsFiles), layers);
  assert.deepEqual([...problems, ...everyModule.problems], []);
  assert.ok(reached.size > 50, `only ${reached.size} modules reached`);
});
