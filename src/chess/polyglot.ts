/**
 * A position's Polyglot Zobrist key, computed when asked. Positions do not keep it up to date as
 * they are played (the key costs an update per move and the 781 Polyglot numbers a program's
 * bundle, and few programs hash), so this module is the one that reads the table for them.
 */
import { keyToBigInt } from '../core/zobrist.js';
import { W_KEY, WORDS } from './layout.js';
import { refreshKey } from './play.js';
import type { Position } from './position.js';

const keyScratch = new Int32Array(WORDS);

/**
 * The key's two int32 halves of `pos`, into `out[0]` (low) and `out[1]` (high): the Polyglot
 * book format's key of the position (pieces, castling rights, the en-passant file when a pawn of
 * the side to move stands beside the pawn that just double-stepped, and white to move).
 */
export function polyglotKeyHalves(pos: Position, out: Int32Array): void {
  keyScratch.set(pos.words.subarray(0, WORDS));
  refreshKey(keyScratch, 0);
  out[0] = keyScratch[W_KEY]!;
  out[1] = keyScratch[W_KEY + 1]!;
}

const halves = new Int32Array(2);

/**
 * The Polyglot Zobrist key of a position as an unsigned 64-bit BigInt, the key Polyglot opening
 * books (`.bin`) are indexed by: `polyglotKey(Position.standard()).toString(16)` is
 * `'463b96181691fc9c'`.
 */
export function polyglotKey(pos: Position): bigint {
  polyglotKeyHalves(pos, halves);
  return keyToBigInt(halves[0]!, halves[1]!);
}
