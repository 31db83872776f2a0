/**
 * Polyglot books against PolyGlot itself (Debian's `polyglot`): books it makes with `make-book`
 * read by `readPolyglotBook` give, for over a thousand positions, the moves and shares its
 * `dump-book` prints; books made by `makePolyglotBook` (through `caissa book make`) hold the same
 * moves with the same weights per key as its own, with its options and past the count at which
 * it halves a position's counts; and every position of the games is found by the look-up.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bookCommand } from '../../src/cli/commands/book.js';
import { polyglotKey } from '../../src/chess/polyglot.js';
import { Position, type Move } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { sharedPath } from '../../src/node/data.js';
import { parseGame } from '../../src/notation/pgn-parse.js';
import { pgnGamesSync } from '../../src/notation/pgn-source.js';
import { makeSan, parseSan } from '../../src/notation/san.js';
import { makePolyglotBook, readPolyglotBook, type PolyglotBook } from '../../src/tools/polyglot-book.js';
import { debianBinary } from '../debian.js';
import { runCommand, testSeed, tempDir } from '../helpers.js';
import { sharedSkip } from '../data.js';

const POLYGLOT = debianBinary('polyglot', ['/usr/games/polyglot']);
const skip = POLYGLOT === undefined && 'Debian polyglot unavailable';
/** The tests of real games also need the lichess file (large shared data). */
const skipGames = skip || sharedSkip('games');

interface Line {
  readonly moves: Move[];
  readonly result: string;
}

/** The mainlines and results of the first `count` games of the lichess standard file. */
function realGames(count: number): Line[] {
  const bytes = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz')));
  const lines: Line[] = [];
  for (const slice of pgnGamesSync(bytes)) {
    if (lines.length === count) break;
    const game = parseGame(slice, lines.length + 1);
    assert.ok(game.ok);
    if (game.value.tags.some(([name]) => name === 'FEN')) continue;
    let pos = Position.standard();
    const moves: Move[] = [];
    for (const { san } of game.value.moves) {
      const move = parseSan(pos, san);
      assert.ok(move.ok, san);
      moves.push(move.value);
      pos = move.value.play();
    }
    lines.push({ moves, result: game.value.result ?? '*' });
  }
  return lines;
}

/** Games as plain PGN (tags Event and Result, SAN movetext), which PolyGlot reads. */
function writePgn(lines: readonly Line[], result?: string): string {
  return lines
    .map((line, i) => {
      const r = result ?? line.result;
      const movetext = line.moves.map((m, ply) => (ply % 2 === 0 ? `${ply / 2 + 1}. ` : '') + makeSan(m));
      return `[Event "${i + 1}"]\n[Result "${r}"]\n\n${[...movetext, r].join(' ')}\n`;
    })
    .join('\n');
}

/** Per key, the sorted list of `move:weight:learn` of a book. */
function byKey(book: PolyglotBook): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < book.size; i++) {
    const e = book.rawAt(i);
    const list = out.get(e.key) ?? [];
    list.push(`${e.raw}:${e.weight}:${e.learn}`);
    out.set(e.key, list);
  }
  for (const list of out.values()) list.sort();
  return out;
}

async function withDir(fn: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = tempDir('caissa-book-');
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const polyglot = (dir: string, args: string[]): string => execFileSync(POLYGLOT!, args, { cwd: dir, stdio: 'pipe', encoding: 'utf8' });

/**
 * The moves and shares `polyglot dump-book` prints for one colour, by position (as FEN key):
 * each line of its dump is a path from the start, with each book move of that colour followed by
 * its share, `e4{62%}`.
 */
function readDump(text: string): Map<bigint, Map<string, string>> {
  const out = new Map<bigint, Map<string, string>>();
  for (const line of text.split('\n')) {
    // A line that meets a position already dumped ends with `{trans: line=7, ply=12}`.
    const m = /^\d+: (.*)$/.exec(line.replace(/\{trans:[^}]*\}/, '').trim());
    if (m === null) continue;
    let pos = Position.standard();
    for (const token of m[1]!.trim().split(/\s+/)) {
      if (/^\d+\.+$/.test(token)) continue;
      const t = /^([^{]+)(?:\{(\d+)%\})?$/.exec(token);
      assert.ok(t !== null, token);
      const move = parseSan(pos, t[1]!);
      assert.ok(move.ok, `${line}: ${token}`);
      if (t[2] !== undefined) {
        const moves = out.get(polyglotKey(pos)) ?? new Map<string, string>();
        moves.set(makeSan(move.value), t[2]);
        out.set(polyglotKey(pos), moves);
      }
      pos = move.value.play();
    }
  }
  return out;
}

test("books made by PolyGlot: our look-up gives dump-book's moves and shares for over 1,000 positions", { skip: skipGames }, async () => {
  const lines = realGames(1500);
  await withDir((dir) => {
    writeFileSync(join(dir, 'games.pgn'), writePgn(lines));
    polyglot(dir, ['make-book', '-pgn', 'games.pgn', '-bin', 'book.bin', '-min-game', '2', '-max-ply', '16']);
    const book = readPolyglotBook(readFileSync(join(dir, 'book.bin')));
    assert.ok(book.ok);
    let positions = 0;
    for (const color of ['white', 'black']) {
      polyglot(dir, ['dump-book', '-bin', 'book.bin', '-color', color, '-out', `${color}.txt`]);
      const dump = readDump(readFileSync(join(dir, `${color}.txt`), 'utf8'));
      // Positions are reached again through the dump's lines; rebuild each from a line's moves.
      for (const [key, moves] of dump) {
        const entries = book.value.rawEntries(key);
        assert.equal(entries.length, moves.size, `key ${key.toString(16)}`);
        positions++;
      }
      // The shares, per position: our weights over their sum, in whole percent as printf's %.0f.
      replayDump(readFileSync(join(dir, `${color}.txt`), 'utf8'), (pos, san, share) => {
        const entries = book.value.entries(pos);
        const total = entries.reduce((s, e) => s + e.weight, 0);
        const entry = entries.find((e) => makeSan(e.move) === san);
        assert.ok(entry !== undefined, `${san} not in our look-up of ${polyglotKey(pos).toString(16)}`);
        assert.equal(String(printfPercent(entry.weight, total)), share, `${san}: weight ${entry.weight} of ${total}`);
      });
    }
    assert.ok(positions >= 1000, `only ${positions} positions in the dumps`);
  });
});

/** 100 · part / total rounded as C's printf `%.0f` does: to nearest, a half to even (12.5 → 12). */
function printfPercent(part: number, total: number): number {
  const floor = Math.floor((part * 100) / total);
  const twice = 2 * (part * 100 - floor * total);
  return twice > total || (twice === total && floor % 2 === 1) ? floor + 1 : floor;
}

/** Calls `visit` for every book move of a dump, with the position it is played in. */
function replayDump(text: string, visit: (pos: Position, san: string, share: string) => void): void {
  for (const line of text.split('\n')) {
    // A line that meets a position already dumped ends with `{trans: line=7, ply=12}`.
    const m = /^\d+: (.*)$/.exec(line.replace(/\{trans:[^}]*\}/, '').trim());
    if (m === null) continue;
    let pos = Position.standard();
    for (const token of m[1]!.trim().split(/\s+/)) {
      if (/^\d+\.+$/.test(token)) continue;
      const t = /^([^{]+)(?:\{(\d+)%\})?$/.exec(token)!;
      const move = parseSan(pos, t[1]!);
      assert.ok(move.ok);
      if (t[2] !== undefined) visit(pos, makeSan(move.value), t[2]);
      pos = move.value.play();
    }
  }
}

/** `count` short random games with random results: the start position is met `count` times. */
function shortGames(rng: Rng, count: number, plies: number): Line[] {
  const results = ['1-0', '0-1', '1/2-1/2'];
  return Array.from({ length: count }, () => {
    let pos = Position.standard();
    const moves: Move[] = [];
    for (let i = 0; i < plies; i++) {
      const legal = pos.legalMoves();
      if (legal.length === 0) break;
      const move = legal[rng.below(Math.min(legal.length, 4))]!; // few moves, so that counts grow
      moves.push(move);
      pos = move.play();
    }
    return { moves, result: results[rng.below(3)]! };
  });
}

test('caissa book make and PolyGlot make-book agree on every key: moves, weights, learn', { skip: skipGames }, async () => {
  const rng = new Rng(testSeed(0xb00c));
  const real = realGames(1000);
  // 17,000 games through the start position: past PolyGlot's 16,384, where it halves the counts.
  const many = shortGames(rng, 17_000, 3);
  const cases: { name: string; lines: Line[]; args: string[] }[] = [
    { name: 'defaults', lines: real, args: [] },
    { name: 'min 1 game, 12 plies', lines: real, args: ['-min-game', '1', '-max-ply', '12'] },
    { name: 'uniform', lines: real, args: ['-uniform', '-min-game', '2'] },
    { name: 'halved counts', lines: many, args: ['-min-game', '1'] },
  ];
  await withDir(async (dir) => {
    for (const c of cases) {
      writeFileSync(join(dir, 'games.pgn'), writePgn(c.lines));
      polyglot(dir, ['make-book', '-pgn', 'games.pgn', '-bin', 'theirs.bin', ...c.args]);
      const ours = c.args.map((a) => a.replace('-min-game', '--min-games').replace('-max-ply', '--max-ply').replace('-uniform', '--uniform'));
      const run = await runCommand(bookCommand, ['make', join(dir, 'games.pgn'), '--out', join(dir, 'ours.bin'), ...ours]);
      assert.equal(run.code, 0, run.err);
      const theirs = readPolyglotBook(readFileSync(join(dir, 'theirs.bin')));
      const mine = readPolyglotBook(readFileSync(join(dir, 'ours.bin')));
      assert.ok(theirs.ok && mine.ok);
      assert.ok(theirs.value.size > 0);
      assert.deepEqual(byKey(mine.value), byKey(theirs.value), c.name);
    }
  });
});

test('every position of 2,000 games (over 10,000 keys) is found by the look-up with its move', { skip: skipGames }, async () => {
  const rng = new Rng(testSeed(0x10c0));
  const lines = [...realGames(1200), ...shortGames(rng, 800, 60)];
  await withDir((dir) => {
    // Drawn games, so that PolyGlot keeps the moves of both sides.
    writeFileSync(join(dir, 'games.pgn'), writePgn(lines, '1/2-1/2'));
    polyglot(dir, ['make-book', '-pgn', 'games.pgn', '-bin', 'book.bin', '-min-game', '1', '-max-ply', '1000']);
    const book = readPolyglotBook(readFileSync(join(dir, 'book.bin')));
    assert.ok(book.ok);
    const keys = new Set<bigint>();
    for (const line of lines) {
      for (const move of line.moves) {
        keys.add(polyglotKey(move.position));
        const entries = book.value.entries(move.position);
        assert.ok(entries.some((e) => e.move.uci === move.uci), `${move.uci} not found for key ${polyglotKey(move.position).toString(16)}`);
      }
    }
    assert.ok(keys.size >= 10_000, `only ${keys.size} keys`);
    // Our own book of the same games holds the same pairs.
    const ours = makePolyglotBook(
      lines.map((l, i) => ({ tags: [['Event', String(i)], ['Result', '1/2-1/2']] as [string, string][], comments: [], moves: l.moves.map((m) => ({ san: makeSan(m), nags: [], startingComments: [], comments: [], variations: [] })), result: '1/2-1/2' })),
      { minGames: 1 },
    );
    assert.deepEqual(byKey(ours), byKey(book.value));
  });
});

test('bad books are typed errors; castling reads from king-takes-rook; choices follow the weights', async () => {
  const tooLong = readPolyglotBook(new Uint8Array(33));
  assert.ok(!tooLong.ok && tooLong.error.kind === 'length' && tooLong.error.offset === 32);
  const start = Position.standard();
  const game = (sans: string, result: string) => {
    const moves = sans.split(' ').map((san) => ({ san, nags: [], startingComments: [], comments: [], variations: [] }));
    return { tags: [['Result', result]] as [string, string][], comments: [], moves, result };
  };
  const book = makePolyglotBook(
    [game('e4 e5 Nf3 Nc6 Bc4 Nf6 O-O', '1-0'), game('e4 c5', '1-0'), game('e4 c5', '1/2-1/2'), game('d4 d5', '1/2-1/2'), game('c4', '1-0')],
    { minGames: 1 },
  );
  const bytes = book.toBytes();
  // Swap the first two entries: keys out of order.
  const swapped = bytes.slice();
  swapped.set(bytes.subarray(16, 32), 0);
  swapped.set(bytes.subarray(0, 16), 16);
  const unordered = readPolyglotBook(swapped);
  assert.ok(!unordered.ok && unordered.error.kind === 'order' && unordered.error.offset === 16);

  const read = readPolyglotBook(bytes);
  assert.ok(read.ok);
  const entries = read.value.entries(start);
  // e4: two wins and a draw (5); c4: a win (2); d4: a draw (1). Highest weight first.
  assert.deepEqual(entries.map((e) => [e.move.uci, e.weight, e.learn]), [['e2e4', 5, 0], ['c2c4', 2, 0], ['d2d4', 1, 0]]);
  let pos = start;
  for (const san of 'e4 e5 Nf3 Nc6 Bc4 Nf6'.split(' ')) pos = parseSan(pos, san).ok ? (parseSan(pos, san) as { value: Move }).value.play() : pos;
  const castle = read.value.entries(pos);
  assert.equal(castle.length, 1);
  assert.equal(castle[0]!.raw, (4 << 6) | 7); // e1h1 in the file
  assert.ok(castle[0]!.move.isCastle);
  assert.equal(castle[0]!.move.uci, 'e1g1');

  // Weighted choice: 5 : 2 : 1 over 8,000 draws; a seed repeats its draws.
  const counts = new Map<string, number>();
  const rng = new Rng(testSeed(7));
  for (let i = 0; i < 8000; i++) {
    const uci = read.value.choose(start, rng)!.move.uci;
    counts.set(uci, (counts.get(uci) ?? 0) + 1);
  }
  for (const [uci, weight] of [['e2e4', 5], ['c2c4', 2], ['d2d4', 1]] as const) {
    assert.ok(Math.abs(counts.get(uci)! - weight * 1000) < 250, `${uci}: ${counts.get(uci)}`);
  }
  const draws = (seed: number) => Array.from({ length: 20 }, function (this: Rng) { return read.value.choose(start, this)!.move.uci; }, new Rng(seed));
  assert.deepEqual(draws(3), draws(3));
  assert.equal(read.value.choose(Position.chess960Start(0), rng), undefined);

  // The CLI: --json in the shape, entries in book order; the text form with shares.
  await withDir(async (dir) => {
    const file = join(dir, 'b.bin');
    writeFileSync(file, bytes);
    const json = await runCommand(bookCommand, [file, '--json']);
    assert.equal(json.code, 0);
    assert.equal(
      json.out,
      '{"key":"463b96181691fc9c","entries":[{"uci":"e2e4","san":"e4","weight":5,"learn":0},{"uci":"c2c4","san":"c4","weight":2,"learn":0},{"uci":"d2d4","san":"d4","weight":1,"learn":0}]}\n',
    );
    const text = await runCommand(bookCommand, [file, 'startpos']);
    assert.match(text.out, /^e4 +e2e4 +weight +5 +62\.50%/);
    const bad = join(dir, 'bad.bin');
    writeFileSync(bad, new Uint8Array(20));
    const refused = await runCommand(bookCommand, [bad]);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /16-byte entries/);
  });
});
