/**
 * Worker faults for the pool tests, without a test hook in the library: a copy of the compiled
 * `src` tree in which one worker module (`node/<name>.js`) is a wrapper given by the test. The
 * wrapper may patch what the worker uses, throw before it starts, or end its thread at some
 * point, and then runs the real worker, kept beside it as `node/<name>.real.js`. The copy lives
 * inside the build folder, so that package.json ("type": "module") and node_modules still apply.
 * `within` turns a promise that never settles (the usual sign of a lost worker) into a failure.
 */
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

/** The compiled `src` folder (this file is `dist-test/test/node/fault-tree.js`). */
const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const BUILD = fileURLToPath(new URL('../..', import.meta.url));

export interface FaultTree {
  /** The file URL of `node/<module>.js` in the copy, to import. */
  url(module: string): string;
  remove(): void;
}

/** A copy of the compiled tree whose worker `node/<worker>.js` is `wrapper` (ES module text). */
export function faultTree(worker: string, wrapper: string): FaultTree {
  const dir = mkdtempSync(join(BUILD, 'fault-'));
  cpSync(SRC, dir, { recursive: true, filter: (f) => !f.endsWith('.map') && !f.endsWith('.d.ts') });
  const file = join(dir, 'node', `${worker}.js`);
  renameSync(file, join(dir, 'node', `${worker}.real.js`));
  writeFileSync(file, wrapper);
  return {
    url: (module) => pathToFileURL(join(dir, 'node', `${module}.js`)).href,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `promise`, or a rejection after `ms` (so that a promise that never settles fails the test). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not settled after ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
