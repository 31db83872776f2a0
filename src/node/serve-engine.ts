/**
 * Engine analysis for `caissa serve --engine PATH`, streamed to the page as server-sent events
 * (HTML Living Standard, "Server-sent events"). The server owns one UCI engine; the browser never
 * runs it.
 *
 * - `GET /engine/info`: `{"name": …}`, the engine's `id name` (404 from the server when no engine
 *   was given: the page hides its engine panel).
 * - `GET /engine/analyse?fen=FEN[&moves=UCI …][&variant=chess|chess960][&multipv=K][&depth=D]`:
 *   an event stream. `info` events carry the engine's lines that have a principal variation
 *   (`{depth, seldepth, multipv, score: {type, value, bound?}, nodes, nps, time, pv: [uci…]}`,
 *   scores from the side to move as UCI gives them), one `bestmove` event ends the search, and
 *   `engine-error` reports bad input or a failed engine (`{message}`).
 *
 * One search at a time, the newest request's: a new request stops the running search and sends
 * its stream `superseded`; a client that disconnects stops its own search. A search without a
 * depth runs until it is stopped or `maxMs` passes. Streams end after their last event and ask
 * for no reconnection (`retry` of a day): the page opens a new stream for a new position.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFen } from '../notation/fen.js';
import { parseUci } from '../notation/uci.js';
import type { Move, Position } from '../chess/position.js';
import type { UciInfo, UciLimits } from './uci-protocol.js';
import { UciEngine, type UciAnalysis, type UciStartOptions } from './uci-engine.js';

/** Options of the engine service. */
export interface EngineServiceOptions {
  /** How to start the engine (arguments, UCI options such as `{ Threads: 1, Hash: 64 }`). */
  readonly start?: UciStartOptions;
  /** The longest a search without a depth runs, in milliseconds (default 60,000). */
  readonly maxMs?: number;
  /** The largest `multipv` a request may ask for (default 5). */
  readonly maxMultiPv?: number;
}

/** The request paths the service answers. */
export const ENGINE_INFO_PATH = '/engine/info';
export const ENGINE_ANALYSE_PATH = '/engine/analyse';
const MAX_DEPTH = 99;
const MAX_MOVES = 1000;

/** An event stream and the search it shows. */
interface Stream {
  readonly res: ServerResponse;
  analysis: UciAnalysis | undefined;
  timer: NodeJS.Timeout | undefined;
  ended: boolean;
}

/** A request's position, moves and limits, or what is wrong with it. */
type Parsed = { ok: true; start: Position; moves: Move[]; limits: UciLimits; multiPv: number } | { ok: false; message: string };

/** One UCI engine behind the server's event streams. Create with `EngineService.start`. */
export class EngineService {
  private engine: UciEngine;
  private current: Stream | undefined;
  private readonly streams = new Set<Stream>();
  private readonly maxMs: number;
  private readonly maxMultiPv: number;
  private restarting: Promise<UciEngine> | undefined;
  private closed = false;
  private readonly path: string;
  private readonly options: EngineServiceOptions;

  private constructor(path: string, engine: UciEngine, options: EngineServiceOptions) {
    this.path = path;
    this.options = options;
    this.engine = engine;
    this.maxMs = options.maxMs ?? 60_000;
    this.maxMultiPv = options.maxMultiPv ?? 5;
  }

  /** Starts the engine at `path` (rejects with a UciEngineError when it cannot be run). */
  static async start(path: string, options: EngineServiceOptions = {}): Promise<EngineService> {
    return new EngineService(path, await UciEngine.start(path, options.start), options);
  }

  /** The engine's name as it gave it. */
  get name(): string {
    return this.engine.id.name ?? this.path;
  }

  /** The engine's process id (for tests of the clean-up). */
  get pid(): number | undefined {
    return this.engine.pid;
  }

  /**
   * Answers `req` if its path is one of the service's (true), else leaves it to the caller
   * (false). `pathname` is the request's decoded path.
   */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (pathname === ENGINE_INFO_PATH) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ name: this.name }));
      return true;
    }
    if (pathname !== ENGINE_ANALYSE_PATH) return false;
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' });
      res.end();
      return true;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 86400000\n\n');
    const stream: Stream = { res, analysis: undefined, timer: undefined, ended: false };
    this.streams.add(stream);
    // A client gone: stop its search (the engine then takes the next request at once).
    res.on('close', () => this.finish(stream));
    const parsed = this.parse(new URL(req.url ?? '/', 'http://localhost').searchParams);
    if (!parsed.ok) {
      this.send(stream, 'engine-error', { message: parsed.message });
      this.finish(stream);
      return true;
    }
    const previous = this.current;
    this.current = stream;
    if (previous !== undefined) {
      this.send(previous, 'superseded', {});
      this.finish(previous);
    }
    void this.run(stream, parsed);
    return true;
  }

  /** Stops every search, ends every stream and quits the engine. */
  async close(): Promise<void> {
    this.closed = true;
    for (const s of [...this.streams]) this.finish(s);
    await this.engine.quit(2000).catch(() => this.engine.kill());
  }

  private parse(q: URLSearchParams): Parsed {
    const variant = q.get('variant') ?? 'chess';
    if (variant !== 'chess' && variant !== 'chess960') {
      return { ok: false, message: `the engine analyses chess and chess960, not '${variant}'` };
    }
    const fen = q.get('fen') ?? 'startpos';
    const pos = readFen(fen === 'startpos' ? 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' : fen, {
      chess960: variant === 'chess960' ? true : 'auto',
    });
    if (!pos.ok) return { ok: false, message: `fen: ${pos.error.message}` };
    const moves: Move[] = [];
    let at = pos.value;
    const words = (q.get('moves') ?? '').split(/\s+/).filter((w) => w !== '');
    if (words.length > MAX_MOVES) return { ok: false, message: `moves: at most ${MAX_MOVES}, got ${words.length}` };
    for (const [i, w] of words.entries()) {
      const move = parseUci(at, w);
      if (!move.ok) return { ok: false, message: `moves: move ${i + 1} '${w}': ${move.error.message}` };
      moves.push(move.value);
      at = move.value.play();
    }
    const depthText = q.get('depth');
    const depth = depthText === null ? undefined : Number(depthText);
    if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= MAX_DEPTH)) {
      return { ok: false, message: `depth: expected an integer in 1..${MAX_DEPTH}, got '${depthText}'` };
    }
    const multiText = q.get('multipv');
    const multiPv = multiText === null ? 1 : Number(multiText);
    if (!(Number.isInteger(multiPv) && multiPv >= 1 && multiPv <= this.maxMultiPv)) {
      return { ok: false, message: `multipv: expected an integer in 1..${this.maxMultiPv}, got '${multiText}'` };
    }
    if (at.legalMoves().length === 0) return { ok: false, message: 'the position has no legal move: nothing to analyse' };
    return { ok: true, start: pos.value, moves, limits: depth === undefined ? { infinite: true } : { depth }, multiPv };
  }

  private async run(stream: Stream, p: Extract<Parsed, { ok: true }>): Promise<void> {
    try {
      const engine = await this.liveEngine();
      if (stream.ended) return;
      const multiPv = p.multiPv > 1 && engine.options.has('multipv') ? p.multiPv : 1;
      const analysis = engine.analyse({ start: p.start, moves: p.moves }, p.limits, { multiPv });
      stream.analysis = analysis;
      if (p.limits.infinite) stream.timer = setTimeout(() => analysis.stop(), this.maxMs);
      for await (const info of analysis) {
        if (stream.ended) break; // leaving the loop stops the search
        if (info.pvUci.length > 0) this.send(stream, 'info', infoJson(info));
      }
      const best = await analysis.result;
      this.send(stream, 'bestmove', { move: best.move?.uci ?? null, ponder: best.ponder?.uci ?? null });
    } catch (e) {
      this.send(stream, 'engine-error', { message: e instanceof Error ? e.message : String(e) });
    }
    this.finish(stream);
  }

  /** The engine, restarted once if it has exited (a crash ends one search, not the service). */
  private async liveEngine(): Promise<UciEngine> {
    if (this.restarting !== undefined) return this.restarting;
    try {
      await this.engine.isReady();
      return this.engine;
    } catch (e) {
      if (this.closed) throw e;
      this.restarting = UciEngine.start(this.path, this.options.start);
      try {
        this.engine = await this.restarting;
        return this.engine;
      } finally {
        this.restarting = undefined;
      }
    }
  }

  private send(stream: Stream, event: string, data: unknown): void {
    if (!stream.ended) stream.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Ends `stream` and stops its search (idempotent). */
  private finish(stream: Stream): void {
    if (stream.ended) return;
    stream.ended = true;
    clearTimeout(stream.timer);
    stream.analysis?.stop();
    this.streams.delete(stream);
    if (this.current === stream) this.current = undefined;
    if (!stream.res.writableEnded) stream.res.end();
  }
}

/** An `info` line as the page reads it. */
function infoJson(info: UciInfo): Record<string, unknown> {
  return {
    depth: info.depth, seldepth: info.seldepth, multipv: info.multipv, score: info.score, wdl: info.wdl, nodes: info.nodes,
    nps: info.nps, time: info.time, pv: info.pv.map((m) => m.uci),
  };
}
