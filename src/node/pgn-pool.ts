/**
 * Parallel PGN replay over worker threads.
 *
 * The main thread only gunzips and cuts: it hands the workers segments of about 1 MiB of raw
 * text, cut where a line opens with a tag pair, after a blank line or a line that is no tag; the
 * workers split their segment into games, tokenize and replay them. A cut is a guess — a blank
 * line and a `[` may stand inside a multi-line `{…}` comment — so each worker reports whether its
 * segment ended between games (`PgnSplitter.endsBetweenGames`). The records come back in input
 * order; line numbers count from the segment's start and are shifted by the line breaks before
 * it. On the first wrong cut the main thread falls back to the sure way for the rest of the
 * input: it splits the text itself, from the start of the segment at fault, and sends batches of
 * whole games, fed to its splitter only as jobs finish. Either way at most two messages per worker
 * are in flight, so memory stays flat.
 *
 * No buffer is ever transferred (detached): the first detach in a thread invalidates V8's
 * "array buffer detaching" protector, after which every typed-array access of that thread's
 * optimized code checks for it: replay in a worker ran about 10% slower. Segments live in
 * `SharedArrayBuffer`s instead, shared with the worker and used again by this thread once the
 * worker is done; results and fallback batches (small, or rare) are copied.
 */
import { Worker } from 'node:worker_threads';
import { checkMaxGameBytes, PgnSplitter, utf16Bom, type GameSlice } from '../notation/pgn-split.js';
import type { ReplayError, ReplayOptions, ReplayRecord } from '../notation/pgn-replay.js';
import { BOUNDS, OTHER_RESULT, RESULT_CODES, type PgnJobResult, type PgnWork } from './pgn-job.js';
import { WorkerThreadError } from './worker-error.js';

/** Options of `PgnReplayPool.replay`: those of `replayPgn`, and how the text is cut into jobs. */
export interface ParallelOptions extends ReplayOptions {
  /** Bytes of text per segment (default 1 MiB; tests use small ones to force many cuts). */
  readonly segmentBytes?: number;
}

/** The records of a job result, numbered from `firstGame`, error lines shifted by `lineShift`. */
function jobRecords(r: PgnJobResult, firstGame: number, lineShift: number): ReplayRecord[] {
  const out: ReplayRecord[] = new Array<ReplayRecord>(r.plies.length);
  let e = 0;
  let o = 0;
  for (let i = 0; i < r.plies.length; i++) {
    let error: ReplayError | null = null;
    if (e < r.errors.length && r.errors[e]![0] === i) {
      const err = r.errors[e++]![1];
      error = lineShift === 0 ? err : { ...err, line: err.line + lineShift };
    }
    const code = r.results[i]!;
    const result = code !== OTHER_RESULT ? RESULT_CODES[code]! : r.otherResults[o++]!;
    out[i] = { game: firstGame + i, plies: r.plies[i]!, fen: r.fens === null ? null : r.fens[i]!, result, error };
  }
  return out;
}

/**
 * Where to cut `b[0..len)`: the offset of a `[` that opens a line, the last one that follows a
 * blank line or a line that does not open with `[` (so most likely a game's first tag); -1 if
 * none is found.
 */
export function findCut(b: Buffer, len: number): number {
  let q = len;
  for (let tries = 0; tries < 1024 && q > 1; tries++) {
    q = b.lastIndexOf(0x5b, q - 1);
    if (q <= 0) return -1;
    const c = b[q - 1]!;
    if (c !== 10 && c !== 13) continue;
    // The previous line is b[s..e): e is where its line break starts.
    let e = q - 1;
    if (c === 10 && e > 0 && b[e - 1] === 13) e--;
    let s = e;
    while (s > 0 && b[s - 1] !== 10 && b[s - 1] !== 13) s--;
    while (s < e && (b[s] === 32 || b[s] === 9)) s++;
    if (s === e || b[s] !== 0x5b) return q;
  }
  return -1;
}

/** Segments' worth of text held without a cut before this thread splits the rest itself. */
const NO_CUT_SEGMENTS = 4;

/** Whole games packed one after the other, for the fallback path. */
class GameBatch {
  bytes = new Uint8Array(1 << 20);
  len = 0;
  bounds: number[] = [];

  add(g: GameSlice, lineShift: number): void {
    const n = g.end - g.start;
    if (this.len + n > this.bytes.length) {
      const next = new Uint8Array(Math.max(2 * this.bytes.length, this.len + n));
      next.set(this.bytes.subarray(0, this.len));
      this.bytes = next;
    }
    this.bytes.set(g.buf.subarray(g.start, g.end), this.len);
    this.bounds.push(this.len, this.len + n, g.line + lineShift, g.column, g.byteColumn ?? g.column, (g.lineUtf8 === false ? 0 : 1) | (g.tooLong === true ? 2 : 0) | (g.utf16 === true ? 4 : 0));
    this.len += n;
  }

  get games(): number {
    return this.bounds.length / BOUNDS;
  }
}

/**
 * Worker threads that replay PGN, kept between inputs (a fresh worker compiles everything
 * again: about a quarter of a second lost per input).
 *
 * ```ts
 * const pool = new PgnReplayPool(2);
 * for await (const r of pool.replay(createReadStream('games.pgn'))) console.log(r.fen);
 * await pool.close();
 * ```
 */
export class PgnReplayPool {
  private readonly workers: Worker[];
  /** Jobs sent and not answered, by id, with the worker that has each. */
  private readonly waiting = new Map<number, { worker: Worker; resolve: (r: PgnJobResult) => void; reject: (e: Error) => void }>();
  /**
   * Threads that died (threw, at start too, or exited): the jobs they had failed, and each is
   * replaced when a job next falls to it, as the enumeration pool does (enumerate/pool.ts).
   */
  private readonly dead = new WeakSet<Worker>();
  private closed = false;
  private nextId = 0;

  constructor(threads: number) {
    this.workers = Array.from({ length: Math.max(1, threads) }, () => this.start());
  }

  private start(): Worker {
    // execArgv: [] — the workers need none of the parent's flags (some, like --input-type, break them).
    const worker = new Worker(new URL('./pgn-worker.js', import.meta.url), { execArgv: [] });
    worker.on('message', (msg: PgnJobResult) => {
      const job = this.waiting.get(msg.id)!;
      this.waiting.delete(msg.id);
      job.resolve(msg);
    });
    // A thread that threw gives 'error', then 'exit'; one terminated or out of memory only 'exit'.
    worker.once('error', (e) => this.lose(worker, `failed: ${String(e)}`));
    worker.once('exit', (code) => this.lose(worker, `exited (code ${code})`));
    return worker;
  }

  /** Fails the jobs a dead worker had (the first reason is kept). */
  private lose(worker: Worker, reason: string): void {
    if (this.dead.has(worker) || this.closed) return;
    this.dead.add(worker);
    const error = new WorkerThreadError(`PGN replay: a worker thread ${reason}`);
    for (const [id, job] of this.waiting) {
      if (job.worker !== worker) continue;
      this.waiting.delete(id);
      job.reject(error);
    }
  }

  /** The number of worker threads. */
  get size(): number {
    return this.workers.length;
  }

  /** Terminates the worker threads; the pool cannot be used afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  /** Sends a job (its id is filled in); resolves to its result, rejects if its worker died. */
  private run(job: PgnWork): Promise<PgnJobResult> {
    const id = this.nextId++;
    const i = id % this.workers.length;
    if (this.dead.has(this.workers[i]!)) this.workers[i] = this.start();
    const worker = this.workers[i]!;
    const result = new Promise<PgnJobResult>((resolve, reject) => this.waiting.set(id, { worker, resolve, reject }));
    // Only the oldest job is awaited when one fails: the others' rejections are not unhandled.
    result.catch(() => {});
    // Segments are shared (SharedArrayBuffer); fallback batches are copied; nothing is detached.
    worker.postMessage({ ...job, id });
    return result;
  }

  /** Replays every game of `source`; records in input order. A failing source as in `replayPgn`. */
  async *replay(source: AsyncIterable<Uint8Array>, options: ParallelOptions = {}): AsyncGenerator<ReplayRecord> {
    for await (const batch of this.replayBatches(source, options)) yield* batch;
  }

  /** The same, a batch of records per job (one `await` per batch rather than per game, for throughput). */
  async *replayBatches(source: AsyncIterable<Uint8Array>, options: ParallelOptions = {}): AsyncGenerator<ReplayRecord[]> {
    const run = new OrderedReplay((work) => this.run(work), options, 2 * this.workers.length);
    let failed = false;
    let failure: unknown;
    try {
      for await (const chunk of source) {
        run.push(chunk);
        while (run.mustWait) yield await run.takeOldest();
      }
    } catch (e) {
      failed = true;
      failure = e;
    }
    // As the sequential reader does, where the input failed (a truncated .gz) the text read so
    // far is replayed as if the input ended there; then the error is thrown.
    run.end();
    while (run.inFlight > 0) yield await run.takeOldest();
    if (failed) throw failure;
  }
}

/**
 * One input's way through the pool: cutting the text into segments (or, after a wrong cut,
 * splitting it into games on this thread), and taking the results back in input order.
 */
class OrderedReplay {
  private readonly segmentBytes: number;
  private readonly fen: boolean;
  private readonly maxGameBytes: number;
  private readonly jobs: { work: PgnWork; result: Promise<PgnJobResult> }[] = [];
  /** Shared buffers of segments the workers are done with, to be used again. */
  private readonly spare: SharedArrayBuffer[] = [];
  /** Text read but not yet sent, `pending[0..pendingLen)`: it starts at a cut (or at the segment that went wrong). */
  private pending: Uint8Array;
  private pendingLen = 0;
  private segmentsOut = 0;
  private finished = false;
  private first = true;
  /** The fallback: this thread splits, from the start of the first segment cut wrongly. */
  private splitter: PgnSplitter | undefined;
  private splitterLineShift = 0;
  private fallbackClosed = false;
  private batch = new GameBatch();
  /**
   * Text for the fallback splitter not yet fed to it (copies, in input order, each at most a
   * segment): it is fed only while fewer than `maxJobs` jobs are in flight, so that a large
   * piece of text (up to a game's limit when no cut is found) never becomes many batches at
   * once, each held with its records until its turn.
   */
  private backlog: Uint8Array[] = [];
  private readonly maxJobs: number;
  private nextGame = 1;
  /** Line breaks before the next segment to be taken back. */
  private lineShift = 0;

  private readonly send: (work: PgnWork) => Promise<PgnJobResult>;
  /** Why a job failed (its worker died). */
  private failure: unknown;

  constructor(send: (work: PgnWork) => Promise<PgnJobResult>, options: ParallelOptions, maxJobs: number) {
    this.send = send;
    this.maxJobs = Math.max(1, maxJobs);
    this.segmentBytes = Math.max(1, options.segmentBytes ?? 1 << 20);
    this.fen = options.fen !== false;
    this.maxGameBytes = checkMaxGameBytes(options.maxGameBytes);
    this.pending = this.buffer(this.bufferBytes());
  }

  get inFlight(): number {
    return this.jobs.length;
  }

  /** The next chunk of input. */
  push(chunk: Uint8Array): void {
    if (this.first) {
      this.first = false;
      // UTF-16 text is not read: the splitter says so once (segments would each say so).
      if (chunk.length >= 2 && utf16Bom(chunk)) this.startFallback();
    }
    if (this.splitter !== undefined && this.segmentsOut === 0) {
      this.feed(chunk);
      return;
    }
    this.append(chunk);
    if (this.splitter === undefined && this.pendingLen >= this.segmentBytes) {
      const cut = findCut(Buffer.from(this.pending.buffer, this.pending.byteOffset, this.pendingLen), this.pendingLen);
      if (cut > 0) this.sendSegment(cut);
      else if (this.pendingLen > Math.min(this.maxGameBytes, NO_CUT_SEGMENTS * this.segmentBytes)) {
        // No cut in several segments' bytes (games without tag pairs, or one long game): this
        // thread splits from here on, so that no segment (and no job's records: a megabyte of
        // tiny games is a hundred thousand) grows past a few segments.
        this.startFallback();
        this.feedPending();
      }
    }
  }

  /**
   * Whether the caller must take results back before pushing more: `maxJobs` jobs are in flight,
   * or the fallback splitter has text waiting (for the segments sent before it, or for jobs to
   * finish), and meanwhile the input would pile up.
   */
  get mustWait(): boolean {
    return this.jobs.length >= this.maxJobs || (this.splitter !== undefined && (this.segmentsOut > 0 || this.backlog.length > 0));
  }

  private startFallback(): void {
    this.splitter = new PgnSplitter(1 << 16, this.maxGameBytes);
    this.splitterLineShift = this.lineShift;
  }

  /** The end of the input. */
  end(): void {
    this.finished = true;
    if (this.splitter === undefined && this.pendingLen > 0) this.sendSegment(this.pendingLen);
    this.closeFallback();
  }

  /** The records of the oldest job in flight, in input order; after a job failed, its error. */
  async takeOldest(): Promise<ReplayRecord[]> {
    // The games of a failed job are lost: later records would be misnumbered, so none is given.
    if (this.failure !== undefined) throw this.failure;
    const job = this.jobs.shift()!;
    let r: PgnJobResult;
    try {
      r = await job.result;
    } catch (e) {
      throw (this.failure = e);
    }
    let records: ReplayRecord[] = [];
    if (job.work.kind === 'segment') {
      const bytes = job.work.bytes;
      this.segmentsOut--;
      // The last segment of the input needs no check: nothing follows it.
      const last = this.finished && this.segmentsOut === 0 && this.pendingLen === 0;
      if (this.splitter === undefined && (r.endsBetweenGames! || last)) {
        records = jobRecords(r, this.nextGame, this.lineShift);
      } else {
        if (this.splitter === undefined) this.startFallback();
        this.feed(bytes);
      }
      this.lineShift += r.lineBreaks!;
      this.spare.push(bytes.buffer as SharedArrayBuffer);
      this.feedPending();
      this.pump();
      this.closeFallback();
    } else {
      records = jobRecords(r, this.nextGame, 0);
      this.pump();
      this.closeFallback();
    }
    this.nextGame += records.length;
    return records;
  }

  private submit(work: PgnWork): void {
    this.jobs.push({ work, result: this.send(work) });
  }

  /** The usual size of a segment buffer: two segments, and 8 bytes to align the text in it (`append`). */
  private bufferBytes(): number {
    return 2 * this.segmentBytes + 8;
  }

  /** A shared buffer for segments: a spare one, else a new one. */
  private buffer(size: number): Uint8Array {
    const b = this.spare.pop();
    return new Uint8Array(b !== undefined && b.byteLength >= size ? b : new SharedArrayBuffer(size));
  }

  /**
   * Appends a chunk to the pending text. V8 copies into shared memory at memcpy speed only when
   * source and destination stand at the same offset modulo 8, and byte by byte otherwise (230
   * against 40 µs per MiB here): so the pending text, usually the tail of a game cut in two, is
   * first moved to such an offset.
   */
  private append(chunk: Uint8Array): void {
    const off = this.pending.byteOffset;
    const whole = new Uint8Array(this.pending.buffer);
    const aligned = ((off + this.pendingLen - chunk.byteOffset) & 7) === 0;
    if (!aligned || off + this.pendingLen + chunk.length > whole.length) {
      const start = (chunk.byteOffset - this.pendingLen) & 7;
      const need = start + this.pendingLen + chunk.length;
      if (need <= whole.length) {
        whole.copyWithin(start, off, off + this.pendingLen);
        this.pending = whole.subarray(start);
      } else {
        const next = this.buffer(Math.max(2 * whole.length, need));
        next.set(this.pending.subarray(0, this.pendingLen), start);
        this.pending = next.subarray(start);
      }
    }
    this.pending.set(chunk, this.pendingLen);
    this.pendingLen += chunk.length;
  }

  /** Sends `pending[0..cut)` as a segment; the rest stays. */
  private sendSegment(cut: number): void {
    const bytes = this.pending.subarray(0, cut);
    // The rest ends 8-aligned, where the next chunk (at offset 0 of its own buffer) goes aligned.
    const restLen = this.pendingLen - cut;
    const rest = this.buffer(Math.max(this.bufferBytes(), restLen + 8)).subarray((8 - (restLen & 7)) & 7);
    rest.set(this.pending.subarray(cut, this.pendingLen));
    this.pending = rest;
    this.pendingLen -= cut;
    this.submit({ kind: 'segment', bytes, fen: this.fen, maxGameBytes: this.maxGameBytes });
    this.segmentsOut++;
  }

  private sendBatch(): void {
    const b = this.batch;
    if (b.games === 0) return;
    this.submit({ kind: 'games', bytes: b.bytes.subarray(0, b.len), bounds: Int32Array.from(b.bounds), fen: this.fen, maxGameBytes: this.maxGameBytes });
    this.batch = new GameBatch();
  }

  /** Text for the fallback splitter (copied: `bytes` may be a buffer used again); whole games go out in batches. */
  private feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i += this.segmentBytes) this.backlog.push(bytes.slice(i, i + this.segmentBytes));
    this.pump();
  }

  /** Feeds the backlog to the fallback splitter while fewer than `maxJobs` jobs are in flight. */
  private pump(): void {
    const s = this.splitter;
    if (s === undefined) return;
    let k = 0;
    for (; k < this.backlog.length && this.jobs.length < this.maxJobs; k++) {
      s.push(this.backlog[k]!);
      for (let g = s.take(); g !== undefined; g = s.take()) {
        this.batch.add(g, this.splitterLineShift);
        if (this.batch.len >= this.segmentBytes) this.sendBatch();
      }
    }
    if (k > 0) this.backlog = this.backlog.slice(k);
  }

  /** Once every segment sent before the fallback is back, the text still pending goes to the splitter. */
  private feedPending(): void {
    if (this.splitter === undefined || this.segmentsOut > 0 || this.pendingLen === 0) return;
    this.feed(this.pending.subarray(0, this.pendingLen));
    this.pendingLen = 0;
  }

  /** At the end of the input, once every segment is back: the splitter's last games. */
  private closeFallback(): void {
    const s = this.splitter;
    if (!this.finished || s === undefined || this.segmentsOut > 0 || this.fallbackClosed) return;
    this.feedPending();
    if (this.backlog.length > 0) return;
    s.finish();
    for (let g = s.take(); g !== undefined; g = s.take()) this.batch.add(g, this.splitterLineShift);
    this.sendBatch();
    this.fallbackClosed = true;
  }
}
