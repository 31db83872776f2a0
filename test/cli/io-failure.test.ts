/** A full output or disk is an I/O failure: one line, exit code 3 (`src/cli/io-failure.ts`). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_IO } from '../../src/cli/exit.js';
import { tempDir } from '../helpers.js';

const MAIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));

test('every command writing to a full output (/dev/full) says "cannot write standard output: no space left on device" and exits 3, no stack trace', { skip: !existsSync('/dev/full'), timeout: 120_000 }, () => {
  assert.equal(EXIT_IO, 3);
  const dir = tempDir('caissa-io-');
  const pgn = join(dir, 'games.pgn');
  writeFileSync(pgn, '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n'.repeat(20));
  const commands: string[][] = [
    ['moves'],
    ['perft', '3'],
    ['perft', '3', '--threads', '2'],
    ['svg'],
    ['enumerate', '--plies', '2'],
    ['paco', 'perft', '2'],
    ['pgn', 'replay', pgn, '--jsonl'],
    ['selfplay', '--games', '1', '--max-steps', '10', '--out', join(dir, 'run'), '--quiet'],
  ];
  for (const args of commands) {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [MAIN, ...args], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.stderr, `caissa ${args[0]}: cannot write standard output: no space left on device\n`, args.join(' '));
      assert.equal(r.status, 3, args.join(' '));
    } finally {
      closeSync(full);
    }
  }
});
