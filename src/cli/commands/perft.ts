import { parseArgs } from 'node:util';
import { Position } from '../../chess/position.js';
import { MAX_DEPTH } from '../../core/depth.js';
import { excerpt, shownMessage, visible } from '../../core/visible.js';
import { parseEpd } from '../../notation/epd.js';
import { readText } from '../../node/data.js';
import { CheckpointError, perftCheckpointed, type CheckpointedCount } from '../../node/perft-checkpoint.js';
import { perftThreaded, type RootCount } from '../../node/perft-pool.js';
import { perft, perftDivide } from '../../tools/perft.js';
import { positionArg } from '../position-arg.js';
import { runVariantEpd, runVariantPerft, variantArg, variantPositionArg } from '../variant-arg.js';
import { EXIT_FAILED, EXIT_OK, InputError, parseDepth, noteThreads, parseIntOption, parseThreads, UsageError, type Command } from '../usage.js';

const usage = `caissa perft <depth> [--fen FEN] [--divide] [--threads N] [--no-bulk] [--lenient] [--json] [--checkpoint FILE]
caissa perft --epd FILE [--max-nodes N] [--lenient] [--json]
caissa perft <depth> --variant NAME [--fen FEN] [--divide] [--threads N] [--no-bulk] [--json]
caissa perft --epd FILE --variant NAME [--max-nodes N]
  NAME: chess, atomic, antichess, crazyhouse, horde, kingofthehill, racingkings, 3check (or the PGN names)`;

/**
 * The lines of `--divide` from the journal `file` (`perft-checkpoint.ts`), or the exit code of an
 * error: bad input (exit 2) for a file that is another count's, exit 1 for a damaged one or one
 * another run holds, as `caissa enumerate` does for its work directory.
 */
async function runCheckpointed(file: string, pos: Position, depth: number, threads: number, bulk: boolean): Promise<CheckpointedCount | number> {
  try {
    return await perftCheckpointed({ file, pos, depth, threads, bulk });
  } catch (e) {
    if (!(e instanceof CheckpointError)) throw e;
    if (e.kind === 'input') throw new InputError(e.message);
    console.error(`caissa perft: ${visible(e.message)}`);
    return EXIT_FAILED;
  }
}

/**
 * The count of every path: per root move, and in all. Root moves are counted apart and summed as
 * bigints, so a total past 2^53 (perft 12 of the start position) is exact.
 */
async function runDepth(pos: Position, depth: number, divide: boolean, threads: number, bulk: boolean, json: boolean, checkpoint: string | undefined): Promise<number> {
  const start = performance.now();
  // Worker threads count from depth 2 on (depth 1 is the root's moves).
  if (threads > 1 && depth > 1) noteThreads('perft', threads);
  let lines: readonly RootCount[];
  // Nodes a resumed --checkpoint run read from its journal: counted by an earlier run.
  let resumed = 0n;
  if (checkpoint !== undefined) {
    const r = await runCheckpointed(checkpoint, pos, depth, threads, bulk);
    if (typeof r === 'number') return r;
    lines = r.roots;
    resumed = r.resumedNodes;
  } else if (threads > 1 && depth > 1) {
    lines = await perftThreaded(pos, depth, threads, bulk);
  } else {
    lines = perftDivide(pos, depth, { bulk }).map((l) => ({ uci: l.uci, nodes: BigInt(l.nodes) }));
  }
  const nodes = depth === 0 ? 1n : lines.reduce((sum, l) => sum + l.nodes, 0n);
  const ms = performance.now() - start;
  if (json) {
    // The count as a JSON number, every digit kept (JSON.stringify refuses a bigint). The rate is
    // of the nodes this run counted; null when it counted none (all read from a checkpoint).
    const counted = depth === 0 ? nodes : nodes - resumed;
    const nps = counted === 0n ? null : ms > 0 ? Math.round((Number(counted) * 1000) / ms) : 0;
    // With --divide, the root moves' counts as one object, in the order of the text lines.
    const perMove = divide ? `,"divide":{${lines.map((l) => `"${l.uci}":${l.nodes}`).join(',')}}` : '';
    console.log(`{"nodes":${nodes},"ms":${Math.round(ms)},"nps":${nps}${perMove}}`);
    return EXIT_OK;
  }
  // Stockfish's `go perft` format.
  if (divide) {
    for (const l of lines) console.log(`${l.uci}: ${l.nodes}`);
    console.log('');
  }
  console.log(`Nodes searched: ${nodes}`);
  return EXIT_OK;
}

/** One failure of an EPD line: a count that differs (`got`), or a reason. */
type EpdProblem = { depth: number; expected: number; got: number | string } | { depth: number | null; reason: string };

/**
 * Checks every `;Dn count` of every line whose count is at most maxNodes (the others are named on
 * stderr, a line per position); a depth given twice fails the line (`parseEpd`). Prints one line per
 * mismatch (`id depth expected got`, got as `>N` where the search stopped past maxNodes), count
 * that is not a number, depth past `MAX_DEPTH` or refused position, then
 * `U unchecked (…)` when some lines had no count within maxNodes (or none at all; those are
 * neither passed nor failed), and closes with `P passed, F failed` (positions); a file without an
 * EPD line is bad input. A `.gz` file is gunzipped. With `json`, a JSON line per position
 * (`{"id","line","result","problems","unchecked"}`) and a closing `{"passed","failed","unchecked"}`.
 */
function runEpd(file: string, maxNodes: number, lenient: boolean, json: boolean): number {
  let text: string;
  try {
    text = readText(file);
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  }
  let passed = 0;
  let failed = 0;
  let unchecked = 0;
  const lines = text.split(/\r?\n/);
  // An empty suite (a file cut short to nothing, the wrong file) must not pass as "0 failed".
  if (lines.every((line) => line.trim() === '' || line.startsWith('#'))) throw new InputError(`${file} holds no EPD line`);
  /** Prints a position's outcome: the text lines of its problems, or its JSON line. */
  const report = (id: string, line: number, problems: EpdProblem[], checked: number, above: { depth: number; expected: number }[]): void => {
    const result = problems.length > 0 ? 'failed' : checked > 0 ? 'passed' : 'unchecked';
    if (result === 'failed') failed++;
    else if (result === 'passed') passed++;
    else unchecked++;
    if (json) {
      console.log(JSON.stringify({ id, line, result, problems, unchecked: above }));
      return;
    }
    const shown = visible(excerpt(id)).replace(/\s+/g, '_');
    for (const p of problems) console.log('got' in p ? `${shown} ${p.depth} ${p.expected} ${p.got}` : `${shown}${p.depth === null ? '' : ` ${p.depth}`} - ${p.reason}`);
    // Counts past --max-nodes are said, beside the report (whose lines keep their form).
    if (above.length > 0) console.error(`caissa perft: ${shown}: left unchecked, above --max-nodes ${maxNodes}: ${above.map((a) => `D${a.depth} ${a.expected}`).join(', ')}`);
  };
  lines.forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const record = parseEpd(line);
    const fallbackId = `line${i + 1}`;
    if (!record.ok) return report(fallbackId, i + 1, [{ depth: null, reason: shownMessage(record.error.message) }], 0, []);
    const id = record.value.operations.get('id') ?? fallbackId;
    const pos = Position.fromSetup(record.value.setup, { lenient });
    if (!pos.ok) return report(id, i + 1, [{ depth: null, reason: `refused: ${pos.error.issues.join(', ')}` }], 0, []);
    const problems: EpdProblem[] = [];
    let checked = 0;
    const above: { depth: number; expected: number }[] = [];
    for (const [op, value] of record.value.operations) {
      const m = /^D(\d+)$/.exec(op);
      if (m === null) continue;
      const depth = Number(m[1]);
      if (!/^\d+$/.test(value)) {
        problems.push({ depth, reason: `not a count: '${visible(excerpt(value))}'` });
        continue;
      }
      const expected = Number(value);
      if (expected > maxNodes) {
        above.push({ depth, expected });
        continue;
      }
      if (depth > MAX_DEPTH) {
        problems.push({ depth, reason: `depth past ${MAX_DEPTH}` });
        continue;
      }
      // A wrong count (`;D40 1`) must not start a search without end: the work stops once the
      // count passes --max-nodes, where it cannot be the expected one any more.
      const got = perft(pos.value, depth, { limit: maxNodes });
      checked++;
      if (got !== expected) problems.push({ depth, expected, got: got > maxNodes ? `>${maxNodes}` : got });
    }
    report(id, i + 1, problems, checked, above);
  });
  if (json) {
    console.log(JSON.stringify({ passed, failed, unchecked }));
    return failed > 0 ? EXIT_FAILED : EXIT_OK;
  }
  // The closing line keeps its interface form; lines left unchecked are counted on a line before it.
  if (unchecked > 0) console.log(`${unchecked} unchecked (no count within --max-nodes)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? EXIT_FAILED : EXIT_OK;
}

export const perftCommand: Command = {
  name: 'perft',
  summary: 'count the leaf nodes of the legal move tree (Stockfish go perft format)',
  usage,
  example: 'caissa perft 5 --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --divide',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        fen: { type: 'string' },
        divide: { type: 'boolean', default: false },
        threads: { type: 'string' },
        json: { type: 'boolean', default: false },
        epd: { type: 'string' },
        'max-nodes': { type: 'string' },
        'no-bulk': { type: 'boolean', default: false },
        lenient: { type: 'boolean', default: false },
        checkpoint: { type: 'string' },
        variant: { type: 'string' },
      },
    });
    const rules = variantArg(values.variant);
    if (values.epd !== undefined) {
      if (positionals.length > 0) throw new UsageError('perft --epd takes no depth');
      // Options of the depth form are refused, not ignored (--json would still print text).
      for (const name of ['fen', 'divide', 'threads', 'no-bulk', 'checkpoint'] as const) {
        if (values[name] !== undefined && values[name] !== false) throw new UsageError(`--${name} is for perft <depth>, not with --epd`);
      }
      const maxNodes = parseIntOption('--max-nodes', values['max-nodes'], 1e7);
      if (rules !== undefined && values.json) throw new UsageError('--json with --epd is for chess (the variant check prints text)');
      return rules !== undefined ? runVariantEpd(rules, values.epd, maxNodes) : runEpd(values.epd, maxNodes, values.lenient, values.json);
    }
    if (positionals.length !== 1) throw new UsageError('perft: expected one depth');
    if (values['max-nodes'] !== undefined) throw new UsageError('--max-nodes is for perft --epd, not with a depth');
    if (values.checkpoint === '') throw new UsageError('--checkpoint: expected a file name');
    const depth = parseDepth('depth', positionals[0], 0);
    if (rules !== undefined) {
      // Variant perft runs without a journal.
      for (const name of ['checkpoint', 'lenient'] as const) {
        if (values[name] !== undefined && values[name] !== false) throw new UsageError(`--${name} is not available with --variant`);
      }
      return runVariantPerft(variantPositionArg(rules, values.fen), depth, values.divide, !values['no-bulk'], values.json, parseThreads(values.threads, 1));
    }
    const threads = parseThreads(values.threads, 1);
    const pos = positionArg(values.fen, values.lenient);
    return runDepth(pos, depth, values.divide, threads, !values['no-bulk'], values.json, values.checkpoint);
  },
};
