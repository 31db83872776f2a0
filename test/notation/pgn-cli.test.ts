/**
 * The CLI interfaces of the notation layer: `caissa pgn replay|check`, `caissa san`, `caissa uci`
 * (their output formats are parsed by other programs). The commands run in a child process
 * through their modules, so this test does not depend on the other commands being built.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sharedPath } from '../../src/node/data.js';
import { eventTagLines, gamesOf } from './chessops-replay.js';
import { sharedSkip } from '../data.js';
import { tempDir } from '../helpers.js';

const commands = new URL('../../src/cli/commands/', import.meta.url).href;
// As `src/cli/main.ts` runs a command: bad usage and bad input exit 2 with the message
// `caissa` prints; anything else is a crash (uncaught: exit 1 and a stack trace).
const RUNNER = `
const [name, ...args] = process.argv.slice(1);
const cmd = (await import(${JSON.stringify(commands)} + name + '.js'))[name + 'Command'];
const { isUsageError, usageErrorText } = await import(${JSON.stringify(new URL('../usage.js', commands).href)});
try {
  process.exitCode = await cmd.run(args);
} catch (e) {
  if (!isUsageError(e)) throw e;
  console.error(usageErrorText(cmd, e));
  process.exitCode = 2;
}
`;
const run = (args: string[], input?: string | Buffer) => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', RUNNER, ...args], { input, maxBuffer: 1 << 28 });
  return { code: r.status ?? -1, out: r.stdout.toString('utf8'), err: r.stderr.toString('utf8') };
};

const dir = tempDir('caissa-pgn-');
const PGN = `[Event "ok"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "broken"]

1. e4 e5 2. Ke3 *

[Event "variant"]
[Variant "Atomic"]

1. e4 *
`;
const file = join(dir, 'games.pgn');
writeFileSync(file, PGN);

test('pgn replay --jsonl: exactly one line per game, in this format', () => {
  const r = run(['pgn', 'replay', '--jsonl', file]);
  assert.equal(r.code, 0, r.err);
  assert.equal(
    r.out,
    '{"game":1,"plies":7,"fen":"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4","result":"1-0","error":null}\n' +
      '{"game":2,"plies":2,"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","result":"*","error":{"line":8,"column":13,"message":"illegal move \'Ke3\'","san":"Ke3"}}\n' +
      '{"game":3,"plies":1,"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","result":"*","error":null}\n',
  );
  // The same through stdin, from a .gz file, and with worker threads.
  assert.equal(run(['pgn', 'replay', '--jsonl', '-'], PGN).out, r.out);
  const gz = join(dir, 'games.pgn.gz');
  writeFileSync(gz, gzipSync(PGN));
  assert.equal(run(['pgn', 'replay', '--jsonl', gz]).out, r.out);
  assert.equal(run(['pgn', 'replay', '--jsonl', '--threads', '2', gz]).out, r.out);
  assert.equal(run(['pgn', 'replay', '--jsonl', '-'], gzipSync(PGN)).out, r.out); // gzip on stdin
  const gzNoSuffix = join(dir, 'games.bin');
  writeFileSync(gzNoSuffix, gzipSync(PGN));
  assert.equal(run(['pgn', 'replay', '--jsonl', gzNoSuffix]).out, r.out);
  // Several files: numbering goes on across them.
  const two = run(['pgn', 'replay', '--jsonl', file, gz]).out.trim().split('\n');
  assert.deepEqual(two.map((l) => (JSON.parse(l) as { game: number }).game), [1, 2, 3, 4, 5, 6]);
});

test('pgn replay plays the lichess variants: drops, checks, their errors; refuses other variants', () => {
  const pgn = `[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 @e6 5. dxe6 Bxe6 *

[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxe5 *

[Variant "Crazyhouse"]

1. e4 N@e5 *

[Variant "Shogi"]

1. e4 *
`;
  const r = run(['pgn', 'replay', '--jsonl', '-'], pgn);
  assert.equal(r.code, 0, r.err);
  const lines = r.out.trim().split('\n').map((l) => JSON.parse(l) as { plies: number; fen: string | null; error: { message: string; line: number; column: number } | null });
  assert.equal(lines.length, 4);
  assert.deepEqual(lines.map((l) => l.plies), [10, 9, 1, 0]);
  assert.equal(lines[0]!.fen, 'rn1qkbnr/ppp1pppp/4b3/8/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 0 6');
  assert.equal(lines[0]!.error, null);
  // The final positions as chessops reaches them.
  assert.equal(lines[1]!.fen, 'r1bq1bnr/pppp1k1p/2n3p1/4Q3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 1+3 0 5');
  assert.deepEqual(lines[2]!.error && { line: lines[2]!.error.line, column: lines[2]!.error.column, message: lines[2]!.error.message }, { line: 11, column: 7, message: "illegal move 'N@e5'" });
  assert.match(lines[3]!.error!.message, /unsupported variant 'Shogi'/);
});

test('pgn replay on a real file: threads give the same lines; summary without --jsonl', { skip: sharedSkip('games') }, () => {
  const f = sharedPath('games', 'lichess-chess960-370.pgn.gz');
  // The reference figures: games by their [Event] tag lines, plies and errors from chessops.
  const bytes = gunzipSync(readFileSync(f));
  const theirs = gamesOf(bytes);
  const games = eventTagLines(bytes);
  assert.equal(theirs.length, games, 'chessops sees the games the [Event] tags open');
  const plies = theirs.reduce((sum, g) => sum + g.plies, 0);
  const errors = theirs.filter((g) => g.kind !== 'ok').length;
  const one = run(['pgn', 'replay', '--jsonl', f]);
  const two = run(['pgn', 'replay', '--jsonl', '--threads', '2', f]);
  assert.equal(one.code, 0);
  assert.equal(one.out.trim().split('\n').length, games);
  assert.equal(two.out, one.out);
  for (const l of one.out.trim().split('\n')) {
    assert.deepEqual(Object.keys(JSON.parse(l) as object), ['game', 'plies', 'fen', 'result', 'error']);
  }
  const summary = run(['pgn', 'replay', f]);
  assert.equal(summary.code, 0);
  const m = /^games (\d+), plies (\d+), errors (\d+), seconds \d+\.\d\d\n$/.exec(summary.out);
  assert.ok(m !== null, summary.out);
  assert.deepEqual(m.slice(1).map(Number), [games, plies, errors]);
});

test('pgn check prints only the errors', () => {
  const r = run(['pgn', 'check', file]);
  assert.equal(r.code, 1);
  // Game 3, atomic, plays (pgn-variant.ts).
  assert.equal(r.out, `${file}:8:13: game 2: illegal move 'Ke3'\n`);
  const clean = join(dir, 'clean.pgn');
  writeFileSync(clean, readFileSync(file, 'utf8').split('[Event "broken"]')[0]!);
  const c = run(['pgn', 'check', clean]);
  assert.equal(c.code, 0);
  assert.equal(c.out, '');
  // One broken game is enough to fail: exit 1 (2. Ke3 is no king move after 1. e4 e5).
  const one = join(dir, 'one-broken.pgn');
  writeFileSync(one, '[Event "broken"]\n\n1. e4 e5 2. Ke3 *\n');
  const o = run(['pgn', 'check', one]);
  assert.deepEqual([o.code, o.out], [1, `${one}:3:13: game 1: illegal move 'Ke3'\n`]);
});

test('pgn replay and check --max-game-bytes: a longer game is an error at its first byte, the next one is read', () => {
  const long = join(dir, 'long.pgn');
  writeFileSync(long, `[Event "long"]\n\n1. e4 {${'x'.repeat(3000)}} e5 *\n\n[Event "short"]\n\n1. d4 d5 *\n`);
  const message = 'game longer than 1000 bytes (the per-game limit, maxGameBytes): not read';
  for (const threads of ['1', '2']) {
    const r = run(['pgn', 'replay', long, '--jsonl', '--max-game-bytes', '1000', '--threads', threads]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(r.out.trim().split('\n').map((l) => JSON.parse(l) as unknown), [
      { game: 1, plies: 0, fen: null, result: '*', error: { line: 1, column: 1, message, san: null } },
      { game: 2, plies: 2, fen: 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2', result: '*', error: null },
    ]);
  }
  for (const extra of [[], ['--variations']]) {
    const c = run(['pgn', 'check', long, '--max-game-bytes', '1000', ...extra]);
    assert.deepEqual([c.code, c.out], [1, `${long}:1:1: game 1: ${message}\n`]);
  }
  assert.equal(run(['pgn', 'check', long]).code, 0);
  const bad = run(['pgn', 'replay', long, '--max-game-bytes', '0']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--max-game-bytes: expected an integer ≥ 1, got '0'/);
});

test('pgn check and replay: control characters of the input are escaped in the plain error lines, as --jsonl escapes them', () => {
  // A tag value may hold any character but the quote and the line breaks; the message quotes it.
  const variant = 'Atomic\x1b[2J\x07\x00\t\x7f\u0085\u2028\u202e\\x';
  const text = `[Variant "${variant}"]\n\n1. e4 *\n\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1\x1b]0;title\x07"]\n\n*\n`;
  const f = join(dir, 'control.pgn');
  writeFileSync(f, text);
  const shown = 'Atomic\\x1b[2J\\x07\\x00\\t\\x7f\\x85\\u2028\\u202e\\\\x';
  for (const args of [['check'], ['check', '--variations']]) {
    const r = run(['pgn', ...args, f]);
    assert.equal(r.code, 1, r.err);
    const lines = r.out.split('\n');
    assert.equal(lines.length, 3, JSON.stringify(r.out));
    assert.equal(lines[0], `${f}:1:1: game 1: unsupported variant '${shown}'`, args.join(' '));
    assert.match(lines[1]!, /^.*:5:1: game 2: invalid FEN tag: .*\\x1b\]0;title\\x07/, args.join(' '));
    for (const line of lines) {
      const raw = [...line].find((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) || /[\u2028\u2029\u202a-\u202e]/.test(c));
      assert.equal(raw, undefined, `${args.join(' ')}: a raw control character in ${JSON.stringify(line)}`);
    }
  }
  // replay without --jsonl: the same lines on stderr.
  const plain = run(['pgn', 'replay', f]);
  assert.equal(plain.err.split('\n')[0], `${f}:1:1: game 1: unsupported variant '${shown}'`);
  // --jsonl (an interface) is unchanged: JSON's own escapes, the message read back as written.
  const jsonl = run(['pgn', 'replay', '--jsonl', f]).out.trim().split('\n');
  assert.equal((JSON.parse(jsonl[0]!) as { error: { message: string } }).error.message, `unsupported variant '${variant}'`);
  assert.ok(jsonl[0]!.includes('\\u001b[2J\\u0007\\u0000\\t\u007f\u0085\u2028\u202e\\\\x'), jsonl[0]);
});

test('pgn check --variations reads every game whole: errors inside variations too', () => {
  const text = '[Event "a"]\n\n1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *\n\n[Event "b"]\n\n1. d4 ((1. c4)) d5 *\n\n1. e4 e5 2. Ke3 *\n';
  const v = join(dir, 'variations.pgn');
  writeFileSync(v, text);
  assert.equal(run(['pgn', 'check', v]).out, `${v}:9:13: game 3: illegal move 'Ke3'\n`);
  const r = run(['pgn', 'check', '--variations', v]);
  assert.equal(r.code, 1);
  assert.equal(r.out, `${v}:3:22: game 1: illegal move 'Ke3'\n${v}:7:8: game 2: variation before any move\n${v}:9:13: game 3: illegal move 'Ke3'\n`);
  // The same errors as the mainline check where variations hold none, numbered across files, the
  // atomic game played by its rules by both (pgn-variant.ts).
  const both = run(['pgn', 'check', '--variations', file, file]);
  assert.equal(both.out, run(['pgn', 'check', file, file]).out);
  for (const args of [['check', '--variations', '--threads', '2'], ['replay', '--variations']]) {
    const refused = run(['pgn', ...args, v]);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /^caissa pgn: --variations is for check, on one thread\nusage: /);
  }
});

test('pgn replay of a truncated .gz: the games before the cut, then exit 2 naming the file; zstd input is refused', { skip: sharedSkip('games') }, () => {
  const whole = readFileSync(sharedPath('games', 'lichess-chess960-370.pgn.gz'));
  const cut = join(dir, 'cut.pgn.gz');
  writeFileSync(cut, whole.subarray(0, whole.length >> 1));
  const full = run(['pgn', 'replay', '--jsonl', sharedPath('games', 'lichess-chess960-370.pgn.gz')]).out.split('\n');
  for (const threads of ['1', '2']) {
    const r = run(['pgn', 'replay', '--jsonl', '--threads', threads, cut]);
    assert.equal(r.code, 2);
    assert.equal(r.err.trim(), `caissa pgn: ${cut}: the gzip data ends early: the file is truncated`);
    // The games up to the cut, the last one as far as the file goes.
    const lines = r.out.trim().split('\n');
    assert.ok(lines.length > 100 && lines.length < full.length - 1, `${lines.length} games`);
    assert.deepEqual(lines.slice(0, -1), full.slice(0, lines.length - 1), `--threads ${threads}`);
    assert.equal((JSON.parse(lines.at(-1)!) as { game: number }).game, lines.length);
  }
  const zst = join(dir, 'games.pgn.zst');
  writeFileSync(zst, Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00]));
  const z = run(['pgn', 'check', zst]);
  assert.equal(z.code, 2);
  assert.match(z.err, /games\.pgn\.zst: zstd-compressed data: caissa reads PGN text and gzip \(decompress it first, e\.g\. with zstd -dc\)/);
});

test('pgn: bad usage and a missing file exit 2 with the message caissa prints', () => {
  const cases: [string[], RegExp][] = [
    [['pgn', 'replay'], /^caissa pgn: expected at least one file\nusage: /],
    [['pgn', 'frobnicate', file], /^caissa pgn: expected 'replay' or 'check'\nusage: /],
    [['pgn', 'replay', '--frobnicate', file], /^caissa pgn: Unknown option '--frobnicate'.*\nusage: /],
    [['pgn', 'replay', join(dir, 'missing.pgn')], /^caissa pgn: cannot read .*missing\.pgn: ENOENT/],
  ];
  for (const [args, message] of cases) {
    const r = run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message, args.join(' '));
  }
});

test('san and uci convert move lists', () => {
  const san = run(['san', 'startpos', 'e2e4', 'e5', 'g1f3', 'Nc6', 'f1b5', 'a6', 'b5c6', 'dxc6', 'e1g1']);
  assert.equal(san.code, 0, san.err);
  assert.equal(san.out, 'e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O\n');
  const uci = run(['uci', 'startpos', 'e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O']);
  assert.equal(uci.out, 'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1\n');
  // A FEN as one argument or as separate words; Chess960 castling as king-takes-rook.
  assert.equal(run(['san', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1c1', 'e8g8']).out, 'O-O-O O-O\n');
  assert.equal(run(['uci', 'r3k2r/8/8/8/8/8/8/R3K2R', 'w', 'KQkq', '-', 'O-O']).out, 'e1g1\n');
  assert.equal(run(['uci', '4k3/8/8/8/8/8/8/R5KR', 'w', 'HA', '-', 'O-O', '--chess960']).out, 'g1h1\n');
  // Without --chess960 too: castling rights that are not the standard king-on-e ones make the FEN
  // a Chess960 position, quoted or as words (the king on g1 castles with the h1 rook: UCI_Chess960
  // writes it king-takes-rook).
  assert.equal(run(['uci', '4k3/8/8/8/8/8/8/R5KR w HA - 0 1', 'O-O']).out, 'g1h1\n');
  assert.equal(run(['uci', '4k3/8/8/8/8/8/8/R5KR', 'w', 'HA', 'O-O']).out, 'g1h1\n');
  const bad = run(['san', 'startpos', 'e4', 'Ke7']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /move 2: illegal move 'Ke7'/);
  // A move written as UCI that is not legal (no pawn goes from e2 to e5 or from e7 to e1) is bad
  // input naming it, as a SAN one is, not a crash.
  for (const [cmd, moves, number, text] of [['san', ['e2e5'], 1, 'e2e5'], ['uci', ['e4', 'e7e1q'], 2, 'e7e1q']] as const) {
    const illegal = run([cmd, 'startpos', ...moves]);
    assert.deepEqual([illegal.code, illegal.out], [2, ''], illegal.err);
    assert.match(illegal.err, new RegExp(`^caissa ${cmd}: move ${number}: \\S.* '${text}'\n$`));
  }
});

test('san and uci: a FEN given as words ends where the moves begin', () => {
  const afterE4 = ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR', 'b', 'KQkq'];
  // 'd6' could be the en-passant field, but no pawn pushed past d6 and Black is to move (the
  // square would be on rank 3): the FEN ends at the castling field and d6 is Black's first move.
  for (const [cmd, out] of [['san', 'd6 e5\n'], ['uci', 'd7d6 e4e5\n']]) {
    const r = run([cmd!, ...afterE4, 'd6', 'e5']);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, out);
  }
  assert.equal(run(['san', afterE4[0]!, 'b', '-', 'd6', 'e5']).out, 'd6 e5\n');
  // '-' is the en-passant field, never a move; 'e3' after 1.e4 is a valid en-passant square, so it
  // stays the FEN's field (as before) and e5 is the first move.
  assert.equal(run(['san', ...afterE4, '-', 'e5']).out, 'e5\n');
  assert.equal(run(['san', ...afterE4, 'e3', 'e5']).out, 'e5\n');
  // A real en-passant field then moves: after 1.e4 d5 2.e5 f5, with and without the counters.
  const f6 = ['rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR', 'w', 'KQkq', 'f6'];
  assert.equal(run(['san', ...f6, 'exf6', 'e6']).out, 'exf6 e6\n');
  assert.equal(run(['uci', ...f6, '0', '3', 'exf6', 'e6']).out, 'e5f6 e7e6\n');
  // Neither a valid en-passant square nor a legal move (no white pawn can reach e3): the FEN's
  // error, as before. Followed by the counters, a square is always the en-passant field.
  const noMove = run(['san', afterE4[0]!, 'w', 'KQkq', 'e3', 'd4']);
  assert.equal(noMove.code, 2);
  assert.equal(noMove.err, 'caissa san: invalid position: e3 is no en-passant square: no black pawn has just advanced two squares past it\n');
  assert.equal(run(['san', ...afterE4, 'd6', '0', '1', 'e5']).err, 'caissa san: invalid position: d6 is no en-passant square: no white pawn has just advanced two squares past it\n');
  // Counters are digits and moves never are: without the en-passant field they are not moves.
  const counters = run(['san', ...afterE4, '0', '1', 'e5']);
  assert.equal(counters.code, 2);
  assert.match(counters.err, /^caissa san: move 1: '0' is a number, not a move/);
  // Quoted, the FEN is one argument and whole (its missing fields take their defaults): every
  // later word is a move, even one in the form of the next FEN field.
  for (const field of ['w', 'KQkq']) {
    const quoted = run(['san', `${afterE4[0]!} b`, field, 'e5']);
    assert.deepEqual([quoted.code, quoted.err], [2, `caissa san: move 1: not a SAN move: '${field}'\n`]);
  }
  assert.equal(run(['uci', `${afterE4[0]!} b`, 'd5', 'exd5']).out, 'd7d5 e4d5\n');
});

test('san and uci: --chess960 with startpos is the standard start with king-takes-rook castling', () => {
  const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O'];
  assert.equal(run(['uci', 'startpos', ...moves, '--chess960']).out, 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\n');
  assert.equal(run(['uci', 'startpos', ...moves]).out, 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\n');
  // As the standard FEN given explicitly with --chess960; and read back from king-takes-rook.
  const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  assert.equal(run(['uci', fen, ...moves, '--chess960']).out, 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\n');
  const san = run(['san', 'startpos', 'e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1h1', '--chess960']);
  assert.equal(san.code, 0, san.err);
  assert.equal(san.out, 'e4 e5 Nf3 Nc6 Bc4 Nf6 O-O\n');
});

test('san and uci: a null move (--, Z0, 0000) passes the turn, written -- in SAN and 0000 in UCI; refused in check', () => {
  // As in PGN (docs/pgn.md): `--` (chessops writes a null move so), `Z0`, and UCI's `0000`.
  for (const nullMove of ['--', 'Z0', '0000']) {
    const san = run(['san', 'startpos', 'e4', nullMove, 'e5']);
    assert.deepEqual([san.code, san.out, san.err], [0, 'e4 -- e5\n', ''], nullMove);
    const uci = run(['uci', 'startpos', 'e4', nullMove, 'e5', 'd5']);
    assert.deepEqual([uci.code, uci.out, uci.err], [0, 'e2e4 0000 e4e5 d7d5\n', ''], nullMove);
  }
  // With typographic dashes, as the PGN readers take it (docs/pgn.md, Text).
  assert.deepEqual(run(['uci', 'startpos', 'e4', '\u2013\u2013', 'e5']).out, 'e2e4 0000 e4e5\n');
  // `--` before the FEN is still the end of the options; after it, a move.
  assert.equal(run(['uci', '--', 'startpos', 'e4', '--']).out, 'e2e4 0000\n');
  // An option after such a `--` is still an option: --chess960 writes the castling e1h1.
  assert.equal(run(['uci', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'a1b1', '--', '--chess960', 'O-O']).out, 'a1b1 0000 e1h1\n');
  // In check the turn cannot pass: bad input naming the move, exit 2.
  const mated = run(['san', 'startpos', 'f3', 'e5', 'g4', 'Qh4', '--']);
  assert.deepEqual([mated.code, mated.out, mated.err], [2, '', "caissa san: move 5: null move '--' while in check\n"]);
});

test("san and uci: 'e.p.' (or 'ep') written apart, unquoted, belongs to the move before it", () => {
  // After 1.e4 d5 2.e5 f5: exf6 en passant (PGN §8.2.3: `exf6 e.p.`, docs/pgn.md).
  const fen = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
  for (const ep of ['e.p.', 'ep']) {
    const r = run(['uci', fen, 'exf6', ep, 'e6']);
    assert.deepEqual([r.code, r.out, r.err], [0, 'e5f6 e7e6\n', ''], ep);
  }
  // Moves are still counted one by one: the move after it is move 2.
  assert.equal(run(['san', fen, 'exf6', 'e.p.', 'Ke7']).err, "caissa san: move 2: illegal move 'Ke7'\n");
  // Without a move before it, it is no move.
  assert.equal(run(['san', 'startpos', 'e.p.']).err, "caissa san: move 1: not a SAN move: 'e.p.'\n");
});
