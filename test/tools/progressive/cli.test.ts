/**
 * `caissa progressive solve|perft`: the output formats other programs parse (the FRI course's
 * `from-to;…`, the JSON lines), checked against the course's listed solutions, the chess.js
 * referee, the brute-force enumeration and a chess.js series perft; and the typed errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { progressiveCommand } from '../../../src/cli/commands/progressive.js';
import { parseCourseProblem } from '../../../src/variants/progressive/text.js';
import { chessJsSeriesPerft, inferCastling, refereeSeries } from '../../variants/progressive/oracle.js';
import { runCommand, tempDir } from '../../helpers.js';
import { bruteForceSolutions } from './bruteforce.js';
import { friProblems, type FriProblem } from './fixtures.js';

const run = (args: string[]) => runCommand(progressiveCommand, args);
const problems = friProblems();
const short = problems.filter((p) => p.n === 4).slice(0, 3);

/** The course's answer format: `d4-d3;d3-c2;c2-b1q`. */
const courseForm = (ucis: readonly string[]): string => ucis.map((u) => `${u.slice(0, 2)}-${u.slice(2)}`).join(';');
/** Back to UCI moves, for the referee. */
const ucisOf = (answer: string): string[] => answer.split(';').map((m) => m.replace('-', ''));
const refereed = (p: FriProblem, answer: string) => refereeSeries(p.board, p.side, inferCastling(p.board), ucisOf(answer));

test('progressive solve: a course problem in, a listed solution out in the course format', async () => {
  for (const p of short) {
    const r = await run(['solve', p.line]);
    assert.equal(r.code, 0, r.err);
    const answer = r.out.trimEnd();
    assert.equal(r.out, `${answer}\n`, 'one line');
    assert.ok(p.solutions.map(courseForm).includes(answer), `#${p.id}: ${answer} is not listed`);
    assert.deepEqual(refereed(p, answer), { ok: true });
  }
});

test('progressive solve --json and --all: the keys, every listed solution, each one refereed', async () => {
  const p = short[1]!;
  const one = JSON.parse((await run(['solve', p.line, '--json'])).out) as Record<string, unknown>;
  assert.deepEqual(Object.keys(one), ['solution', 'status', 'ms', 'nodes']);
  assert.equal(one.status, 'mate');
  assert.ok(p.solutions.map(courseForm).includes(one.solution as string));
  assert.ok(Number.isInteger(one.ms) && Number.isInteger(one.nodes) && (one.nodes as number) > 0);

  const all = JSON.parse((await run(['solve', p.line, '--all', '--json'])).out) as Record<string, unknown>;
  assert.deepEqual(Object.keys(all), ['solutions', 'status', 'complete', 'ms', 'nodes']);
  assert.equal(all.complete, true);
  const found = all.solutions as string[];
  for (const s of p.solutions) assert.ok(found.includes(courseForm(s)), `${courseForm(s)} not found`);
  for (const s of found) assert.deepEqual(refereed(p, s), { ok: true }, s);
  // The text form of --all: the same solutions on one line, separated by `|`.
  assert.equal((await run(['solve', p.line, '--all'])).out, `${found.join('|')}\n`);
});

test('progressive solve: "no mate in N" where the brute force finds none; "unknown" on a time-out', async () => {
  const p = short.find((q) => {
    const parsed = parseCourseProblem(q.line);
    return parsed.ok && bruteForceSolutions(parsed.value.position.chess, q.n - 1).length === 0;
  });
  assert.ok(p, 'a problem with no shorter mate');
  const line = `${p.board} ${p.side} ${p.n - 1}`;
  assert.equal((await run(['solve', line])).out, `no mate in ${p.n - 1}\n`);
  const j = JSON.parse((await run(['solve', line, '--json'])).out) as Record<string, unknown>;
  assert.equal(j.solution, null);
  assert.equal(j.status, 'none');
  // Proving "no mate in 8" on the largest problem takes seconds; 50 ms cannot.
  const big = problems.find((q) => q.n === 9)!;
  const timedOut = await run(['solve', `${big.board} ${big.side} ${big.n - 1}`, '--timeout', '0.05']);
  // Gave up, and said so: `unknown` is an answer of the interface (status "unknown"), not an error.
  assert.equal(timedOut.code, 0);
  assert.equal(timedOut.out, 'unknown\n');
  const timedOutJson = await run(['solve', `${big.board} ${big.side} ${big.n - 1}`, '--timeout', '0.05', '--json']);
  assert.equal(timedOutJson.code, 0);
  assert.equal((JSON.parse(timedOutJson.out) as Record<string, unknown>).status, 'unknown');
});

test('progressive solve --rules: an Italian-only mate is no Scottish mate', async () => {
  // The rook checks, and the knight's only block gives check back: mate by the Italian rule only.
  const text = '7k/3n2p1/6Kp/8/8/8/8/4R3 w - - 1 1 1';
  assert.equal((await run(['solve', text])).out, 'e1-e8\n');
  assert.equal((await run(['solve', text, '--rules', 'italian'])).out, 'e1-e8\n');
  assert.equal((await run(['solve', text, '--rules', 'scottish'])).out, 'no mate in 1\n');
  assert.deepEqual(refereeSeries('7k/3n2p1/6Kp/8/8/8/8/4R3', 'w', '-', ['e1e8'], 'scottish').ok, false);
});

test('progressive solve --file: one answer a line in order, comments skipped, a bad line named by file and line', async () => {
  const dir = tempDir('caissa-progressive-');
  const file = join(dir, 'problems.txt');
  writeFileSync(file, `# two course problems and a broken one\n${short[0]!.line}\n\nnonsense w 4\r\n${short[2]!.line}\n`);
  const r = await run(['solve', '--file', file]);
  // A problem that does not read is bad input (README: exit 2), answered in its place all the same.
  assert.equal(r.code, 2);
  const lines = r.out.trimEnd().split('\n');
  assert.equal(lines.length, 3);
  assert.deepEqual(refereed(short[0]!, lines[0]!), { ok: true });
  assert.match(lines[1]!, new RegExp(`^error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4: `));
  assert.deepEqual(refereed(short[2]!, lines[2]!), { ok: true });
  const jr = await run(['solve', '--file', file, '--json']);
  assert.equal(jr.code, 2);
  const j = jr.out.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.deepEqual(j.map((o) => Object.keys(o)[0]), ['solution', 'error', 'solution']);
  assert.match(j[1]!.error as string, /:4: /);
  // A problem given as the argument is named "argument", in either form.
  const bad = await run(['solve', 'nonsense w 4']);
  assert.equal(bad.code, 2);
  assert.match(bad.out, /^error: argument: /);
  const badFull = await run(['solve', '4k3/8/8/8/8/8/8/4K3 x - - 1 1 1']);
  assert.equal(badFull.code, 2);
  assert.equal(badFull.out, "error: argument: invalid FEN turn: expected 'w' or 'b', found 'x'\n");
});

test('progressive solve --file: every course problem of the data, one JSON answer a line, each refereed', async () => {
  const dir = tempDir('caissa-progressive-');
  const file = join(dir, 'all.txt');
  writeFileSync(file, problems.map((p) => p.line).join('\n'));
  const r = await run(['solve', '--file', file, '--json', '--timeout', '20']);
  const lines = r.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { solution: string | null; status: string });
  assert.equal(lines.length, problems.length);
  problems.forEach((p, i) => {
    const a = lines[i]!;
    assert.notEqual(a.status, 'unknown', `#${p.id}: no answer within 20 s`);
    if (p.solutions.length > 0) assert.equal(a.status, 'mate', `#${p.id}`);
    if (a.status === 'mate') assert.deepEqual(refereed(p, a.solution!), { ok: true }, `#${p.id} ${a.solution}`);
  });
  assert.equal(r.code, 0, r.err);
});

test('progressive perft: the start, a course position against a chess.js series perft, --divide, --json', async () => {
  // White's first series is one move.
  assert.equal((await run(['perft'])).out, 'Nodes searched: 20\n');
  const p = short[0]!;
  const fen = `${p.board} ${p.side} ${inferCastling(p.board)} - 0 1`;
  const expected = chessJsSeriesPerft(fen, p.n, p.n, 3, []);
  assert.equal((await run(['perft', p.line, '3'])).out, `Nodes searched: ${expected}\n`);
  const json = JSON.parse((await run(['perft', p.line, '3', '--json'])).out) as Record<string, unknown>;
  assert.deepEqual(Object.keys(json), ['nodes', 'ms']);
  assert.equal(json.nodes, expected);
  // --divide: one `uci: count` line per first move, each count the chess.js perft after that move.
  const out = (await run(['perft', p.line, '2', '--divide'])).out.trimEnd().split('\n');
  const total = out.pop()!;
  assert.equal(out.pop(), '');
  let sum = 0;
  for (const l of out) {
    const m = /^([a-h][1-8][a-h][1-8][nbrq]?): (\d+)$/.exec(l);
    assert.ok(m, l);
    const c = new Chess(fen, { skipValidation: true });
    c.move({ from: m[1]!.slice(0, 2), to: m[1]!.slice(2, 4), promotion: m[1]![4] });
    const parts = c.fen().split(' ');
    parts[1] = p.side;
    assert.equal(Number(m[2]), chessJsSeriesPerft(parts.join(' '), p.n, p.n - 1, 1, []), l);
    sum += Number(m[2]);
  }
  assert.equal(out.length, chessJsSeriesPerft(fen, p.n, p.n, 1, []));
  assert.equal(total, `Nodes searched: ${sum}`);
  // --divide --json: the same counts, in one object after the total.
  const both = JSON.parse((await run(['perft', p.line, '2', '--divide', '--json'])).out) as { nodes: number; divide: Record<string, number> };
  assert.deepEqual(Object.keys(both), ['nodes', 'ms', 'divide']);
  assert.equal(both.nodes, sum);
  assert.deepEqual(Object.entries(both.divide).map(([uci, n]) => `${uci}: ${n}`), out);
});

test('progressive: bad usage exits 2 with the option and the reason', async () => {
  const line = short[0]!.line;
  const cases: [string[], RegExp][] = [
    [['solve', line, '--rules', 'english'], /--rules: expected italian or scottish, got 'english'/],
    [['solve', line, '--timeout=-1'], /--timeout: expected a positive number of seconds, got '-1'/],
    [['solve', line, '--timeout', '-1'], /'--timeout' argument is ambiguous/],
    [['solve', line, '--depth', '3'], /Unknown option '--depth'/],
    [['solve', line, '--timeout', '0'], /--timeout/],
    [['solve'], /give a problem or --file/],
    [['solve', line, line], /expected one quoted problem/],
    [['solve', '--file', '/nonexistent/problems.txt'], /cannot read \/nonexistent\/problems.txt/],
    [['perft', 'nonsense w 4'], /./],
    // The full form that does not read: its field and reason.
    [['perft', '4k3/8/8/8/8/8/8/4K3 x - - 1 1 1'], /invalid FEN turn: expected 'w' or 'b', found 'x'/],
    [['perft', line, 'x'], /depth/],
    [['perft', line, '2', '3'], /expected a quoted position and an optional depth/],
    // Without a depth, the series' moves left: more than a perft may take is bad input too.
    [['perft', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 5000'], /depth: .*5000.*1000/],
    [['perft', '4k3/8/8/8/8/8/8/4K3 w - - 1 2000 1500'], /depth: .*1500.*1000/],
    [['mate'], /expected 'solve' or 'perft', got 'mate'/],
  ];
  for (const [args, message] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message, args.join(' '));
  }
});

test('progressive solve --all with a time-out says when the list may be incomplete', async () => {
  // Problem with N = 9: the complete list takes seconds, a first solution comes sooner; a
  // time-out between the two leaves a partial list with status "mate".
  const big = problems.find((q) => q.n === 9)!;
  const full = JSON.parse((await run(['solve', big.line, '--all', '--json'])).out) as { solutions: string[]; complete: boolean };
  assert.equal(full.complete, true);
  assert.ok(full.solutions.length > 1, `${full.solutions.length} solutions`);
  for (const seconds of ['0.05', '1', '2', '3']) {
    const r = await run(['solve', big.line, '--all', '--json', '--timeout', seconds]);
    const j = JSON.parse(r.out) as { solutions: string[]; status: string; complete: boolean };
    assert.deepEqual(Object.keys(j), ['solutions', 'status', 'complete', 'ms', 'nodes']);
    if (j.complete) assert.deepEqual(j.solutions, full.solutions, seconds);
    if (j.solutions.length < full.solutions.length) assert.equal(j.complete, false, seconds);
    const text = await run(['solve', big.line, '--all', '--timeout', seconds]);
    const listed = text.out.trim() === 'unknown' ? 0 : text.out.trim().split('|').length;
    if (listed < full.solutions.length) assert.match(text.err, /time-out: the list of solutions may be incomplete/, seconds);
  }
  // A partial list is possible at all: the first solution comes well before the last.
  const partial = await run(['solve', big.line, '--all', '--json', '--timeout', '0.05']);
  assert.equal((JSON.parse(partial.out) as { complete: boolean }).complete, false);
});

test('progressive solve: a series the solver refuses (past 200 moves) is answered in its place, in the form asked, exit 2', async () => {
  const text = await run(['solve', '4k3/8/8/8/8/8/8/4K3 w 201']);
  assert.equal(text.code, 2);
  assert.match(text.out, /^error: argument: .*1\.\.200, got 201\n$/);
  const json = await run(['solve', '4k3/8/8/8/8/8/8/4K3 w 201', '--json']);
  assert.equal(json.code, 2);
  assert.match((JSON.parse(json.out) as { error: string }).error, /^argument: .*1\.\.200, got 201$/);
});

test('progressive solve: the rules of the text form, or --rules over either form; an indented comment is skipped; --timeout is a plain decimal', async () => {
  // The Italian-only mate of the --rules test above (refereed there): in the course form too, and
  // as the full form naming its rules.
  assert.equal((await run(['solve', '7k/3n2p1/6Kp/8/8/8/8/4R3 w 1'])).out, 'e1-e8\n');
  assert.equal((await run(['solve', '7k/3n2p1/6Kp/8/8/8/8/4R3 w 1', '--rules', 'scottish'])).out, 'no mate in 1\n');
  assert.equal((await run(['solve', '7k/3n2p1/6Kp/8/8/8/8/4R3 w - - 1 1 1 scottish'])).out, 'no mate in 1\n');
  assert.equal((await run(['solve', '7k/3n2p1/6Kp/8/8/8/8/4R3 w - - 1 1 1 scottish', '--rules', 'italian'])).out, 'e1-e8\n');
  const dir = tempDir('caissa-progressive-');
  const file = join(dir, 'indented.txt');
  writeFileSync(file, `   # a note\n\t# another\n${short[0]!.line}\n`);
  const r = await run(['solve', '--file', file]);
  assert.equal(r.code, 0, r.out);
  assert.deepEqual(refereed(short[0]!, r.out.trimEnd()), { ok: true });
  for (const t of ['0x10', '1e1', 'Infinity', ' 5']) {
    const bad = await run(['solve', short[0]!.line, `--timeout=${t}`]);
    assert.equal(bad.code, 2, t);
    assert.match(bad.err, /--timeout: expected a positive number of seconds/, t);
  }
});

test('progressive solve: a time-out says the list may be incomplete on stderr only in the text form of --all', async () => {
  const big = problems.find((q) => q.n === 9)!;
  const json = await run(['solve', big.line, '--all', '--json', '--timeout', '0.05']);
  assert.equal((JSON.parse(json.out) as { complete: boolean }).complete, false);
  assert.equal(json.err, '');
  const one = await run(['solve', big.line, '--timeout', '0.05']);
  assert.equal(one.out, 'unknown\n');
  assert.equal(one.err, '');
});

test('progressive perft: the default depth is the moves left, a depth may be given past 1,000 moves left, and --rules keeps the rest of the full form', async () => {
  // Kings alone, two moves left: chess.js' series perft of the whole series.
  const kings = '4k3/8/8/8/8/8/8/4K3';
  assert.equal((await run(['perft', `${kings} w 2`])).out, `Nodes searched: ${chessJsSeriesPerft(`${kings} w - - 0 1`, 2, 2, 2, [])}\n`);
  assert.equal((await run(['perft', `${kings} w 5000`, '1'])).out, `Nodes searched: ${chessJsSeriesPerft(`${kings} w - - 0 1`, 5000, 5000, 1, [])}\n`);
  // 1,000 moves left is within the bound: stalemate (no legal move in chess.js), so 0.
  const stalemate = 'k7/8/1Q6/8/8/8/8/7K';
  assert.equal(new Chess(`${stalemate} b - - 0 1`).moves().length, 0);
  assert.equal((await run(['perft', `${stalemate} b 1000`])).out, 'Nodes searched: 0\n');
  // The series' length, its moves left and its en-passant target kept under --rules: e5xd6 only as
  // the series' first move (FIDE 3.7.3.2, the target of the last move of Black's series).
  const board = 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR';
  const expected = chessJsSeriesPerft(`${board} w KQkq - 0 1`, 2, 2, 2, ['d6']);
  assert.equal((await run(['perft', `${board} w KQkq d6 1 2 2 scottish`, '2', '--rules', 'italian'])).out, `Nodes searched: ${expected}\n`);
});

test('progressive perft --divide at depth 0 and 1: the one empty path, then one line per move; --json ms is whole', async () => {
  const kings = '4k3/8/8/8/8/8/8/4K3 w 2';
  assert.equal((await run(['perft', kings, '0', '--divide'])).out, '\nNodes searched: 1\n');
  const one = (await run(['perft', kings, '1', '--divide'])).out.trimEnd().split('\n');
  const moves = new Chess('4k3/8/8/8/8/8/8/4K3 w - - 0 1').moves({ verbose: true }).map((m) => `${m.from}${m.to}: 1`);
  assert.deepEqual([...one.slice(0, -2)].sort(), moves.sort());
  assert.equal(one.at(-1), `Nodes searched: ${moves.length}`);
  const j = JSON.parse((await run(['perft', kings, '2', '--json'])).out) as { ms: number };
  assert.ok(Number.isInteger(j.ms), String(j.ms));
});
