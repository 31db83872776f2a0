/**
 * The core runs in a browser too: probes.ts runs in headless Chromium (Debian's package), loaded
 * as ES modules from a local server with no bundler, and must give what it gives in Node. The
 * lint rules keep Node's imports and globals out of the layers below src/node; this test shows
 * that what is left really runs there: PGN read through the page's fetch and DecompressionStream,
 * TextDecoder's Latin-1, BigInt keys, the solver, the environment, diagrams. The figures that
 * have a published value are checked against it as well.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createReadStream, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { readText, sharedPath } from '../../src/node/data.js';
import { debianBinary } from '../debian.js';
import { CHESS960_STARTS, runProbes, type ProbeInput, type ProbeResults } from './probes.js';
import { fixturePath, sharedSkip } from '../data.js';
import { tempDir } from '../helpers.js';

const PGN_FILES = ['lichess-chess960-370.pgn.gz', 'lichess-from-position-440.pgn.gz', 'lichess-other-variants-133.pgn.gz'];
const problemRows = readText(fixturePath('progressive', 'fri-problems.csv')).trim().split(/\r?\n/).slice(1, 4).map((row) => row.split(','));
const INPUT: ProbeInput = { pgnFiles: PGN_FILES, problems: problemRows.map((r) => r[1]!) };

/** The compiled tree (dist-test), served as `/code/…` so that its relative imports resolve. */
const CODE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const PAGE = `<!doctype html><meta charset="utf-8"><title>caissa probes</title>
<script type="module">
const report = (body) => fetch('/result', { method: 'POST', body: JSON.stringify(body) });
async function* gunzipped(file) {
  const response = await fetch('/shared/games/' + file);
  if (!response.ok) throw new Error(file + ': HTTP ' + response.status);
  const reader = response.body.pipeThrough(new DecompressionStream('gzip')).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}
try {
  const { runProbes } = await import('/code/test/browser/probes.js');
  const input = await (await fetch('/input.json')).json();
  await report({ userAgent: navigator.userAgent, results: await runProbes(input, { pgn: gunzipped }) });
} catch (e) {
  await report({ error: String((e && e.stack) || e) });
}
</script>`;

interface PageReport {
  readonly userAgent?: string;
  readonly results?: ProbeResults;
  readonly error?: string;
}

/** Serves the page, its input, the compiled modules and the shared data; resolves with the page's report. */
function serve(): { server: Server; report: Promise<PageReport> } {
  let deliver: (r: PageReport) => void = () => {};
  const report = new Promise<PageReport>((resolve) => (deliver = resolve));
  const under = (root: string, rest: string): string | undefined => {
    const path = normalize(join(root, decodeURIComponent(rest)));
    return path.startsWith(normalize(root + sep)) ? path : undefined;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/result') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        res.end();
        deliver(JSON.parse(body) as PageReport);
      });
      return;
    }
    const send = (type: string, data: string | Buffer): void => {
      res.writeHead(200, { 'content-type': type });
      res.end(data);
    };
    if (url.pathname === '/') return send('text/html; charset=utf-8', PAGE);
    if (url.pathname === '/input.json') return send('application/json', JSON.stringify(INPUT));
    const file = url.pathname.startsWith('/code/')
      ? under(CODE_ROOT, url.pathname.slice('/code/'.length))
      : url.pathname.startsWith('/shared/')
        ? under(sharedPath(), url.pathname.slice('/shared/'.length))
        : undefined;
    let data: Buffer | undefined;
    try {
      data = file === undefined ? undefined : readFileSync(file);
    } catch {
      data = undefined;
    }
    if (data === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    send(extname(file!) === '.js' ? 'text/javascript' : 'application/octet-stream', data);
  });
  return { server, report };
}

/** Loads the page in headless Chromium and returns its report (or fails after `ms`). */
async function runInChromium(chromium: string, ms: number): Promise<PageReport> {
  const { server, report } = serve();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const profile = tempDir('caissa-chromium-');
  // Root in a container: no sandbox; the rest keeps Chromium off the (closed) network.
  const browser = spawn(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, `http://127.0.0.1:${port}/`,
  ], { stdio: ['ignore', 'ignore', 'pipe'], detached: true }); // its own process group, killed whole below
  const exited = new Promise<void>((resolve) => browser.on('exit', () => resolve()));
  let stderr = '';
  browser.stderr.setEncoding('utf8');
  browser.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      report,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no report from Chromium in ${ms} ms; its stderr ends:\n${stderr}`)), ms);
      }),
      new Promise<never>((_, reject) =>
        browser.on('exit', (code) => reject(new Error(`Chromium exited (${code}) before reporting; its stderr ends:\n${stderr}`))),
      ),
    ]);
  } finally {
    clearTimeout(timer);
    process.kill(-browser.pid!, 'SIGKILL');
    await exited;
    server.close();
    server.closeAllConnections();
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

const chromium = debianBinary('chromium', ['/usr/bin/chromium']);

test('the core in headless Chromium gives what it gives in Node, and the published figures', {
  skip: (chromium === undefined && 'chromium unavailable') || sharedSkip('games'),
  timeout: 300_000,
}, async () => {
  const page = await runInChromium(chromium!, 240_000);
  assert.equal(page.error, undefined, page.error);
  assert.match(page.userAgent!, /HeadlessChrome\//);
  const browser = page.results!;

  const node = await runProbes(INPUT, { pgn: (file) => createReadStream(sharedPath('games', file)).pipe(createGunzip()) });
  assert.deepEqual(browser, node);

  // Published values, independent of both runs.
  assert.equal(browser.perft.start4, 197281);
  assert.equal(browser.perft.kiwipete3, 97862);
  assert.equal(browser.perft.chess960[CHESS960_STARTS.indexOf(518)], 8902); // position 518 is the standard array
  assert.equal(browser.latin1White, 'Müller');
  assert.equal(browser.polyglotStart, '463b96181691fc9c'); // Polyglot's key of the starting position
  const pacoStart = JSON.parse(readText(fixturePath('paco', 'perft_start.json'))) as { turn_perft: { depth: number; count: number }[] };
  assert.equal(browser.pacoTurnPerft3, pacoStart.turn_perft.find((p) => p.depth === 3)!.count);
  for (const [i, row] of problemRows.entries()) {
    const valid = row[5]!.split('|');
    assert.ok(valid.includes(browser.progressive[i]!.join(';')), `problem ${row[0]}: ${browser.progressive[i]} not among ${valid}`);
  }
  // Every game of the three files replays: Chess960, From Position and the lichess variants.
  const [chess960, fromPosition, otherVariants] = browser.replays as ProbeResults['replays'][number][];
  assert.equal(chess960!.length, 370);
  assert.equal(fromPosition!.length, 440);
  assert.equal(otherVariants!.length, 133);
  for (const record of [...chess960!, ...fromPosition!, ...otherVariants!]) assert.equal(record[6], null, String(record));
});
