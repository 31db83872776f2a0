/**
 * Finding and reading the shared data folder (`../shared/data` beside the project's root, or
 * `CAISSA_SHARED` when set), with transparent gunzip for `.gz` files. Node-only.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gunzipSync, createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';

/** The shared data folder, found by walking up from this file to the project's root. */
export function sharedDataDir(): string {
  if (process.env.CAISSA_SHARED) return join(resolve(process.env.CAISSA_SHARED), 'data');
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json'))) return resolve(dir, '..', 'shared', 'data');
    dir = dirname(dir);
  }
  throw new Error('cannot find the project root (package.json) above ' + fileURLToPath(import.meta.url));
}

/** A path inside the shared data folder. */
export const sharedPath = (...parts: string[]): string => join(sharedDataDir(), ...parts);

/** A byte stream of a file, gunzipped when its name ends in `.gz`; `-` is standard input. */
export function openStream(path: string): Readable {
  if (path === '-') return process.stdin;
  const raw = createReadStream(path);
  return path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
}

/** The whole text of a (possibly gzipped) file. */
export function readText(path: string): string {
  const buf = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
}

/** The lines of a (possibly gzipped) file, streamed. */
export async function* readLines(path: string): AsyncGenerator<string> {
  const rl = createInterface({ input: openStream(path), crlfDelay: Infinity });
  for await (const line of rl) yield line;
}
