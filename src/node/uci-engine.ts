/**
 * A client for chess engines that speak UCI (Stockfish, Fairy-Stockfish, Ethereal, Toga…): it
 * starts the engine as a child process, completes the handshake, sets options and runs searches
 * whose `info` lines arrive as typed values with their PVs checked against the position.
 *
 * ```ts
 * const engine = await UciEngine.start('/usr/games/stockfish', { options: { Threads: 1 } });
 * for await (const info of engine.analyse(Position.standard(), { nodes: 100_000 }, { multiPv: 3 })) {
 *   console.log(info.multipv, info.score, info.pv.map((m) => m.uci).join(' '));
 * }
 * console.log((await engine.bestMove(Position.standard(), { depth: 12 })).move?.uci);
 * await engine.quit();
 * ```
 *
 * Commands are serialised: a search holds the engine until its `bestmove`; `setOption`, `newGame`
 * and further searches wait for it. Several engines run at once, each its own process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Move, Position } from '../chess/position.js';
import { parseUci } from '../notation/uci.js';
import { PositionCommandBuilder, type UciGame } from './uci-position.js';
import {
  goCommand,
  parseBestMove,
  parseInfo,
  parseOption,
  setOptionCommand,
  UciSyntaxError,
  type UciInfo,
  type UciLimits,
  type UciOption,
} from './uci-protocol.js';

/** What went wrong with an engine, so that a program can tell the cases apart without reading messages. */
export type UciEngineErrorKind = 'notFound' | 'notExecutable' | 'exited' | 'timeout' | 'protocol';

/**
 * An engine fault: not found or not executable (`path`), exited (`code`, `signal` and the last
 * lines of its standard error), timed out (the `command` that got no answer), or broke the
 * protocol (the `line` quoted).
 */
export class UciEngineError extends Error {
  /** `'UciEngineError'`. */
  override readonly name = 'UciEngineError';
  /** Which fault: see UciEngineErrorKind. */
  readonly kind: UciEngineErrorKind;
  /** The engine's path, as given to `UciEngine.start`. */
  readonly path: string;
  /** `exited`: the exit code, or null when a signal ended it. */
  readonly code?: number | null;
  /** `exited`: the signal that ended it, if one did. */
  readonly signal?: NodeJS.Signals | null;
  /** `exited`: the last lines the engine wrote to standard error. */
  readonly stderr?: readonly string[];
  /** `timeout`: the command that got no answer in time. */
  readonly command?: string;
  /** `protocol`: the line that broke the protocol. */
  readonly line?: string;

  constructor(kind: UciEngineErrorKind, path: string, message: string, detail: Partial<Pick<UciEngineError, 'code' | 'signal' | 'stderr' | 'command' | 'line'>> = {}) {
    super(`engine ${path}: ${message}`);
    this.kind = kind;
    this.path = path;
    Object.assign(this, detail);
  }
}

/** How to start an engine. */
export interface UciStartOptions {
  /** Command-line arguments for the engine. */
  readonly args?: readonly string[];
  /** Options set after the handshake, by name (`{ Threads: 2, Hash: 64 }`); `undefined` presses a button. */
  readonly options?: Readonly<Record<string, string | number | boolean | undefined>>;
  /**
   * Milliseconds the engine has to answer a command (`uci`, `isready`, `stop`) and to end after
   * `quit`; a search bounded by time gets its time on top. Default 10,000.
   */
  readonly timeoutMs?: number;
  /** Working directory of the engine process. */
  readonly cwd?: string;
}

export type { UciGame } from './uci-position.js';

/** The result of a search. */
export interface UciBestMove {
  /** The move chosen, null when the position has no legal move (`bestmove (none)`). */
  readonly move: Move | null;
  /** The reply the engine expects, when it gave a legal one. */
  readonly ponder: Move | undefined;
  /** The last `info` of the principal line (multipv 1) that had a score, if any. */
  readonly info: UciInfo | undefined;
}

/** Options of one search. */
export interface UciAnalyseOptions {
  /** The number of best lines (`MultiPV`); 1 unless given. Needs the engine's `MultiPV` option when above 1. */
  readonly multiPv?: number;
}

/**
 * A running search: an async iterator over its `info` lines that ends at the engine's
 * `bestmove`. Leaving the loop early stops the search. `result` is the best move.
 */
export interface UciAnalysis extends AsyncIterable<UciInfo> {
  /** Asks the engine to stop (needed for `infinite`); the iteration ends at its `bestmove`. */
  stop(): void;
  /** The search's best move, once the engine gives it; rejects with the search's error. */
  readonly result: Promise<UciBestMove>;
}

/** A search as the engine runs it: infos queued for the reader. */
interface Search {
  readonly position: Position;
  readonly infos: UciInfo[];
  wake: (() => void) | undefined;
  done: boolean;
  error: Error | undefined;
  stopRequested: boolean;
  stopSent: boolean;
  started: boolean;
  sawBestMove: boolean;
  bestInfo: UciInfo | undefined;
  /** Settles with the search, whatever its outcome. */
  settled: Promise<void>;
  resolve(best: UciBestMove): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout | undefined;
}

/** A pending answer to a command: the line it waits for. */
interface Waiter {
  readonly command: string;
  readonly until: (line: string) => boolean;
  resolve(): void;
  reject(e: Error): void;
  readonly timer: NodeJS.Timeout;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const STDERR_LINES = 20;

/** A UCI engine running as a child process. Create with `UciEngine.start`. */
export class UciEngine {
  /** The engine's path, as given to `start`. */
  readonly path: string;
  /** `id name` and `id author`, as the engine gave them. */
  readonly id: {
    /** `id name`: the engine's name and version. */
    readonly name?: string;
    /** `id author`. */
    readonly author?: string;
  } = {};
  private readonly optionMap = new Map<string, UciOption>();
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly timeoutMs: number;
  private readonly stderrTail: string[] = [];
  private stdoutRest = '';
  private stderrRest = '';
  private waiter: Waiter | undefined;
  private search: Search | undefined;
  private lock: Promise<void> = Promise.resolve();
  private exitError: UciEngineError | undefined;
  private readonly exited: Promise<void>;
  private quitting = false;
  private chess960 = false;
  /** The `MultiPV` last set, undefined while it is the engine's default. */
  private multiPv: number | undefined;
  private readonly positionCommands = new PositionCommandBuilder();

  private constructor(path: string, options: UciStartOptions) {
    this.path = path;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.proc = spawn(path, [...(options.args ?? [])], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stderr.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    this.proc.stderr.on('data', (chunk: string) => this.onStderr(chunk));
    // Writing to an engine that has died fails with EPIPE; its exit is reported instead.
    this.proc.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.proc.on('error', (e: NodeJS.ErrnoException) => {
        const kind = e.code === 'ENOENT' ? 'notFound' : e.code === 'EACCES' ? 'notExecutable' : 'exited';
        const what = kind === 'notFound' ? 'not found' : kind === 'notExecutable' ? 'not executable' : e.message;
        this.fail(new UciEngineError(kind, path, what, { code: null, signal: null, stderr: [] }));
        resolve();
      });
      this.proc.on('exit', (code, signal) => {
        this.onStderr('\n');
        const how = signal !== null ? `signal ${signal}` : `code ${code}`;
        const tail = this.stderrTail.length > 0 ? `; stderr: ${this.stderrTail.slice(-3).join(' | ')}` : '';
        this.fail(new UciEngineError('exited', path, `exited (${how})${tail}`, { code, signal, stderr: [...this.stderrTail] }));
        resolve();
      });
    });
  }

  /**
   * Starts the engine at `path` and completes the handshake (`uci` … `uciok`, the options given,
   * `isready` … `readyok`). Rejects with a UciEngineError: not found, not executable, exited,
   * or timed out (the engine is then killed).
   */
  static async start(path: string, options: UciStartOptions = {}): Promise<UciEngine> {
    const engine = new UciEngine(path, options);
    try {
      await new Promise<void>((resolve, reject) => {
        engine.proc.once('spawn', resolve);
        engine.proc.once('error', () => reject(engine.exitError));
      });
      await engine.command('uci', (line) => line === 'uciok');
      for (const [name, value] of Object.entries(options.options ?? {})) await engine.setOption(name, value);
      await engine.isReady();
    } catch (e) {
      engine.proc.kill('SIGKILL');
      throw e;
    }
    return engine;
  }

  /** The options the engine declared, by name in lower case (UCI names are case-insensitive). */
  get options(): ReadonlyMap<string, UciOption> {
    return this.optionMap;
  }

  /** The engine's process id. */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  /**
   * Sets a declared option, checked against its type (a RangeError for an unknown option or a
   * value that does not fit), then waits until the engine is ready.
   */
  async setOption(name: string, value?: string | number | boolean): Promise<void> {
    const option = this.optionMap.get(name.toLowerCase());
    if (option === undefined) throw new RangeError(`engine ${this.path} has no option '${name}'`);
    const line = setOptionCommand(option, value);
    await this.exclusive(async () => {
      this.send(line);
      if (option.name.toLowerCase() === 'uci_chess960') this.chess960 = value === true;
      await this.command('isready', (l) => l === 'readyok');
    });
  }

  /** `ucinewgame`: the next search belongs to another game (engines clear their hash tables). */
  async newGame(): Promise<void> {
    await this.exclusive(async () => {
      this.send('ucinewgame');
      await this.command('isready', (l) => l === 'readyok');
    });
  }

  /** `isready` … `readyok`: waits until the engine has done what it was told. */
  async isReady(): Promise<void> {
    await this.exclusive(() => this.command('isready', (l) => l === 'readyok'));
  }

  /**
   * Searches `target` (a position, or a game's start and moves, sent as `position fen … moves
   * …`) within `limits`: the engine's `info` lines, typed, until its `bestmove`. A Chess960
   * position switches the engine's `UCI_Chess960` on (castling then goes king-takes-rook).
   */
  analyse(target: Position | UciGame, limits: UciLimits, options: UciAnalyseOptions = {}): UciAnalysis {
    const { position, command } = this.positionCommands.build(target);
    const go = goCommand(limits);
    const multiPv = options.multiPv ?? 1;
    if (!Number.isSafeInteger(multiPv) || multiPv < 1) throw new RangeError(`multiPv: expected an integer ≥ 1, got ${multiPv}`);
    let resolve!: (b: UciBestMove) => void;
    let reject!: (e: Error) => void;
    const result = new Promise<UciBestMove>((res, rej) => ((resolve = res), (reject = rej)));
    result.catch(() => {}); // the iterator reports it too; a caller that reads only one is fine
    const search: Search = {
      position, infos: [], wake: undefined, done: false, error: undefined, stopRequested: false, stopSent: false,
      started: false, sawBestMove: false, bestInfo: undefined, settled: result.then(() => {}, () => {}), resolve, reject, timer: undefined,
    };
    const finished = this.exclusive(async () => {
      if (this.exitError !== undefined) throw this.exitError;
      const setup = this.prepare(position, multiPv);
      this.search = search;
      search.started = true;
      // One write for the whole search: each write wakes the engine, and costs a system call.
      this.send([...setup, command, go].join('\n'));
      if (search.stopRequested) this.sendStop(search);
      const budget = limits.movetime ?? (limits.wtime !== undefined || limits.btime !== undefined ? Math.max(limits.wtime ?? 0, limits.btime ?? 0) : undefined);
      if (budget !== undefined) this.armSearchTimer(search, budget + this.timeoutMs, go);
      await search.settled;
      // A search ended by a protocol error or a timeout may still be running: wait for its
      // bestmove (or the timeout) before the engine takes another command.
      if (search.error !== undefined && this.exitError === undefined && !search.sawBestMove) {
        await this.awaitLine((l) => l.startsWith('bestmove'), 'stop').catch(() => {});
      }
    });
    finished.catch((e: Error) => this.endSearch(search, e));
    return {
      result,
      stop: () => this.stopSearch(search),
      [Symbol.asyncIterator]: () => this.iterate(search),
    };
  }

  /** The engine's best move for `target` within `limits` (see `analyse`). */
  async bestMove(target: Position | UciGame, limits: UciLimits, options: UciAnalyseOptions = {}): Promise<UciBestMove> {
    const analysis = this.analyse(target, limits, options);
    // Drain the infos; the result comes with the bestmove.
    for await (const info of analysis) void info;
    return analysis.result;
  }

  /**
   * Ends the engine: `stop` if it searches, `quit`, then a kill after `graceMs` (the start's
   * timeout unless given) if it has not ended. Resolves once it has exited.
   */
  async quit(graceMs = this.timeoutMs): Promise<void> {
    if (this.exitError === undefined && !this.quitting) {
      this.quitting = true;
      if (this.search !== undefined) this.sendStop(this.search);
      this.send('quit');
      this.proc.stdin.end();
      const timer = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    await this.exited;
  }

  /** Kills the engine at once (SIGKILL). */
  kill(): void {
    this.proc.kill('SIGKILL');
  }

  // ---- internals ----

  /** Runs `fn` when the engine is free: one command or search at a time. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(() => {
      if (this.exitError !== undefined) throw this.exitError;
      return fn();
    });
    this.lock = run.then(() => {}, () => {});
    return run;
  }

  private send(line: string): void {
    if (this.exitError === undefined && this.proc.stdin.writable) this.proc.stdin.write(`${line}\n`);
  }

  /** Sends `line` and waits for the line `until` accepts, within the timeout. */
  private command(line: string, until: (line: string) => boolean): Promise<void> {
    const answer = this.awaitLine(until, line);
    this.send(line);
    return answer;
  }

  /** Waits for the line `until` accepts, within the timeout (reported as `command`'s). */
  private awaitLine(until: (line: string) => boolean, command: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.exitError !== undefined) return reject(this.exitError);
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new UciEngineError('timeout', this.path, `no answer to '${command}' in ${this.timeoutMs} ms`, { command }));
      }, this.timeoutMs);
      this.waiter = { command, until, resolve, reject, timer };
    });
  }

  /** The commands that put the engine in the mode `position` needs, with the number of lines. */
  private prepare(position: Position, multiPv: number): string[] {
    const lines: string[] = [];
    if (position.chess960 !== this.chess960) {
      const option = this.optionMap.get('uci_chess960');
      if (option === undefined) {
        if (position.chess960) throw new RangeError(`engine ${this.path} has no UCI_Chess960 option: it cannot play Chess960`);
      } else {
        lines.push(setOptionCommand(option, position.chess960));
      }
      this.chess960 = position.chess960;
    }
    const mpv = this.optionMap.get('multipv');
    if (mpv === undefined || mpv.type !== 'spin') {
      if (multiPv > 1) throw new RangeError(`engine ${this.path} has no MultiPV option`);
    } else if (multiPv !== (this.multiPv ?? mpv.default)) {
      lines.push(setOptionCommand(mpv, multiPv));
      this.multiPv = multiPv;
    }
    return lines;
  }

  private stopSearch(search: Search): void {
    search.stopRequested = true;
    if (search.started && !search.done) this.sendStop(search);
  }

  private sendStop(search: Search): void {
    if (search.stopSent) return;
    search.stopSent = true;
    this.send('stop');
    this.armSearchTimer(search, this.timeoutMs, 'stop');
  }

  private armSearchTimer(search: Search, ms: number, command: string): void {
    clearTimeout(search.timer);
    search.timer = setTimeout(() => {
      this.endSearch(search, new UciEngineError('timeout', this.path, `no bestmove ${ms} ms after '${command}'`, { command }));
    }, ms);
  }

  private endSearch(search: Search, error: Error | undefined, best?: UciBestMove): void {
    if (search.done) return;
    search.done = true;
    clearTimeout(search.timer);
    if (this.search === search) this.search = undefined;
    if (error !== undefined) {
      search.error = error;
      search.reject(error);
    } else {
      search.resolve(best!);
    }
    search.wake?.();
  }

  private async *iterate(search: Search): AsyncGenerator<UciInfo> {
    try {
      for (;;) {
        while (search.infos.length > 0) yield search.infos.shift()!;
        if (search.done) break;
        await new Promise<void>((resolve) => (search.wake = resolve));
        search.wake = undefined;
      }
      if (search.error !== undefined) throw search.error;
    } finally {
      // Left early: stop the search, and let the engine finish it before the next command.
      if (!search.done) {
        this.stopSearch(search);
        await search.settled;
      }
    }
  }

  private fail(error: UciEngineError): void {
    if (this.exitError !== undefined) return;
    this.exitError = error;
    if (this.waiter !== undefined) {
      clearTimeout(this.waiter.timer);
      this.waiter.reject(error);
      this.waiter = undefined;
    }
    if (this.search !== undefined) this.endSearch(this.search, error);
  }

  private onStderr(chunk: string): void {
    const lines = (this.stderrRest + chunk).split(/\r?\n/);
    this.stderrRest = lines.pop()!;
    for (const line of lines) if (line !== '') this.stderrTail.push(line);
    if (this.stderrTail.length > STDERR_LINES) this.stderrTail.splice(0, this.stderrTail.length - STDERR_LINES);
  }

  private onStdout(chunk: string): void {
    let text = this.stdoutRest + chunk;
    let at = text.indexOf('\n');
    while (at >= 0) {
      const line = text.charCodeAt(at - 1) === 13 ? text.slice(0, at - 1) : text.slice(0, at);
      text = text.slice(at + 1);
      this.onLine(line.trim());
      at = text.indexOf('\n');
    }
    this.stdoutRest = text;
  }

  private protocolError(line: string, why: string): UciEngineError {
    return new UciEngineError('protocol', this.path, `protocol error: ${why}: '${line}'`, { line });
  }

  private onLine(line: string): void {
    const search = this.search;
    if (search !== undefined && !search.done) {
      if (line.startsWith('info ') || line === 'info') return this.onInfo(search, line);
      if (line.startsWith('bestmove')) return this.onBestMove(search, line);
    }
    if (line.startsWith('id ')) {
      const m = /^id\s+(name|author)\s+(.*)$/.exec(line);
      if (m !== null) (this.id as Record<string, string>)[m[1]!] = m[2]!;
    } else if (line.startsWith('option ')) {
      try {
        const option = parseOption(line);
        this.optionMap.set(option.name.toLowerCase(), option);
      } catch (e) {
        if (!(e instanceof UciSyntaxError)) throw e;
        return this.failWaiter(this.protocolError(line, e.message));
      }
    }
    const waiter = this.waiter;
    if (waiter !== undefined && waiter.until(line)) {
      this.waiter = undefined;
      clearTimeout(waiter.timer);
      waiter.resolve();
    }
    // Anything else is ignored, as the protocol asks of unknown lines.
  }

  private failWaiter(error: UciEngineError): void {
    const waiter = this.waiter;
    if (waiter === undefined) return;
    this.waiter = undefined;
    clearTimeout(waiter.timer);
    waiter.reject(error);
  }

  private onInfo(search: Search, line: string): void {
    let info: UciInfo;
    try {
      info = parseInfo(line, search.position);
    } catch (e) {
      if (!(e instanceof UciSyntaxError)) throw e;
      // The search cannot be trusted any more; stop it, and report the line.
      this.sendStop(search);
      return this.endSearch(search, this.protocolError(line, e.message));
    }
    if (info.multipv === 1 && info.score !== undefined) search.bestInfo = info;
    search.infos.push(info);
    search.wake?.();
  }

  private onBestMove(search: Search, line: string): void {
    search.sawBestMove = true;
    let best: UciBestMove;
    try {
      const { move, ponder } = parseBestMove(line);
      let chosen: Move | null = null;
      let ponderMove: Move | undefined;
      // With no legal move there is nothing to choose, whatever the engine writes: `(none)`,
      // `0000`, or (Ethereal) `a1a1`.
      if (move !== null && search.position.countLegalMoves() > 0) {
        const parsed = parseUci(search.position, move);
        if (!parsed.ok) throw new UciSyntaxError(parsed.error.message);
        chosen = parsed.value;
        if (ponder !== undefined) {
          const p = parseUci(chosen.play(), ponder);
          if (p.ok) ponderMove = p.value;
        }
      } else if (move === null && search.position.countLegalMoves() > 0) {
        throw new UciSyntaxError('no best move in a position with legal moves');
      }
      best = { move: chosen, ponder: ponderMove, info: search.bestInfo };
    } catch (e) {
      if (!(e instanceof UciSyntaxError)) throw e;
      return this.endSearch(search, this.protocolError(line, e.message));
    }
    this.endSearch(search, undefined, best);
  }
}
