/**
 * Runs a page in headless Chromium (Debian's package) from a local server: the page reports by
 * POSTing JSON to `/result`, and that report is the result.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tempDir } from '../helpers.js';

/** A file the server gives: its content type and content. */
export interface PageFile {
  readonly type: string;
  readonly data: string | Buffer;
}

/**
 * Serves `files` (by URL path, `/` being the page) on an ephemeral port, opens the page in
 * Chromium and resolves with the JSON the page POSTs to `/result`; rejects when Chromium exits
 * first or after `ms`. Chromium and the server are stopped either way.
 */
export async function runPageInChromium(chromium: string, files: ReadonlyMap<string, PageFile>, ms: number): Promise<unknown> {
  let deliver: (r: unknown) => void = () => {};
  const report = new Promise<unknown>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'POST' && path === '/result') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        res.end();
        deliver(JSON.parse(body));
      });
      return;
    }
    const file = files.get(path);
    if (file === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type });
    res.end(file.data);
  });
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
