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
 * Why Redis at `o` cannot be reached within `timeoutMs`, or undefined when it can. Checked before
 * the queue clients start: they would otherwise retry forever, logging each refused connection.
 * A TCP connection is not enough (a wrong port may hold another server, and a proxy may accept
 * any): a PING must be answered as Redis answers, with a simple string or an error reply (RESP,
 * `+PONG` or `-NOAUTH …` when a password is needed, which the clients then give). Another reply
 * is quoted as received, its first line up to 64 characters (the CLI escapes control characters).
 */
export function unreachableRedis(o: RedisOptions, timeoutMs = 3000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: o.host, port: o.port });
    let reply = '';
    const done = (why: string | undefined): void => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer from ${o.host}:${o.port} within ${timeoutMs} ms`));
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.on('data', (b: Buffer) => {
      reply += b.toString('latin1');
      if (reply[0] === '+' || reply[0] === '-') return done(undefined);
      const line = reply.split(/\r?\n/)[0]!;
      if (line.length < reply.length || reply.length >= 64) done(`${o.host}:${o.port} is not Redis (it answered '${line.slice(0, 64)}')`);
    });
    socket.once('end', () => done(`${o.host}:${o.port} is not Redis (it closed the connection${reply === '' ? '' : ` after '${reply.slice(0, 64)}'`})`));
    socket.once('error', (e: NodeJS.ErrnoException) => done(`cannot reach Redis at ${o.host}:${o.port} (${e.code ?? e.message})`));
  });
}
