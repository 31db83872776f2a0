/**
 * From game trees back to positions (`gameStartingPosition`, `playLine`), position by position
 * against chessops (dev-dependency): each game of the tricky folder that reads, of the lichess
 * Chess960 and From Position files, and one lichess standard game in 16 (all with
 * CAISSA_FULL) is walked, its mainline and every variation, by us and by chessops from the same
 * tags and SAN; the FEN after every move must agree. Then the errors of a tree that does not play.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { normalizeMove as opsNormalizeMove, type Position as OpsPosition } from 'chessops/chess';
import type { Move as OpsMove, Role } from 'chessops/types';
import { makeFen as opsMakeFen } from 'chessops/fen';
import { startingPosition as opsStart } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';
import { parseSquare as opsParseSquare } from 'chessops/util';
import { sharedPath } from '../../src/node/data.js';
import type { Position } from '../../src/chess/position.js';
import { makeFen } from '../../src/notation/fen.js';
import { newMove, tagValue, type PgnGame, type PgnMove } from '../../src/notation/pgn-game.js';
import { parseGame } from '../../src/notation/pgn-parse.js';
import { pgnGamesSync } from '../../src/notation/pgn-source.js';
import { variantKind } from '../../src/notation/pgn-start.js';
import { gameStartingPosition, playLine } from '../../src/notation/pgn-walk.js';
import { FULL } from '../helpers.js';

interface Counts {
  games: number;
  plies: number;
  variations: number;
  nullMoves: number;
  longForms: number;
}

/** SAN as chessops reads it: castling with capital letters, no `e.p.` after an en-passant capture, no check sign. */
const forChessops = (san: string): string =>
  san
    .replace(/^[0o]-[0o](-[0o])?/i, (c) => c.replace(/[0o]/gi, 'O'))
    .replace(/\s*e\.?p\.?$/, '')
    .replace(/[+#]+$/, '');

/** A move in long algebraic form: piece letter, from and to squares. */
const LONG_FORM = /^[KQRBNP]?[a-h][1-8][-x:]?[a-h][1-8]/;

const ROLES: Record<string, Role> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/**
 * A long-form text (`Nc3e4`, `g1xd1`, `e7e8=Q`) as chessops plays it, read here from the text
 * alone: its from and to squares, the promotion written, and the piece letter (none: any piece)
 * that must name the piece on the from square; undefined unless chessops finds the move legal.
 */
function opsLongForm(pos: OpsPosition, san: string): OpsMove | undefined {
  const m = /^([KQRBNP])?([a-h][1-8])[-x:]?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(forChessops(san));
  if (m === null) return undefined;
  const from = opsParseSquare(m[2]!)!;
  const piece = pos.board.get(from);
  if (piece === undefined || piece.color !== pos.turn || (m[1] !== undefined && piece.role !== ROLES[m[1]])) return undefined;
  const promotion = m[4] === undefined ? undefined : ROLES[m[4].toUpperCase()];
  const move = opsNormalizeMove(pos, { from, to: opsParseSquare(m[3]!)!, promotion });
  return pos.isLegal(move) ? move : undefined;
}

/**
 * The move chessops plays for `san`: by its own SAN reader (which reads `Nd2f3` but no long form
 * without a piece letter for a piece, as python-chess's UCI-written files have: `g1xd1`, `e1c1`),
 * else as a long form read above; never from the move we read.
 */
function opsMove(pos: OpsPosition, san: string, counts: Counts): OpsMove | undefined {
  const move = opsParseSan(pos, forChessops(san));
  if (move !== undefined || !LONG_FORM.test(san)) return move;
  counts.longForms++;
  return opsLongForm(pos, san);
}

/** Walks `line` from our `start` and chessops' `ops`, variations included; every FEN must agree. */
function walk(start: Position, ops: OpsPosition, line: readonly PgnMove[], where: string, counts: Counts): void {
  const steps = playLine(start, line);
  assert.ok(steps.ok, `${where}: ${steps.ok ? '' : steps.error.message}`);
  const pos = ops.clone();
  for (const [i, step] of steps.value.entries()) {
    for (const [v, variation] of step.node.variations.entries()) {
      counts.variations++;
      walk(step.before, pos.clone(), variation, `${where}, variation ${v + 1} of move ${i + 1}`, counts);
    }
    // A line's first position (a game's start, a variation's branch point); later ones are the previous move's `after`.
    if (i === 0) assert.equal(makeFen(step.before), opsMakeFen(pos.toSetup()), `${where}, before move 1 (${step.node.san})`);
    // chessops plays no null move: the line is compared up to it.
    if (step.move === null) {
      counts.nullMoves++;
      return;
    }
    const move = opsMove(pos, step.node.san, counts);
    assert.ok(move !== undefined, `${where}: chessops cannot play move ${i + 1} (${step.node.san})`);
    pos.play(move);
    counts.plies++;
    assert.equal(makeFen(step.after), opsMakeFen(pos.toSetup()), `${where}, after move ${i + 1} (${step.node.san})`);
  }
}

function walkGames(text: Uint8Array, label: string, keep: (i: number) => boolean, counts: Counts): void {
  let i = -1;
  for (const slice of pgnGamesSync(text)) {
    if (!keep(++i)) continue;
    const r = parseGame(slice, i + 1);
    if (!r.ok) continue;
    const game: PgnGame = r.value;
    const start = gameStartingPosition(game);
    let ops = opsStart(new Map(game.tags));
    if (start.ok && ops.isErr) {
      // Variant names we read and chessops does not (`chess-960`, `Regular`, ` Standard `) are
      // given to it by the name it reads.
      const tags = new Map(game.tags);
      if (variantKind(tagValue(game, 'Variant')) === 'chess960') tags.set('Variant', 'Chess960');
      else tags.delete('Variant');
      ops = opsStart(tags);
    }
    assert.equal(start.ok, ops.isOk, `${label}, game ${i + 1}: starting position read by one reader only`);
    if (!start.ok) continue;
    counts.games++;
    walk(start.value, ops.unwrap(), game.moves, `${label}, game ${i + 1}`, counts);
  }
}

test('every move of every line plays to the position chessops reaches', () => {
  const counts: Counts = { games: 0, plies: 0, variations: 0, nullMoves: 0, longForms: 0 };
  const dir = sharedPath('games', 'tricky');
  const files = (d: string): string[] =>
    readdirSync(d).sort().flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : /\.pgn$/i.test(n) ? [join(d, n)] : []));
  for (const f of files(dir)) walkGames(readFileSync(f), f.slice(dir.length + 1), () => true, counts);
  for (const name of ['lichess-chess960-370.pgn.gz', 'lichess-from-position-440.pgn.gz']) {
    walkGames(gunzipSync(readFileSync(sharedPath('games', name))), name, () => true, counts);
  }
  walkGames(gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))), 'lichess standard', (i) => FULL || i % 16 === 0, counts);
  assert.ok(counts.games > 3000 && counts.plies > 200_000, JSON.stringify(counts));
  assert.ok(counts.variations > 500, `variations walked: ${counts.variations}`);
  assert.ok(counts.nullMoves > 0, 'no null move met');
  assert.ok(counts.longForms < 1000, `moves in long form: ${counts.longForms}`);
});

test('the starting position: FEN and Variant tags, typed errors for what cannot start', () => {
  const game = (tags: [string, string][]): PgnGame => ({ tags, comments: [], moves: [], result: undefined });
  const start = (tags: [string, string][]): string => {
    const r = gameStartingPosition(game(tags));
    return r.ok ? makeFen(r.value) : `${r.error.kind}: ${r.error.message}`;
  };
  assert.equal(start([]), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 40';
  assert.equal(start([['SetUp', '1'], ['FEN', fen]]), fen);
  assert.equal(start([['FEN', fen]]), fen, 'a FEN tag counts without SetUp');
  assert.equal(start([['Variant', 'From Position'], ['FEN', 'x'], ['FEN', fen]]), fen, 'the last of a repeated tag');
  assert.match(start([['Variant', 'Chess960']]), /^fen: /);
  assert.match(start([['Variant', 'Atomic'], ['FEN', fen]]), /^variant: /);
  assert.match(start([['FEN', '8/8/8/8/8/8/8/8 w - - 0 1']]), /^fen: /);
});

test('a line that does not play stops at its first bad move, with the kind and the index', () => {
  const line = (...sans: string[]): PgnMove[] => sans.map(newMove);
  const start = gameStartingPosition({ tags: [], comments: [], moves: [], result: undefined });
  assert.ok(start.ok);
  const error = (...sans: string[]): string => {
    const r = playLine(start.value, line(...sans));
    return r.ok ? `ok ${r.value.length}` : `${r.error.kind} ${r.error.index} ${r.error.san}`;
  };
  assert.equal(error('e4', 'e5', 'Nf3'), 'ok 3');
  assert.equal(error('e4', 'e5', 'Ke3'), 'illegal 2 Ke3');
  assert.equal(error('e4', 'xx'), 'syntax 1 xx');
  assert.equal(error('Nc3', 'a6', 'Nf3', 'a5', 'Ne4', 'a4', 'Ng5'), 'ambiguous 6 Ng5');
  // A null move passes the turn, except out of check.
  assert.equal(error('e4', '--', 'd4'), 'ok 3');
  assert.equal(error('e4', 'e5', 'Qh5', 'Nc6', 'Qxf7+', '--'), 'illegal 5 --');
  const r = playLine(start.value, line('e4', '--'));
  assert.ok(r.ok && r.value[1]!.move === null && r.value[1]!.after.turn === 'white');
  assert.equal(r.ok && r.value[0]!.move!.uci, 'e2e4');
});
