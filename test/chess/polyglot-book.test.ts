/**
 * Zobrist keys against Polyglot itself (Debian's `polyglot`, the book format's own program): it
 * builds an opening book (`make-book`) from games we write as PGN, and every entry it stores must
 * be a (key, move) pair we computed for a position of those games, and every such pair must be in
 * the book. Beyond the specification's nine published keys, this checks keys over thousands of
 * positions: real games, and random games biased towards double pawn pushes, so that the
 * en-passant rule of the format is met often, with the capturing pawn pinned or not (the key
 * includes the en-passant file when a pawn of the side to move stands beside the pawn that just
 * advanced two squares, whether or not the capture is legal).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, type Move } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { sharedPath } from '../../src/node/data.js';
import { parseGame } from '../../src/notation/pgn-parse.js';
import { pgnGamesSync } from '../../src/notation/pgn-source.js';
import { makeSan, parseSan } from '../../src/notation/san.js';
import { debianBinary } from '../debian.js';
import { testSeed } from '../helpers.js';

const POLYGLOT = debianBinary('polyglot', ['/usr/games/polyglot']);

const PROMOTION_CODES: Record<string, number> = { knight: 1, bishop: 2, rook: 3, queen: 4 };

/**
 * A move as the book format encodes it: to-square in bits 0-5, from-square in bits 6-11 (file in
 * the low three bits of each), the promotion piece in bits 12-14; castling as the king taking its
 * own rook (`e1h1`).
 */
function bookMove(move: Move): number {
  const to = move.castlingRook ?? move.to;
  const promotion = move.promotion === undefined ? 0 : PROMOTION_CODES[move.promotion]!;
  return to | (move.from << 6) | (promotion << 12);
}

/** A played game: its moves, each bound to the position before it. */
type Line = Move[];

/** The mainlines of the first `count` games of the lichess standard file, replayed from SAN. */
function realGames(count: number): Line[] {
  const bytes = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz')));
  const lines: Line[] = [];
  for (const slice of pgnGamesSync(bytes)) {
    if (lines.length === count) break;
    const game = parseGame(slice, lines.length + 1);
    assert.ok(game.ok, JSON.stringify(!game.ok && game.error));
    let pos = Position.standard();
    const line: Line = [];
    for (const { san } of game.value.moves) {
      const move = parseSan(pos, san);
      assert.ok(move.ok, san);
      line.push(move.value);
      pos = move.value.play();
    }
    lines.push(line);
  }
  assert.equal(lines.length, count);
  return lines;
}

/** A random game of at most `maxPlies`: a double pawn push when one is legal, half of the time. */
function randomGame(rng: Rng, maxPlies: number): Line {
  let pos = Position.standard();
  const line: Line = [];
  while (line.length < maxPlies) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    const pushes = moves.filter((m) => m.role === 'pawn' && Math.abs(m.to - m.from) === 16);
    const pool = pushes.length > 0 && rng.below(2) === 0 ? pushes : moves;
    const move = pool[rng.below(pool.length)]!;
    line.push(move);
    pos = move.play();
  }
  return line;
}

/** The games as PGN; each drawn, so that the book keeps the moves of both sides. */
function writePgn(lines: Line[]): string {
  return lines
    .map((line, i) => {
      const movetext = line.map((m, ply) => (ply % 2 === 0 ? `${ply / 2 + 1}. ` : '') + makeSan(m));
      return `[Event "${i + 1}"]\n[Result "1/2-1/2"]\n\n${movetext.join(' ')} 1/2-1/2\n`;
    })
    .join('\n');
}

/** The book's (key, move) pairs, each as `key:move` in hex and decimal. */
function readBook(bytes: Buffer): Set<string> {
  const entries = new Set<string>();
  for (let at = 0; at + 16 <= bytes.length; at += 16) {
    entries.add(`${bytes.readBigUInt64BE(at).toString(16)}:${bytes.readUInt16BE(at + 8)}`);
  }
  return entries;
}

test('Polyglot make-book stores exactly our (key, move) pairs for real and random games', { skip: POLYGLOT === undefined && 'Debian polyglot unavailable' }, () => {
  const rng = new Rng(testSeed(0x9017));
  const lines = [...realGames(300), ...Array.from({ length: 1500 }, () => randomGame(rng, 120))];
  const ours = new Set<string>();
  let epKeys = 0;
  for (const line of lines) {
    for (const move of line) {
      ours.add(`${move.position.hash.toString(16)}:${bookMove(move)}`);
      if (move.position.epSquare !== undefined) epKeys++;
    }
  }
  // The random games must reach many en-passant positions, or the test would not check that rule.
  assert.ok(epKeys > 2000, `only ${epKeys} positions with an en-passant square`);

  const dir = mkdtempSync(join(tmpdir(), 'caissa-polyglot-'));
  try {
    writeFileSync(join(dir, 'games.pgn'), writePgn(lines));
    execFileSync(POLYGLOT!, ['make-book', '-pgn', 'games.pgn', '-bin', 'book.bin', '-min-game', '1', '-max-ply', '1000'], {
      cwd: dir,
      stdio: 'pipe',
    });
    const book = readBook(readFileSync(join(dir, 'book.bin')));
    const missing = [...ours].filter((e) => !book.has(e));
    const extra = [...book].filter((e) => !ours.has(e));
    assert.deepEqual(missing.slice(0, 5), [], `${missing.length} of our ${ours.size} pairs are not in the book`);
    assert.deepEqual(extra.slice(0, 5), [], `${extra.length} of the book's ${book.size} pairs are not ours`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
