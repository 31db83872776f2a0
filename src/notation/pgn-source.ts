/**
 * Where PGN text comes from: a string, bytes, or any (async) iterable of chunks — a Node stream
 * of a file or a `.gz`, a browser `ReadableStream`, a `fetch` body. Chunks are cut into games by
 * the splitter as they arrive, so memory stays flat however large the input.
 */
import { PgnSplitter, type GameSlice } from './pgn-split.js';

/** PGN text, as a string or as bytes (UTF-8, or Latin-1 where not valid UTF-8). */
export type PgnChunk = Uint8Array | string;
/** Where PGN is read from: one chunk, or chunks in order, synchronous or asynchronous (a stream). */
export type PgnSource = PgnChunk | Iterable<PgnChunk> | AsyncIterable<PgnChunk>;

const encoder = new TextEncoder();
/** A chunk as bytes (a string is UTF-8 encoded); a TypeError for anything else, which has no text. */
export function toBytes(chunk: PgnChunk): Uint8Array {
  if (typeof chunk === 'string') return encoder.encode(chunk);
  if (chunk instanceof Uint8Array) return chunk;
  throw new TypeError(`a PGN chunk must be a string or a Uint8Array, got ${chunk === null ? 'null' : typeof chunk}`);
}

/**
 * The bytes of a source's chunks, in order. A string chunk that ends with the first half of a
 * surrogate pair (`slice` counts UTF-16 units, so it may cut a character beyond U+FFFF in two)
 * keeps that half for the next string chunk, so the character is encoded whole; a half left
 * before a chunk of bytes or at the end is encoded alone, as U+FFFD, as `TextEncoder` does.
 */
export class ChunkEncoder {
  private high = '';

  /** The bytes to push for `chunk`: a TypeError for a chunk that is neither text nor bytes. */
  next(chunk: PgnChunk): Uint8Array {
    if (typeof chunk !== 'string') {
      const bytes = toBytes(chunk);
      if (this.high === '') return bytes;
      const half = this.end();
      const out = new Uint8Array(half.length + bytes.length);
      out.set(half);
      out.set(bytes, half.length);
      return out;
    }
    let text = this.high + chunk;
    this.high = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.high = text.slice(-1);
      text = text.slice(0, -1);
    }
    return encoder.encode(text);
  }

  /** The bytes of a half pair still held (none, or U+FFFD), at the end of the source. */
  end(): Uint8Array {
    const half = this.high;
    this.high = '';
    return encoder.encode(half);
  }
}

/**
 * The games of a source, in order. Each slice is valid until the next one is requested. A game
 * longer than `maxGameBytes` (default `DEFAULT_MAX_GAME_BYTES`) comes as a `tooLong` slice
 * without its bytes, which are not held.
 */
export async function* pgnGames(source: PgnSource, maxGameBytes?: number): AsyncGenerator<GameSlice> {
  for await (const batch of pgnGameBatches(source, maxGameBytes)) yield* batch;
}

/**
 * The games of a source, a batch per input chunk: one `await` per chunk rather than per game,
 * for throughput. The slices are valid until the next batch is requested.
 */
export async function* pgnGameBatches(source: PgnSource, maxGameBytes?: number): AsyncGenerator<GameSlice[]> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    yield [...pgnGamesSync(source, maxGameBytes)];
    return;
  }
  const splitter = new PgnSplitter(1 << 16, maxGameBytes);
  const chunks = new ChunkEncoder();
  const drain = (): GameSlice[] => {
    const out: GameSlice[] = [];
    for (let g = splitter.take(); g !== undefined; g = splitter.take()) out.push(g);
    return out;
  };
  for await (const chunk of source as AsyncIterable<PgnChunk>) {
    splitter.push(chunks.next(chunk));
    const batch = drain();
    if (batch.length > 0) yield batch;
  }
  const half = chunks.end();
  if (half.length > 0) splitter.push(half);
  splitter.finish();
  const last = drain();
  if (last.length > 0) yield last;
}

/** The games of a whole text or buffer, synchronously. */
export function* pgnGamesSync(source: PgnChunk, maxGameBytes?: number): Generator<GameSlice> {
  const splitter = PgnSplitter.whole(toBytes(source), maxGameBytes);
  for (let g = splitter.take(); g !== undefined; g = splitter.take()) yield g;
}
