/**
 * A Python interpreter with numpy, the reference for our .npy files: `python3` if it has numpy,
 * else Debian's, with package python3-numpy installed; undefined if neither can be had (the tests
 * that need it skip then, but not in CI: see debianBinary).
 */
import { execFileSync } from 'node:child_process';
import { debianBinary } from '../debian.js';

let interpreter: string | null | undefined;

export function numpyPython(): string | undefined {
  if (interpreter === undefined) {
    try {
      execFileSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' });
      interpreter = 'python3';
    } catch {
      interpreter = debianBinary('python3-numpy', ['/usr/lib/python3/dist-packages/numpy/__init__.py']) === undefined ? null : '/usr/bin/python3';
    }
  }
  return interpreter ?? undefined;
}
