/**
 * `npm run bench:book`: Polyglot book look-ups per second. A book made from the first 3,000
 * games of the lichess standard file (every move, `minGames` 1), then every position of those
 * games looked up, in three ways: `count` (the key computed from the position and the binary
 * search: what a program asks to know whether it is still in book), `entries` (the entries with
 * their moves decoded and checked legal), and, as the peer, a JavaScript `Map` from the key as a
 * BigInt to its entries (the key computed the same way). Best of five passes each, CPU time.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { polyglotKey } from '../src/chess/polyglot.js';
import type { Position } from '../src/chess/position.js';
import { sharedPath } from '../src/node/data.js';
import type { PgnGame } from '../src/notation/pgn-game.js';
import { parsePgn } from '../src/notation/pgn-read.js';
import { gameStartingPosition, playLine } from '../src/notation/pgn-walk.js';
import { makePolyglotBook } from '../src/tools/polyglot-book.js';

const bytes = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))).subarray(0, 8_000_000);
const games: PgnGame[] = [];
for (const g of parsePgn(bytes)) {
  if (g.ok && !g.value.tags.some(([n]) => n === 'FEN')) games.push(g.value);
  if (games.length === 3000) break;
}
const positions: Position[] = [];
for (const game of games) {
  const start = gameStartingPosition(game);
  const steps = start.ok ? playLine(start.value, game.moves) : undefined;
  if (steps?.ok) for (const s of steps.value) positions.push(s.before);
}
const book = makePolyglotBook(games, { minGames: 1 });
const map = new Map<bigint, { raw: number; weight: number }[]>();
for (let i = 0; i < book.size; i++) {
  const e = book.rawAt(i);
  const key = BigInt(`0x${e.key}`);
  const list = map.get(key) ?? [];
  list.push({ raw: e.raw, weight: e.weight });
  map.set(key, list);
}

/** Look-ups per CPU second, best of five passes over every position. */
function rate(lookup: (pos: Position) => number): { perSecond: number; found: number } {
  let best = Infinity;
  let found = 0;
  for (let pass = 0; pass < 6; pass++) {
    const t0 = process.cpuUsage();
    found = 0;
    for (const pos of positions) found += lookup(pos);
    const t = process.cpuUsage(t0);
    if (pass > 0) best = Math.min(best, (t.user + t.system) / 1e6); // pass 0 warms up
  }
  return { perSecond: positions.length / best, found };
}

console.log(`book: ${book.size} entries from ${games.length} games; ${positions.length} positions looked up; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
const count = rate((pos) => (book.count(pos) > 0 ? 1 : 0));
const entries = rate((pos) => (book.entries(pos).length > 0 ? 1 : 0));
const peer = rate((pos) => (map.has(polyglotKey(pos)) ? 1 : 0));
// Moves that scored nothing (lost games) are not kept, so not every position is in book; the
// three ways must find the same ones.
if (count.found !== peer.found || entries.found !== peer.found || peer.found < positions.length / 2) throw new Error(`look-ups disagree: ${count.found}, ${entries.found}, ${peer.found}`);
const m = (x: number): string => `${(x / 1e6).toFixed(2)} M/s`;
console.log(`${peer.found} positions in book`);
console.log(`count (key + binary search): ${m(count.perSecond)} (target ≥ 1 M/s)`);
console.log(`entries (moves decoded, legal): ${m(entries.perSecond)}`);
console.log(`peer, Map<bigint> with the same key: ${m(peer.perSecond)}; count / peer ${(count.perSecond / peer.perSecond).toFixed(2)}×`);
