/**
 * Parallel PGN replay over worker threads. The main thread reads and gunzips the input and cuts
 * it into games (the splitter is a cheap byte scan); whole games are packed into batches of about
 * 1 MiB, transferred (not copied) to the workers, which tokenize and replay them; records come
 * back per batch and are yielded in input order. At most two batches per worker are in flight,
 * so memory stays flat.
 */
import { Worker } from 'node:worker_threads';
import { PgnSplitter, type GameSlice } from '../notation/pgn-split.js';
import type { ReplayError, ReplayOptions, ReplayRecord } from '../notation/pgn-replay.js';

/** A batch of games as sent to a worker. */
export interface PgnBatch {
  readonly id: number;
  readonly firstGame: number;
  /** The games' bytes, one after the other. */
  readonly bytes: Uint8Array;
  /** Per game: start, end, line, column. */
  readonly bounds: Int32Array;
  readonly fen: boolean;
}

/** A batch's records in columns (cheaper to clone between threads than 10,000 objects). */
export interface PgnBatchResult {
  readonly id: number;
  readonly firstGame: number;
  readonly plies: Int32Array;
  readonly results: string[];
  /** Final FENs, when asked for. */
  readonly fens: (string | null)[] | null;
  /** Errors by index in the batch. */
  readonly errors: [number, ReplayError][];
}

/** The records of a batch result, in order. */
export function batchRecords(r: PgnBatchResult): ReplayRecord[] {
  const out: ReplayRecord[] = new Array<ReplayRecord>(r.plies.length);
  let e = 0;
  for (let i = 0; i < r.plies.length; i++) {
    let error: ReplayError | null = null;
    if (e < r.errors.length && r.errors[e]![0] === i) error = r.errors[e++]![1];
    out[i] = { game: r.firstGame + i, plies: r.plies[i]!, fen: r.fens === null ? null : r.fens[i]!, result: r.results[i]!, error };
  }
  return out;
}

const BATCH_BYTES = 1 << 20;

class BatchBuilder {
  bytes = new Uint8Array(BATCH_BYTES + (1 << 16));
  len = 0;
  bounds: number[] = [];

  add(g: GameSlice): void {
    const n = g.end - g.start;
    if (this.len + n > this.bytes.length) {
      const next = new Uint8Array(Math.max(2 * this.bytes.length, this.len + n));
      next.set(this.bytes.subarray(0, this.len));
      this.bytes = next;
    }
    this.bytes.set(g.buf.subarray(g.start, g.end), this.len);
    this.bounds.push(this.len, this.len + n, g.line, g.column);
    this.len += n;
  }

  get games(): number {
    return this.bounds.length / 4;
  }
}

/** Replays every game of `source` on `threads` workers; records in input order. */
export async function* replayParallel(
  source: AsyncIterable<Uint8Array>,
  threads: number,
  options: ReplayOptions = {},
): AsyncGenerator<ReplayRecord> {
  const url = new URL('./pgn-worker.js', import.meta.url);
  // execArgv: [] — the workers need none of the parent's flags (some, like --input-type, break them).
  const workers = Array.from({ length: Math.max(1, threads) }, () => new Worker(url, { execArgv: [] }));
  const waiting = new Map<number, (records: ReplayRecord[]) => void>();
  let failure: Error | undefined;
  for (const w of workers) {
    w.on('message', (msg: PgnBatchResult) => {
      const resolve = waiting.get(msg.id)!;
      waiting.delete(msg.id);
      resolve(batchRecords(msg));
    });
    w.on('error', (e) => {
      failure = e;
      for (const resolve of waiting.values()) resolve([]);
    });
  }
  const inFlight: Promise<ReplayRecord[]>[] = [];
  let nextId = 0;
  let nextGame = 1;
  let builder = new BatchBuilder();
  const fen = options.fen !== false;

  const dispatch = (): void => {
    if (builder.games === 0) return;
    const id = nextId++;
    const batch: PgnBatch = {
      id,
      firstGame: nextGame,
      bytes: builder.bytes.subarray(0, builder.len),
      bounds: Int32Array.from(builder.bounds),
      fen,
    };
    nextGame += builder.games;
    builder = new BatchBuilder();
    inFlight.push(new Promise((resolve) => waiting.set(id, resolve)));
    workers[id % workers.length]!.postMessage(batch, [batch.bytes.buffer as ArrayBuffer, batch.bounds.buffer as ArrayBuffer]);
  };

  try {
    const splitter = new PgnSplitter();
    for await (const chunk of source) {
      splitter.push(chunk);
      for (let g = splitter.take(); g !== undefined; g = splitter.take()) {
        builder.add(g);
        if (builder.len >= BATCH_BYTES) dispatch();
      }
      while (inFlight.length >= 2 * workers.length) {
        yield* await inFlight.shift()!;
        if (failure) throw failure;
      }
    }
    splitter.finish();
    for (let g = splitter.take(); g !== undefined; g = splitter.take()) builder.add(g);
    dispatch();
    while (inFlight.length > 0) {
      yield* await inFlight.shift()!;
      if (failure) throw failure;
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
