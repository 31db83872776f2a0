/**
 * `visitPgn`: the visitor is told each game in the order of the text; the positions it receives
 * are those that playing the tree's lines gives (`playLine`, itself tested against chessops),
 * variations included, with their keys; a visitor that skips the variations finds the mainline
 * replay's errors (it reads variations' bounds only, as the replay does); skipped games and
 * variations tell nothing; streamed and whole input agree.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makeFen } from '../../src/notation/fen.js';
import { fixturePath, sharedPath, sharedSkip } from '../data.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { replayPgnSync } from '../../src/notation/pgn-replay.js';
import { tagValue, type PgnError, type PgnMove } from '../../src/notation/pgn-game.js';
import { gameStartingPosition, playLine } from '../../src/notation/pgn-walk.js';
import { visitPgn, visitPgnSync, type PgnPosition, type PgnVisitor } from '../../src/notation/pgn-visit.js';
import { Position } from '../../src/chess/position.js';
import { polyglotKey } from '../../src/chess/polyglot.js';
import * as notation from '../../src/notation/index.js';
import { variantGameStart } from '../../src/notation/pgn-variant.js';
import { parseVariantSan } from '../../src/variants/lichess/san.js';

const trickyFiles = (): string[] => {
  const dir = fixturePath('pgn', 'tricky');
  const files = (d: string): string[] =>
    readdirSync(d).sort().flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : /\.pgn$/i.test(n) ? [join(d, n)] : []));
  return files(dir);
};

/** The tricky files, and the lichess files when the large shared data is at hand. */
const inputs = (): [string, Uint8Array][] => [
  ...trickyFiles().map((f): [string, Uint8Array] => [f, readFileSync(f)]),
  ...(sharedSkip('games') !== false
    ? []
    : [
        ...['lichess-chess960-370.pgn.gz', 'lichess-from-position-440.pgn.gz', 'lichess-other-variants-133.pgn.gz'].map((n): [string, Uint8Array] => [n, gunzipSync(readFileSync(sharedPath('games', n)))]),
        ['lichess-standard-13k (first 2 MB)', gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))).subarray(0, 2 << 20)] as [string, Uint8Array],
      ]),
];
/** Fewer positions and games without the shared data (the tricky files alone). */
const withShared = sharedSkip('games') === false;

/** A visitor that writes down every position it is told (as FEN and key), and every line's bounds. */
const at = (p: PgnPosition | null): string => (p === null ? 'null' : p instanceof Position ? `${makeFen(p)} ${polyglotKey(p)}` : `${p.fen()} ${p.key()}`);

function recorder(): PgnVisitor & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    beginGame: (n) => void log.push(`game ${n}`),
    tag: (name, value) => void log.push(`tag ${name} ${value}`),
    endTags: (start) => void log.push(`start ${at(start)}`),
    move: (san, after) => void log.push(`move ${san} ${at(after)}`),
    nag: (nag) => void log.push(`nag ${nag}`),
    comment: (text) => void log.push(`comment ${text}`),
    beginVariation: () => void log.push('('),
    endVariation: () => void log.push(')'),
    result: (marker) => void log.push(`result ${marker}`),
    endGame: (n) => void log.push(`end ${n}`),
    error: (e) => void log.push(`error ${JSON.stringify(e)}`),
  };
}

/** The moves and positions of a tree's lines as the recorder would write them, from `start`. */
function expectedMoves(start: PgnPosition, line: readonly PgnMove[], out: string[]): void {
  if (!(start instanceof Position)) {
    // A lichess variant's game: its lines played with the variant's SAN.
    let pos = start;
    for (const node of line) {
      const move = parseVariantSan(pos, node.san);
      assert.ok(move.ok, node.san);
      const after = move.value.play();
      out.push(`move ${node.san} ${after.fen()} ${after.key()}`);
      for (const v of node.variations) {
        const inner: string[] = [];
        expectedMoves(pos, v, inner);
        out.push('(', ...inner, ')');
      }
      pos = after;
    }
    return;
  }
  const steps = playLine(start, line);
  assert.ok(steps.ok);
  for (const step of steps.value) {
    out.push(`move ${step.node.san} ${makeFen(step.after)} ${polyglotKey(step.after)}`);
    for (const v of step.node.variations) {
      const inner: string[] = [];
      expectedMoves(step.before, v, inner);
      out.push('(', ...inner, ')');
    }
  }
}

test('the positions a visitor is told are those the tree plays to, variations and keys included', () => {
  let positions = 0;
  for (const [name, bytes] of inputs()) {
    const v = recorder();
    visitPgnSync(bytes, v);
    const games = parsePgn(bytes);
    // Each game: its calls from `game N` to its end or error.
    const perGame: string[][] = [];
    for (const entry of v.log) {
      if (entry.startsWith('game ')) perGame.push([]);
      perGame[perGame.length - 1]!.push(entry);
    }
    assert.equal(perGame.length, games.length, name);
    games.forEach((g, i) => {
      const calls = perGame[i]!;
      if (!g.ok) {
        assert.equal(calls[calls.length - 1], `error ${JSON.stringify(g.error)}`, `${name}, game ${i + 1}`);
        return;
      }
      assert.equal(calls[calls.length - 1], `end ${i + 1}`, `${name}, game ${i + 1}`);
      assert.deepEqual(calls.filter((c) => c.startsWith('tag ')), g.value.tags.map(([k, val]) => `tag ${k} ${val}`));
      const start = variantGameStart(tagValue(g.value, 'Variant'), tagValue(g.value, 'FEN')) ?? gameStartingPosition(g.value);
      assert.ok(start.ok);
      assert.ok(calls.includes(`start ${at(start.value)}`), `${name}, game ${i + 1}`);
      const moves: string[] = [];
      expectedMoves(start.value, g.value.moves, moves);
      // Empty variations (`()`) are told, and dropped from the tree.
      const told: string[] = [];
      for (const c of calls) {
        if (c === ')' && told[told.length - 1] === '(') told.pop();
        else if (c.startsWith('move ') || c === '(' || c === ')') told.push(c);
      }
      assert.deepEqual(told, moves, `${name}, game ${i + 1}`);
      positions += moves.length;
    });
  }
  assert.ok(positions > (withShared ? 100_000 : 1000), `${positions} positions`);
});

test('a visitor that skips variations finds the mainline replay\'s errors and plies', () => {
  let compared = 0;
  for (const [name, bytes] of inputs()) {
    const records = replayPgnSync(bytes);
    const seen: { plies: number; error: PgnError | null }[] = [];
    let plies = 0;
    visitPgnSync(bytes, {
      beginGame: () => void (plies = 0),
      beginVariation: () => false,
      move: () => void plies++,
      endGame: () => void seen.push({ plies, error: null }),
      error: (e) => void seen.push({ plies, error: e }),
    });
    assert.equal(seen.length, records.length, name);
    records.forEach((r, i) => {
      const s = seen[i]!;
      const where = `${name}, game ${i + 1}`;
      if (r.error === null) {
        assert.equal(s.error, null, `${where}: ${JSON.stringify(s.error)}`);
        assert.equal(s.plies, r.plies, where);
      } else {
        // The replay's error, where the visitor reads the same (a replay error is always a visitor's).
        assert.ok(s.error !== null, `${where}: ${JSON.stringify(r.error)}`);
        assert.deepEqual([s.error.kind, s.error.line, s.error.column, s.error.message, s.error.san], [r.error.kind, r.error.line, r.error.column, r.error.message, r.error.san], where);
      }
      compared++;
    });
  }
  assert.ok(compared > (withShared ? 3000 : 100), `${compared} games`);
});

test('skipped games and variations tell nothing; endTags may skip the movetext; streams agree with whole input', async () => {
  const text = '[Event "1"]\n\n1. e4 (1. d4 {x} d5) e5 *\n\n[Event "2"]\n\n1. d4 $1 {y} *\n\n[Event "3"]\n\n1. c4 c5 *\n';
  const v = recorder();
  visitPgnSync(text, {
    ...v,
    beginGame: (n) => {
      v.log.push(`game ${n}`);
      return n !== 2;
    },
    endTags: () => {
      v.log.push('start');
      return false;
    },
  });
  assert.deepEqual(v.log, ['game 1', 'tag Event 1', 'start', 'game 2', 'game 3', 'tag Event 3', 'start']);
  const whole = recorder();
  visitPgnSync(text, whole);
  const streamed = recorder();
  const bytes = new TextEncoder().encode(text);
  await visitPgn((function* () {
    for (let i = 0; i < bytes.length; i += 3) yield bytes.subarray(i, i + 3);
  })(), streamed);
  assert.deepEqual(streamed.log, whole.log);
  assert.ok(whole.log.includes('comment x') && whole.log.includes('nag 1') && whole.log.includes('result *'));
  const noVariations = recorder();
  visitPgnSync(text, { ...noVariations, beginVariation: () => false });
  assert.ok(!noVariations.log.some((c) => c.includes('d4 ') && c.includes('game 1')));
  assert.deepEqual(noVariations.log.slice(0, 5).map((c) => c.split(' ').slice(0, 2).join(' ')), ['game 1', 'tag Event', 'start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'move e4', 'move e5']);
  // Unvalidated: no positions.
  const loose = recorder();
  visitPgnSync('1. e4 Ke7 *', loose, { validate: false });
  assert.deepEqual(loose.log, ['game 1', 'start null', 'move e4 null', 'move Ke7 null', 'result *', 'end 1']);
  assert.equal(notation.visitPgn, visitPgn);
});
