/** Whether python3 with numpy is available (tests that need it skip otherwise). */
import { execFileSync } from 'node:child_process';

export function hasNumpy(): boolean {
  try {
    execFileSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
