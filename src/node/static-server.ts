/**
 * A small static file server for the browser playground (`caissa serve`): GET and HEAD of the
 * files under one folder, nothing else. Node's http only. It answers a path that would leave the
 * folder (`/../`, `%2e%2e`, `%2f`, a backslash, a NUL) with 400 before it touches the disk, an
 * unknown path with 404, and never lists a folder: `/` is `index.html`.
 */
import { createReadStream, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';

/** Content types of the files the playground ships (and a few a static folder commonly holds). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pgn': 'application/x-chess-pgn; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The content type of a file by its extension; unknown ones as bytes, which a browser will not run. */
export const contentType = (path: string): string => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file a request path names under `root` (already resolved by realpath), or why not:
 * `bad` for a path that is no plain name (dot segments, encoded slashes or dots, backslashes, NUL,
 * bad percent-encoding), `missing` for one that names no file under the root.
 */
export function resolveRequestPath(root: string, rawPath: string): { file: string } | { refused: 'bad' | 'missing' } {
  // Dot segments are refused in any spelling: raw, percent-encoded (%2e), or hidden behind an
  // encoded separator (%2f, %5c). A client's own URL parser removes `/../` before sending; one
  // that does not is up to no good.
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { refused: 'bad' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\\') || decoded.includes('\0') || /%2f|%5c/i.test(rawPath)) return { refused: 'bad' };
  const segments = decoded.split('/').slice(1);
  if (segments.some((s) => s === '..' || s === '.')) return { refused: 'bad' };
  const relative = decoded.endsWith('/') ? decoded + 'index.html' : decoded;
  const candidate = join(root, ...relative.split('/').filter((s) => s !== ''));
  let real: string;
  try {
    // realpath: a symbolic link inside the folder must not lead out of it either.
    real = realpathSync(candidate);
    if (!statSync(real).isFile()) return { refused: 'missing' };
  } catch {
    return { refused: 'missing' };
  }
  if (!real.startsWith(root + sep)) return { refused: 'missing' };
  return { file: real };
}

/** Security headers a static page of its own needs: nothing from elsewhere may run or load. */
const HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // Everything from this server only: no CDN, no fonts, no frames; workers from here too.
  'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
};

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export interface StaticServerOptions {
  /**
   * Routes of the page's own (such as the engine's event streams), asked first: true when the
   * request was answered. `pathname` is the path as sent, without its query.
   */
  readonly routes?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
}

/**
 * An http.Server giving the files under `root` (not yet listening). `root` must be a folder;
 * a RangeError otherwise.
 */
export function createStaticServer(root: string, options: StaticServerOptions = {}): Server {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    throw new RangeError(`static server: no folder at ${root}`);
  }
  if (!statSync(realRoot).isDirectory()) throw new RangeError(`static server: ${root} is not a folder`);
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    // The path as sent, before any URL parser can normalise its dot segments away.
    const rawPath = url.split(/[?#]/, 1)[0]!;
    if (options.routes?.(req, res, rawPath) === true) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      answer(res, 405, 'method not allowed\n');
      return;
    }
    const found = resolveRequestPath(realRoot, rawPath);
    if ('refused' in found) {
      answer(res, found.refused === 'bad' ? 400 : 404, found.refused === 'bad' ? 'bad path\n' : 'not found\n');
      return;
    }
    const size = statSync(found.file).size;
    res.writeHead(200, { ...HEADERS, 'content-type': contentType(found.file), 'content-length': size, 'cache-control': 'no-cache' });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(found.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
}
