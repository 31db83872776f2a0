/**
 * `--variant NAME` of the commands that take a position (perft, moves, san, uci, fen check): the
 * lichess variants by chessops' names (`atomic`, `antichess`, `crazyhouse`, `horde`,
 * `kingofthehill`, `racingkings`, `3check`) or lichess' PGN names (`"King of the Hill"`,
 * `Three-check`, …); `chess` or `standard` is standard chess. Each command runs its variant form
 * here, in the same output formats as for chess.
 */
import { readText } from '../node/data.js';
import { perftThreaded } from '../node/perft-pool.js';
import {
  makeVariantSan, parseVariantName, parseVariantSan, parseVariantUci, VariantPosition, variantPerft, variantPerftDivide,
  type VariantMove, type VariantRules,
} from '../variants/lichess/index.js';
import { EXIT_FAILED, EXIT_OK, InputError, UsageError } from './usage.js';

/** The variant `--variant` names, undefined for standard chess (absent, `chess`, `standard`); a UsageError for an unknown name. */
export function variantArg(name: string | undefined): VariantRules | undefined {
  if (name === undefined) return undefined;
  const key = name.toLowerCase().replace(/[\s_-]/g, '');
  if (key === 'chess' || key === 'standard') return undefined;
  const rules = parseVariantName(name);
  if (rules === undefined) {
    throw new UsageError(`--variant: unknown variant '${name}' (chess, atomic, antichess, crazyhouse, horde, kingofthehill, racingkings, 3check)`);
  }
  return rules;
}

/** The position of `--fen` (or `startpos`) in the variant; the variant's start position when absent. */
export function variantPositionArg(rules: VariantRules, fen: string | undefined): VariantPosition {
  if (fen === undefined || fen === 'startpos') return VariantPosition.default(rules);
  const pos = VariantPosition.fromFen(rules, fen);
  if (!pos.ok) throw new InputError(pos.error.message);
  return pos.value;
}

/** `perft <depth>` in a variant: Stockfish's `go perft` format, or `--json`. */
export async function runVariantPerft(pos: VariantPosition, depth: number, divide: boolean, bulk: boolean, json: boolean, threads = 1): Promise<number> {
  const start = performance.now();
  // On `threads` worker threads (perft-pool.ts) as chess' perft, from depth 2.
  const threaded = threads > 1 && depth > 1;
  const lines = threaded
    ? (await perftThreaded(pos, depth, threads, bulk)).map((l) => ({ uci: l.uci, nodes: Number(l.nodes) }))
    : divide || json ? variantPerftDivide(pos, depth, { bulk }) : [];
  const nodes = depth === 0 ? 1 : threaded || divide || json ? lines.reduce((s, l) => s + l.nodes, 0) : variantPerft(pos, depth, { bulk });
  const ms = performance.now() - start;
  if (json) {
    const nps = ms > 0 ? Math.round((nodes * 1000) / ms) : 0;
    const perMove = divide ? `,"divide":{${lines.map((l) => `"${l.uci}":${l.nodes}`).join(',')}}` : '';
    console.log(`{"nodes":${nodes},"ms":${Math.round(ms)},"nps":${nps}${perMove}}`);
    return EXIT_OK;
  }
  if (divide) {
    for (const l of lines) console.log(`${l.uci}: ${l.nodes}`);
    console.log('');
  }
  console.log(`Nodes searched: ${nodes}`);
  return EXIT_OK;
}

/**
 * `perft --epd FILE --variant NAME`: as chess' form (one line per mismatch `id depth expected got`,
 * then `P passed, F failed`), the FENs read in lichess' dialect (`3+3`, pockets).
 */
export function runVariantEpd(rules: VariantRules, file: string, maxNodes: number): number {
  let text: string;
  try {
    text = readText(file);
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const lines = text.split(/\r?\n/);
  if (lines.every((line) => line.trim() === '' || line.startsWith('#'))) throw new InputError(`${file} holds no EPD line`);
  let passed = 0;
  let failed = 0;
  let unchecked = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const [fen, ...ops] = line.split(';');
    let id = `line${i + 1}`;
    const counts: [string, string][] = [];
    for (const op of ops) {
      const m = /^\s*(\S+)\s+(.*?)\s*$/.exec(op);
      if (m === null) continue;
      if (m[1] === 'id') id = m[2]!.replace(/^"|"$/g, '').replace(/\s+/g, '_');
      else if (/^D\d+$/.test(m[1]!)) counts.push([m[1]!.slice(1), m[2]!]);
    }
    const pos = VariantPosition.fromFen(rules, fen!.trim());
    if (!pos.ok) {
      console.log(`${id} - refused: ${pos.error.message}`);
      failed++;
      return;
    }
    let ok = true;
    let checked = 0;
    for (const [depthText, value] of counts) {
      if (!/^\d+$/.test(value)) {
        console.log(`${id} ${depthText} - not a count: '${value}'`);
        ok = false;
        continue;
      }
      const expected = Number(value);
      if (expected > maxNodes) continue;
      const got = variantPerft(pos.value, Number(depthText), { limit: maxNodes });
      checked++;
      if (got !== expected) {
        console.log(`${id} ${depthText} ${expected} ${got > maxNodes ? `>${maxNodes}` : got}`);
        ok = false;
      }
    }
    if (!ok) failed++;
    else if (checked > 0) passed++;
    else unchecked++;
  });
  if (unchecked > 0) console.log(`${unchecked} unchecked (no count within --max-nodes)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? EXIT_FAILED : EXIT_OK;
}

/** `moves` in a variant: one UCI move a line, or `{"fen":…,"moves":[…]}`. */
export function runVariantMoves(pos: VariantPosition, json: boolean): number {
  const moves = pos.legalMoves().map((m) => m.uci);
  if (json) console.log(JSON.stringify({ fen: pos.fen(), moves }));
  else for (const m of moves) console.log(m);
  return EXIT_OK;
}

/**
 * `san`/`uci` in a variant: the moves (each SAN or UCI) played from the position, written in SAN
 * or UCI on one line; an illegal move stops with bad input, naming it.
 */
export function runVariantConvert(pos: VariantPosition, moves: readonly string[], to: 'san' | 'uci'): number {
  const out = moves.map((text, i) => {
    const uci = parseVariantUci(pos, text);
    const read = uci.ok ? uci : parseVariantSan(pos, text);
    if (!read.ok) throw new InputError(`move ${i + 1}: ${read.error.message} in ${pos.fen()}`);
    const move: VariantMove = read.value;
    const written = to === 'san' ? makeVariantSan(move) : move.uci;
    pos = move.play();
    return written;
  });
  console.log(out.join(' '));
  return EXIT_OK;
}

/** `fen check` in a variant: `valid: FEN` (normalized), or one `invalid: ISSUE` line per reason. */
export function runVariantFenCheck(rules: VariantRules, fen: string, json: boolean): number {
  const pos = VariantPosition.fromFen(rules, fen);
  if (!pos.ok && pos.error.kind === 'fen') throw new InputError(pos.error.message);
  const issues = pos.ok ? [] : pos.error.kind === 'invalidPosition' ? pos.error.issues : [];
  const normalized = pos.ok ? pos.value.fen() : undefined;
  if (json) console.log(JSON.stringify({ valid: pos.ok, issues, playableLeniently: pos.ok, fen: normalized ?? null }));
  else if (pos.ok) console.log(`valid: ${normalized}`);
  else for (const issue of issues) console.log(`invalid: ${issue}`);
  return pos.ok ? EXIT_OK : EXIT_FAILED;
}
