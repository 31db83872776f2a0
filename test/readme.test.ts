/**
 * README's TypeScript examples run as written, importing `caissa` through the package's own
 * exports map (the built `dist`), and every line that ends in a literal comment (`perft(pos, 5);
 * // 4865609`) must produce that value: the comment is the example's promise. So must the
 * examples in the TSDoc comments of `src` that promise a value; they name no imports, so each is
 * given the public exports it uses.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { COMMANDS, loadAllCommands } from '../src/cli/commands/index.js';

/** dist-test, where the compiled tests live, inside the package. */
const DIST_TEST = fileURLToPath(new URL('../', import.meta.url));

/**
 * A comment the example promises as a value: a number, a quoted string, a boolean, null, or an
 * array or object literal of those.
 */
const LITERAL = /^(-?\d+(?:\.\d+)?|'(?:[^'\\]|\\.)*'|true|false|null|\[.*\]|\{.*\})$/;

/**
 * The snippet with each promised value turned into a check: `expr; // v` becomes
 * `__expect(expr, v)`, and `console.log(x); // v` logs nothing but checks `x` against `v`.
 */
export function withChecks(snippet: string): { code: string; checks: number } {
  let checks = 0;
  const lines = snippet.split('\n').map((line) => {
    const m = /^(\s*)(.*?);\s*\/\/\s*(.*?)\s*$/.exec(line);
    if (m === null || !LITERAL.test(m[3]!)) return line;
    const [, indent, whole, literal] = m as unknown as [string, string, string, string];
    // `if (cond) expr` checks expr when cond holds (and the count below notices when it does not).
    const [, guard, statement] = /^(if \(.*?\) )?(.*)$/.exec(whole) as unknown as [string, string | undefined, string];
    checks++;
    const checked = statement.startsWith('console.log(')
      ? statement.replace('console.log(', `__expect(${literal}, `)
      : `__expect(${literal}, ${statement})`;
    if (/^(const|let|var|if|for|while|return)\b/.test(statement)) throw new Error(`cannot check a value on: ${line}`);
    return `${indent}${guard ?? ''}${checked};`;
  });
  return { code: lines.join('\n'), checks };
}

test('withChecks turns promised values into checks and leaves other comments alone', () => {
  const { code, checks } = withChecks(["f(1);   // 'a'", 'g(); // a note', "if (x) console.log(y); // 2", 'h(); // [0, { a: 1 }]'].join('\n'));
  assert.equal(checks, 3);
  assert.deepEqual(code.split('\n'), ["__expect('a', f(1));", 'g(); // a note', 'if (x) __expect(2, y);', '__expect([0, { a: 1 }], h());']);
});

/**
 * Runs each example as a module inside the package (so that `from 'caissa'` resolves through
 * package.json's exports), checking every value it promises; each must be reached.
 */
async function runExamples(examples: readonly { name: string; code: string }[]): Promise<void> {
  const dir = mkdtempSync(join(DIST_TEST, 'readme-'));
  try {
    for (const [i, { name, code: source }] of examples.entries()) {
      const { code, checks } = withChecks(source);
      assert.ok(checks > 0, `${name} promises no value to check`);
      const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      const file = join(dir, `example${i + 1}.mjs`);
      const seen: unknown[] = [];
      const expect = (want: unknown, got: unknown): void => {
        seen.push(got);
        assert.deepEqual(got, want, name);
      };
      writeFileSync(file, `const __expect = globalThis.__caissaReadmeExpect;\n${js}`);
      (globalThis as { __caissaReadmeExpect?: unknown }).__caissaReadmeExpect = expect;
      await import(pathToFileURL(file).href);
      assert.equal(seen.length, checks, `${name}: a promised value was never reached`);
    }
  } finally {
    delete (globalThis as { __caissaReadmeExpect?: unknown }).__caissaReadmeExpect;
    rmSync(dir, { recursive: true, force: true });
  }
}

test("README's TypeScript examples run and give the values their comments state", async () => {
  const readme = readFileSync(join(DIST_TEST, '..', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert.ok(blocks.length > 0, 'README has no ```ts block');
  await runExamples(blocks.map((code, i) => ({ name: `README block ${i + 1}`, code })));
});

/** The ```ts blocks of the TSDoc comments of `src`, with the file each is in. */
function tsdocExamples(): { name: string; code: string }[] {
  const src = join(DIST_TEST, '..', 'src');
  const examples: { name: string; code: string }[] = [];
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    for (const comment of readFileSync(join(src, entry), 'utf8').match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
      const text = comment.split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n');
      for (const m of text.matchAll(/```ts\n([\s\S]*?)```/g)) examples.push({ name: `src/${entry}: example '${m[1]!.split('\n')[0]}'`, code: m[1]! });
    }
  }
  return examples;
}

/** The entries of package.json's exports a TSDoc example's names come from, the main one first. */
const ENTRIES = ['caissa', 'caissa/core', 'caissa/chess', 'caissa/notation', 'caissa/tools', 'caissa/env', 'caissa/variants/paco', 'caissa/variants/progressive', 'caissa/variants/lichess', 'caissa/node', 'caissa/internal'];

test('the TSDoc examples of src that promise a value run, importing what they use from the public entries, and give it', async () => {
  const exported = new Map<string, string>();
  for (const entry of ENTRIES) {
    for (const name of Object.keys(await import(entry) as object)) if (!exported.has(name)) exported.set(name, entry);
  }
  const examples = tsdocExamples().filter((e) => withChecks(e.code).checks > 0);
  assert.ok(examples.length >= 7, `only ${examples.length} TSDoc examples promise a value`);
  await runExamples(examples.map(({ name, code }) => {
    const byEntry = new Map<string, string[]>();
    for (const id of new Set(code.match(/\b[A-Za-z_$][\w$]*\b/g))) {
      const entry = exported.get(id);
      if (entry !== undefined) byEntry.set(entry, [...(byEntry.get(entry) ?? []), id]);
    }
    const imports = [...byEntry].map(([entry, names]) => `import { ${names.join(', ')} } from '${entry}';`);
    return { name, code: [...imports, code].join('\n') };
  }));
});

test("README's command table names only commands and options that exist", async () => {
  const commands = await loadAllCommands();
  // The registry's names are the loaded commands' own.
  assert.deepEqual(commands.map((c) => c.name), COMMANDS.map((c) => c.name));
  const readme = readFileSync(join(DIST_TEST, '..', 'README.md'), 'utf8');
  const rows = readme.split('\n').filter((line) => line.startsWith('| `caissa '));
  assert.ok(rows.length >= COMMANDS.length, 'README has no command table');
  const named = new Set<string>();
  for (const row of rows) {
    const form = row.slice(0, row.indexOf(' | ', 2));
    // One command or several of the same form (`caissa san …`, `caissa uci …`).
    for (const [, name] of form.matchAll(/`caissa (\w+)/g)) {
      const command = commands.find((c) => c.name === name);
      assert.ok(command !== undefined, `README names 'caissa ${name}', which does not exist`);
      named.add(name!);
      // Every option of the form shown is one the command's usage gives (the usage may give more).
      for (const option of form.match(/--[a-z0-9-]+/g) ?? []) assert.ok(command.usage.includes(option), `caissa ${name}: README shows ${option}, its usage has none`);
    }
  }
  assert.deepEqual(COMMANDS.map((c) => c.name).filter((n) => !named.has(n)), [], 'commands missing from README');
});
