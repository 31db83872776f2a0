/**
 * PGN input from files for the CLI and benchmarks: a path or `-` for standard input, gunzipped
 * when its first bytes are the gzip magic (1f 8b), as an async iterable of byte chunks that the
 * notation layer's streaming reader consumes. Node-only.
 *
 * What cannot be read as PGN fails with a `PgnInputError` naming the file, never with a raw
 * stream error: a file that cannot be read, gzip data that is corrupt or cut short (an
 * interrupted download), and the other compressed formats (zstd, as lichess ships its monthly
 * databases, xz, bzip2, zip, 7z), which would otherwise be read as text full of broken games.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { crc32, createInflateRaw, type InflateRaw } from 'node:zlib';

const CHUNK = 1 << 20;

/** Input that cannot be read as PGN text: `file` is the path (`-` for standard input). */
export class PgnInputError extends Error {
  /** `'PgnInputError'`. */
  override readonly name = 'PgnInputError';
  /** The path read (`-` for standard input). */
  readonly file: string;
  /** Why it cannot be read, without the path. */
  readonly reason: string;

  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`);
    this.file = file;
    this.reason = reason;
  }
}

/** Compressed formats we do not decompress, by their magic bytes, with the tool that does. */
const FOREIGN_FORMATS: readonly { name: string; magic: readonly number[]; tool: string }[] = [
  { name: 'zstd', magic: [0x28, 0xb5, 0x2f, 0xfd], tool: 'zstd -dc' },
  { name: 'xz', magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], tool: 'xz -dc' },
  { name: 'bzip2', magic: [0x42, 0x5a, 0x68], tool: 'bzip2 -dc' },
  { name: 'zip', magic: [0x50, 0x4b, 0x03, 0x04], tool: 'unzip -p' },
  { name: '7z', magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], tool: '7z x -so' },
];

/**
 * Why bytes starting with `head` are not PGN we can read (another compressed format), or
 * undefined. bzip2's "BZh" is followed by the block size digit, so PGN text cannot start so.
 */
export function foreignFormat(head: Uint8Array): string | undefined {
  for (const f of FOREIGN_FORMATS) {
    if (head.length < f.magic.length || !f.magic.every((b, i) => head[i] === b)) continue;
    if (f.name === 'bzip2' && !(head.length > 3 && head[3]! >= 0x31 && head[3]! <= 0x39)) continue;
    return `${f.name}-compressed data: caissa reads PGN text and gzip (decompress it first, e.g. with ${f.tool})`;
  }
  return undefined;
}

/** What went wrong, in words, for a stream or decompression error. */
function describe(e: unknown): string {
  if (e instanceof GzipError) return e.message;
  const { code, message } = e as { code?: string; message?: string };
  if (code === 'Z_BUF_ERROR') return TRUNCATED;
  if (code === 'Z_DATA_ERROR') return `the gzip data is corrupt (${message})`;
  return `cannot read: ${message ?? String(e)}`;
}

const TRUNCATED = 'the gzip data ends early: the file is truncated';

/** A fault of the gzip framing (RFC 1952), found once the data before it is given out. */
class GzipError extends Error {}

/** Bytes read from an iterator and not yet used, taken from the front. */
class ByteQueue {
  private chunks: Uint8Array[] = [];
  private head = 0;
  /** Bytes held. */
  length = 0;
  private ended = false;
  private readonly input: AsyncIterator<Uint8Array>;

  constructor(input: AsyncIterator<Uint8Array>) {
    this.input = input;
  }

  /** Puts bytes back at the front (`unshift`) or adds them at the back. */
  unshift(b: Uint8Array): void {
    if (b.length === 0) return;
    this.chunks.splice(this.head, 0, b);
    this.length += b.length;
  }

  /** The next chunk held, else the next one read, else undefined at the end of the input. */
  async next(): Promise<Uint8Array | undefined> {
    if (this.head < this.chunks.length) {
      const c = this.chunks[this.head++]!;
      this.length -= c.length;
      if (this.head === this.chunks.length) {
        this.chunks = [];
        this.head = 0;
      }
      return c;
    }
    return this.read();
  }

  /** The next chunk of the input, else undefined at its end. */
  private async read(): Promise<Uint8Array | undefined> {
    if (this.ended) return undefined;
    const r = await this.input.next();
    if (r.done === true) {
      this.ended = true;
      return undefined;
    }
    return r.value;
  }

  /** At least `n` bytes held, reading as needed; false if the input ends first. */
  async need(n: number): Promise<boolean> {
    while (this.length < n) {
      const c = await this.read();
      if (c === undefined) return false;
      this.chunks.push(c);
      this.length += c.length;
    }
    return true;
  }

  /** The byte at `k` among those held (`need` first). */
  at(k: number): number {
    for (let i = this.head; i < this.chunks.length; i++) {
      const c = this.chunks[i]!;
      if (k < c.length) return c[k]!;
      k -= c.length;
    }
    return -1;
  }

  /** Drops `n` bytes held from the front. */
  skip(n: number): void {
    while (n > 0) {
      const c = this.chunks[this.head]!;
      if (n < c.length) {
        this.chunks[this.head] = c.subarray(n);
        this.length -= n;
        return;
      }
      n -= c.length;
      this.length -= c.length;
      this.head++;
    }
  }
}

/**
 * Reads a gzip member's header (RFC 1952 §2.3) off the queue: false at the end of the input
 * (only allowed before a member that is not the first); throws a GzipError for bytes that are no
 * member (`first`: the first member, whose magic was seen already).
 */
async function readHeader(q: ByteQueue, first: boolean): Promise<boolean> {
  if (!(await q.need(1))) {
    if (first) throw new GzipError(TRUNCATED);
    return false;
  }
  if (!first && q.at(0) === 0 && (await onlyZeros(q))) return false;
  // Bytes after a member that start no other one: zcat reports "trailing garbage ignored".
  const garbage = !first && !((await q.need(2)) && q.at(0) === 0x1f && q.at(1) === 0x8b);
  if (garbage) throw new GzipError(GARBAGE);
  if (!(await q.need(10))) throw new GzipError(TRUNCATED);
  const flags = q.at(3);
  if (q.at(2) !== 8) throw new GzipError('the gzip data is corrupt (unknown compression method)');
  if ((flags & 0xe0) !== 0) throw new GzipError('the gzip data is corrupt (reserved header flags set)');
  let n = 10;
  if ((flags & 4) !== 0) {
    // FEXTRA: a length, then that many bytes.
    if (!(await q.need(n + 2))) throw new GzipError(TRUNCATED);
    n += 2 + q.at(n) + 256 * q.at(n + 1);
  }
  for (const bit of [8, 16]) {
    // FNAME, FCOMMENT: zero-terminated.
    if ((flags & bit) === 0) continue;
    for (;;) {
      if (!(await q.need(n + 1))) throw new GzipError(TRUNCATED);
      if (q.at(n++) === 0) break;
    }
  }
  if ((flags & 2) !== 0) n += 2; // FHCRC
  if (!(await q.need(n))) throw new GzipError(TRUNCATED);
  q.skip(n);
  return true;
}

/**
 * The decompressed bytes of gzip data (RFC 1952), members one after the other as zcat reads
 * them. Each member's deflate data goes through a raw inflater, and its trailer (CRC-32, size)
 * is checked here, once every byte before it has been given out: so a fault at the end (a bad
 * CRC, bytes after the last member) loses nothing that decompressed, as a fault inside the
 * data loses nothing before it. Node's gunzip stream drops its last output on such a fault.
 */
async function* gunzip(q: ByteQueue): AsyncGenerator<Uint8Array> {
  for (let first = true; await readHeader(q, first); first = false) {
    const inf = createInflateRaw({ chunkSize: CHUNK });
    /** The chunks written to the inflater from `writtenFrom` (a count of bytes written) on. */
    const written: Uint8Array[] = [];
    let writtenFrom = 0;
    let pumpError: unknown;
    const pump = (async (): Promise<void> => {
      try {
        for (;;) {
          const c = await q.next();
          if (inf.destroyed) {
            if (c !== undefined) q.unshift(c);
            return;
          }
          if (c === undefined) {
            inf.end();
            return;
          }
          written.push(c);
          if (!inf.write(c)) await drained(inf);
        }
      } catch (e) {
        pumpError = e;
        inf.destroy(e as Error);
      }
    })();
    let crc = 0;
    let size = 0;
    try {
      for await (const out of inf as AsyncIterable<Uint8Array>) {
        crc = crc32(out, crc);
        size += out.length;
        yield out;
        // The chunks wholly used are dropped (the trailer follows the last byte used).
        while (written.length > 1 && writtenFrom + written[0]!.length <= inf.bytesWritten) writtenFrom += written.shift()!.length;
      }
    } catch (e) {
      throw pumpError ?? e;
    } finally {
      // (Left early too: the pump then stops at its next chunk, which is not awaited here.)
      inf.destroy();
    }
    await pump;
    if (pumpError !== undefined) throw pumpError;
    // The deflate data ended: what was written past its end is the trailer and what follows.
    let used = inf.bytesWritten - writtenFrom;
    const rest: Uint8Array[] = [];
    for (const c of written) {
      if (used >= c.length) used -= c.length;
      else {
        rest.push(c.subarray(used));
        used = 0;
      }
    }
    for (let i = rest.length - 1; i >= 0; i--) q.unshift(rest[i]!);
    if (!(await q.need(8))) throw new GzipError(TRUNCATED);
    const le32 = (k: number): number => (q.at(k) | (q.at(k + 1) << 8) | (q.at(k + 2) << 16) | (q.at(k + 3) << 24)) >>> 0;
    if (le32(0) !== crc >>> 0) throw new GzipError('the gzip data is corrupt (incorrect data check)');
    if (le32(4) !== size % 2 ** 32) throw new GzipError('the gzip data is corrupt (incorrect length check)');
    q.skip(8);
  }
}

const GARBAGE = 'the gzip data is corrupt (bytes after its end that are no gzip data)';

/**
 * Whether the rest of the input is NUL bytes, which zcat passes over in silence (padding, as
 * tapes and some writers add); read to its end. A GzipError for anything else after them.
 */
async function onlyZeros(q: ByteQueue): Promise<boolean> {
  for (let c = await q.next(); c !== undefined; c = await q.next()) {
    if (c.some((b) => b !== 0)) throw new GzipError(GARBAGE);
  }
  return true;
}

/** Waits until a stream wants more, or is gone. */
function drained(s: InflateRaw): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      s.off('drain', done);
      s.off('close', done);
      resolve();
    };
    s.on('drain', done);
    s.on('close', done);
  });
}

/**
 * The chunks of a byte stream (an HTTP response, a child's output…), gunzipped when it starts
 * with the gzip magic; `file` names it in the `PgnInputError`s that iterating may throw.
 */
export async function* pgnBytes(file: string, input: Readable): AsyncGenerator<Uint8Array> {
  try {
    const it = input[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
    const first = await it.next();
    if (first.done === true) return;
    // Enough bytes to tell the formats apart, however small the first chunks of a pipe are.
    let head = first.value;
    while (head.length < 8) {
      const r = await it.next();
      if (r.done === true) break;
      head = Buffer.concat([head, r.value]);
    }
    const foreign = foreignFormat(head);
    if (foreign !== undefined) {
      input.destroy();
      throw new PgnInputError(file, foreign);
    }
    /** The whole input again: the bytes read to tell the format, then the rest. */
    async function* whole(): AsyncGenerator<Uint8Array> {
      yield head;
      for (let r = await it.next(); r.done !== true; r = await it.next()) yield r.value;
    }
    if (!(head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b)) {
      yield* whole();
      return;
    }
    yield* gunzip(new ByteQueue(whole()));
  } catch (e) {
    throw e instanceof PgnInputError ? e : new PgnInputError(file, describe(e));
  }
}

/**
 * The byte chunks of a PGN file (`-`: standard input), gunzipped when compressed with gzip.
 * Iterating throws a `PgnInputError` for input that cannot be read as PGN.
 */
export function openPgn(path: string): AsyncIterable<Uint8Array> {
  return pgnBytes(path, path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK }));
}
