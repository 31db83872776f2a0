/**
 * Where tests and benchmarks find their data. Small fixtures (perft suites, the progressive course
 * problems, the Paco Ŝako vectors, the tricky PGN files) live in the repository, in test/fixtures
 * (see its README). Only the large game databases and position collections stay outside it, in
 * `../shared/data` beside the project or `$CAISSA_SHARED/data`; tests that need them are skipped
 * with a message when they are absent, except in CI (CAISSA_REQUIRE_REFERENCES=1), where that fails.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedPath } from '../src/node/data.js';

export { sharedPath };

/** The project's root: the first folder above this file with a package.json (dist-test/ has none). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the project root (package.json) above ' + fileURLToPath(import.meta.url));
}

/** A path inside test/fixtures (always present: part of the repository). */
export const fixturePath = (...parts: string[]): string => join(resolve(projectRoot(), 'test', 'fixtures'), ...parts);

/**
 * `false` when the shared data path `parts` (e.g. `'games'` or `'positions', 'endgames.epd.gz'`)
 * exists, else the reason to skip the tests that read it, for `test(name, { skip }, …)`. In CI
 * (CAISSA_REQUIRE_REFERENCES=1) an absent path throws instead: there the data is required.
 */
export function sharedSkip(...parts: string[]): string | false {
  const path = sharedPath(...parts);
  if (existsSync(path)) return false;
  if (process.env.CAISSA_REQUIRE_REFERENCES === '1') {
    throw new Error(`large shared data ${path} is absent, and CAISSA_REQUIRE_REFERENCES=1 forbids skipping its tests`);
  }
  return `large shared data absent: ${path} (put shared/ beside the project or set CAISSA_SHARED)`;
}
