/**
 * What the playground's browser tests share: `caissa serve` started and stopped, the board's
 * squares found on the screen for clicks and drags, screenshots into the artefacts folder that
 * fail on a blank board, and polling for a state the page reaches.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { decodePng, pixelSummary } from './png.js';

/** The package's root (dist-test/test/browser is three levels below it). */
export const ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
export const WEB = join(ROOT, 'dist', 'web');
export const ARTEFACTS = join(ROOT, 'artefacts', 'playground');

/** Starts `caissa serve` with `args`; resolves with the process and the URL it prints. */
export async function startServe(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'caissa.js'), 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const line = /^(http:\/\/\S+)\n/.exec(out);
      if (line) done(line[1]!);
    });
    child.on('exit', (code) => fail(new Error(`caissa serve exited (${code}): ${err}`)));
    setTimeout(() => fail(new Error(`caissa serve printed no URL in 20 s: ${out}${err}`)), 20_000);
  });
  return { child, url };
}

export async function stopServe(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  child.kill('SIGTERM');
  return exited;
}

/** The centre of a square of the board on the screen, for the current orientation. */
export async function squareCentre(page: Page, square: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator('#board svg').boundingBox())!;
  const flipped = (await page.getAttribute('#board', 'data-orientation')) === 'black';
  // The diagram: 45-unit squares after an 18-unit margin on the left; 378 × 378 units in all.
  const unit = box.width / 378;
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const col = flipped ? 7 - file : file;
  const row = flipped ? rank : 7 - rank;
  return { x: box.x + (18 + 45 * col + 22.5) * unit, y: box.y + (45 * row + 22.5) * unit };
}

export async function click(page: Page, square: string): Promise<void> {
  const { x, y } = await squareCentre(page, square);
  await page.mouse.click(x, y);
}

export async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** A screenshot of the page into the artefacts, and the board's must not be blank. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  writeFileSync(join(ARTEFACTS, `${name}.png`), await page.screenshot({ fullPage: true }));
  const board = decodePng(await page.locator('#board').screenshot());
  const { colours, share } = pixelSummary(board);
  assert.ok(board.width > 100 && board.height > 100, `${name}: board ${board.width}×${board.height}`);
  assert.ok(colours >= 8 && share > 0.3, `${name}: the board area looks blank (${colours} colours, ${(share * 100).toFixed(1)}% off the main one)`);
}

/** Polls `check` every 50 ms until it holds; fails after `ms` (the page's policy forbids eval, so no waitForFunction). */
export async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
