/**
 * What a game written by `makePgn` must read back as: the same tree (comments before the first
 * move, moves with their NAGs, comments and variations), and the tags as the PGN export format
 * puts them (standard §8.1.1, §8.2.6): the Seven Tag Roster first, each with the game's value (the
 * last pair of that name) or its "unknown" value, then the other pairs in their order; a line
 * break, a tab or another control character in a value becomes a space (a string holds printing
 * characters only, §7.1); the termination marker is the game's,
 * else the Result tag's when it is one, else `*`, and the Result tag keeps its value.
 */
import assert from 'node:assert/strict';
import type { PgnGame } from '../../src/notation/pgn-game.js';

const ROSTER: readonly [string, string][] = [
  ['Event', '?'],
  ['Site', '?'],
  ['Date', '????.??.??'],
  ['Round', '?'],
  ['White', '?'],
  ['Black', '?'],
  ['Result', '*'],
];
const MARKERS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

export function assertReadsBackAs(back: PgnGame, game: PgnGame, where: string): void {
  assert.deepEqual(back.comments, game.comments, `${where}: comments before the first move`);
  assert.deepEqual(back.moves, game.moves, `${where}: moves`);
  const last = (name: string): string | undefined => game.tags.findLast(([n]) => n === name)?.[1];
  const resultTag = last('Result');
  const marker = [game.result, resultTag].find((r) => r !== undefined && MARKERS.has(r)) ?? '*';
  assert.equal(back.result, marker, `${where}: termination marker`);
  // Each run of characters that do not print (C0, DEL, C1; tabs and line breaks too) is one space (§7.1).
  const oneLine = (value: string): string => value.replace(/\p{Cc}+/gu, ' ');
  const tags: [string, string][] = ROSTER.map(([name, unknown]) => [name, oneLine((name === 'Result' ? (resultTag ?? marker) : last(name)) ?? unknown)]);
  for (const [name, value] of game.tags) if (!ROSTER.some(([n]) => n === name)) tags.push([name, oneLine(value)]);
  assert.deepEqual(back.tags, tags, `${where}: tags`);
}
