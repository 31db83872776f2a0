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
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

const CHUNK = 1 << 20;

/** Input that cannot be read as PGN text: `file` is the path (`-` for standard input). */
export class PgnInputError extends Error {
  override readonly name = 'PgnInputError';
  readonly file: string;
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
  const { code, message } = e as { code?: string; message?: string };
  if (code === 'Z_BUF_ERROR') return 'the gzip data ends early: the file is truncated';
  if (code === 'Z_DATA_ERROR') return `the gzip data is corrupt (${message})`;
  return `cannot read: ${message ?? String(e)}`;
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
    // pipeline destroys every stage on an error, so a read error or bad gzip data ends the
    // iteration below with that error instead of leaving it unhandled.
    const gunzip = pipeline(Readable.from(whole(), { objectMode: false }), createGunzip({ chunkSize: CHUNK }), () => {});
    for await (const chunk of gunzip) yield chunk as Uint8Array;
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
