/**
 * Programs from Debian's packages that tests use as references (Stockfish, pgn-extract, Polyglot,
 * Chromium, Redis). CI runs as root on a clean machine, so a missing package is installed on
 * first use.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The file the installs lock, in the build folder (this file is `dist-test/test/debian.js`):
 * shared by the test files of one build, and not left in the system's temporary directory.
 */
const APT_LOCK = fileURLToPath(new URL('../apt.lock', import.meta.url));

/**
 * The first of `paths` that exists, installing Debian package `pkg` if none does; undefined
 * when the package cannot be had (no apt-get, no root, no network), and then the tests that need
 * it are skipped, except in CI (`.ci/run` sets CAISSA_REQUIRE_REFERENCES=1), where that throws.
 */
export function debianBinary(pkg: string, paths: readonly string[]): string | undefined {
  const found = (): string | undefined => paths.find((p) => existsSync(p));
  if (found()) return found();
  try {
    // Test files run in parallel, and apt takes locks: one install at a time, under flock.
    const install = `apt-get install -y -qq ${pkg} || (apt-get update -qq && apt-get install -y -qq ${pkg})`;
    execFileSync('flock', [APT_LOCK, 'bash', '-c', install], {
      stdio: 'ignore',
      timeout: 600_000,
    });
  } catch {
    // Reported below: the package did not install.
  }
  const path = found();
  if (path === undefined && process.env.CAISSA_REQUIRE_REFERENCES === '1') {
    throw new Error(`Debian package ${pkg} could not be installed, and CAISSA_REQUIRE_REFERENCES=1 forbids skipping its tests`);
  }
  return path;
}
