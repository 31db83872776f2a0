import { connect } from 'node:net';

/** Redis connection options for BullMQ from a `redis://[:password@]host:port[/db]` URL. */
export interface RedisOptions {
  readonly host: string;
  readonly port: number;
  readonly password?: string;
  readonly db?: number;
  /** BullMQ workers need blocking commands without a retry limit. */
  readonly maxRetriesPerRequest: null;
}

export type ParsedRedis = { ok: true; value: RedisOptions } | { ok: false; error: { kind: 'redis-url'; message: string } };

export function parseRedisUrl(text: string): ParsedRedis {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: { kind: 'redis-url', message: `not a URL: '${text}' (expected redis://host:port)` } };
  }
  if (url.protocol !== 'redis:') return { ok: false, error: { kind: 'redis-url', message: `expected redis://, got '${url.protocol}'` } };
  const port = url.port === '' ? 6379 : Number(url.port);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined;
  if (db !== undefined && !Number.isInteger(db)) return { ok: false, error: { kind: 'redis-url', message: `bad database number in '${text}'` } };
  return {
    ok: true,
    value: {
      host: url.hostname || '127.0.0.1',
      port,
      ...(url.password !== '' ? { password: decodeURIComponent(url.password) } : {}),
      ...(db !== undefined ? { db } : {}),
      maxRetriesPerRequest: null,
    },
  };
}

/** The one queue every job goes through. */
export const QUEUE = 'caissa';

/**
 * Why Redis at `o` cannot be reached within `timeoutMs` (a TCP connection), or undefined when it
 * can. Checked before the queue clients start: they would otherwise retry forever, logging each
 * refused connection.
 */
export function unreachableRedis(o: RedisOptions, timeoutMs = 3000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: o.host, port: o.port });
    const done = (why: string | undefined): void => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer from ${o.host}:${o.port} within ${timeoutMs} ms`));
    socket.once('connect', () => done(undefined));
    socket.once('error', (e: NodeJS.ErrnoException) => done(`cannot reach Redis at ${o.host}:${o.port} (${e.code ?? e.message})`));
  });
}
