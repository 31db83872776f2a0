/**
 * `caissa svg --variant NAME` and `variantDiagram`: crazyhouse's pockets and three-check's
 * remaining checks drawn in bands above and below the board (each side's on its side, following
 * --flip), a check marked in the variant's sense, moves with drops; the diagram is well-formed XML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { svgCommand } from '../../src/cli/commands/svg.js';
import { boardSvg, variantDiagram } from '../../src/tools/svg/index.js';
import { VariantPosition } from '../../src/variants/lichess/index.js';
import { runCommand } from '../helpers.js';

const attr = (svg: string, selector: RegExp): string[] => [...svg.matchAll(selector)].map((m) => m[1]!);

test('crazyhouse: each pocket drawn with its counts, on its own side, flipped with the board', async () => {
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QPPnp] w KQkq - 2 3';
  const r = await runCommand(svgCommand, ['--variant', 'crazyhouse', '--fen', fen]);
  assert.equal(r.code, 0, r.err);
  const svg = r.out;
  assert.deepEqual(attr(svg, /data-pocket="([a-z-]+)"/g), ['white-queen', 'white-pawn', 'black-knight', 'black-pawn']);
  assert.deepEqual(attr(svg, /data-count="[a-z-]+"[^>]*>(\d+)</g), ['1', '2', '1', '1']);
  // Every glyph a pocket uses is defined, once.
  for (const id of attr(svg, /<use data-pocket="[a-z-]+" href="#([^"]+)"/g)) assert.equal(svg.split(`<symbol id="${id}"`).length, 2, id);
  // White's band below the board (larger y than a1's square), black's above h8's.
  const y = (what: string): number => Number(new RegExp(`<use data-pocket="${what}"[^>]* y="([\\d.]+)"`).exec(svg)![1]);
  const square = (name: string, text: string): number => Number(new RegExp(`<rect data-square="${name}" x="[\\d.]+" y="([\\d.]+)"`).exec(text)![1]);
  assert.ok(y('white-queen') > square('a1', svg) && y('black-knight') < square('h8', svg));
  const flipped = (await runCommand(svgCommand, ['--variant', 'crazyhouse', '--fen', fen, '--flip'])).out;
  const yf = (what: string): number => Number(new RegExp(`<use data-pocket="${what}"[^>]* y="([\\d.]+)"`).exec(flipped)![1]);
  assert.ok(yf('white-queen') < square('h8', flipped) && yf('black-knight') > square('a1', flipped));
  // An empty pocket draws nothing but its band; chess draws no band.
  const empty = variantDiagram(VariantPosition.default('crazyhouse'));
  assert.doesNotMatch(empty, /data-pocket/);
  assert.match(empty, /class="pocket" data-color="white"/);
  assert.doesNotMatch((await runCommand(svgCommand, [])).out, /class="pocket"/);
});

test('crazyhouse moves with drops; three-check\'s remaining checks; atomic\'s check in its own sense', async () => {
  const zh = await runCommand(svgCommand, ['--variant', 'crazyhouse', '--moves', 'e4 d5 exd5 Qxd5 Nc3 Qd8 P@d5']);
  assert.equal(zh.code, 0, zh.err);
  assert.deepEqual(attr(zh.out, /data-count="([a-z-]+)"/g), ['black-pawn']);
  // The drop's square is highlighted, alone.
  assert.equal((zh.out.match(/fill-opacity="0.55"/g) ?? []).length, 1);
  const tc = await runCommand(svgCommand, ['--variant', 'Three-check', '--moves', 'e4 e5 Bc4 Nc6 Bxf7+']);
  assert.equal(tc.code, 0, tc.err);
  assert.deepEqual(attr(tc.out, /class="remaining-checks" data-color="(\w+)"/g), ['white', 'black']);
  assert.deepEqual(attr(tc.out, /class="remaining-checks"[^>]*>(\d) check/g), ['2', '3']);
  assert.match(tc.out, /class="check"/);
  assert.doesNotMatch(tc.out, /data-pocket/);
  // Atomic: kings side by side give no check, so none is marked.
  const atomic = await runCommand(svgCommand, ['--variant', 'atomic', '--fen', '8/8/8/8/8/3kK3/8/7R b - - 0 1']);
  assert.doesNotMatch(atomic.out, /class="check"/);
  const bad = await runCommand(svgCommand, ['--variant', 'crazyhouse', '--moves', 'N@e4']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /move 1 'N@e4'/);
  assert.equal((await runCommand(svgCommand, ['--variant', 'atomic', '--paco'])).code, 2);
  assert.equal((await runCommand(svgCommand, ['--variant', 'shogi'])).code, 2);
});

test('boardSvg refuses pockets and checks that are no whole numbers', () => {
  assert.throws(() => boardSvg([], { pockets: { white: { pawn: -1 }, black: {} } }), RangeError);
  assert.throws(() => boardSvg([], { pockets: { white: { pawn: 1.5 }, black: {} } }), RangeError);
  assert.throws(() => boardSvg([], { remainingChecks: { white: Number.NaN, black: 3 } }), RangeError);
});
