/**
 * One run at a time in a work directory (`../lock.ts`): two processes resuming the same directory
 * would redo the same units, and each would delete the other's temporary files as a kill's
 * leftovers; so a run holds `lock.json` in it from start to end.
 */
import { join } from 'node:path';
import { takeLock } from '../lock.js';
import { EnumerateError } from './workdir.js';

export const LOCK_NAME = 'lock.json';

/**
 * Takes the lock of the existing directory `dir`, or throws an EnumerateError naming the run that
 * holds it; returns the function that releases it.
 */
export const lockWorkdir = (dir: string): (() => void) =>
  takeLock(join(dir, LOCK_NAME), { subject: dir, users: 'a caissa enumerate or cluster submit', fail: (message) => new EnumerateError(message) });
