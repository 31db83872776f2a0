/**
 * `caissa progressive solve|perft`: progressive chess (1-2-3 chess) mate-in-one-series solving
 * and series perft. Output formats are interfaces (the FRI course's), keep them exactly:
 * - text: the solution `from-to;from-to;…` (lower-case promotion letter, `c2-b1q`), or
 *   `no mate in N` (proven), or `unknown` (time-out); with `--all`, every solution on the one
 *   line, separated by `|` (as in the course data).
 * - `--json`: one line per problem
 *   `{"solution":"d4-d3;d3-c2;c2-b1q;f8-b4","status":"mate|none|unknown","ms":T,"nodes":K}`
 *   (`"solution":null` without a mate; with `--all`, `"solutions":[…]` in its place, and after
 *   the status `"complete":false` when a time-out may have left solutions out, else `true`; the
 *   text form then says so on stderr).
 * A problem is the course's `<board> <w|b> <N>` or the full progressive text form (N = the
 * moves left of its series). `--file F` reads one problem a line (blank lines and `#` comments
 * skipped); a bad line prints `error: …` (text) or `{"error":…}` (JSON) in its place, and the
 * exit code is 2 once every line is answered: a problem that does not read is bad input, as a bad
 * line of `caissa paco sako` is (solving has no check to fail).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAX_DEPTH } from '../../core/depth.js';
import type { Result } from '../../core/result.js';
import { ProgressivePosition } from '../../variants/progressive/position.js';
import { makeCourseSolution, parseCourseProblem, parseProgressive, type ProgressiveTextError } from '../../variants/progressive/text.js';
import { RULE_SETS, type RuleSet } from '../../variants/progressive/state.js';
import { progressivePerft, progressivePerftDivide } from '../../tools/progressive/perft.js';
import { solveSeries } from '../../tools/progressive/solve.js';
import { EXIT_OK, EXIT_USAGE, InputError, parseDepth, UsageError, type Command } from '../usage.js';
import { shownMessage, visible } from '../../core/visible.js';
import { oneFen, STARTPOS } from '../position-arg.js';

const usage = `caissa progressive solve [--fen "<board> <w|b> <N>"] [--file F] [--rules italian|scottish] [--all] [--timeout S] [--json]
caissa progressive perft [depth] [--fen "<position>"|startpos] [--rules italian|scottish] [--divide] [--json]
  <position>: "<board> <w|b> <N>" (course format) or the full form
  "<board> <w|b> <castling> <ep-targets> <quiet> <series> <moves-left> [rules] [chess960]";
  startpos: the start, White to play a series of 1; the depth defaults to the moves left
  also: progressive solve "<problem>", progressive perft "<position>" [depth]`;

/** A problem line in either accepted form. */
function readProblem(text: string, rules: RuleSet | undefined): Result<{ position: ProgressivePosition; n: number }, ProgressiveTextError> {
  const fields = text.trim().split(/\s+/).length;
  if (fields === 3) return parseCourseProblem(text, { rules });
  const full = parseProgressive(text);
  if (!full.ok) return full;
  let position = full.value;
  if (rules !== undefined && rules !== position.rules) {
    const re = ProgressivePosition.fromPosition(position.chess, {
      rules, series: position.series, movesLeft: position.movesLeft, quiet: position.quiet, epTargets: position.epTargets,
    });
    if (!re.ok) return re;
    position = re.value;
  }
  return { ok: true, value: { position, n: position.movesLeft } };
}

function rulesOption(text: string | undefined): RuleSet | undefined {
  if (text === undefined) return undefined;
  if (!(RULE_SETS as readonly string[]).includes(text)) throw new UsageError(`--rules: expected italian or scottish, got '${text}'`);
  return text as RuleSet;
}

function solveLine(text: string, where: string, rules: RuleSet | undefined, all: boolean, timeoutMs: number | undefined, json: boolean): boolean {
  const problem = readProblem(text, rules);
  if (!problem.ok) {
    const message = `${where}: ${problem.error.message}`;
    console.log(json ? JSON.stringify({ error: message }) : `error: ${shownMessage(message)}`);
    return false;
  }
  const { position, n } = problem.value;
  const result = solveSeries(position, n, { all, timeLimitMs: timeoutMs });
  if (!result.ok) {
    const message = `${where}: ${result.error.message}`;
    console.log(json ? JSON.stringify({ error: message }) : `error: ${shownMessage(message)}`);
    return false;
  }
  const r = result.value;
  const solutions = r.solutionsUci.map(makeCourseSolution);
  const first = r.solutionUci === undefined ? null : makeCourseSolution(r.solutionUci);
  if (json) {
    const head = all ? { solutions, status: r.status, complete: r.complete } : { solution: first, status: r.status };
    console.log(JSON.stringify({ ...head, ms: Math.round(r.ms), nodes: r.nodes }));
  } else if (r.status === 'mate') {
    console.log(all ? solutions.join('|') : first);
  } else {
    console.log(r.status === 'none' ? `no mate in ${n}` : 'unknown');
  }
  if (all && !r.complete && !json) console.error(`caissa progressive: ${visible(where)}: time-out: the list of solutions may be incomplete`);
  return true;
}

function solve(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      rules: { type: 'string' },
      all: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      json: { type: 'boolean', default: false },
      fen: { type: 'string' },
    },
  });
  const rules = rulesOption(values.rules);
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    const s = Number(values.timeout);
    if (!/^\d+(\.\d+)?$/.test(values.timeout) || !(s > 0)) throw new UsageError(`--timeout: expected a positive number of seconds, got '${values.timeout}'`);
    timeoutMs = s * 1000;
  }
  const lines: { text: string; where: string }[] = [];
  if (positionals.length > 1) throw new UsageError('progressive solve: expected one quoted problem, e.g. "<board> <w|b> <N>"');
  const problem = oneFen(values.fen, positionals[0]);
  if (problem !== undefined) lines.push({ text: problem, where: 'argument' });
  if (values.file !== undefined) {
    let text: string;
    try {
      text = readFileSync(values.file, 'utf8');
    } catch (e) {
      throw new InputError(`cannot read ${values.file}: ${(e as Error).message}`);
    }
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === '' || line.trimStart().startsWith('#')) return;
      lines.push({ text: line, where: `${values.file}:${i + 1}` });
    });
  }
  if (lines.length === 0) throw new UsageError('progressive solve: give a problem or --file');
  let ok = true;
  for (const l of lines) ok = solveLine(l.text, l.where, rules, values.all, timeoutMs, values.json) && ok;
  return ok ? EXIT_OK : EXIT_USAGE;
}

function perft(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      rules: { type: 'string' },
      divide: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      fen: { type: 'string' },
    },
  });
  const rules = rulesOption(values.rules);
  if (positionals.length > 2) throw new UsageError('progressive perft: expected a quoted position and an optional depth, or a depth and --fen "<position>"');
  // `perft <depth> --fen POS`, as caissa perft takes them; or the earlier `"<position>" [depth]`.
  // A position is never a bare number, so a first positional of digits is the depth.
  const depthFirst = values.fen !== undefined || /^\d+(e\d+)?$/i.test(positionals[0] ?? '');
  if (values.fen !== undefined && positionals.length > 1) throw new UsageError('progressive perft: with --fen, expected only a depth');
  const [text, depthText] = depthFirst ? [values.fen ?? positionals[1], positionals[0]] : [positionals[0], positionals[1]];
  let position: ProgressivePosition;
  if (text === undefined || text === STARTPOS) {
    position = ProgressivePosition.standard(rules ?? 'italian');
  } else {
    const problem = readProblem(text, rules);
    if (!problem.ok) throw new InputError(problem.error.message);
    position = problem.value.position;
  }
  if (depthText === undefined && position.movesLeft > MAX_DEPTH) {
    // The default depth is the series' moves left, which the text forms allow past what perft takes.
    throw new UsageError(`depth: the series has ${position.movesLeft} moves left, more than ${MAX_DEPTH}; give a depth`);
  }
  const depth = parseDepth('depth', depthText, position.movesLeft);
  const start = performance.now();
  const lines = values.divide ? progressivePerftDivide(position, depth) : [];
  const nodes = values.divide ? (depth === 0 ? 1 : lines.reduce((s, l) => s + l.nodes, 0)) : progressivePerft(position, depth);
  const ms = performance.now() - start;
  if (values.json) {
    const divide = values.divide ? { divide: Object.fromEntries(lines.map((l) => [l.uci, l.nodes])) } : {};
    console.log(JSON.stringify({ nodes, ms: Math.round(ms), ...divide }));
    return EXIT_OK;
  }
  if (values.divide) {
    for (const l of lines) console.log(`${l.uci}: ${l.nodes}`);
    console.log('');
  }
  console.log(`Nodes searched: ${nodes}`);
  return EXIT_OK;
}

export const progressiveCommand: Command = {
  name: 'progressive',
  summary: 'progressive chess: solve mate-in-one-series problems, series perft',
  usage,
  example: 'caissa progressive perft 3 --fen startpos',
  async run(args) {
    const [sub, ...rest] = args;
    if (sub === 'solve') return solve(rest);
    if (sub === 'perft') return perft(rest);
    throw new UsageError(`progressive: expected 'solve' or 'perft', got '${sub ?? ''}'`);
  },
};
