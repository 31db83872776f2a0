/**
 * Every script in examples/ runs as a user runs it (`node examples/NAME.mjs`, importing `caissa`
 * through the package's exports map) and prints exactly what its closing `// Prints:` comment says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');

/** The output an example promises: the comment lines after `// Prints:`, without their `// `. */
export function promisedOutput(source: string): string {
  const at = source.lastIndexOf('\n// Prints:\n');
  if (at < 0) throw new Error('no "// Prints:" comment');
  return source.slice(at + '\n// Prints:\n'.length).trimEnd().split('\n').map((line) => line.replace(/^\/\/ ?/, '')).join('\n');
}

const scripts = readdirSync(EXAMPLES).filter((f) => f.endsWith('.mjs')).sort();

test('examples/ holds the scripts the README lists', () => {
  assert.deepEqual(scripts, ['board-ui-moves.mjs', 'edit-pgn-tree.mjs', 'paco-sako.mjs', 'perft.mjs', 'play-and-write-pgn.mjs', 'progressive-solver.mjs', 'read-pgn-database.mjs']);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const script of scripts) assert.ok(readme.includes(`examples/${script}`), `README names examples/${script}`);
});

for (const script of scripts) {
  test(`examples/${script} runs and prints what it says`, () => {
    const r = spawnSync(process.execPath, [join('examples', script)], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout.trimEnd(), promisedOutput(readFileSync(join(EXAMPLES, script), 'utf8')));
  });
}
