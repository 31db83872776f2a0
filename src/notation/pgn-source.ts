/**
 * Where PGN text comes from: a string, bytes, or any (async) iterable of chunks — a Node stream
 * of a file or a `.gz`, a browser `ReadableStream`, a `fetch` body. Chunks are cut into games by
 * the splitter as they arrive, so memory stays flat however large the input.
 */
import { PgnSplitter, type GameSlice } from './pgn-split.js';

export type PgnChunk = Uint8Array | string;
export type PgnSource = PgnChunk | Iterable<PgnChunk> | AsyncIterable<PgnChunk>;

const encoder = new TextEncoder();
/** A chunk as bytes (a string is UTF-8 encoded); a TypeError for anything else, which has no text. */
export function toBytes(chunk: PgnChunk): Uint8Array {
  if (typeof chunk === 'string') return encoder.encode(chunk);
  if (chunk instanceof Uint8Array) return chunk;
  throw new TypeError(`a PGN chunk must be a string or a Uint8Array, got ${chunk === null ? 'null' : typeof chunk}`);
}

/** The games of a source, in order. Each slice is valid until the next one is requested. */
export async function* pgnGames(source: PgnSource): AsyncGenerator<GameSlice> {
  for await (const batch of pgnGameBatches(source)) yield* batch;
}

/**
 * The games of a source, a batch per input chunk: one `await` per chunk rather than per game,
 * for throughput. The slices are valid until the next batch is requested.
 */
export async function* pgnGameBatches(source: PgnSource): AsyncGenerator<GameSlice[]> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    yield [...pgnGamesSync(source)];
    return;
  }
  const splitter = new PgnSplitter();
  const drain = (): GameSlice[] => {
    const out: GameSlice[] = [];
    for (let g = splitter.take(); g !== undefined; g = splitter.take()) out.push(g);
    return out;
  };
  for await (const chunk of source as AsyncIterable<PgnChunk>) {
    splitter.push(toBytes(chunk));
    const batch = drain();
    if (batch.length > 0) yield batch;
  }
  splitter.finish();
  const last = drain();
  if (last.length > 0) yield last;
}

/** The games of a whole text or buffer, synchronously. */
export function* pgnGamesSync(source: PgnChunk): Generator<GameSlice> {
  const splitter = PgnSplitter.whole(toBytes(source));
  for (let g = splitter.take(); g !== undefined; g = splitter.take()) yield g;
}
