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
