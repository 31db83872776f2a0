/**
 * The entries Node loads (package.json's `default` exports, dist/bundle/, made by
 * scripts/bundle.mjs) against tsc's modules that bundlers for the browser take (`browser`): the
 * same names, one copy of each class whichever entry a program imports them from, caissa/node
 * taking the browser layers from the shared module, and its worker thread running from there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project's root: dist-test/test/package → three levels up. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXPORTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> }).exports;
const load = (file: string): Promise<Record<string, unknown>> => import(pathToFileURL(join(ROOT, file)).href) as Promise<Record<string, unknown>>;

test('every Node entry exports the names of its browser entry', async () => {
  let compared = 0;
  for (const [key, target] of Object.entries(EXPORTS)) {
    if (typeof target === 'string' || target.browser === undefined) continue;
    assert.match(target.default!, /^\.\/dist\/bundle\//, `exports['${key}'].default`);
    const [node, browser] = await Promise.all([load(target.default!), load(target.browser)]);
    assert.deepEqual(Object.keys(node).sort(), Object.keys(browser).sort(), `exports['${key}']`);
    compared++;
  }
  assert.ok(compared >= 10, `only ${compared} entries compared`);
});

test('a class is one class whichever Node entry gives it', async () => {
  const root = await load('dist/bundle/index.js');
  const chess = await load('dist/bundle/chess/index.js');
  const internal = await load('dist/bundle/internal.js');
  assert.equal(root.Position, chess.Position);
  assert.equal(root.SquareSet, (await load('dist/bundle/core/index.js')).SquareSet);
  const Position = root.Position as { standard(): unknown };
  const start = Position.standard();
  const words = (internal.positionWords as (p: unknown) => Int32Array)(start);
  const again = (internal.positionFromWords as (w: Int32Array, c: boolean) => unknown)(Int32Array.from(words), false);
  assert.ok(again instanceof (root.Position as new () => unknown));
  // The paco namespace of the root is the caissa/variants/paco entry's.
  assert.equal((root.paco as Record<string, unknown>).pacoStart, (await load('dist/bundle/variants/paco/index.js')).pacoStart);
});

test('caissa/node imports the browser layers from the shared module, and its worker runs', async () => {
  for (const file of ['dist/bundle/node/index.js', 'dist/bundle/node/pgn-worker.js']) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const imports = [...text.matchAll(/^import\b[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]!);
    assert.deepEqual(imports.filter((s) => !s.startsWith('node:') && s !== '../caissa.js'), [], file);
  }
  const node = await load('dist/bundle/node/index.js');
  const root = await load('dist/bundle/index.js');
  type Pool = { replayBatches(source: unknown): AsyncIterable<{ fen: string | null }[]>; close(): Promise<void> };
  const pool = new (node.PgnReplayPool as new (n: number) => Pool)(1);
  const fens: (string | null)[] = [];
  try {
    for await (const batch of pool.replayBatches((node.openPgn as (f: string) => unknown)(join(ROOT, 'examples', 'games.pgn')))) {
      for (const record of batch) fens.push(record.fen);
    }
  } finally {
    await pool.close();
  }
  const single: (string | null)[] = [];
  const replay = root.replayPgn as (source: unknown) => AsyncIterable<{ fen: string | null }>;
  for await (const record of replay((node.openPgn as (f: string) => unknown)(join(ROOT, 'examples', 'games.pgn')))) single.push(record.fen);
  assert.ok(fens.length >= 3);
  assert.deepEqual(fens, single);
});
