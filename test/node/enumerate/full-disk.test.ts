/**
 * A full disk under `enumerate --workdir`: the worker thread that hits it gives the error to the
 * main thread as it was (code, call, path), so the command says "cannot write FILE: no space left
 * on device" with the I/O exit code, as every command does (`src/cli/io-failure.ts`).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Position } from '../../../src/chess/position.js';
import { EXIT_IO } from '../../../src/cli/exit.js';
import { makeFen } from '../../../src/notation/fen.js';
import { WorkerPool } from '../../../src/node/enumerate/pool.js';
import { initWorkdir } from '../../../src/node/enumerate/run.js';
import { levelDir } from '../../../src/node/enumerate/workdir.js';
import { identityCode } from '../../../src/tools/enumerate/identity.js';
import { tempDir } from '../../helpers.js';

const MAIN = fileURLToPath(new URL('../../../../dist/cli/main.js', import.meta.url));

test('a system error in a worker thread reaches the caller with its code, call and path', async () => {
  const dir = join(tempDir('caissa-enum-errno-'), 'run');
  const pos = Position.standard();
  initWorkdir(dir, { fen: makeFen(pos), identity: 'fide', plies: 2, resume: false, pos });
  // Level 1's directory is a file: the expansion of level 0 cannot make its spill directory there.
  writeFileSync(levelDir(dir, 1), '');
  const pool = new WorkerPool(1);
  try {
    const unit = { dir, ply: 0, bucket: 0, childBuckets: 1, last: false, identity: identityCode('fide'), memoryBytes: 2 ** 20 };
    await assert.rejects(pool.run({ type: 'expand-unit', unit }), (e: NodeJS.ErrnoException) => {
      assert.equal(e.code, 'ENOTDIR');
      assert.equal(e.syscall, 'mkdir');
      assert.equal(e.path, join(levelDir(dir, 1), 'spill'));
      return true;
    });
  } finally {
    await pool.close();
  }
});

/** Whether this process may mount a file system of its own (`unshare -rm`: user and mount namespaces). */
const mountable = (): boolean => spawnSync('unshare', ['-rm', 'true']).status === 0;

test('enumerate --workdir on a full disk: "cannot write FILE: no space left on device", exit 3', { skip: !mountable() && 'no user namespaces to mount a small tmpfs in (unshare -rm)', timeout: 120_000 }, () => {
  const mnt = join(tempDir('caissa-enum-full-'), 'mnt');
  mkdirSync(mnt);
  // A 256 KiB tmpfs seen by this command alone: level 3's spill files do not fit.
  const script = 'mount -t tmpfs -o size=256k tmpfs "$1" && exec "$2" "$3" enumerate --plies 5 --workdir "$1/w" --quiet';
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', script, 'sh', mnt, process.execPath, MAIN], { encoding: 'utf8', timeout: 60_000 });
  assert.match(r.stderr, new RegExp(`^caissa enumerate: cannot write ${mnt}/w/\\S+: no space left on device\\n$`));
  assert.equal(r.status, EXIT_IO);
});
