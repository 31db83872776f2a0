/**
 * The public board model: `Board` editing and its named sets, `Setup` and `defaultSetup`,
 * `pos.toSetup()` and `Position.fromSetup` back, squares as numbers or names, and position issues
 * as sentences beside their codes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { SquareSet } from '../../src/core/bitboard.js';
import { Board } from '../../src/chess/board.js';
import { Position } from '../../src/chess/position.js';
import { defaultSetup, type Setup } from '../../src/chess/setup.js';
import { makeFen, parseFen, readFen, STARTING_FEN } from '../../src/notation/fen.js';
import { ROLES, type Color, type Role } from '../../src/chess/types.js';

const names = (set: Iterable<number>): string[] => [...set].map((sq) => 'abcdefgh'[sq & 7]! + String((sq >> 3) + 1));

test('Board.standard() is the placement of the start position, and defaultSetup() is the start', () => {
  const start = readFen(STARTING_FEN);
  assert.ok(start.ok);
  assert.ok(Board.standard().equals(start.value.board));
  const pos = Position.fromSetup(defaultSetup());
  assert.ok(pos.ok);
  assert.equal(makeFen(pos.value), STARTING_FEN);
  assert.equal(Board.standard().count, 32);
  assert.deepEqual(names(Board.standard().kings), ['e1', 'e8']);
  assert.deepEqual(names(Board.standard().pieces('black', 'knight')), ['b8', 'g8']);
  assert.deepEqual(names(Board.standard().occupied), names(start.value.pieces('white').union(start.value.pieces('black'))));
});

test('the named sets of a board agree with chess.js on a middlegame position', () => {
  const fen = 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5';
  const r = readFen(fen);
  assert.ok(r.ok);
  const board = r.value.board;
  const ref = new Chess(fen);
  const squares = (color?: 'w' | 'b', type?: string): string[] =>
    ref.board().flat().filter((p) => p !== null && (color === undefined || p.color === color) && (type === undefined || p.type === type)).map((p) => p!.square).sort();
  const sorted = (set: SquareSet): string[] => names(set).sort();
  assert.deepEqual(sorted(board.white), squares('w'));
  assert.deepEqual(sorted(board.black), squares('b'));
  assert.deepEqual(sorted(board.occupied), squares());
  const byRole: Record<Role, SquareSet> = {
    pawn: board.pawns, knight: board.knights, bishop: board.bishops, rook: board.rooks, queen: board.queens, king: board.kings,
  };
  for (const role of ROLES) {
    const letter = role === 'knight' ? 'n' : role[0]!;
    assert.deepEqual(sorted(byRole[role]), squares(undefined, letter), role);
    assert.deepEqual(sorted(board.byRole(role)), squares(undefined, letter), role);
    for (const [color, c] of [['white', 'w'], ['black', 'b']] as const) {
      assert.deepEqual(sorted(board.pieces(color, role)), squares(c, letter), `${color} ${role}`);
    }
  }
  assert.deepEqual(sorted(board.diagonalSliders), [...squares(undefined, 'b'), ...squares(undefined, 'q')].sort());
  assert.deepEqual(sorted(board.orthogonalSliders), [...squares(undefined, 'r'), ...squares(undefined, 'q')].sort());
  // Iteration: every piece once, a1 to h8, each as chess.js has it.
  const pieces = [...board];
  assert.deepEqual(pieces.map(([sq]) => sq), [...board.occupied]);
  for (const [sq, piece] of pieces) {
    const p = ref.get(names([sq])[0] as 'a1')!;
    assert.equal(piece.color, p.color === 'w' ? 'white' : 'black');
    assert.equal(piece.role, ROLES.find((role) => (role === 'knight' ? 'n' : role[0]) === p.type));
  }
});

test('set and take return new boards and leave the old one as it was', () => {
  const empty = Board.empty();
  const one = empty.set('e4', { color: 'white', role: 'queen' });
  assert.equal(empty.count, 0);
  assert.deepEqual(one.get('e4'), { color: 'white', role: 'queen' });
  assert.deepEqual(one.get(28), { color: 'white', role: 'queen' });
  // Setting over a piece replaces it: the old piece is in no set any more.
  const replaced = one.set(28, { color: 'black', role: 'knight' });
  assert.deepEqual(replaced.get('e4'), { color: 'black', role: 'knight' });
  assert.ok(replaced.white.isEmpty());
  assert.ok(replaced.queens.isEmpty());
  assert.equal(replaced.count, 1);
  const taken = replaced.take('e4');
  assert.ok(taken.equals(empty));
  assert.equal(replaced.count, 1);
  // Taking an empty square changes nothing.
  assert.ok(empty.take('a1').equals(empty));
  // h8, the sign bit of the high half.
  const h8 = empty.set('h8', { color: 'black', role: 'rook' });
  assert.deepEqual([...h8.rooks], [63]);
  assert.deepEqual([...h8.take(63).occupied], []);
});

test('kingOf names the one king of a colour, and nothing for none or two', () => {
  const b = Board.empty().set('g1', { color: 'white', role: 'king' });
  assert.equal(b.kingOf('white'), 6);
  assert.equal(b.kingOf('black'), undefined);
  assert.equal(b.set('a8', { color: 'white', role: 'king' }).kingOf('white'), undefined);
});

test('squares, colours and roles that are none are RangeErrors naming the method', () => {
  const b = Board.standard();
  assert.throws(() => b.get('e9' as 'e8'), { name: 'RangeError', message: "Board.get: not a square name (a1..h8): 'e9'" });
  assert.throws(() => b.get(64), { name: 'RangeError', message: 'Board.get: not a square (0..63): 64' });
  assert.throws(() => b.take(-1), /Board.take: not a square/);
  assert.throws(() => b.set('E4' as 'e4', { color: 'white', role: 'pawn' }), /Board.set: not a square name/);
  assert.throws(() => b.set('e4', { color: 'White' as Color, role: 'pawn' }), { name: 'RangeError', message: 'Board.set: not a colour (white, black): White' });
  assert.throws(() => b.set('e4', { color: 'white', role: 'N' as Role }), /Board.set: not a role/);
  assert.throws(() => b.pieces('red' as Color), /Board.pieces: not a colour/);
});

test('toSetup and fromSetup are inverse, and a setup edited through its board reads as the FEN says', () => {
  for (const fen of [
    STARTING_FEN,
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
    '8/8/8/8/8/8/8/K1k5 b - - 40 99',
  ]) {
    const pos = readFen(fen);
    assert.ok(pos.ok, fen);
    const setup = pos.value.toSetup();
    const back = Position.fromSetup(setup);
    assert.ok(back.ok, fen);
    assert.equal(makeFen(back.value), makeFen(pos.value));
    assert.equal(back.value.chess960, pos.value.chess960);
    const parsed = parseFen(fen);
    assert.ok(parsed.ok);
    assert.ok(parsed.value.board.equals(setup.board));
    assert.ok(parsed.value.castlingRights.equals(setup.castlingRights));
    assert.equal(parsed.value.turn, setup.turn);
  }
  // Queen odds: the board edited, the rest from the default.
  const odds = Position.fromSetup({ ...defaultSetup(), board: Board.standard().take('d1') });
  assert.ok(odds.ok);
  assert.equal(makeFen(odds.value), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1');
  // The en-passant square as a name.
  const e3: Setup = { ...defaultSetup(), board: Board.standard().take('e2').set('e4', { color: 'white', role: 'pawn' }), turn: 'black', epSquare: 'e3' };
  const afterE4 = Position.fromSetup(e3);
  assert.ok(afterE4.ok);
  assert.equal(afterE4.value.epSquare, 20);
  const wrong = Position.fromSetup({ ...e3, epSquare: 'e9' as 'e8' });
  assert.ok(!wrong.ok);
  assert.deepEqual(wrong.error.issues, ['invalidEnPassant']);
});

test('castling rights on squares off the back ranks, or without king and rook, are invalid, and lenient reading drops them', () => {
  const kings = Board.empty().set('e1', { color: 'white', role: 'king' }).set('e8', { color: 'black', role: 'king' }).set('h1', { color: 'white', role: 'rook' });
  const base: Setup = { ...defaultSetup(), board: kings, castlingRights: SquareSet.fromSquares([7]) };
  const ok = Position.fromSetup(base);
  assert.ok(ok.ok);
  assert.equal(makeFen(ok.value), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  const offRank = Position.fromSetup({ ...base, castlingRights: SquareSet.fromSquares([7, 20]) });
  assert.ok(!offRank.ok);
  assert.deepEqual(offRank.error.issues, ['invalidCastlingRights']);
  assert.deepEqual(offRank.error.details, ['a castling right names a square off the first and last ranks']);
  const lenient = Position.fromSetup({ ...base, castlingRights: SquareSet.fromSquares([7, 20, 0]) }, { lenient: true });
  assert.ok(lenient.ok);
  assert.deepEqual([...lenient.value.castlingRooks], [7]);
});

test('position issues read as sentences, each beside its code', () => {
  const cases: [string, string[], string[]][] = [
    ['8/8/8/8/8/8/8/8 w - - 0 1', ['missingKing'], ['white has no king', 'black has no king']],
    ['4k3/8/8/8/8/8/8/3KK3 w - - 0 1', ['tooManyKings'], ['white has 2 kings']],
    ['4k3/pppppppp/8/8/8/8/PPPPPPPP/QQ2K1P1 w - - 0 1', ['tooMuchMaterial', 'pawnsOnBackrank'],
      ['a pawn stands on the first or last rank (g1)', 'white has 9 pawns and 2 queens: more than 8 pawns and their promotions']],
    ['P3k3/8/8/8/8/8/8/4K2p w - - 0 1', ['pawnsOnBackrank'], ['pawns stand on the first or last rank (h1, a8)']],
    ['4k3/8/8/8/8/8/8/4K2R b - - 0 1', ['oppositeCheck'], []],
    ['4k3/4R3/8/8/8/8/8/4K3 w - - 0 1', ['oppositeCheck'], ['black is in check with white to move']],
    ['4k3/8/8/8/8/8/8/4K3 w K - 0 1', ['invalidCastlingRights'], ['no king and rook at home for the castling right with the rook on h1']],
    ['4k3/8/8/8/8/8/8/4K3 w - e6 0 1', ['invalidEnPassant'], ['e6 is no en-passant square: no black pawn has just advanced two squares past it']],
    ['4k3/8/8/8/8/8/5n2/4K3 w - - 0 1', [], []],
    ['4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1', ['impossibleCheck'], ['white is in a check that no last move could have given']],
  ];
  for (const [fen, issues, details] of cases) {
    const r = readFen(fen);
    if (issues.length === 0 || (fen.includes(' b ') && issues[0] === 'oppositeCheck')) {
      // 4K2R b: the rook on h1 does not check e8 (a control); 5n2: a knight's check is possible.
      assert.ok(r.ok, fen);
      continue;
    }
    assert.ok(!r.ok, fen);
    assert.equal(r.error.kind, 'invalidPosition');
    if (r.error.kind !== 'invalidPosition') continue;
    assert.deepEqual([...r.error.issues].sort(), [...issues].sort(), fen);
    assert.deepEqual(r.error.details, details, fen);
    assert.equal(r.error.message, `invalid position: ${details.join('; ')}`);
  }
});

test('SquareSet takes squares as names too, and refuses names that are none', () => {
  const set = SquareSet.fromSquares(['a1', 'h8', 28]);
  assert.deepEqual([...set], [0, 28, 63]);
  assert.ok(set.has('e4') && !set.has('e5'));
  assert.deepEqual([...set.with('b2').without('a1')], [9, 28, 63]);
  assert.deepEqual([...SquareSet.fromSquare('h1')], [7]);
  assert.throws(() => set.has('z9' as 'a1'), { name: 'RangeError', message: "SquareSet.has: not a square name (a1..h8): 'z9'" });
  assert.throws(() => SquareSet.fromSquare(64), /SquareSet.fromSquare: not a square \(0..63\): 64/);
});
