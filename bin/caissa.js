#!/usr/bin/env node
// The `caissa` command: runs the built CLI (dist/cli/main.js). A package from the registry ships
// dist/; a fresh clone has none until `npm run build` (npm ci builds nothing: the package builds
// on `prepack`), so there the first run builds it, which keeps `npm ci && npx caissa perft 5` one
// line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write('caissa: building dist/ first (npm run build)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0 || !existsSync(main)) {
    process.stderr.write('caissa: the build failed; run `npm run build` to see why\n');
    process.exit(2);
  }
}
await import(main.href);
