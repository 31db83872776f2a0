/**
 * PGN input from files for the CLI and benchmarks: a path or `-` for standard input, gunzipped
 * when compressed (a `.gz` name or the gzip magic bytes 1f 8b), as an async iterable of byte
 * chunks that the notation layer's streaming reader consumes. Node-only.
 */
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';

const CHUNK = 1 << 20;

/** The chunks of a byte stream, gunzipped when its first bytes are the gzip magic. */
async function* sniffGzip(input: Readable): AsyncGenerator<Uint8Array> {
  const it = input[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const first = await it.next();
  if (first.done === true) return;
  const head = first.value;
  if (!(head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b)) {
    yield head;
    for (let r = await it.next(); r.done !== true; r = await it.next()) yield r.value;
    return;
  }
  const gunzip = createGunzip({ chunkSize: CHUNK });
  const feed = (async () => {
    gunzip.write(head);
    for (let r = await it.next(); r.done !== true; r = await it.next()) {
      if (!gunzip.write(r.value)) await once(gunzip, 'drain');
    }
    gunzip.end();
  })();
  for await (const chunk of gunzip) yield chunk as Uint8Array;
  await feed;
}

/** The byte chunks of a PGN file (`-`: standard input), gunzipped when compressed. */
export function openPgn(path: string): AsyncIterable<Uint8Array> {
  if (path === '-') return sniffGzip(process.stdin);
  const raw = createReadStream(path, { highWaterMark: CHUNK });
  return path.endsWith('.gz') ? raw.pipe(createGunzip({ chunkSize: CHUNK })) : sniffGzip(raw);
}
