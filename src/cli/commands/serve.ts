/**
 * `caissa serve`: the browser playground (dist/web, built with the package) on a local web server.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createStaticServer } from '../../node/static-server.js';
import { EngineService } from '../../node/serve-engine.js';
import { EXIT_OK, InputError, UsageError, parseIntOption, type Command } from '../usage.js';

const usage = `caissa serve [--port 8080] [--host 127.0.0.1] [--open] [--engine PATH]
  serves the playground (board, games, analysis) at http://HOST:PORT/ until stopped (Ctrl-C)
  --port: 0 picks a free port; the URL is printed on standard output once the server listens
  --host: the address to bind (default loopback only; 0.0.0.0 shows the page to the network)
  --open: opens the page in the system's browser
  --engine PATH: a UCI engine the server runs; the page shows its analysis (server-sent events)
  The page needs no network: the files in dist/web also work from any static web host`;

/** The playground's files: dist/web beside dist/cli (this file is dist/cli/commands/serve.js). */
export const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

/** The system's command that opens a URL in the default browser. */
function openCommand(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  return ['xdg-open', [url]];
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'serve the browser playground: board, games, variants, analysis',
  usage,
  example: 'caissa serve --port 8080 --open',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        open: { type: 'boolean', default: false },
        engine: { type: 'string' },
      },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const port = parseIntOption('--port', values.port, 8080, 0, 65535);
    const host = values.host;
    if (host === '') throw new UsageError('--host: expected an address such as 127.0.0.1');
    if (!existsSync(WEB_ROOT + 'index.html')) throw new InputError(`the playground is not built: no ${WEB_ROOT}index.html (npm run build)`);
    const engine = values.engine === undefined ? undefined : await EngineService.start(values.engine).catch((e: Error) => {
      throw new InputError(`--engine: ${e.message}`);
    });
    const server = createStaticServer(WEB_ROOT, { routes: engine === undefined ? undefined : (req, res, path) => engine.handle(req, res, path) });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) => {
        void engine?.close();
        reject(new InputError(`cannot listen on ${host}:${port}: ${e.code ?? e.message}`));
      });
      server.listen(port, host, resolve);
    });
    const address = server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${shown}:${address.port}/`;
    console.log(url);
    if (values.open) {
      const [cmd, cmdArgs] = openCommand(url);
      const child = spawn(cmd, cmdArgs, { stdio: 'ignore', detached: true });
      child.on('error', () => console.error(`caissa serve: could not start ${cmd}; open ${url} yourself`));
      child.unref();
    }
    // Serve until a signal: close the server and leave with 0.
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeAllConnections();
        void Promise.all([closed, engine?.close()]).then(() => resolve());
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return EXIT_OK;
  },
};
