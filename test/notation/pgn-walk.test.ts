/**
 * From game trees back to positions (`gameStartingPosition`, `playLine`), position by position
 * against chessops (dev-dependency): each game of the tricky folder, of the lichess Chess960 and
 * From Position files, and one lichess standard game in 16 (all with CAISSA_FULL) is read
 * without checking its moves and walked, its mainline and every variation, by us and by chessops
 * from the same tags and SAN; the FEN after every move must agree, and a move we refuse must be
 * one chessops refuses. The games that start no position (syntax errors, other variants, bad
 * FEN) are counted and listed. Then the errors of a tree that does not play.
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
import { isNullMoveText } from '../../src/notation/san.js';
import { gameStartingPosition, playLine } from '../../src/notation/pgn-walk.js';
import { FULL } from '../helpers.js';
import { fixturePath, sharedSkip } from '../data.js';

interface Counts {
  games: number;
  plies: number;
  variations: number;
  nullMoves: number;
  longForms: number;
  /** Moves we refuse (chessops refusing them too), and the variations after them, not reachable. */
  refused: number;
  unreachable: number;
  /** Games whose tags start no position we play: another variant, or a FEN both readers refuse. */
  otherVariant: number;
  chess960WithoutFen: number;
  badFen: number;
  /** Games that do not read as PGN at all (a syntax error), by file. */
  unread: Map<string, number>;
  /** Moves compared after a null move of their line. */
  afterNull: number;
}

/**
 * The games of the tricky folder that do not read as PGN at all (our reader's syntax errors), by
 * file, and why: no position is reached, so nothing is compared. Every other game is walked.
 */
const UNREAD: Record<string, number> = {
  // Tags separated by `<br />`: an HTML page's text.
  'chess.js/0.pgn': 8,
  // A move to a square off the board (`Nf9`), and a forfeit mark (`+--`) in the movetext: no
  // move's shape, refused by the reader unvalidated too (docs/pgn.md).
  'chessalyzer/bad-san-mid-file.pgn': 1,
  'scalachess/fixtures/blackAbsentResult.pgn': 1,
  // kokopu's syntax-error cases (kokopu refuses them too): tags without a name, value or `]`,
  // comments and tag values never closed, text that is no PGN, `*` inside a variation, `((`, `)`.
  'kokopu/pgns/redos-comment/database.pgn': 1,
  'kokopu/pgns/redos-header/database.pgn': 1,
  // Words that are no move's shape (`pawn`, `whatever`, `Event`): docs/pgn.md.
  'kokopu/pgns/syntactic-error-1/database.pgn': 15,
  'kokopu/pgns/syntactic-error-2/database.pgn': 1,
  'kokopu/pgns/syntactic-error-3/database.pgn': 1,
  'kokopu/pgns/syntactic-error-4/database.pgn': 1,
  'kokopu/pgns/syntactic-error-5/database.pgn': 1,
  // Tag values with unescaped quotes inside (`[White ""Mirage""]`).
  'pychess/puzzles/mate_in_3.pgn': 2,
  'pychess/puzzles/mate_in_4.pgn': 3,
  // Moves separated by commas (`9. Bxe7, Qxe7`).
  'python-chess/immortal-games.pgn': 3,
  // Forum markup around the game (`[pgn]`, `[/pgn]`) read as tags without values.
  'scalachess/fixtures/overflow.pgn': 2,
  'scalachess/fixtures/withDelimiters.pgn': 2,
  'scalachess/fixtures/withDelimitersOnNewLines.pgn': 2,
  // A tag value never closed.
  'scalachess/fixtures/unclosedQuote.pgn': 1,
};

/** SAN as chessops reads it: castling with capital letters, no `e.p.` after an en-passant capture, no check sign. */
const forChessops = (san: string): string =>
  san
    .replace(/^[0o]-[0o](-[0o])?/i, (c) => c.replace(/[0o]/gi, 'O'))
    .replace(/\s*e\.?p\.?$/, '')
    .replace(/[+#]+$/, '');

/** A move in long algebraic form: piece letter, from and to squares. */
const LONG_FORM = /^[KQRBNP]?[a-h][1-8][-x:]?[a-h][1-8]/;

const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

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

/** The variations met in `line`, nested ones included. */
const variationsIn = (line: readonly PgnMove[]): number =>
  line.reduce((n, m) => n + m.variations.reduce((k, v) => k + 1 + variationsIn(v), 0), 0);

/**
 * Walks `line` from our `start` and chessops' `ops`, variations included; every FEN must agree.
 * A move we refuse must be one chessops refuses too (a null move: one made in check); the line
 * is compared up to it, the variations of that move too (they are played from the position
 * before it), and those of the moves after it cannot be reached.
 */
function walk(start: Position, ops: OpsPosition, line: readonly PgnMove[], where: string, counts: Counts): void {
  const played = playLine(start, line);
  const stop = played.ok ? line.length : played.error.index;
  const prefix = played.ok ? played : playLine(start, line.slice(0, stop));
  assert.ok(prefix.ok, `${where}: the moves before the one refused do not play`);
  const steps = prefix.value;
  const pos = ops.clone();
  let afterNull = false;
  // A line's first position (a game's start, a variation's branch point); later ones are the previous move's `after`.
  if (line.length > 0) assert.equal(makeFen(start), opsMakeFen(pos.toSetup()), `${where}, before move 1 (${line[0]!.san})`);
  for (const [i, node] of line.entries()) {
    const before = i === 0 ? start : steps[i - 1]!.after;
    for (const [v, variation] of node.variations.entries()) {
      counts.variations++;
      walk(before, pos.clone(), variation, `${where}, variation ${v + 1} of move ${i + 1}`, counts);
    }
    if (i === stop) {
      const error = played.ok ? '' : played.error.message;
      if (isNullMoveText(node.san)) assert.ok(pos.isCheck(), `${where}: null move ${i + 1} refused out of check (${error})`);
      else assert.equal(opsMove(pos, node.san, counts), undefined, `${where}: chessops plays move ${i + 1} (${node.san}), refused by us: ${error}`);
      counts.refused++;
      counts.unreachable += variationsIn(line.slice(i + 1));
      return;
    }
    const step = steps[i]!;
    if (step.move === null) {
      // chessops plays no null move: its position is passed on as its `play` passes a move on
      // (the turn passes, no en-passant square, the half-move clock counts, and the full-move
      // number after Black), no piece moving; and the null move must not be made in check.
      counts.nullMoves++;
      assert.ok(!pos.isCheck(), `${where}: null move ${i + 1} played in check`);
      pos.epSquare = undefined;
      pos.halfmoves++;
      if (pos.turn === 'black') pos.fullmoves++;
      pos.turn = pos.turn === 'white' ? 'black' : 'white';
      afterNull = true;
    } else {
      const move = opsMove(pos, node.san, counts);
      assert.ok(move !== undefined, `${where}: chessops cannot play move ${i + 1} (${node.san}), played by us`);
      pos.play(move);
      counts.plies++;
      if (afterNull) counts.afterNull++;
    }
    assert.equal(makeFen(step.after), opsMakeFen(pos.toSetup()), `${where}, after move ${i + 1} (${node.san})`);
  }
}

function walkGames(text: Uint8Array, label: string, keep: (i: number) => boolean, counts: Counts): void {
  let i = -1;
  for (const slice of pgnGamesSync(text)) {
    if (!keep(++i)) continue;
    // Read without checking the moves: the walk below finds the moves that do not play.
    const r = parseGame(slice, i + 1, { validate: false });
    if (!r.ok) {
      counts.unread.set(label, (counts.unread.get(label) ?? 0) + 1);
      continue;
    }
    const game: PgnGame = r.value;
    const start = gameStartingPosition(game);
    // The variant's name as chessops reads it (`chess-960`, `Regular`, ` Standard ` are ours).
    const tags = new Map(game.tags);
    const kind = variantKind(tagValue(game, 'Variant'));
    if (kind === 'chess960') tags.set('Variant', 'Chess960');
    else if (kind === 'standard') tags.delete('Variant');
    const ops = opsStart(tags);
    if (kind === 'unsupported') {
      // We play standard chess and Chess960 only: any other variant is refused, and chessops
      // must not read it as standard chess.
      assert.ok(!start.ok && start.error.kind === 'variant', `${label}, game ${i + 1}: variant not refused`);
      assert.ok(ops.isErr || ops.value.rules !== 'chess', `${label}, game ${i + 1}: chessops reads the variant as chess`);
      counts.otherVariant++;
      continue;
    }
    if (!start.ok && ops.isOk && kind === 'chess960' && tagValue(game, 'FEN') === undefined) {
      // Chess960 without a FEN tag: we refuse it (kokopu too: "for game variant chess960, the FEN
      // header is mandatory"), where chessops starts from the standard array, its position 518.
      assert.equal(opsMakeFen(ops.value.toSetup()), STANDARD_FEN, `${label}, game ${i + 1}`);
      counts.chess960WithoutFen++;
      continue;
    }
    assert.equal(start.ok, ops.isOk, `${label}, game ${i + 1}: starting position read by one reader only`);
    if (!start.ok) {
      counts.badFen++;
      continue;
    }
    counts.games++;
    walk(start.value, ops.unwrap(), game.moves, `${label}, game ${i + 1}`, counts);
  }
}

test('every move of every line plays to the position chessops reaches', () => {
  const counts: Counts = { games: 0, plies: 0, variations: 0, nullMoves: 0, longForms: 0, refused: 0, unreachable: 0, otherVariant: 0, chess960WithoutFen: 0, badFen: 0, unread: new Map(), afterNull: 0 };
  const dir = fixturePath('pgn', 'tricky');
  const files = (d: string): string[] =>
    readdirSync(d).sort().flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : /\.pgn$/i.test(n) ? [join(d, n)] : []));
  for (const f of files(dir)) walkGames(readFileSync(f), f.slice(dir.length + 1), () => true, counts);
  // The lichess files are large shared data: walked when present (always in CI).
  const games = sharedSkip('games') === false;
  if (games) {
    for (const name of ['lichess-chess960-370.pgn.gz', 'lichess-from-position-440.pgn.gz']) {
      walkGames(gunzipSync(readFileSync(sharedPath('games', name))), name, () => true, counts);
    }
    walkGames(gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))), 'lichess standard', (i) => FULL || i % 16 === 0, counts);
  }
  assert.deepEqual(Object.fromEntries(counts.unread), UNREAD, 'games that do not read');
  const summary = JSON.stringify({ ...counts, unread: undefined });
  if (games) assert.ok(counts.games > 3000 && counts.plies > 200_000, summary);
  // The tricky folder's illegal moves (mainlines and variations), other variants and bad FEN.
  assert.ok(counts.refused > 50 && counts.otherVariant > 10 && counts.badFen > 0 && counts.chess960WithoutFen > 0, summary);
  assert.ok(counts.variations > 500, `variations walked: ${counts.variations}`);
  assert.ok(counts.nullMoves > 0 && counts.afterNull > 0, `null moves, moves compared after one: ${counts.nullMoves}, ${counts.afterNull}`);
  assert.ok(counts.longForms < 1000, `moves in long form: ${counts.longForms}`);
});

test('the walk itself: long forms read from their own squares, moves refused by both, null moves', () => {
  const counts: Counts = { games: 0, plies: 0, variations: 0, nullMoves: 0, longForms: 0, refused: 0, unreachable: 0, otherVariant: 0, chess960WithoutFen: 0, badFen: 0, unread: new Map(), afterNull: 0 };
  // Game 1: the knight on d2 is pinned to its king by the bishop on c3; in each variation of
  // move 1 it moves, in long form with and without its letter, and both readers must refuse it.
  // After 1. Kf2 it is free, and 2. d2f3 plays. Castling in long form (`e8c8`, the king's
  // squares) and a null move follow, and the walk goes on after the null move.
  // Game 2: 2. Ke3 is refused by both; its variation 2. Nf3 is walked (it is played from the
  // position before 2. Ke3), the variation of the move after it cannot be reached.
  const pgn = [
    '[FEN "r3k3/8/8/8/8/2b5/3N4/4K3 w q - 0 1"]',
    '1. Ke1f2 (1. Nd2f3) (1. d2f3) (1. Nd2-f3) (1. d2b1) 1... e8c8 2. d2f3 -- 3. Nf3e5 Bxe5 (3... Bd2) *',
    '',
    '1. e4 e5 2. Ke3 (2. Nf3) 2... Nc6 (2... d6) *',
  ].join('\n');
  walkGames(new TextEncoder().encode(pgn), 'inline', () => true, counts);
  assert.deepEqual(
    [counts.games, counts.plies, counts.variations, counts.refused, counts.unreachable, counts.nullMoves, counts.afterNull],
    [2, 9, 6, 5, 1, 1, 2],
    JSON.stringify({ ...counts, unread: undefined }),
  );
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
