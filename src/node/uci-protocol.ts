/**
 * The lines of the Universal Chess Interface (UCI, as published by Stefan Meyer-Kahlen, April
 * 2006) that an engine sends: `id`, `option`, `info` and `bestmove`, read into typed values, and
 * the `go` command written from typed limits. Pure functions over strings, so that the engine
 * client (`uci-engine.ts`) keeps only the process and its timing.
 */
import type { Move, Position } from '../chess/position.js';
import { parseUci } from '../notation/uci.js';

/** An engine's score from the side to move's point of view: centipawns, or mate in `value` moves (negative: the side to move is mated). */
export interface UciScore {
  /** `cp`: `value` is in centipawns; `mate`: `value` is moves to mate. */
  readonly type: 'cp' | 'mate';
  /** Centipawns, or moves to mate (negative when the side to move is the one mated). */
  readonly value: number;
  /** `lowerbound` / `upperbound`: the true score is at least / at most `value` (a fail-high or fail-low). */
  readonly bound?: 'lower' | 'upper';
}

/** A PV move that is not legal where the engine put it: the PV stops before it. */
export interface UciPvError {
  /** 0-based index of the move in the PV. */
  readonly index: number;
  /** The move as the engine wrote it. */
  readonly uci: string;
  /** Why the move is not legal there, with its place in the PV. */
  readonly message: string;
}

/** One `info` line, typed. Fields the engine did not send are absent. */
export interface UciInfo {
  /** Search depth in plies. */
  readonly depth?: number;
  /** Selective search depth in plies. */
  readonly seldepth?: number;
  /** The line's rank among the `MultiPV` best lines, 1 when the engine does not say. */
  readonly multipv: number;
  /** The line's score. */
  readonly score?: UciScore;
  /** Win, draw and loss expectations in permille, from the side to move (`UCI_ShowWDL`). */
  readonly wdl?: readonly [number, number, number];
  /** Nodes searched. */
  readonly nodes?: number;
  /** Nodes per second. */
  readonly nps?: number;
  /** Permille of the hash table in use. */
  readonly hashfull?: number;
  /** Endgame tablebase probes that hit. */
  readonly tbhits?: number;
  /** Milliseconds searched. */
  readonly time?: number;
  /** The move being searched, in UCI. */
  readonly currmove?: string;
  /** The 1-based number of `currmove` in the engine's move order. */
  readonly currmovenumber?: number;
  /** `info string …`: free text to the end of the line. */
  readonly string?: string;
  /** The principal variation as moves checked against the position searched, up to its first illegal move. */
  readonly pv: readonly Move[];
  /** The PV as the engine wrote it. */
  readonly pvUci: readonly string[];
  /** Where the PV stopped being legal, if it did. */
  readonly pvError?: UciPvError;
  /** The line as received. */
  readonly raw: string;
}

/**
 * A declared engine option (`option name … type …`), by type: `check` (a boolean), `spin` (an
 * integer from `min` to `max`), `combo` (one of `vars`), `string`, `button` (no value).
 * `name` is the option's name as declared (UCI compares names case-insensitively); `default` the
 * engine's default value (an empty string for `<empty>`).
 */
export type UciOption = UciCheckOption | UciSpinOption | UciComboOption | UciStringOption | UciButtonOption;

/** A `check` option: on or off. */
export interface UciCheckOption {
  /** The option's type. */
  readonly type: 'check';
  /** The name as declared. */
  readonly name: string;
  /** The engine's default. */
  readonly default: boolean;
}

/** A `spin` option: an integer in a range. */
export interface UciSpinOption {
  /** The option's type. */
  readonly type: 'spin';
  /** The name as declared. */
  readonly name: string;
  /** The engine's default. */
  readonly default: number;
  /** The smallest value allowed. */
  readonly min: number;
  /** The largest value allowed. */
  readonly max: number;
}

/** A `combo` option: one of a list of strings. */
export interface UciComboOption {
  /** The option's type. */
  readonly type: 'combo';
  /** The name as declared. */
  readonly name: string;
  /** The engine's default. */
  readonly default: string;
  /** The values allowed, as declared (matched case-insensitively). */
  readonly vars: readonly string[];
}

/** A `string` option: one line of text. */
export interface UciStringOption {
  /** The option's type. */
  readonly type: 'string';
  /** The name as declared. */
  readonly name: string;
  /** The engine's default; empty for `<empty>`. */
  readonly default: string;
}

/** A `button` option: a command with no value. */
export interface UciButtonOption {
  /** The option's type. */
  readonly type: 'button';
  /** The name as declared. */
  readonly name: string;
}

/** What a search is bounded by (`go …`). At least one bound, or `infinite`, is required. */
export interface UciLimits {
  /** Plies. */
  readonly depth?: number;
  /** Nodes. */
  readonly nodes?: number;
  /** Milliseconds. */
  readonly movetime?: number;
  /** White's clock time in milliseconds. */
  readonly wtime?: number;
  /** Black's clock time in milliseconds. */
  readonly btime?: number;
  /** White's increment per move in milliseconds. */
  readonly winc?: number;
  /** Black's increment per move in milliseconds. */
  readonly binc?: number;
  /** Moves to the next time control (not a bound by itself). */
  readonly movestogo?: number;
  /** Search for a mate in this many moves. */
  readonly mate?: number;
  /** Search until `stop()`. */
  readonly infinite?: boolean;
}

/** Thrown by the parsers: the line broke the protocol. */
export class UciSyntaxError extends Error {
  /** `'UciSyntaxError'`. */
  override readonly name = 'UciSyntaxError';
}

const INT = /^-?\d+$/;

function int(tokens: readonly string[], i: number, key: string): number {
  const t = tokens[i];
  if (t === undefined || !INT.test(t) || !Number.isSafeInteger(Number(t))) throw new UciSyntaxError(`'${key}' needs an integer, got ${t === undefined ? 'nothing' : `'${t}'`}`);
  return Number(t);
}

/** The keywords of an `info` line; a list of moves (`pv`, `refutation`, `currline`) runs to the next one. */
const INFO_KEYS = new Set([
  'depth', 'seldepth', 'time', 'nodes', 'pv', 'multipv', 'score', 'currmove', 'currmovenumber', 'hashfull',
  'nps', 'tbhits', 'sbhits', 'cpuload', 'string', 'refutation', 'currline', 'wdl',
]);
const INTEGER_FIELDS = new Set(['depth', 'seldepth', 'time', 'nodes', 'multipv', 'currmovenumber', 'hashfull', 'nps', 'tbhits', 'sbhits', 'cpuload']);

/**
 * An info line as read: its fields set as found; the PV played against the position only when
 * `pv` or `pvError` is first read (most info lines of a search are passed over, and checking a
 * PV costs a move generation per move).
 */
class InfoLine implements UciInfo {
  depth?: number;
  seldepth?: number;
  multipv = 1;
  score?: UciScore;
  wdl?: readonly [number, number, number];
  nodes?: number;
  nps?: number;
  hashfull?: number;
  tbhits?: number;
  time?: number;
  currmove?: string;
  currmovenumber?: number;
  string?: string;
  pvUci: readonly string[] = [];
  readonly raw: string;
  readonly #position: Position;
  #pv: readonly Move[] | undefined;
  #pvError: UciPvError | undefined;

  constructor(raw: string, position: Position) {
    this.raw = raw;
    this.#position = position;
  }

  get pv(): readonly Move[] {
    if (this.#pv === undefined) this.#readPv();
    return this.#pv!;
  }

  get pvError(): UciPvError | undefined {
    if (this.#pv === undefined) this.#readPv();
    return this.#pvError;
  }

  #readPv(): void {
    const pv: Move[] = [];
    let pos = this.#position;
    for (const [index, uci] of this.pvUci.entries()) {
      const move = parseUci(pos, uci);
      if (!move.ok) {
        this.#pvError = { index, uci, message: `PV move ${index + 1} '${uci}': ${move.error.message}` };
        break;
      }
      pv.push(move.value);
      pos = move.value.play();
    }
    this.#pv = pv;
  }

  /** The fields as a plain object, the PV in UCI (for JSON). */
  toJSON(): Record<string, unknown> {
    return { ...(this as object), pv: this.pv.map((m) => m.uci), pvError: this.pvError };
  }
}

/**
 * An `info` line (with its leading `info`) read against `position`, the position searched:
 * its PV is played move by move, when first read, and stops at the first illegal one
 * (`pvError`). A field whose value does not read (`depth x`, `score cp`) is a UciSyntaxError;
 * unknown keywords are skipped, as the protocol asks.
 */
export function parseInfo(line: string, position: Position): UciInfo {
  const tokens = line.trim().split(/\s+/);
  const info = new InfoLine(line, position);
  for (let i = 1; i < tokens.length; ) {
    const key = tokens[i]!;
    if (INTEGER_FIELDS.has(key)) {
      const value = int(tokens, i + 1, key);
      if (key !== 'sbhits' && key !== 'cpuload') (info as unknown as Record<string, unknown>)[key] = value;
      i += 2;
    } else if (key === 'score') {
      const type = tokens[i + 1];
      if (type !== 'cp' && type !== 'mate') throw new UciSyntaxError(`'score' needs 'cp' or 'mate', got ${type === undefined ? 'nothing' : `'${type}'`}`);
      const value = int(tokens, i + 2, `score ${type}`);
      i += 3;
      const boundWord = tokens[i];
      const bound = boundWord === 'lowerbound' ? 'lower' : boundWord === 'upperbound' ? 'upper' : undefined;
      if (bound !== undefined) i++;
      info.score = bound === undefined ? { type, value } : { type, value, bound };
    } else if (key === 'wdl') {
      info.wdl = [int(tokens, i + 1, 'wdl'), int(tokens, i + 2, 'wdl'), int(tokens, i + 3, 'wdl')];
      i += 4;
    } else if (key === 'string') {
      info.string = tokens.slice(i + 1).join(' ');
      break;
    } else if (key === 'currmove') {
      info.currmove = tokens[i + 1];
      i += 2;
    } else if (key === 'pv' || key === 'refutation' || key === 'currline') {
      let j = i + 1;
      while (j < tokens.length && !INFO_KEYS.has(tokens[j]!)) j++;
      if (key === 'pv') info.pvUci = tokens.slice(i + 1, j);
      i = j;
    } else {
      i++;
    }
  }
  return info;
}

/** `option name N type T …`: the declared option, or a UciSyntaxError. */
export function parseOption(line: string): UciOption {
  const tokens = line.trim().split(/\s+/);
  const typeAt = tokens.indexOf('type', 2);
  if (tokens[1] !== 'name' || typeAt < 3) throw new UciSyntaxError("expected 'option name NAME type TYPE'");
  const name = tokens.slice(2, typeAt).join(' ');
  const type = tokens[typeAt + 1];
  // The values after `default`, `min`, `max` and each `var`, up to the next of those words.
  const fields: [string, string][] = [];
  for (let i = typeAt + 2; i < tokens.length; ) {
    const key = tokens[i]!;
    let j = i + 1;
    while (j < tokens.length && !['default', 'min', 'max', 'var'].includes(tokens[j]!)) j++;
    fields.push([key, tokens.slice(i + 1, j).join(' ')]);
    i = j;
  }
  const field = (k: string): string | undefined => fields.find(([f]) => f === k)?.[1];
  const number = (k: string): number => {
    const text = field(k);
    if (text === undefined || !INT.test(text)) throw new UciSyntaxError(`spin option '${name}' needs an integer '${k}', got ${text === undefined ? 'nothing' : `'${text}'`}`);
    return Number(text);
  };
  switch (type) {
    case 'check': {
      const d = field('default');
      if (d !== 'true' && d !== 'false') throw new UciSyntaxError(`check option '${name}' needs a default of true or false`);
      return { type, name, default: d === 'true' };
    }
    case 'spin':
      return { type, name, default: number('default'), min: number('min'), max: number('max') };
    case 'combo':
      return { type, name, default: field('default') ?? '', vars: fields.filter(([f]) => f === 'var').map(([, v]) => v) };
    case 'string':
      // `<empty>` is how engines write an empty default.
      return { type, name, default: field('default') === '<empty>' ? '' : (field('default') ?? '') };
    case 'button':
      return { type, name };
    default:
      throw new UciSyntaxError(`unknown option type '${type ?? ''}'`);
  }
}

/** The `setoption` command for `option` set to `value`, checked against its declaration (a RangeError when it does not fit). */
export function setOptionCommand(option: UciOption, value: string | number | boolean | undefined): string {
  const head = `setoption name ${option.name}`;
  const bad = (want: string): RangeError => new RangeError(`option '${option.name}' (${option.type}) needs ${want}, got ${JSON.stringify(value)}`);
  switch (option.type) {
    case 'button':
      if (value !== undefined) throw bad('no value');
      return head;
    case 'check':
      if (typeof value !== 'boolean') throw bad('true or false');
      return `${head} value ${value}`;
    case 'spin':
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < option.min || value > option.max) throw bad(`an integer from ${option.min} to ${option.max}`);
      return `${head} value ${value}`;
    case 'combo': {
      const v = option.vars.find((x) => x.toLowerCase() === String(value).toLowerCase());
      if (typeof value !== 'string' || v === undefined) throw bad(`one of ${option.vars.join(', ')}`);
      return `${head} value ${v}`;
    }
    case 'string':
      if (typeof value !== 'string' || /[\r\n]/.test(value)) throw bad('a one-line string');
      return `${head} value ${value === '' ? '<empty>' : value}`;
  }
}

/** A `bestmove` line, read. */
export interface UciBestMoveLine {
  /** The best move in UCI; null for `(none)` or `0000` (no legal move). */
  readonly move: string | null;
  /** The move the engine expects in reply, if it gave one. */
  readonly ponder: string | undefined;
}

const LIMIT_NAMES = ['depth', 'nodes', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo', 'mate'] as const;

/** The `go` command of `limits`; a RangeError for a limit that is not a non-negative integer or for no limit at all. */
export function goCommand(limits: UciLimits): string {
  let out = 'go';
  let bounded = false;
  for (const name of LIMIT_NAMES) {
    const v = limits[name];
    if (v === undefined) continue;
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`limit ${name}: expected a non-negative integer, got ${String(v)}`);
    out += ` ${name} ${v}`;
    if (name !== 'winc' && name !== 'binc' && name !== 'movestogo') bounded = true;
  }
  if (limits.infinite === true) return `${out} infinite`;
  if (!bounded) throw new RangeError('a search needs a limit (depth, nodes, movetime, wtime/btime, mate) or infinite');
  return out;
}

/** The move and ponder move of a `bestmove` line, in UCI. A line without a move is a UciSyntaxError. */
export function parseBestMove(line: string): UciBestMoveLine {
  const tokens = line.trim().split(/\s+/);
  const move = tokens[1];
  if (move === undefined) throw new UciSyntaxError("'bestmove' without a move");
  const ponder = tokens[2] === 'ponder' ? tokens[3] : undefined;
  return { move: move === '(none)' || move === '0000' ? null : move, ponder };
}
