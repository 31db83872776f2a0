import { connect } from 'node:net';

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

/** Redis's error for AUTH when it needs no password (the first form from Redis 6 on): the clients warn and go on. */
const NO_PASSWORD = /^-ERR (AUTH .* called without any password configured for the default user|Client sent AUTH, but no password is set)/;

/** More than the probe's answers from Redis can take (its longest error line is under 200 bytes). */
const MAX_ANSWERS = 4096;

/** A command as clients send it (RESP): an array of bulk strings. */
const command = (args: readonly string[]): string => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

/**
 * The AUTH the clients send for `o`, as ioredis does (it folds it into its HELLO): none without a
 * user or password; the password alone (the default user); a user with their password, or with
 * an empty one when the URL gives none, which a user created `nopass` accepts.
 */
function authCommand(o: RedisOptions): string[][] {
  if (o.username !== undefined) return [['AUTH', o.username, o.password ?? '']];
  return o.password !== undefined ? [['AUTH', o.password]] : [];
}

/**
 * Why Redis at `o` cannot be reached within `timeoutMs`, or undefined when it can. Checked before
 * the queue clients start: they would otherwise retry forever, logging each refused connection.
 * A TCP connection is not enough (a wrong port may hold another server, and a proxy may accept
 * any): the commands the clients begin with, AUTH (`authCommand`) and SELECT of its
 * database, then a PING, must each be answered as Redis answers, with a line that is a simple
 * string (RESP, `+OK`, `+PONG`) or an error. An error (`-NOAUTH …` when a password is needed,
 * `-WRONGPASS …`, `-ERR DB index is out of range`) is the reason, which the clients would throw
 * with a stack trace. Another reply is quoted as received, its first line up to 64 characters
 * (the CLI escapes control characters).
 */
export function unreachableRedis(o: RedisOptions, timeoutMs = 3000): Promise<string | undefined> {
  const commands = [...authCommand(o), ...(o.db !== undefined ? [['SELECT', String(o.db)]] : []), ['PING']];
  return new Promise((resolve) => {
    const socket = connect({ host: o.host, port: o.port });
    let reply = '';
    const done = (why: string | undefined): void => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer from ${o.host}:${o.port} within ${timeoutMs} ms`));
    socket.once('connect', () => socket.write(commands.map(command).join('')));
    socket.on('data', (b: Buffer) => {
      reply += b.toString('latin1');
      if (reply[0] === '+' || reply[0] === '-') {
        // Redis answers each command with one line, in order (an error too, after a refused AUTH);
        // lines past the last command's answer are none of the probe's business.
        const answers = reply.split('\r\n').slice(0, -1).slice(0, commands.length);
        const refused = answers.findIndex((a, i) => a[0] !== '+' && !(commands[i]![0] === 'AUTH' && NO_PASSWORD.test(a)));
        const answer = answers[refused];
        if (answer?.[0] === '-') return done(`Redis at ${o.host}:${o.port} refused ${commands[refused]![0]}: ${answer.slice(1, 65)}`);
        if (answer !== undefined) return done(`${o.host}:${o.port} is not Redis (it answered '${answer.slice(0, 64)}')`);
        if (answers.length >= commands.length) return done(undefined);
        // Redis's answers to these commands are short lines: a server that streams on is another.
        if (reply.length > MAX_ANSWERS) done(`${o.host}:${o.port} is not Redis (it answered '${reply.slice(0, 64)}')`);
        return;
      }
      const line = reply.split(/\r?\n/)[0]!;
      if (line.length < reply.length || reply.length >= 64) done(`${o.host}:${o.port} is not Redis (it answered '${line.slice(0, 64)}')`);
    });
    socket.once('end', () => done(`${o.host}:${o.port} is not Redis (it closed the connection${reply === '' ? '' : ` after '${reply.slice(0, 64)}'`})`));
    socket.once('error', (e: NodeJS.ErrnoException) => done(`cannot reach Redis at ${o.host}:${o.port} (${e.code ?? e.message})`));
  });
}
