/**
 * The checked tree readers (`parsePgn`, `readPgn`, `visitPgnSync`, `caissa pgn check
 * --variations`) on lichess variant games: every move, mainline and variations, checked by the
 * variant's rules (pgn-variant.ts), each position told to the visitor as chessops reaches it; errors
 * in variations with the kind, line and column chess' would have; trees that write back as read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { Result } from '../../../src/core/result.js';
import { GameRecord, mainline } from '../../../src/notation/game-record.js';
import { tagValue, type PgnGame } from '../../../src/notation/pgn-game.js';
import { parsePgn, readPgn } from '../../../src/notation/pgn-read.js';
import { replayPgnSync } from '../../../src/notation/pgn-replay.js';
import { visitPgnSync, type PgnPosition } from '../../../src/notation/pgn-visit.js';
import { makePgn } from '../../../src/notation/pgn-write.js';
import { PgnCursor } from '../../../src/notation/pgn-cursor.js';
import { VariantPosition } from '../../../src/variants/lichess/position.js';
import { pgnVariant } from '../../../src/variants/lichess/pgn.js';
import { parseVariantSan } from '../../../src/variants/lichess/san.js';
import { fixturePath, sharedPath, sharedSkip } from '../../data.js';
import { tempDir } from '../../helpers.js';
import { assertReadsBackAs } from '../../notation/pgn-same-tree.js';
import { chessopsTrees, normalFen } from './chessops-pgn.js';

const GAMES = sharedPath('games', 'lichess-other-variants-133.pgn.gz');
const FIXTURE = fixturePath('pgn', 'lichess-variations.pgn');
const CLI = new URL('../../../src/cli/main.js', import.meta.url).pathname;

/** Every position a visitor is told, per game: the FEN after each move keyed by the moves leading to it, as `chessopsTrees` keys them. */
function toldPositions(text: string): { start: PgnPosition | null; positions: Map<string, string>; error: string | null }[] {
  const games: { start: PgnPosition | null; positions: Map<string, string>; error: string | null }[] = [];
  let path: string[] = [];
  const outer: string[][] = [];
  visitPgnSync(text, {
    beginGame: () => {
      games.push({ start: null, positions: new Map(), error: null });
      path = [];
    },
    endTags: (start) => void (games.at(-1)!.start = start),
    move: (san, after) => {
      path.push(san);
      assert.ok(after instanceof VariantPosition, `${path.join(' ')}: a VariantPosition`);
      games.at(-1)!.positions.set(path.join(' '), normalFen(after.fen()));
    },
    // A variation is an alternative to the last move of its line.
    beginVariation: () => {
      outer.push(path);
      path = path.slice(0, -1);
    },
    endVariation: () => void (path = outer.pop()!),
    error: (e) => void (games.at(-1)!.error = `${e.kind} ${e.line}:${e.column} ${e.message}`),
  });
  return games;
}

/** The value of a result that must be one. */
function must<T, E>(r: Result<T, E>): T {
  assert.ok(r.ok, JSON.stringify(r));
  return r.value;
}

/** The last position of a tree's mainline, played with VariantPosition from its SAN. */
function mainlineEnd(game: PgnGame): VariantPosition {
  const rules = pgnVariant(game);
  assert.ok(rules !== undefined);
  const fen = tagValue(game, 'FEN');
  let pos = fen === undefined ? VariantPosition.default(rules) : must(VariantPosition.fromFen(rules, fen));
  for (const node of game.moves) pos = must(parseVariantSan(pos, node.san)).play();
  return pos;
}

/** Writes each game back with `makePgn` and reads it again: the same tree. */
function assertRoundTrips(games: PgnGame[], name: string): void {
  for (const [i, game] of games.entries()) {
    const text = makePgn(game);
    const [again, ...more] = parsePgn(text);
    assert.equal(more.length, 0);
    assert.ok(again?.ok, `${name} game ${i + 1}: ${JSON.stringify(again)}\n${text}`);
    assertReadsBackAs(again.value, game, `${name} game ${i + 1}`);
  }
}

test('the 133 lichess variant games read checked (parsePgn, readPgn, a visitor) to chessops\' positions', { skip: sharedSkip('games', 'lichess-other-variants-133.pgn.gz') }, async () => {
  const text = gunzipSync(readFileSync(GAMES)).toString('utf8');
  const trees = parsePgn(text);
  assert.equal(trees.length, 133);
  const streamed: PgnGame[] = [];
  for await (const r of readPgn(createReadStream(GAMES).pipe(createGunzip()))) {
    assert.ok(r.ok, JSON.stringify(r));
    streamed.push(r.value);
  }
  const theirs = chessopsTrees(text);
  const told = toldPositions(text);
  const games: PgnGame[] = [];
  for (const [i, read] of trees.entries()) {
    assert.ok(read.ok, `game ${i + 1}: ${read.ok ? '' : `${read.error.line}:${read.error.column} ${read.error.message}`}`);
    games.push(read.value);
    assert.deepEqual(streamed[i], read.value, `game ${i + 1}: readPgn`);
    assert.equal(normalFen(mainlineEnd(read.value).fen()), theirs[i]!.final, `game ${i + 1} (${tagValue(read.value, 'Variant')})`);
    assert.equal(told[i]!.error, null);
    assert.deepEqual(told[i]!.positions, theirs[i]!.positions, `game ${i + 1}: the visitor's positions`);
  }
  assertRoundTrips(games, 'lichess-other-variants-133');
});

test('variations of variant games are played by the variant\'s rules: drops, explosions, every position as chessops\'', () => {
  const text = readFileSync(FIXTURE, 'utf8');
  const trees = parsePgn(text);
  const theirs = chessopsTrees(text);
  const told = toldPositions(text);
  assert.equal(trees.length, 7);
  const variants = new Set<string>();
  for (const [i, read] of trees.entries()) {
    assert.ok(read.ok, `game ${i + 1}: ${JSON.stringify(read)}`);
    variants.add(pgnVariant(read.value)!);
    assert.ok(told[i]!.start instanceof VariantPosition && told[i]!.start.rules === pgnVariant(read.value), `game ${i + 1}: endTags`);
    assert.equal(told[i]!.error, null);
    assert.deepEqual(told[i]!.positions, theirs[i]!.positions, `game ${i + 1}`);
    assert.ok(read.value.moves.some((m) => m.variations.length > 0), `game ${i + 1}: variations`);
  }
  assert.equal(variants.size, 7);
  assertRoundTrips(trees.map(must), 'lichess-variations.pgn');

  // Crazyhouse: a drop in a variation (4. P@d4), from the pocket that 2. exd5 filled.
  const zh = told[0]!.positions;
  assert.equal(zh.get('e4 d5 exd5 Qxd5 Nc3 Qa5 P@d4'), 'rnb1kbnr/ppp1pppp/8/q7/3P4/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4');
  assert.equal(zh.get('e4 d5 exd5 Qxd5 Nc3 Qd8 P@d5')?.split(' ')[0], 'rnbqkbnr/ppp1pppp/8/3P4/8/2N5/PPPP1PPP/R1BQKBNR[p]');
  // Atomic: 2... Qxg5 in a variation explodes the queen and the knight; 3. Nxf7# in another blows up the king.
  const atomic = told[1]!.positions;
  assert.equal(atomic.get('Nf3 e6 Ng5 Qxg5')?.split(' ')[0], 'rnb1kbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKB1R');
  const mated = must(VariantPosition.fromFen('atomic', atomic.get('Nf3 e6 Ne5 Qf6 Nxf7#')!));
  assert.deepEqual(mated.outcome(), { winner: 'white', reason: 'variantEnd' });
});

test('errors in the variations of variant games: the kind, line and column of chess\' errors', () => {
  const cases: [string, string, string, number, number][] = [
    // Antichess: a capture is compulsory.
    ['Antichess', '1. e3 b5 2. Bxb5 Bb7 (2... c6 3. Qh5) 3. Bxd7 *', 'illegal', 3, 34],
    // Crazyhouse: no knight in the pocket; two knights reach d2.
    ['Crazyhouse', '1. e4 d5 2. exd5 Qxd5 (2... e6 3. N@e5) 3. Nc3 *', 'illegal', 3, 35],
    ['Crazyhouse', '1. d4 d5 2. Nf3 Nf6 3. e3 (3. Nd2) e6 *', 'ambiguous', 3, 31],
    // Atomic: bad syntax two variations deep; a null move, which no variant game takes.
    ['Atomic', '1. e4 d5 (1... e5 2. Nf3 (2. Qxx4)) 2. exd5 *', 'syntax', 3, 30],
    ['Atomic', '1. e4 d5 (1... e5 2. Nf3 (2. Ke2 --)) 2. exd5 *', 'syntax', 3, 34],
    // Three-check: no drops; King of the Hill: a king into check; Horde: a blocked pawn.
    ['Three-check', '1. e4 e5 (1... d5 2. P@d4) *', 'illegal', 3, 22],
    ['King of the Hill', '1. e4 e5 2. Ke2 (2. d4 exd4 3. Kd2 Qg5 4. Kd3 Qd5 5. Kxd4) *', 'illegal', 3, 54],
    ['Horde', '1. e5 (1. d5 e6 2. f5) d6 *', 'illegal', 3, 20],
  ];
  for (const [variant, movetext, kind, line, column] of cases) {
    const text = `[Variant "${variant}"]\n\n${movetext}\n`;
    const [read] = parsePgn(text);
    assert.ok(read !== undefined && !read.ok, `${variant}: ${movetext}`);
    const { error } = read;
    assert.deepEqual([error.kind, error.line, error.column], [kind, line, column], `${variant}: ${movetext}: ${error.message}`);
    assert.equal(error.message, `${kind === 'syntax' ? 'not a SAN move:' : `${kind} move`} '${error.san}'`);
    assert.equal(movetext.slice(column - 1, column - 1 + error.san!.length), error.san);
    // The mainline replay passes over variations: the games are sound for it.
    assert.equal(replayPgnSync(text)[0]!.error, null, movetext);
    // Unchecked, every move reads but the one of no SAN shape (`--` is a null move's).
    assert.equal(parsePgn(text, { validate: false })[0]!.ok, error.san !== 'Qxx4', movetext);
  }
  // The same error in a chess game's variation is told at the same place, with the same words.
  const chess = parsePgn('[Variant "Standard"]\n\n1. e4 d5 (1... e5 2. Nf3 (2. Qxx4)) 2. exd5 *\n')[0]!;
  const atomic = parsePgn('[Variant "Atomic"]\n\n1. e4 d5 (1... e5 2. Nf3 (2. Qxx4)) 2. exd5 *\n')[0]!;
  assert.ok(!chess.ok && !atomic.ok);
  assert.deepEqual(atomic.error, chess.error);
  // Unknown variants stay refused at their tag; a bad FEN for a variant at the FEN tag.
  for (const name of ['Shogi', 'Bughouse']) {
    const [r] = parsePgn(`[Event "?"]\n[Variant "${name}"]\n\n1. e4 e5 *\n`);
    assert.ok(r !== undefined && !r.ok);
    assert.deepEqual([r.error.kind, r.error.line, r.error.column, r.error.message], ['variant', 2, 1, `unsupported variant '${name}'`]);
  }
  const [fen] = parsePgn('[Variant "Atomic"]\n[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *\n');
  assert.ok(fen !== undefined && !fen.ok);
  assert.deepEqual([fen.error.kind, fen.error.line, fen.error.column], ['fen', 2, 1]);
});

test('GameRecord, mainline and PgnCursor refuse a variant game with a typed error naming VariantPosition', () => {
  const text = '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n';
  const record = GameRecord.fromPgn(text);
  assert.ok(!record.ok);
  assert.equal(record.error.kind, 'variant');
  assert.match(record.error.message, /'Crazyhouse' is a lichess variant: its positions are VariantPosition/);
  const [read] = parsePgn(text);
  assert.ok(read?.ok);
  const line = mainline(read.value);
  assert.ok(!line.ok && line.error.kind === 'variant' && /parsePgn/.test(line.error.message));
  const cursor = PgnCursor.at(read.value, [1]);
  assert.ok(!cursor.ok && cursor.error.kind === 'variant' && /VariantPosition/.test(cursor.error.message), JSON.stringify(cursor));
  // Chess games are what they were.
  assert.ok(GameRecord.fromPgn('1. e4 e5 *').ok);
});

test('caissa pgn check --variations on variant games: exit 0; a broken variation exits 1 at its place; threads agree', () => {
  const ok = spawnSync(process.execPath, [CLI, 'pgn', 'check', '--variations', FIXTURE]);
  assert.deepEqual([ok.status, ok.stdout.toString(), ok.stderr.toString()], [0, '', '']);
  const broken = join(tempDir('caissa-variant-pgn-'), 'broken.pgn');
  // 4. P@d5 in the crazyhouse variation becomes a drop of a knight that is not in the pocket.
  const text = readFileSync(FIXTURE, 'utf8');
  writeFileSync(broken, text.replace('(3... Qd8 4. P@d5 e6)', '(3... Qd8 4. N@d5 e6)'));
  const r = spawnSync(process.execPath, [CLI, 'pgn', 'check', '--variations', broken]);
  assert.equal(r.status, 1);
  assert.equal(r.stdout.toString(), `${broken}:10:47: game 1: illegal move 'N@d5'\n`);
  // The mainline check (one thread, or the pool) passes over variations: the same records either way.
  for (const file of [FIXTURE, broken]) {
    const one = spawnSync(process.execPath, [CLI, 'pgn', 'check', file]);
    const two = spawnSync(process.execPath, [CLI, 'pgn', 'check', '--threads', '2', file]);
    assert.deepEqual([one.status, one.stdout.toString()], [0, '']);
    assert.deepEqual([two.status, two.stdout.toString()], [one.status, one.stdout.toString()]);
    const jsonl = spawnSync(process.execPath, [CLI, 'pgn', 'replay', '--jsonl', file]).stdout.toString();
    assert.equal(spawnSync(process.execPath, [CLI, 'pgn', 'replay', '--jsonl', '--threads', '2', file]).stdout.toString(), jsonl);
    assert.equal(jsonl.trim().split('\n').length, 7);
  }
});
