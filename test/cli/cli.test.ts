/** The CLI's interfaces: formats and exit codes other programs rely on. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Chess as ChessJs } from 'chess.js';
import { sharedPath } from '../../src/node/data.js';
import { sharedSkip } from '../data.js';
import { tempDir } from '../helpers.js';

const MAIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const run = (...args: string[]): { code: number; out: string; err: string } => {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
};

test('perft prints Stockfish format', () => {
  const r = run('perft', '4');
  assert.equal(r.code, 0);
  assert.equal(r.out, 'Nodes searched: 197281\n');
  const d = run('perft', '2', '--divide', '--fen', '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  assert.equal(d.code, 0);
  const lines = d.out.trimEnd().split('\n');
  assert.equal(lines.at(-1), 'Nodes searched: 66');
  assert.equal(lines.at(-2), '');
  assert.ok(lines.includes('e1g1: 3'), d.out); // after O-O the black king has d8, d7, e7
  assert.equal(lines.filter((l) => /^[a-h][1-8][a-h][1-8][nbrq]?: \d+$/.test(l)).length, 15);
});

test('perft --json and --threads', () => {
  const r = run('perft', '4', '--json', '--threads', '2');
  assert.equal(r.code, 0);
  const j = JSON.parse(r.out) as { nodes: number; ms: number; nps: number };
  assert.equal(j.nodes, 197281);
  assert.equal(typeof j.ms, 'number');
  assert.equal(typeof j.nps, 'number');
});

test('perft --divide --json: the root moves\' counts in the object, as the text lines give them', () => {
  const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const text = run('perft', '2', '--fen', fen, '--divide');
  const lines = text.out.trimEnd().split('\n').filter((l) => l.includes(': ') && !l.startsWith('Nodes'));
  const r = run('perft', '2', '--fen', fen, '--divide', '--json');
  assert.equal(r.code, 0);
  const j = JSON.parse(r.out) as { nodes: number; divide: Record<string, number> };
  assert.deepEqual(Object.entries(j.divide).map(([uci, n]) => `${uci}: ${n}`), lines);
  assert.equal(Object.values(j.divide).reduce((a, b) => a + b, 0), j.nodes);
  assert.equal(j.nodes, 568); // ;D2 of this position in test/fixtures/perft
  assert.equal(JSON.parse(run('perft', '2', '--json').out).divide, undefined);
});

test('perft --epd reports mismatches and closes with the tally', () => {
  const dir = tempDir('caissa-');
  const file = join(dir, 'x.epd');
  writeFileSync(
    file,
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;id "start"\n' +
      '4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 67 ;id "wrong"\n' +
      '8/8/8/8/8/8/8/8 w - - ;D1 0 ;id "empty"\n',
  );
  const r = run('perft', '--epd', file);
  assert.equal(r.code, 1);
  assert.equal(r.out, 'wrong 2 67 66\nempty - refused: missingKing\n1 passed, 2 failed\n');
  const ok = run('perft', '--epd', file, '--max-nodes', '20');
  assert.equal(ok.out.split('\n').at(-2), '2 passed, 1 failed');
  // A line with no count within --max-nodes is not a pass: it is tallied apart.
  const over = run('perft', '--epd', file, '--max-nodes', '10');
  assert.deepEqual(over.out.split('\n').slice(-3), ['2 unchecked (no count within --max-nodes)', '0 passed, 1 failed', '']);
  // A count that is not a number fails; a gzipped file is read like a plain one.
  const gz = join(dir, 'y.epd.gz');
  writeFileSync(gz, gzipSync('4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 x66 ;id "nan"\n'));
  const nan = run('perft', '--epd', gz);
  assert.deepEqual([nan.code, nan.out], [1, "nan 2 - not a count: 'x66'\n0 passed, 1 failed\n"]);
});

test('bad usage and bad input exit 2 with the field and reason', () => {
  const r = run('perft', '3', '--fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1');
  assert.equal(r.code, 2);
  assert.match(r.err, /turn/);
  assert.equal(run('perft').code, 2);
  assert.equal(run('perft', 'x').code, 2);
  assert.equal(run('perft', '3', '--bogus').code, 2);
  assert.equal(run('nonsense').code, 2);
  // Bad usage is followed by the command's usage; bad input (a FEN, a move, a file) is not.
  assert.match(run('perft', 'x').err, /\nusage: caissa perft <depth>/);
  assert.deepEqual(r.err.split('\n').filter((l) => l !== '').length, 1, r.err);
  assert.equal(run('san', 'startpos', 'e5').err, "caissa san: move 1: illegal move 'e5'\n");
  assert.equal(run('pgn', 'replay', '/nonexistent.pgn').err, "caissa pgn: cannot read /nonexistent.pgn: ENOENT: no such file or directory, stat '/nonexistent.pgn'\n");
});

test('perft: an option of the other form (--epd FILE, or a depth) is bad usage, not ignored', () => {
  const file = join(tempDir('caissa-'), 'x.epd');
  writeFileSync(file, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;id "start"\n');
  for (const [args, option] of [
    [['--epd', file, '--fen', '4k3/8/8/8/8/8/8/4K2R w K - 0 1'], '--fen'],
    [['--epd', file, '--divide'], '--divide'],
    [['--epd', file, '--threads', '2'], '--threads'],
    [['--epd', file, '--no-bulk'], '--no-bulk'],
    [['3', '--max-nodes', '10'], '--max-nodes'],
  ] as const) {
    const r = run('perft', ...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.out, '', args.join(' '));
    assert.match(r.err, new RegExp(`^caissa perft: ${option} `), args.join(' '));
    assert.match(r.err, /\nusage: caissa perft <depth>/);
  }
});

test('moves and fen check', () => {
  const m = run('moves', '--fen', '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  assert.equal(m.code, 0);
  assert.equal(m.out.trim().split('\n').length, 15);
  const j = JSON.parse(run('moves', '--json').out) as { moves: string[] };
  assert.equal(j.moves.length, 20);
  const good = run('fen', 'check', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.equal(good.code, 0);
  const bad = run('fen', 'check', '--json', '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1');
  assert.equal(bad.code, 1);
  assert.deepEqual(JSON.parse(bad.out).issues, ['impossibleCheck']);
  assert.equal(JSON.parse(bad.out).playableLeniently, true);
  // The text form: one `invalid:` line per issue, then whether the lenient reader can play it.
  const text = run('fen', 'check', '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1');
  assert.deepEqual([text.code, text.out], [1, 'invalid: impossibleCheck\nlenient: playable as 3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1\n']);
  const kingless = run('fen', 'check', '8/8/8/8/8/8/8/8 w - - 0 1');
  assert.deepEqual([kingless.code, kingless.out], [1, 'invalid: missingKing\nlenient: not playable\n']);
  // Text that is no FEN is bad input: exit 2 with the reason, and no usage text (it would not help).
  const garbled = run('fen', 'check', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x');
  assert.equal(garbled.code, 2);
  assert.match(garbled.err, /^caissa fen: .+\n$/);
  // No subcommand, or no FEN: the reason, then the usage once.
  for (const args of [[], ['check'], ['verify', '8/8/8/8/8/8/8/8 w - - 0 1']]) {
    const r = run('fen', ...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, /^caissa fen: expected 'check FEN'(, got '\w+')?\nusage: caissa fen check \[--fen\] FEN\|startpos \[--json\] \[--variant NAME\]\nexample: caissa fen check [^\n]+\n$/, args.join(' '));
  }
});

test('moves --json: the position\'s FEN and its legal moves in UCI, as chess.js lists them', () => {
  for (const fen of [undefined, 'r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1']) {
    const chess = new ChessJs(fen);
    const r = run('moves', '--json', ...(fen === undefined ? [] : ['--fen', fen]));
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { fen: string; moves: string[] };
    assert.equal(j.fen, chess.fen());
    assert.deepEqual([...j.moves].sort(), chess.moves({ verbose: true }).map((m) => m.lan).sort());
  }
});

test('fen check: --json says `valid` as the exit code does; a FEN given as words is read whole', () => {
  const startFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const good = run('fen', 'check', '--json', startFen);
  assert.equal(good.code, 0);
  assert.deepEqual(JSON.parse(good.out), { valid: true, issues: [], playableLeniently: true, fen: startFen });
  // The king on c4 in check from the bishop d3 and the queen a6 at once, along two diagonals:
  // refused (impossibleCheck), though the lenient reader plays it.
  const bad = JSON.parse(run('fen', 'check', '--json', '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1').out) as { valid: boolean; fen: string | null };
  assert.equal(bad.valid, false);
  assert.equal(bad.fen, '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1');
  // Unquoted, the shell gives the FEN's six fields as six arguments.
  const words = run('fen', 'check', ...startFen.split(' '));
  assert.deepEqual([words.code, words.out], [0, `valid: ${startFen}\n`]);
});

test('perft --lenient (and --epd --lenient) counts a position the strict reader refuses, as chess.js plays it unvalidated', () => {
  const fen = '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1';
  const chess = new ChessJs(fen, { skipValidation: true });
  const perft = (depth: number): number => {
    if (depth === 0) return 1;
    let n = 0;
    for (const m of chess.moves({ verbose: true })) {
      chess.move(m);
      n += perft(depth - 1);
      chess.undo();
    }
    return n;
  };
  const lenient = run('perft', '2', '--fen', fen, '--lenient');
  assert.deepEqual([lenient.code, lenient.out], [0, `Nodes searched: ${perft(2)}\n`]);
  const strict = run('perft', '2', '--fen', fen);
  assert.deepEqual([strict.code, strict.out], [2, '']);
  assert.match(strict.err, /invalid position: white is in a check that no last move could have given/);
  // perft --epd --lenient too; without --lenient the line's position is refused.
  const file = join(tempDir('caissa-'), 'lenient.epd');
  writeFileSync(file, `${fen.split(' ').slice(0, 4).join(' ')} ;D2 ${perft(2)} ;id "lenient"\n`);
  assert.deepEqual([run('perft', '--epd', file, '--lenient').out, run('perft', '--epd', file).out], ['1 passed, 0 failed\n', 'lenient - refused: impossibleCheck\n0 passed, 1 failed\n']);
});

test('perft --epd: a line that is no EPD fails by its line number; an unreadable file is bad usage', () => {
  const dir = tempDir('caissa-');
  const file = join(dir, 'mixed.epd');
  writeFileSync(file, 'garbage here\n\n# a comment\n4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n');
  const r = run('perft', '--epd', file);
  assert.equal(r.code, 1);
  assert.equal(r.out, 'line1 - invalid EPD: expected the four FEN fields (board, turn, castling, en passant), found 2\n1 passed, 1 failed\n');
  const missing = run('perft', '--epd', join(dir, 'missing.epd'));
  assert.equal(missing.code, 2);
  assert.match(missing.err, /^caissa perft: cannot read .*missing\.epd/);
  // A suite with no EPD line (empty, or blank lines and comments only) is bad input, not a pass.
  for (const text of ['', '\n\n# nothing but a comment\n']) {
    writeFileSync(file, text);
    const empty = run('perft', '--epd', file);
    assert.deepEqual([empty.code, empty.out, empty.err], [2, '', `caissa perft: ${file} holds no EPD line\n`], JSON.stringify(text));
  }
});

test('perft --epd: a count that lies (`;D40 1`) stops the search past --max-nodes and fails as `>N`; a depth past 1,000 fails', () => {
  const dir = tempDir('caissa-');
  const file = join(dir, 'lies.epd');
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
  writeFileSync(file, `${start} ;D1 20 ;D2 400 ;D3 8902 ;D40 1 ;id "lies"\n${start} ;D1001 1 ;id "deep"\n${start} ;D4 197281 ;id "true"\n`);
  const r = run('perft', '--epd', file, '--max-nodes', '1000000');
  assert.equal(r.code, 1);
  assert.equal(r.out, 'lies 40 1 >1000000\ndeep 1001 - depth past 1000\n1 passed, 2 failed\n');
});

test('perft at the edges: depth 0 is the one empty path; --epd checks a count at depth 1000 and one equal to --max-nodes', () => {
  // perft(0) = 1 (the position itself), in each output form.
  assert.equal(run('perft', '0').out, 'Nodes searched: 1\n');
  assert.equal((JSON.parse(run('perft', '0', '--json').out) as { nodes: number }).nodes, 1);
  const file = join(tempDir('caissa-'), 'edges.epd');
  // A stalemate (black: Kh8; white: Qf7, Kg6) has 0 leaves at depth 1000, the deepest allowed;
  // the start has 20 moves, so ;D1 19 is wrong, and with --max-nodes 20 the search that reached
  // exactly 20 did not pass the limit: the count is printed, not `>20`.
  writeFileSync(file, '7k/5Q2/6K1/8/8/8/8/8 b - - ;D1000 0 ;id "stalemate"\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 19 ;id "start"\n');
  const r = run('perft', '--epd', file, '--max-nodes', '20');
  assert.deepEqual([r.code, r.out], [1, 'start 1 19 20\n1 passed, 1 failed\n']);
});

test('caissa alone prints the commands and exits 2; --help exits 0', () => {
  const bare = run();
  assert.equal(bare.code, 2);
  assert.match(bare.out, /^usage: caissa <command> \[options\]\n\n {2}perft /);
  const help = run('--help');
  assert.equal(help.code, 0);
  assert.equal(help.out, bare.out);
  for (const name of ['perft', 'moves', 'fen', 'pgn', 'san', 'uci', 'paco', 'progressive', 'enumerate', 'cluster', 'selfplay', 'svg']) {
    assert.match(help.out, new RegExp(`^  ${name} +\\S`, 'm'), name);
  }
});

test('caissa <command> --help (or -h, or caissa help <command>) prints that command\'s usage on stdout and exits 0', () => {
  for (const name of ['perft', 'moves', 'fen', 'pgn', 'san', 'uci', 'paco', 'progressive', 'enumerate', 'cluster', 'selfplay', 'svg']) {
    // The usage an error prints after its message is the reference: --help gives the same text.
    const error = run(name, '--no-such-option');
    assert.equal(error.code, 2, name);
    const usage = error.err.slice(error.err.indexOf('usage: caissa '));
    assert.match(usage, new RegExp(`^usage: caissa ${name}\\b`), name);
    for (const args of [[name, '--help'], [name, '-h'], ['help', name]]) {
      const r = run(...args);
      assert.equal(r.code, 0, args.join(' '));
      assert.equal(r.out, usage, args.join(' '));
      assert.equal(r.err, '', args.join(' '));
    }
  }
  // After a subcommand or other arguments too, as a user adds it to a line that failed.
  assert.equal(run('paco', 'sako', '--help').code, 0);
  assert.equal(run('perft', '5', '--fen', 'x', '-h').code, 0);
  const unknown = run('help', 'nosuch');
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /unknown command 'nosuch'/);
});

test('a FEN given to --fen unquoted (its fields as arguments of their own) is bad usage that says to quote it', () => {
  const start = ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'w', 'KQkq', '-', '0', '1'];
  for (const args of [['moves', '--fen', ...start], ['perft', '1', '--fen', ...start], ['svg', `--fen=${start[0]}`, ...start.slice(1)], ['enumerate', '--plies', '1', '--fen', ...start.slice(0, 2)]]) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.ok(r.err.includes(`quote the FEN: --fen "${start[0]} w …"`), `${args.join(' ')}: ${r.err}`);
  }
  // Quoted, it is read; the hint is not given for other mistakes.
  assert.equal(run('moves', '--fen', start.join(' ')).code, 0);
  const other = run('moves', '--fen', start.join(' '), 'e4');
  assert.equal(other.code, 2);
  assert.ok(!other.err.includes('quote the FEN'), other.err);
});

test('a reader that stops early (`| head -1`) ends the command quietly, exit 3 (output not all written), no EPIPE trace', { skip: sharedSkip('games') }, async () => {
  const file = sharedPath('games', 'lichess-standard-13k.pgn.gz');
  for (const threads of ['1', '2']) {
    const child = spawn(process.execPath, [MAIN, 'pgn', 'replay', '--jsonl', '--threads', threads, file]);
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 3, err);
    assert.equal(err, '');
  }
});

test('the built bin is executable, so `npx caissa` runs it on a fresh clone', () => {
  assert.notEqual(statSync(MAIN).mode & 0o111, 0, `${MAIN} has mode ${(statSync(MAIN).mode & 0o777).toString(8)}`);
});

test('counts past their bounds are usage errors naming the bound (exit 2), not allocation errors or stack traces', () => {
  const huge = String(Number.MAX_SAFE_INTEGER);
  const cases: [string[], RegExp][] = [
    [['perft', '1001'], /depth: expected an integer from 0 to 1000/],
    [['perft', huge], /depth: expected an integer from 0 to 1000/],
    [['perft', '2', '--threads', '257'], /--threads: expected an integer from 1 to 256/],
    [['paco', 'perft', '100000', '--actions'], /depth: expected an integer from 0 to 1000/],
    // The full progressive form: the start, no-progress count 1, series 1, one move left.
    [['progressive', 'perft', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1 1', huge], /depth: expected an integer from 0 to 1000/],
    [['enumerate', '--plies', huge], /--plies: expected an integer from 0 to 1000/],
    [['enumerate', '--plies', '2', '--threads', huge], /--threads: expected an integer from 1 to 256/],
    [['pgn', 'replay', '--threads', '100000', '-'], /--threads: expected an integer from 1 to 256/],
    [['selfplay', '--game', 'chess', '--games', '1', '--batch', huge, '--out', tmpdir()], /--batch: expected an integer from 1 to 16384/],
    [['selfplay', '--game', 'chess', '--games', '1', '--policy', 'mcts', '--sims', huge, '--out', tmpdir()], /--sims: expected an integer from 1 to 100000/],
  ];
  for (const [args, message] of cases) {
    const r = run(...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, message, args.join(' '));
    assert.doesNotMatch(r.err, /\n\s+at /, `${args.join(' ')}: a stack trace`);
  }
});

test('a count at its bound is accepted (the bounds the errors name are inclusive), and one written with an exponent is read as its integer', () => {
  // A stalemate (black: Kh8; white: Qf7, Kg6) has no legal move, so no leaf at any depth, 1000 included.
  const stalemate = run('perft', '1000', '--fen', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
  assert.deepEqual([stalemate.code, stalemate.out, stalemate.err], [0, 'Nodes searched: 0\n', '']);
  // 256 threads is allowed; at depth 1 the count needs none of them (20 moves from the start).
  const threads = run('perft', '1', '--threads', '256');
  assert.deepEqual([threads.code, threads.out, threads.err], [0, 'Nodes searched: 20\n', '']);
  // `--max-nodes 2e1` is 20: the counts up to 20 (D1 20 of the start, D1 15 of K+R against K) are
  // checked and pass, the kingless position fails.
  const file = join(tempDir('caissa-'), 'x.epd');
  writeFileSync(
    file,
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;id "start"\n' +
      '4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66 ;id "rook"\n' +
      '8/8/8/8/8/8/8/8 w - - ;D1 0 ;id "empty"\n',
  );
  const exponent = run('perft', '--epd', file, '--max-nodes', '2e1');
  assert.deepEqual([exponent.code, exponent.out], [1, 'empty - refused: missingKing\n2 passed, 1 failed\n']);
});

test('caissa alone lists the commands in two columns: every summary starts two spaces after the longest name', () => {
  // The command rows: from the third line to the blank line before the closing hint.
  const rows = run().out.split('\n').slice(2);
  const lines = rows.slice(0, rows.indexOf(''));
  const names = lines.map((l) => /^ {2}(\S+)/.exec(l)![1]!);
  const column = 2 + Math.max(...names.map((n) => n.length)) + 2;
  for (const [i, line] of lines.entries()) {
    assert.match(line.slice(0, column), new RegExp(`^  ${names[i]} +$`), line);
    assert.match(line.slice(column), /^\S/, line);
  }
});

test('an error quoting the input shows its control characters as escapes, so it cannot drive the terminal or break the line', () => {
  const cases: [string[], string][] = [
    [['san', 'startpos', 'e\x1b[31m4'], "'e\\x1b[31m4'"],
    [['uci', 'startpos', 'e2\u202ee4'], 'e2\\u202ee4'],
    [['moves', '--fen', '4k3/8/8/8/8/8/8/4K3 w - - 0 1\x1b'], "'1\\x1b'"],
    [['no\x07such'], "unknown command 'no\\x07such'"],
    // A path that cannot hold a run (bad input, exit 2) is named as well.
    [['enumerate', '--plies', '2', '--workdir', '/proc/x\x1b[31m/y'], '/proc/x\\x1b[31m/y cannot be a work directory'],
  ];
  for (const [args, shown] of cases) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.ok(r.err.includes(shown), `${JSON.stringify(r.err)} lacks ${shown}`);
    const firstLine = r.err.split('\n')[0]!;
    const raw = [...firstLine].filter((c) => c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '\u202e');
    assert.deepEqual(raw, [], JSON.stringify(firstLine));
  }
});

test("an option's value that starts with a dash (`--games -1`) is bad usage in one line, parseArgs' hints included, no escaped line break", () => {
  for (const args of [['selfplay', '--games', '-1'], ['svg', '--size', '-5']]) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(' '));
    const [first, second] = r.err.split('\n');
    assert.match(first!, new RegExp(`^caissa ${args[0]}: Option '${args[1]}' argument is ambiguous\\. Did you forget .* use '${args[1]}=-XYZ'\\.$`));
    assert.ok(!r.err.includes('\\x0a'), r.err);
    assert.ok(second!.startsWith(`usage: caissa ${args[0]}`), r.err);
  }
});

test('a command loads only its own modules: BullMQ and ioredis (a quarter of a second) only for cluster, the environment only for selfplay', () => {
  // A module resolve hook reports every module it resolves under the watched paths on stderr.
  const hook = `export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (/\\/node_modules\\/(bullmq|ioredis)\\/|\\/dist\\/(env|tools\\/enumerate|variants\\/paco)\\//.test(r.url)) process.stderr.write('loads ' + r.url + '\\n');
  return r;
}`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  const traced = (args: string[]): string =>
    spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, ...args], { encoding: 'utf8' }).stderr;
  // The hook sees the watched modules (the check can fail).
  assert.match(traced(['--input-type=module', '-e', "await import('bullmq')"]), /loads .*node_modules\/bullmq\//);
  assert.match(traced([MAIN, 'selfplay', '--games', 'x']), /loads .*dist\/env\//);
  for (const args of [['perft', '1'], ['san', 'startpos', 'e4'], ['moves']]) assert.doesNotMatch(traced([MAIN, ...args]), /loads/, args.join(' '));
  // The cluster's enumeration is its own; its queue packages wait until Redis answers.
  assert.doesNotMatch(traced([MAIN, 'cluster', 'submit', '--redis', 'redis://127.0.0.1:1', '--perft', 'x']), /loads .*node_modules/);
});

test('BullMQ and ioredis are optional peer dependencies: without them, cluster names them before reaching Redis (exit 2)', () => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  // A library user installs no runtime dependency; the cluster's packages are optional peers.
  assert.deepEqual(Object.keys(pkg.dependencies ?? {}), []);
  for (const name of ['bullmq', 'ioredis']) {
    assert.ok(pkg.peerDependencies?.[name] !== undefined, `${name} is a peer dependency`);
    assert.equal(pkg.peerDependenciesMeta?.[name]?.optional, true, `${name} is optional`);
  }
  // A resolve hook makes the named packages missing, as in an install without them.
  const hiding = (names: string[]): string[] => {
    const hook = `export async function resolve(specifier, context, next) {
  if (${JSON.stringify(names)}.includes(specifier)) throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    return ['--import', `data:text/javascript,${encodeURIComponent(register)}`];
  };
  const cluster = (hidden: string[], ...args: string[]) => spawnSync(process.execPath, [...hiding(hidden), MAIN, 'cluster', ...args], { encoding: 'utf8' });
  // Port 1 refuses connections: with the packages there, the error is Redis's.
  const present = cluster([], 'status', '--redis', 'redis://127.0.0.1:1');
  assert.equal(present.status, 2);
  assert.match(present.stderr, /cannot reach Redis/);
  for (const [hidden, named] of [[['bullmq'], 'bullmq is not installed'], [['bullmq', 'ioredis'], 'bullmq and ioredis are not installed']] as const) {
    for (const args of [['status'], ['worker'], ['submit', '--perft', '2']]) {
      const r = cluster([...hidden], ...args, '--redis', 'redis://127.0.0.1:1');
      assert.equal(r.status, 2, `${hidden.join(',')} ${args.join(' ')}: ${r.stderr}`);
      assert.ok(r.stderr.includes(named) && r.stderr.includes('npm install bullmq ioredis'), r.stderr);
      assert.doesNotMatch(r.stderr, /Redis|at .*\.js/, 'named before Redis is reached, without a stack trace');
    }
  }
  // Bad usage is still named first.
  assert.match(cluster(['bullmq'], 'status').stderr, /--redis URL is required/);
});

test('an option value that is none of its choices is bad usage naming the option (README: the message names the field), with the usage', () => {
  const cases: [string[], RegExp][] = [
    [['enumerate', '--plies', '1', '--identity', 'nope'], /^caissa enumerate: --identity: unknown identity 'nope' \(expected fide, pseudo-ep, fen, diagram\)\nusage: caissa enumerate /],
    [['selfplay', '--game', 'go', '--games', '1', '--out', tmpdir()], /^caissa selfplay: --game: expected one of chess, chess960, paco, got 'go'\nusage: caissa selfplay /],
  ];
  for (const [args, message] of cases) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message, args.join(' '));
  }
});
