/** Redis connection options for BullMQ from a `redis://[[user]:password@]host:port[/db]` URL. */
export interface RedisOptions {
  readonly host: string;
  readonly port: number;
  /** An ACL user of Redis 6 and later (AUTH user password); without it, the default user. */
  readonly username?: string;
  readonly password?: string;
  readonly db?: number;
  /** BullMQ workers need blocking commands without a retry limit. */
  readonly maxRetriesPerRequest: null;
}

export type ParsedRedis = { ok: true; value: RedisOptions } | { ok: false; error: { kind: 'redis-url'; message: string } };

/**
 * `text` with the password of its user information (`redis://[user]:password@…`) shown as `***`,
 * for messages that name the URL: they go to terminals and logs. Up to the last `@` before the
 * path, as a URL parser reads it (a password may hold a raw `@`).
 */
export function redactRedisUrl(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^/]*@/i, '$1***@');
}

export function parseRedisUrl(text: string): ParsedRedis {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: { kind: 'redis-url', message: `not a URL: '${redactRedisUrl(text)}' (expected redis://host:port)` } };
  }
  if (url.protocol !== 'redis:') return { ok: false, error: { kind: 'redis-url', message: `expected redis://, got '${url.protocol}'` } };
  const port = url.port === '' ? 6379 : Number(url.port);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined;
  if (db !== undefined && !Number.isInteger(db)) return { ok: false, error: { kind: 'redis-url', message: `bad database number in '${redactRedisUrl(text)}'` } };
  return {
    ok: true,
    value: {
      // An IPv6 address is written in brackets in a URL (RFC 3986 §3.2.2), which are no part of it.
      host: url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
      port,
      ...(url.username !== '' ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password !== '' ? { password: decodeURIComponent(url.password) } : {}),
      ...(db !== undefined ? { db } : {}),
      maxRetriesPerRequest: null,
    },
  };
}

/** The one queue every job goes through. */
export const QUEUE = 'caissa';

/**
 * Why Redis at `o` cannot be used, or undefined when it can: ioredis connects (with the URL's user,
 * password and database) and sends PING, once, without retries, within `timeoutMs`. Checked before
 * the queue clients start: they would otherwise retry forever, logging each refused connection.
 * Redis's own refusal (`NOAUTH …`, `WRONGPASS …`, `ERR DB index is out of range`) is the reason;
 * a server that answers otherwise is not Redis.
 */
export async function unreachableRedis(o: RedisOptions, timeoutMs = 3000): Promise<string | undefined> {
  const { Redis } = await import('ioredis');
  const at = `${o.host}:${o.port}`;
  const client = new Redis({ ...o, lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  return new Promise((resolve) => {
    let settled = false;
    const done = (why: string | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.disconnect();
      // After a reply it cannot parse, or the server's end, ioredis leaves its socket open.
      (client.stream as { destroy(): void } | undefined)?.destroy();
      resolve(why);
    };
    const timer = setTimeout(() => done(`no answer from ${at} within ${timeoutMs} ms`), timeoutMs);
    // The first failure decides: its 'error' event (with no retries, connect() itself only says
    // "Connection is closed."), or the command's rejection.
    const failed = (e: Error): void => done(redisFailure(at, e));
    client.on('error', failed);
    client
      .connect()
      .then(() => client.ping())
      .then((answer) => done(answer === 'PONG' ? undefined : `${at} is not Redis (it answered '${String(answer).slice(0, 64)}')`), failed);
  });
}

/** What an ioredis failure at `at` says to the user, in one line. */
function redisFailure(at: string, e: Error): string {
  const code = (e as NodeJS.ErrnoException).code;
  const message = e.message.split('\n')[0]!.slice(0, 120);
  if (code === 'ETIMEDOUT') return `no answer from ${at}`;
  if (code !== undefined && /^E[A-Z]+$/.test(code)) return `cannot reach Redis at ${at} (${code})`;
  // Redis 6 answers a HELLO without credentials with a long NOAUTH line about HELLO's syntax.
  if (message.startsWith('NOAUTH')) return `Redis at ${at} refused: NOAUTH Authentication required.`;
  if (/^(ERR|WRONGPASS|NOPERM)\b/.test(message)) return `Redis at ${at} refused: ${message}`;
  if (/Unknown RESP type|Protocol error/i.test(message)) return `${at} is not Redis (its answer is no Redis reply)`;
  if (/Connection is closed/i.test(message)) return `${at} is not Redis (it closed the connection)`;
  return `cannot use Redis at ${at}: ${message}`;
}

/** Milliseconds between the queue clients' attempts to reconnect to Redis. */
export const RETRY_MS = 2000;

/** The options the queue clients connect with: `o`, retried every `RETRY_MS` while Redis is down. */
export const clientOptions = (o: RedisOptions): RedisOptions & { retryStrategy: () => number } => ({ ...o, retryStrategy: () => RETRY_MS });

/** What a process says about its connection to Redis: the 'error' listener of its queue clients. */
export interface ConnectionReport {
  readonly error: (e: Error) => void;
  /** Stops watching (the process is closing its clients). */
  readonly close: () => void;
}

/**
 * Reports a lost connection once, in one line with its retry status, instead of each client's
 * error at each attempt (the clients keep retrying, every `RETRY_MS`); then PINGs Redis at the same
 * pace and says, in one line, when it answers again.
 */
export function reportConnection(o: RedisOptions, log: (line: string) => void): ConnectionReport {
  const at = `${o.host}:${o.port}`;
  let watch: NodeJS.Timeout | undefined;
  let closed = false;
  const check = async (): Promise<void> => {
    if ((await unreachableRedis(o, RETRY_MS)) !== undefined || closed) return;
    clearInterval(watch);
    watch = undefined;
    log(`the connection to Redis at ${at} is back`);
  };
  const said = new Set<string>();
  return {
    error(e) {
      const code = (e as NodeJS.ErrnoException).code;
      const line = e.message.split('\n')[0]!.slice(0, 200);
      if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) {
        // Not the connection: a command's error (a job whose keys a restart removed), said once.
        if (!said.has(line)) log(`Redis: ${line}`);
        said.add(line);
        return;
      }
      if (watch !== undefined || closed) return;
      log(`lost the connection to Redis at ${at} (${code}): retrying every ${RETRY_MS / 1000} s`);
      watch = setInterval(() => void check(), RETRY_MS);
    },
    close() {
      closed = true;
      clearInterval(watch);
    },
  };
}
