/**
 * One command line for all commands: `--fen FEN` and `startpos` wherever a position is given,
 * `--json` wherever there is machine output, the help's hint and examples, one exit-code table,
 * bounded messages, and what a command says when it has nothing to print or waits on a terminal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { EXIT_FAILED, EXIT_IO, EXIT_OK, EXIT_USAGE } from '../../src/cli/exit.js';
import { boundedMessage, excerpt, MAX_MESSAGE_CHARS } from '../../src/core/visible.js';
import { runCommand, tempDir } from '../helpers.js';

const MAIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = tempDir('caissa-cli-');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** `caissa …` in a process of its own, in `cwd` (the temporary directory unless given). */
const spawned = (args: string[], input?: string): { code: number; out: string; err: string } => {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', cwd: dir, input });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
};
/** `caissa NAME …` in this process. */
async function run(name: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const command = await COMMANDS.find((c) => c.name === name)!.load();
  return runCommand(command, args);
}

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PACO_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -';

test('caissa help ends with the hint to each command\'s --help, and every --help shows one example that runs', async () => {
  const help = spawned(['help']);
  assert.equal(help.code, 0);
  assert.ok(help.out.endsWith('\n\n`caissa <command> --help` for more\n'), help.out);
  // Examples that need no file, no Redis and little time are run as they are written.
  const runnable = new Set(['perft', 'moves', 'fen', 'san', 'uci', 'paco', 'progressive', 'enumerate', 'svg']);
  for (const { name } of COMMANDS) {
    const usage = spawned([name, '--help']).out;
    const examples = usage.split('\n').filter((l) => l.startsWith('example: '));
    assert.equal(examples.length, 1, `${name}: ${usage}`);
    const example = examples[0]!.slice('example: '.length);
    assert.ok(example.startsWith(`caissa ${name} `), example);
    if (!runnable.has(name)) continue;
    // The shell's words of the example (double quotes only), run without the shell.
    const words = [...example.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);
    const r = spawned(words);
    assert.equal(r.code, EXIT_OK, `${example}: ${r.err}`);
    // Each prints its answer, or writes it where it says (svg --out board.svg).
    assert.ok(r.out !== '' || (name === 'svg' && readFileSync(join(dir, 'board.svg'), 'utf8').startsWith('<svg')), example);
  }
});

test('--fen FEN and startpos wherever a position is given, the earlier positional forms kept', async () => {
  const nodes = (out: string): string => /Nodes searched: (\d+)/.exec(out)?.[1] ?? out;
  assert.equal(nodes((await run('perft', '3', '--fen', 'startpos')).out), '8902');
  assert.deepEqual(await run('moves', '--fen', 'startpos'), await run('moves'));
  assert.deepEqual(await run('moves', 'startpos'), await run('moves'));
  assert.deepEqual(await run('moves', START_FEN, '--json'), await run('moves', '--json'));
  assert.equal((await run('moves', START_FEN, '--fen', START_FEN)).code, EXIT_USAGE); // the position once
  for (const args of [['check', 'startpos'], ['check', '--fen', 'startpos'], ['check', '--fen', START_FEN], ['check', ...START_FEN.split(' ')]]) {
    assert.deepEqual(await run('fen', ...args), { code: 0, out: `valid: ${START_FEN}\n`, err: '' }, args.join(' '));
  }
  for (const name of ['san', 'uci']) {
    const expected = name === 'san' ? 'e4 e5 Nf3\n' : 'e2e4 e7e5 g1f3\n';
    for (const args of [['startpos'], ['--fen', 'startpos'], ['--fen', START_FEN], [START_FEN], START_FEN.split(' ')]) {
      assert.equal((await run(name, ...args, 'e4', 'e5', 'Nf3')).out, expected, `${name} ${args.join(' ')}`);
    }
  }
  const positions = async (...args: string[]): Promise<number> =>
    (JSON.parse((await run('enumerate', '--plies', '2', '--json', '--quiet', ...args)).out.trim().split('\n').at(-1)!) as { positions: number }).positions;
  assert.deepEqual([await positions('--fen', 'startpos'), await positions()], [400, 400]);
  assert.equal((await run('svg', '--fen', 'startpos')).out, (await run('svg')).out);
  assert.equal((await run('svg', '--paco', '--fen', 'startpos')).out, (await run('svg', '--paco')).out);
  assert.equal((await run('paco', 'perft', '2', '--fen', 'startpos')).out, (await run('paco', 'perft', '2', '--fen', PACO_START)).out);
  const game = join(dir, 'paco-game.txt');
  writeFileSync(game, '13 93\n');
  assert.equal((await run('paco', 'replay', game, '--fen', 'startpos')).out, (await run('paco', 'replay', game)).out);
  const fens = join(dir, 'fens.txt');
  writeFileSync(fens, `startpos\n${PACO_START}\n`);
  const sako = (await run('paco', 'sako', fens)).out.trim().split('\n').map((l) => JSON.parse(l) as { sako: boolean; paco: boolean });
  assert.deepEqual(sako.map((r) => [r.sako, r.paco]), [[false, false], [false, false]]);
});

test('progressive perft takes the depth where perft does (`perft 3 --fen POS`), the earlier `"POS" 3` kept', async () => {
  const full = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 3 3';
  const expected = (await run('progressive', 'perft', full, '2')).out;
  assert.match(expected, /^Nodes searched: \d+\n$/);
  assert.equal((await run('progressive', 'perft', '2', '--fen', full)).out, expected);
  assert.equal((await run('progressive', 'perft', '2', full)).out, expected);
  assert.equal((await run('progressive', 'perft', '3')).out, (await run('progressive', 'perft', '3', '--fen', 'startpos')).out);
  assert.equal((await run('progressive', 'perft', '3')).out, 'Nodes searched: 8902\n'); // a series of one move each: chess
  assert.equal((await run('progressive', 'perft', '2', full, '--fen', full)).code, EXIT_USAGE);
  // solve: --fen is the problem, as the positional form is.
  const problem = '7k/8/6K1/8/8/8/8/R7 w 1';
  assert.deepEqual(await run('progressive', 'solve', '--fen', problem), await run('progressive', 'solve', problem));
  assert.equal((await run('progressive', 'solve', '--fen', problem)).out, 'a1-a8\n');
});

test('--json wherever there is machine output: san and uci, paco replay', async () => {
  const san = JSON.parse((await run('san', 'startpos', 'e4', 'e5', '--json')).out) as unknown;
  assert.deepEqual(san, { fen: START_FEN, moves: ['e4', 'e5'], after: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' });
  const uci = JSON.parse((await run('uci', '--fen', 'startpos', 'e4', '--', '--json')).out) as { moves: string[] };
  assert.deepEqual(uci.moves, ['e2e4', '0000']);
  const game = join(dir, 'paco-json.txt');
  writeFileSync(game, '13 93 52 100\n');
  const text = (await run('paco', 'replay', game)).out.trim().split('\n').map((l) => l.split('\t'));
  const json = JSON.parse((await run('paco', 'replay', game, '--json')).out) as { moves: { notation: string; fen: string }[] };
  assert.deepEqual(json.moves.map((m) => [m.notation, m.fen]), text);
});

test('--json wherever there is machine output: pgn replay (the summary) and check (a line per broken game), selfplay', () => {
  const pgn = join(dir, 'two.pgn');
  writeFileSync(pgn, '1. e4 e5 2. Nf3 *\n\n1. e4 Ke7 Ke2 *\n');
  const replay = spawned(['pgn', 'replay', pgn, '--json']);
  const summary = JSON.parse(replay.out) as Record<string, number>;
  assert.deepEqual([summary.games, summary.plies, summary.errors, typeof summary.seconds], [2, 4, 1, 'number']);
  const check = spawned(['pgn', 'check', pgn, '--json']);
  assert.equal(check.code, EXIT_FAILED);
  const text = spawned(['pgn', 'check', pgn]).out;
  const record = JSON.parse(check.out) as { file: string; line: number; column: number; game: number; message: string };
  assert.equal(`${record.file}:${record.line}:${record.column}: game ${record.game}: ${record.message}\n`, text);
  assert.equal(spawned(['pgn', 'replay', pgn, '--json', '--jsonl']).code, EXIT_USAGE);
  const out = join(dir, 'selfplay-json');
  const selfplay = spawned(['selfplay', '--games', '1', '--max-steps', '8', '--out', out, '--quiet', '--json']);
  assert.equal(selfplay.code, EXIT_OK, selfplay.err);
  const j = JSON.parse(selfplay.out) as { games: number; samples: number; out: string; samplesPerSecond: number };
  assert.deepEqual([j.games, j.out, typeof j.samples, typeof j.samplesPerSecond], [1, out, 'number', 'number']);
});

test('moves on a position with none prints nothing on stdout, says why on stderr, exit 0', () => {
  for (const [fen, why] of [['7k/6Q1/6K1/8/8/8/8/8 b - - 0 1', 'checkmate'], ['7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', 'stalemate']] as const) {
    const r = spawned(['moves', '--fen', fen]);
    assert.deepEqual([r.code, r.out], [0, ''], fen);
    assert.equal(r.err, `caissa moves: no legal moves: ${why} (${fen})\n`);
    const j = spawned(['moves', '--fen', fen, '--json']);
    assert.deepEqual(JSON.parse(j.out), { fen, moves: [] });
    assert.match(j.err, new RegExp(`no legal moves: ${why}`));
  }
  assert.equal(spawned(['moves']).err, ''); // nothing said where there are moves
});

/** `caissa …` with a terminal (a pseudo-terminal of util-linux's `script`) as its standard input. */
function onTerminal(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, MAIN, ...args].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: dir });
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no end after 20 s: ${JSON.stringify(out)}`));
    }, 20_000);
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      // Once the command has said it waits, end its input as a user would (Ctrl-D).
      if (out.includes('Ctrl-D')) child.stdin.end('\x04');
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}
const hasScript = spawnSync('script', ['-qec', 'true', '/dev/null']).status === 0;

test('a command reading a terminal\'s stdin says it is waiting (on stderr), and reads it', { skip: !hasScript && 'util-linux script is missing' }, async () => {
  for (const [args, what] of [[['pgn', 'replay', '-'], 'PGN'], [['paco', 'sako'], 'FENs'], [['paco', 'replay', '-'], 'a game']] as const) {
    const out = await onTerminal([...args]);
    assert.match(out, new RegExp(`caissa ${args[0]}: reading ${what}[^\\n]* from the terminal; end with Ctrl-D`), `${args.join(' ')}: ${out}`);
  }
  // A pipe or a file is not a terminal: nothing is said.
  assert.equal(spawned(['paco', 'sako'], `${PACO_START}\n`).err, '');
  assert.equal(spawned(['pgn', 'replay', '-'], '1. e4 e5 *\n').err, '');
});

test('perft --epd: a depth given twice fails its line (the later count won); counts above --max-nodes are named on stderr', () => {
  const file = join(dir, 'twice.epd');
  writeFileSync(file, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 21 ;D1 20 ;id "twice"\n4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66 ;D3 1197 ;id "rook"\n');
  const r = spawned(['perft', '--epd', file, '--max-nodes', '100']);
  assert.equal(r.code, EXIT_FAILED);
  assert.equal(r.out, "line1 - invalid EPD: operation 'D1' given twice ('21' and '20')\n1 passed, 1 failed\n");
  assert.equal(r.err, 'caissa perft: rook: left unchecked, above --max-nodes 100: D3 1197\n');
  assert.equal(spawned(['perft', '--epd', file, '--max-nodes', '2000']).err, '');
  // --json: a line per position, the same findings, then the tally.
  const j = spawned(['perft', '--epd', file, '--max-nodes', '100', '--json']);
  assert.equal(j.code, EXIT_FAILED);
  assert.deepEqual(j.out.trim().split('\n').map((l) => JSON.parse(l) as unknown), [
    { id: 'line1', line: 1, result: 'failed', problems: [{ depth: null, reason: "invalid EPD: operation 'D1' given twice ('21' and '20')" }], unchecked: [] },
    { id: 'rook', line: 2, result: 'passed', problems: [], unchecked: [{ depth: 3, expected: 1197 }] },
    { passed: 1, failed: 1, unchecked: 0 },
  ]);
  const wrong = join(dir, 'wrong.epd');
  writeFileSync(wrong, '4k3/8/8/8/8/8/8/4K2R w K - ;D2 67 ;id "wrong"\n');
  assert.deepEqual(JSON.parse(spawned(['perft', '--epd', wrong, '--json']).out.split('\n')[0]!), { id: 'wrong', line: 1, result: 'failed', problems: [{ depth: 2, expected: 67, got: 66 }], unchecked: [] });
});

test('perft --json after a resumed --checkpoint run: the rate of the nodes this run counted, null when it counted none', () => {
  const file = join(dir, 'resume.journal');
  const first = JSON.parse(spawned(['perft', '5', '--checkpoint', file, '--json']).out) as { nodes: number; ms: number; nps: number | null };
  assert.equal(first.nodes, 4865609);
  assert.equal(typeof first.nps, 'number');
  // All read from the journal: nothing counted, no rate (it was the total over a few ms).
  const again = JSON.parse(spawned(['perft', '5', '--checkpoint', file, '--json']).out) as { nodes: number; nps: number | null };
  assert.deepEqual([again.nodes, again.nps], [4865609, null]);
  // Half the jobs kept: the rate is of the other half, counted now.
  const [header, ...jobs] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const kept = jobs.slice(0, jobs.length >> 1);
  writeFileSync(file, [header, ...kept, ''].join('\n'));
  const resumedNodes = kept.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  const half = JSON.parse(spawned(['perft', '5', '--checkpoint', file, '--json']).out) as { nodes: number; ms: number; nps: number };
  assert.equal(half.nodes, 4865609);
  const counted = 4865609 - resumedNodes;
  // nps = counted / this run's time (ms rounded in the output: allow for it).
  assert.ok(Math.abs(half.nps * (half.ms / 1000) - counted) <= half.nps * 0.001 + 1000, JSON.stringify({ half, counted }));
});

test('paco replay: text that is neither action JSON nor codes is bad input (exit 2), an empty game still reads', async () => {
  const game = join(dir, 'paco-bad.txt');
  for (const text of ['[[[]]]', ']]][[[', '[1,,2]', '[,]', '1 2 ]', '[', ',']) {
    writeFileSync(game, text);
    const r = await run('paco', 'replay', game);
    assert.equal(r.code, EXIT_USAGE, text);
    assert.equal(r.out, '', text);
  }
  for (const text of ['', '[]', '13 93', '13,93', '[13, 93]']) {
    writeFileSync(game, text);
    assert.equal((await run('paco', 'replay', game)).code, EXIT_OK, text);
  }
});

test('one exit-code table: exit.ts, docs/cli.md and the README agree; the same bad path is exit 2 in every command', () => {
  assert.deepEqual([EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_IO], [0, 1, 2, 3]);
  const docs = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const code of [0, 1, 2, 3]) {
    assert.match(docs, new RegExp(`^\\| ${code} \\| \\S`, 'm'), `docs/cli.md: code ${code}`);
    assert.match(readme, new RegExp(`^\\| ${code} \\| \\S`, 'm'), `README: code ${code}`);
  }
  // A path that cannot hold the output (procfs refuses to make anything there).
  const bad = '/proc/caissa-no/such';
  for (const args of [['enumerate', '--plies', '1', '--workdir', bad, '--quiet'], ['svg', '--out', bad], ['perft', '1', '--checkpoint', bad], ['selfplay', '--games', '1', '--out', bad, '--quiet']]) {
    const r = spawned(args);
    assert.equal(r.code, EXIT_USAGE, `${args.join(' ')}: ${r.err}`);
    assert.ok(r.err.includes(bad), r.err);
  }
});

test('messages quote at most a short excerpt of the input, whatever its length', () => {
  const long = 'x'.repeat(20_000);
  for (const args of [['perft', long], ['san', 'startpos', long], ['svg', '--highlight', long], ['enumerate', '--plies', '1', '--identity', long], ['progressive', 'solve', '--rules', long], [long], ['perft', '1', '--threads', long]]) {
    const r = spawned(args);
    assert.equal(r.code, EXIT_USAGE, args[0]);
    const first = r.err.split('\n')[0]!;
    assert.ok(first.length < 200, `${args[0]}: ${first.length} characters`);
    assert.match(first, /x… \(\d+ more characters\)/, first.slice(0, 200));
  }
  const pgn = join(dir, 'long.pgn');
  writeFileSync(pgn, `1. ${long} *\n`);
  const check = spawned(['pgn', 'check', pgn]);
  assert.equal(check.code, EXIT_FAILED);
  assert.ok(check.out.length < 400, `${check.out.length} characters`);
  // The bounds themselves.
  assert.equal(excerpt('abc'), 'abc');
  assert.ok(excerpt('😀'.repeat(30)).startsWith(`${'😀'.repeat(20)}…`));
  assert.ok(excerpt(`a${'😀'.repeat(30)}`).startsWith(`a${'😀'.repeat(19)}…`)); // no half of a pair
  assert.ok(boundedMessage(`a ${'y'.repeat(5000)} b`).length <= MAX_MESSAGE_CHARS + 40);
});

test('file names in messages are escaped as the rest of the message is', () => {
  const name = join(dir, 'bad\x1b[31mname.pgn');
  writeFileSync(name, '1. e4 Ke7 Ke2 *\n');
  const r = spawned(['pgn', 'check', name]);
  assert.equal(r.code, EXIT_FAILED);
  assert.ok(r.out.includes('bad\\x1b[31mname.pgn:'), r.out);
  assert.ok(!r.out.includes('\x1b'), JSON.stringify(r.out));
  // caissa book make names the broken game's file and the book it writes, both escaped.
  const book = spawned(['book', 'make', name, '--out', join(dir, 'out\x07.bin'), '--min-games', '1']);
  assert.ok(book.err.includes('bad\\x1b[31mname.pgn: game 1'), book.err);
  assert.ok(book.err.includes('out\\x07.bin'), book.err);
  assert.ok(!book.err.includes('\x07') && !book.err.includes('\x1b'), JSON.stringify(book.err));
});
