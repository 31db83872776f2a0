/**
 * The playground in a real browser: `caissa serve` on a free loopback port, Debian's Chromium
 * driven by playwright-core (no browser download), one browser and one page for every step.
 * Each step leaves a screenshot in artefacts/playground/ (not in git) and fails when the board
 * area is blank. The page's own performance marks give the timings reported against the
 * targets (BENCHMARKS.md): first board ≤ 1 s, a move answered ≤ 16 ms; perft never blocking the
 * page is asserted, and the files of dist/web weighing ≤ 150 KB gzipped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { debianBinary } from '../debian.js';
import { ARTEFACTS, click, drag, ROOT, shot, squareCentre, startServe, stopServe, WEB } from './playground-page.js';

/** A raw GET (or other method) of `path` as written: Node's client leaves dot segments alone. */
function raw(url: string, path: string, method = 'GET'): Promise<{ status: number; type: string | undefined; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => done({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('caissa serve gives dist/web and nothing else, on loopback', { timeout: 60_000 }, async () => {
  const { child, url } = await startServe(['--port', '0']);
  try {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/, 'binds 127.0.0.1 unless told');
    const page = await raw(url, '/');
    assert.equal(page.status, 200);
    assert.equal(page.type, 'text/html; charset=utf-8');
    assert.match(page.body, /<div id="board"/);
    assert.equal((await raw(url, '/app.js')).type, 'text/javascript; charset=utf-8');
    assert.equal((await raw(url, '/style.css')).type, 'text/css; charset=utf-8');
    assert.equal((await raw(url, '/perft-worker.js?x=1')).status, 200);
    // Outside the folder, in every spelling: refused before the disk is read.
    for (const path of ['/../package.json', '/../../package.json', '/%2e%2e/package.json', '/%2E%2E/%2e%2e/package.json', '/..%2fpackage.json',
      '/..%5cpackage.json', '/%2fetc%2fpasswd', '/./index.html', '/a/../index.html', '/%00', '/%zz']) {
      const r = await raw(url, path);
      assert.equal(r.status, 400, `${path}: ${r.status}`);
      assert.doesNotMatch(r.body, /"name": "caissa"|root:/);
    }
    for (const path of ['/nope.js', '/web/index.html', '/package.json', '/cli/main.js']) assert.equal((await raw(url, path)).status, 404, path);
    assert.equal((await raw(url, '/', 'POST')).status, 405);
    assert.equal((await raw(url, '/', 'HEAD')).status, 200);
    // Not reachable on the machine's other addresses.
    const { port } = new URL(url);
    const other = Object.values(networkInterfaces()).flat().find((a) => a !== undefined && !a.internal && a.family === 'IPv4');
    if (other !== undefined) await assert.rejects(raw(`http://${other.address}:${port}/`, '/'), /ECONNREFUSED/);
  } finally {
    assert.equal(await stopServe(child), 0);
  }
  // Bad options are usage errors (exit 2).
  const bad = spawn(process.execPath, [join(ROOT, 'bin', 'caissa.js'), 'serve', '--port', '70000'], { stdio: 'ignore' });
  assert.equal(await new Promise((done) => bad.on('exit', done)), 2);
});

const chromiumPath = debianBinary('chromium', ['/usr/bin/chromium']);

const fen = (page: Page): Promise<string | null> => page.getAttribute('#board', 'data-fen');

/** Durations of the page's measures named `name`. */
const measures = (page: Page, name: string): Promise<number[]> =>
  page.evaluate(`performance.getEntriesByName(${JSON.stringify(name)}).map((e) => e.duration)`) as Promise<number[]>;

/**
 * The page's speed targets (first board ≤ 1 s, a move ≤ 16 ms) are measured here and written
 * to the figures file for BENCHMARKS.md, not asserted: on a shared machine the scheduler decides
 * milliseconds. What is asserted is behaviour that no load explains away: work that belongs in a
 * worker (perft, seconds on the page's thread) never holds the page for a quarter second.
 */
const BLOCKED_MS = 250;

const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

test('the playground in Chromium: moves, positions, games, analysis', {
  skip: chromiumPath === undefined && 'chromium unavailable',
  timeout: 180_000,
}, async (t) => {
  const { child, url } = await startServe(['--port', '0']);
  let browser: Browser | undefined;
  const figures: Record<string, number> = {};
  try {
    browser = await playwright.launch({ executablePath: chromiumPath!, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // No request may leave the server: no CDN, no fonts.
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });

    await t.test('first load: the board, page weight, first drawing', async () => {
      await page.goto(url);
      await page.waitForSelector('#board svg');
      assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
      assert.equal(await page.getAttribute('#board', 'data-variant'), 'chess');
      assert.equal(await page.getAttribute('#board', 'data-status'), 'playing');
      figures.firstBoardMs = (await page.evaluate(`performance.getEntriesByName('caissa:first-board')[0].startTime`)) as number;
      // Every file the page may load (the worker too), gzipped.
      const files = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(WEB, f)).isFile());
      figures.pageWeightGzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(WEB, f)), { level: 9 }).length, 0);
      assert.ok(figures.pageWeightGzip <= 150 * 1024, `page weight ${figures.pageWeightGzip} bytes gzipped`);
      await shot(page, '01-start');
    });

    await t.test('1.e4 e5 2.Nf3 by clicks and a drag', async () => {
      await click(page, 'e2');
      assert.equal(await page.locator('#board .dest').count(), 2, 'e2 shows two destinations');
      await shot(page, '02-e2-selected');
      await click(page, 'e4');
      await drag(page, 'e7', 'e5');
      await click(page, 'g1');
      await click(page, 'f3');
      assert.equal(await fen(page), AFTER_NF3);
      await page.waitForURL(/moves=e2e4%20e7e5%20g1f3$/);
      assert.equal(await page.getAttribute('#board', 'data-last-move'), 'g1f3');
      const moves = await measures(page, 'caissa:move');
      assert.equal(moves.length, 3);
      figures.moveMsMax = Math.max(...moves);
      figures.moveWorkMsMax = Math.max(...(await measures(page, 'caissa:move-work')));
      figures.moveFrameMsMax = Math.max(...(await measures(page, 'caissa:move-frame')));
      await shot(page, '03-clicks-nf3');
    });

    await t.test('1.e4 e5 2.Nf3 by keyboard, arrows step through', async () => {
      await page.goto(url);
      await page.waitForSelector('#board svg');
      await page.focus('#move-input');
      for (const move of ['e4', 'e7e5', 'Nf3']) await page.keyboard.type(`${move}\n`);
      assert.equal(await fen(page), AFTER_NF3);
      await page.keyboard.type('Ke3\n');
      assert.match((await page.textContent('#message'))!, /not a legal move/);
      await page.fill('#move-input', '');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.getAttribute('#board', 'data-ply'), '2');
      await page.keyboard.press('ArrowUp');
      assert.equal(await page.getAttribute('#board', 'data-ply'), '0');
      await page.keyboard.press('ArrowDown');
      assert.equal(await fen(page), AFTER_NF3);
      figures.moveMsMax = Math.max(figures.moveMsMax ?? 0, ...(await measures(page, 'caissa:move')));
      await shot(page, '04-keyboard-nf3');
    });

    await t.test('a FEN from the URL, a promotion, the board flipped', async () => {
      const start = '8/P6k/8/8/8/8/6p1/K7 w - - 0 1';
      await page.goto(`${url}?variant=chess&fen=${encodeURIComponent(start)}`);
      await page.waitForSelector('#board svg');
      assert.equal(await fen(page), start);
      await click(page, 'a7');
      await click(page, 'a8');
      await page.waitForSelector('.promotion [data-promotion="knight"]');
      assert.equal(await page.locator('.promotion button').count(), 4);
      await shot(page, '05-promotion-chooser');
      await page.click('.promotion [data-promotion="knight"]');
      assert.equal(await fen(page), 'N7/7k/8/8/8/8/6p1/K7 b - - 0 1');
      await page.waitForURL(/fen=8%2FP6k.*moves=a7a8n$/);
      await page.click('#flip');
      assert.equal(await page.getAttribute('#board', 'data-orientation'), 'black');
      await shot(page, '06-flipped');
      // Clicks land on the right squares of the flipped board.
      await click(page, 'h7');
      await click(page, 'g6');
      assert.equal(await fen(page), 'N7/8/6k1/8/8/8/6p1/K7 w - - 1 2');
      await page.keyboard.press('f');
      assert.equal(await page.getAttribute('#board', 'data-orientation'), 'white');
    });

    await t.test('a PGN with variations, stepped through', async () => {
      await page.goto(url);
      await page.waitForSelector('#board svg');
      const pgn = '[Event "t"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 {main} Nc6 3. Bb5 *';
      await page.fill('#pgn-input', pgn);
      await page.click('#pgn-load');
      assert.equal(await page.locator('#moves button').count(), 10);
      assert.equal(await page.getAttribute('#board', 'data-ply'), '0');
      await page.focus('#board');
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await fen(page), 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
      await page.click('#moves button:text-is("2. Nc3")');
      assert.equal(await fen(page), 'rnbqkbnr/pp1ppppp/8/2p5/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.getAttribute('#board', 'data-last-move'), 'b8c6');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
      await shot(page, '07-pgn-variations');
      // Out again with its variations; a new move from a played position starts a variation.
      await page.click('#pgn-copy');
      const out = await page.inputValue('#pgn-input');
      assert.match(out.replace(/\s+/g, ' '), /\] 1\. e4 e5 \( 1\.\.\. c5 2\. Nf3 \( 2\. Nc3 Nc6 \) 2\.\.\. d6 \) 2\. Nf3 \{main\} 2\.\.\. Nc6 3\. Bb5 \*/);
      // The line of 2. Nc3 made the main one, then 2. Nc3 deleted.
      await page.click('#moves button:text-is("2. Nc3")');
      await page.click('#line-promote');
      await page.click('#pgn-copy');
      assert.match((await page.inputValue('#pgn-input')).replace(/\s+/g, ' '), /\] 1\. e4 c5 \( 1\.\.\. e5 2\. Nf3 \{main\} 2\.\.\. Nc6 3\. Bb5 \) 2\. Nc3 \( 2\. Nf3 d6 \) 2\.\.\. Nc6 \*/);
      await page.click('#line-delete');
      assert.equal(await page.getAttribute('#board', 'data-last-move'), 'c7c5');
      await page.click('#pgn-copy');
      assert.match((await page.inputValue('#pgn-input')).replace(/\s+/g, ' '), /\] 1\. e4 c5 \( 1\.\.\. e5 2\. Nf3 \{main\} 2\.\.\. Nc6 3\. Bb5 \) 2\. Nf3 d6 \*/);
      await page.click('#moves button:text-is("3. Bb5")');
      assert.equal(await fen(page), 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
      // A lichess variant's game, by its Variant tag: the capture on f7 explodes Black's king, bishop and knight (pawns stand).
      await page.fill('#pgn-input', '[Variant "Atomic"]\n\n1. Nf3 d5 2. Ng5 e6 3. Nxf7 1-0');
      await page.click('#pgn-load');
      assert.equal(await page.getAttribute('#board', 'data-variant'), 'atomic');
      await page.focus('#board');
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.getAttribute('#board', 'data-status'), 'variant-end');
      assert.match((await page.textContent('#status'))!, /White wins by an exploded king/);
      assert.equal(await fen(page), 'rnbq3r/ppp3pp/4p3/3p4/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3');
      await page.waitForURL(/variant=atomic&moves=g1f3%20d7d5%20f3g5%20e7e6%20g5f7$/);
      await page.fill('#pgn-input', '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
      await page.click('#pgn-load');
      await page.keyboard.press('End');
      await page.focus('#board');
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.getAttribute('#board', 'data-status'), 'checkmate');
      assert.match((await page.textContent('#status'))!, /White wins by checkmate/);
    });

    await t.test('a Chess960 start by number', async () => {
      await page.goto(url);
      await page.waitForSelector('#board svg');
      await page.selectOption('#variant', 'chess960');
      await page.fill('#chess960-number', '0');
      await page.click('#chess960-go');
      assert.equal(await fen(page), 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
      assert.equal(await page.getAttribute('#board', 'data-variant'), 'chess960');
      await page.waitForURL(/variant=chess960&fen=bbqnnrkr/);
      await page.fill('#chess960-number', '518');
      await page.click('#chess960-go');
      assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
      await shot(page, '08-chess960');
      // Castling where the king stays on g1: the king is put on its rook; a second click on the
      // king puts it down instead.
      await page.goto(`${url}?variant=chess960&fen=${encodeURIComponent('4k3/8/8/8/8/8/8/R5KR w HA - 0 1')}`);
      await page.waitForSelector('#board svg');
      await click(page, 'g1');
      assert.equal(await page.locator('#board .dest[data-dest="h1"]').count(), 1, 'the rook square is a destination');
      await click(page, 'g1');
      assert.equal(await page.locator('#board .dest').count(), 0, 'a second click puts the king down');
      await click(page, 'g1');
      await click(page, 'h1');
      assert.equal(await fen(page), '4k3/8/8/8/8/8/8/R4RK1 b - - 1 1');
      await page.waitForURL(/moves=g1h1$/);
    });

    await t.test('crazyhouse: a drop from the pocket', async () => {
      await page.goto(`${url}?variant=crazyhouse&moves=e2e4%20d7d5%20e4d5%20d8d5`);
      await page.waitForSelector('#board svg');
      assert.equal(await fen(page), 'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3');
      await page.click('#pocket-bottom [data-role="pawn"]');
      await click(page, 'e3');
      assert.equal(await fen(page), 'rnb1kbnr/ppp1pppp/8/3q4/8/4P3/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3');
      await page.waitForURL(/P%40e3$/);
      await shot(page, '09-crazyhouse-drop');
    });

    await t.test('perft 4 of the start position in the worker: 197,281; the page stays responsive', async () => {
      await page.goto(url);
      await page.waitForSelector('#board svg');
      await page.selectOption('#perft-depth', '4');
      await page.click('#perft-run');
      await page.waitForSelector('#perft[data-state="done"]', { timeout: 60_000 });
      assert.equal(await page.getAttribute('#perft-result', 'data-nodes'), '197281');
      const divide = await page.locator('#perft-divide li').allTextContents();
      assert.equal(divide.length, 20);
      assert.equal(divide.reduce((s, li) => s + Number(/: ([\d,]+)$/.exec(li)![1]!.replace(/,/g, '')), 0), 197281);
      assert.ok(divide.includes('e4 (e2e4): 13,160'), divide.join('; '));
      await shot(page, '10-perft4');
      figures.perft4Ms = (await measures(page, 'caissa:perft')).at(-1)!;
      // A deep count (perft 6: seconds) runs while the user picks up pieces, each answered at
      // once; then Stop ends it.
      await page.selectOption('#perft-depth', '6');
      // Chromium's long tasks (≥ 50 ms) on the page's thread while the worker counts: none.
      await page.evaluate(`window.longTasks = []; new PerformanceObserver((l) => window.longTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' })`);
      await page.click('#perft-run');
      await page.waitForSelector('#perft-divide li');
      for (const sq of ['e2', 'd2', 'g1', 'b1']) await click(page, sq);
      assert.equal(await page.getAttribute('#perft', 'data-state'), 'running', 'the four clicks came while perft 6 ran');
      await page.click('#perft-stop');
      assert.equal(await page.getAttribute('#perft', 'data-state'), 'cancelled');
      // A move of the divide list plays it.
      const first = page.locator('#perft-divide li').first();
      const uci = await first.getAttribute('data-uci');
      await first.click();
      assert.equal(await page.getAttribute('#board', 'data-last-move'), uci);
      const longTasks = (await page.evaluate('window.longTasks')) as number[];
      const selects = (await measures(page, 'caissa:select')).slice(-4);
      const work = (await measures(page, 'caissa:select-work')).slice(-4);
      figures.selectDuringPerftMsMax = Math.max(...selects);
      figures.selectWorkDuringPerftMsMax = Math.max(...work);
      figures.perftTimerGapMs = (await measures(page, 'caissa:perft-gap')).at(-1)!;
      figures.longTasksDuringPerft = longTasks.length;
      assert.deepEqual(longTasks.filter((ms) => ms >= BLOCKED_MS), [], 'the page was held while perft ran');
    });

    await t.test('draw claims, bad input', async () => {
      await page.goto(`${url}?moves=g1f3%20g8f6%20f3g1%20f6g8%20g1f3%20g8f6%20f3g1%20f6g8`);
      await page.waitForSelector('#board svg');
      assert.equal(await page.getAttribute('#board', 'data-status'), 'playing');
      assert.match((await page.textContent('#status'))!, /threefold repetition: a draw can be claimed/);
      assert.equal(await page.textContent('#repetitions'), '3 (threefold: claimable)');
      await page.fill('#fen-input', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 80');
      await page.click('#fen-load');
      assert.equal(await page.textContent('#fifty'), '99 half-moves');
      await click(page, 'g1');
      await click(page, 'f3');
      assert.match((await page.textContent('#status'))!, /fifty moves: a draw can be claimed/);
      await page.fill('#fen-input', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1');
      await page.click('#fen-load');
      assert.match((await page.textContent('#message'))!, /^FEN: /);
      assert.equal(await page.getAttribute('#message', 'class'), 'error');
      await page.goto(`${url}?moves=e2e4%20e2e4`);
      await page.waitForSelector('#board svg');
      assert.match((await page.textContent('#message'))!, /'e2e4' is not a legal move after e2e4/);
      assert.equal(await page.getAttribute('#board', 'data-ply'), '1', 'the moves up to the fault are played');
      await page.goto(`${url}?variant=shogi`);
      await page.waitForSelector('#board svg');
      assert.match((await page.textContent('#message'))!, /variant 'shogi' unknown/);
      assert.equal(await page.getAttribute('#board', 'data-variant'), 'chess');
      await shot(page, '11-bad-input');
      // The end of a game by the rules: a dead position, a variant's own win.
      await page.goto(`${url}?fen=${encodeURIComponent('8/8/8/8/8/8/8/K6k w - - 0 1')}`);
      await page.waitForSelector('#board svg');
      assert.equal(await page.getAttribute('#board', 'data-status'), 'draw');
      assert.match((await page.textContent('#status'))!, /Draw by insufficient material/);
      await page.goto(`${url}?variant=3check&fen=${encodeURIComponent('rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3')}`);
      await page.waitForSelector('#board svg');
      assert.equal(await page.textContent('#checks'), 'White 1, Black 3');
      await click(page, 'f1');
      await click(page, 'b5');
      assert.equal(await page.getAttribute('#board', 'data-status'), 'variant-end');
      assert.match((await page.textContent('#status'))!, /White wins by the third check/);
      assert.equal(await page.locator('#board .check').count(), 1, 'the king in check is marked');
      await shot(page, '12-three-check');
    });

    await t.test('a phone: 360 px wide, moves by touch', async () => {
      const phone = await browser!.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
      try {
        const touch = await phone.newPage();
        touch.on('pageerror', (e) => errors.push(e.message));
        await touch.goto(`${url}?moves=e2e4`);
        await touch.waitForSelector('#board svg');
        const box = (await touch.locator('#board svg').boundingBox())!;
        assert.ok(box.width <= 360 && box.width >= 300, `board ${box.width} px wide`);
        const scrollWidth = (await touch.evaluate('document.documentElement.scrollWidth')) as number;
        assert.ok(scrollWidth <= 360, `the page scrolls sideways: ${scrollWidth} px`);
        for (const sq of ['e7', 'e5', 'g1', 'f3']) {
          const { x, y } = await squareCentre(touch, sq);
          await touch.touchscreen.tap(x, y);
        }
        assert.equal(await fen(touch), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
        await shot(touch, '13-phone');
      } finally {
        await phone.close();
      }
    });

    assert.deepEqual(foreign, [], 'requests that left the server');
    assert.deepEqual(errors, [], 'errors in the page');
  } finally {
    await browser?.close();
    assert.equal(await stopServe(child), 0);
    mkdirSync(ARTEFACTS, { recursive: true });
    figures.loadPerCore = loadavg()[0]! / availableParallelism();
    writeFileSync(join(ARTEFACTS, 'figures.json'), JSON.stringify(figures, null, 2) + '\n');
    console.log(`playground figures: ${JSON.stringify(figures)}`);
  }
});
