/**
 * `caissa paco perft|sako|replay`: Paco Ŝako turn/action perft, Ŝako and Paco-now flags of FENs,
 * and the replay notation of a game.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { actionFromJson, actionToJson, viewpointCode } from '../../variants/paco/action-text.js';
import { parsePacoFen, writePacoFen } from '../../variants/paco/fen.js';
import { HAND_EMPTY, HAND_KIND, PLAYER } from '../../variants/paco/layout.js';
import { actionPerft, turnPerft } from '../../variants/paco/perft.js';
import { replayNotation } from '../../variants/paco/replay.js';
import {
  canPacoNowAmazon, isInSakoAmazon, lastSearchExceeded, setSakoStateLimit, shortestPacoSequence,
} from '../../variants/paco/sako.js';
import { PACO_START_FEN } from '../../variants/paco/game.js';
import { applyActionUnchecked } from '../../variants/paco/play.js';
import { isLegalAction } from '../../variants/paco/actions.js';
import { EXIT_OK, EXIT_USAGE, InputError, parseDepth, parseIntOption, UsageError, type Command } from '../usage.js';
import { excerpt, shownMessage } from '../../core/visible.js';
import { fenOrStart, STARTPOS } from '../position-arg.js';
import { noteStdinWait } from '../stdin.js';

const usage = `caissa paco perft <depth> [--fen FEN|startpos] [--actions] [--json]
caissa paco sako [FILE|-] [--jsonl] [--sequence] [--max-states N]
caissa paco replay FILE [--fen FEN|startpos] [--viewpoint] [--json]
  sako: one FEN (or startpos) a line (--jsonl: a JSON string or {"fen":…} a line), one JSON line
    out each; --max-states N: a search needing more states gives null for its flag
  replay: a game as action JSON or codes 1..132 (--viewpoint: from the mover's side, Black's
    mirrored); --json: {"moves":[{"notation":…,"fen":…},…]}`;

function readFen(fen: string | undefined): Int32Array {
  const r = parsePacoFen(fenOrStart(fen, PACO_START_FEN));
  if (!r.ok) throw new InputError(`--fen: ${r.error.message}`);
  return r.value;
}

function readInput(file: string, what: string): string {
  if (file === '-') noteStdinWait('paco', what);
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

async function perftCmd(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: { fen: { type: 'string' }, actions: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new UsageError('expected one depth');
  const depth = parseDepth('depth', positionals[0], 0);
  const s = readFen(values.fen);
  const start = performance.now();
  const nodes = values.actions ? actionPerft(s, depth) : turnPerft(s, depth);
  const ms = Math.round(performance.now() - start);
  if (values.json) console.log(JSON.stringify({ nodes, ms }));
  else console.log(`Nodes searched: ${nodes}`);
  return EXIT_OK;
}

/**
 * One output line per non-empty input line, in order: `{"fen","sako","paco"}` (`sako`: the side
 * to move is in Ŝako, `null` while it is mid-turn; `paco`: it can Paco now), with `--sequence`
 * also `"sequence"` (one shortest Paco sequence as action JSON, or null). With `--max-states N`
 * a search that needs more than N intermediate states gives `null` (unknown) for that flag. A bad
 * line gives `{"fen","error"}` there, a message on stderr naming the line, and exit code 2 at the end.
 */
async function sakoCmd(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: { jsonl: { type: 'boolean' }, sequence: { type: 'boolean' }, 'max-states': { type: 'string' } },
  });
  if (positionals.length > 1) throw new UsageError('expected at most one input file');
  setSakoStateLimit(parseIntOption('--max-states', values['max-states'], 0));
  const text = readInput(positionals[0] ?? '-', 'FENs, one a line,');
  let bad = 0;
  const out: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let fenText = line.trim();
    if (values.jsonl) {
      try {
        const v = JSON.parse(line) as unknown;
        const f = typeof v === 'string' ? v : (v as { fen?: unknown } | null)?.fen;
        if (typeof f !== 'string') throw new Error('expected a JSON string or an object with a "fen" field');
        fenText = f;
      } catch (e) {
        bad++;
        console.error(`line ${i + 1}: ${shownMessage((e as Error).message)}`);
        out.push(JSON.stringify({ fen: line, error: { kind: 'json', message: (e as Error).message } }));
        return;
      }
    }
    const r = parsePacoFen(fenText === STARTPOS ? PACO_START_FEN : fenText);
    if (!r.ok) {
      bad++;
      console.error(`line ${i + 1}: ${shownMessage(r.error.message)}`);
      out.push(JSON.stringify({ fen: fenText, error: { kind: r.error.kind, field: r.error.field, message: r.error.message } }));
      return;
    }
    const s = r.value;
    const me = s[PLAYER]!;
    let sako: boolean | null = s[HAND_KIND] === HAND_EMPTY ? isInSakoAmazon(s, me) : null;
    if (lastSearchExceeded()) sako = null;
    let paco: boolean | null = canPacoNowAmazon(s);
    if (lastSearchExceeded()) paco = null;
    const rec: Record<string, unknown> = { fen: fenText, sako, paco };
    if (values.sequence) {
      const seq = paco === true ? shortestPacoSequence(s) : undefined;
      rec.sequence = seq === undefined ? null : seq.map(actionToJson);
    }
    out.push(JSON.stringify(rec));
    if (out.length >= 256) process.stdout.write(out.splice(0).join('\n') + '\n');
  });
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
  setSakoStateLimit(0);
  return bad > 0 ? EXIT_USAGE : EXIT_OK;
}

/**
 * Reads a game: numeric codes 1..132 (separated by spaces, commas or line breaks; none: a game
 * without actions) or action JSON (an array, an object with "actions", or one action a line).
 * Anything else is bad input, brackets without codes or JSON included (`]][[`, `[1,,2]`).
 */
function readActions(text: string, start: Int32Array, viewpoint: boolean): number[] {
  const trimmed = text.trim();
  let values: unknown[];
  if (/^(\d+([\s,]+\d+)*)?$/.test(trimmed)) {
    values = trimmed.split(/[\s,]+/).filter((x) => x !== '').map(Number);
  } else {
    try {
      const v = JSON.parse(trimmed) as unknown;
      if (Array.isArray(v)) values = v;
      else if (typeof v === 'object' && v !== null && Array.isArray((v as { actions?: unknown }).actions)) values = (v as { actions: unknown[] }).actions;
      else values = [v];
    } catch {
      values = trimmed.split(/\r?\n/).filter((l) => l.trim() !== '').map((l, i) => {
        try {
          return JSON.parse(l) as unknown;
        } catch {
          throw new InputError(`line ${i + 1}: not JSON (nor codes 1..132): ${excerpt(l)}`);
        }
      });
    }
  }
  const s = start.slice();
  return values.map((v, i) => {
    let code: number;
    if (typeof v === 'number') {
      if (!Number.isInteger(v) || v < 1 || v > 132) throw new InputError(`action ${i}: code ${v} is not in 1..132`);
      code = viewpoint ? viewpointCode(v, s[PLAYER]!) : v;
    } else {
      const r = actionFromJson(v, i);
      if (!r.ok) throw new InputError(r.error.message);
      code = r.value;
    }
    if (!isLegalAction(s, code)) throw new InputError(`action ${i}: ${JSON.stringify(actionToJson(code))} is not legal in ${writePacoFen(s)}`);
    applyActionUnchecked(s, code);
    return code;
  });
}

/** One line per half move: the replay notation, a tab, the FEN after it. */
async function replayCmd(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: { fen: { type: 'string' }, viewpoint: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new UsageError('expected one game file (or -)');
  const start = readFen(values.fen);
  const actions = readActions(readInput(positionals[0]!, 'a game'), start, values.viewpoint ?? false);
  const r = replayNotation(start, actions);
  if (!r.ok) throw new InputError(r.error.message);
  if (values.json) console.log(JSON.stringify({ moves: r.value.map((h) => ({ notation: h.label, fen: h.fen })) }));
  else for (const h of r.value) console.log(`${h.label}\t${h.fen}`); // none for a game without actions
  return EXIT_OK;
}

export const pacoCommand: Command = {
  name: 'paco',
  summary: 'Paco Ŝako: turn/action perft, Ŝako and Paco-now of FENs, replay notation',
  usage,
  example: 'caissa paco perft 3 --fen startpos',
  async run(args: string[]): Promise<number> {
    const [sub, ...rest] = args;
    if (sub === 'perft') return perftCmd(rest);
    if (sub === 'sako') return sakoCmd(rest);
    if (sub === 'replay') return replayCmd(rest);
    throw new UsageError(sub === undefined ? 'expected a subcommand' : `unknown subcommand '${sub}'`);
  },
};
