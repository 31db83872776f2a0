/**
 * The queries and text of the public position: pins, attackers, destinations and chessground's
 * castling forms, per-side material on hand-picked endings (FIDE 6.9), board text in its forms,
 * and what Node's console.log shows of a position and a board.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { squareName } from '../../src/core/square.js';
import { Board } from '../../src/chess/board.js';
import { chessgroundDests } from '../../src/chess/compat.js';
import { Position } from '../../src/chess/position.js';
import { boardText } from '../../src/chess/text.js';
import { mirror } from '../../src/chess/transform.js';
import { readFen, STARTING_FEN } from '../../src/notation/fen.js';

const at = (fen: string): Position => {
  const r = readFen(fen);
  assert.ok(r.ok, fen);
  return r.value;
};
const names = (set: Iterable<number>): string[] => [...set].map(squareName);

test('pinned: a piece alone between its king and an enemy slider, of the side to move only', () => {
  // The e2 knight is pinned by the e8 rook, the d2 bishop by the b4 bishop; a pawn on c3 makes
  // two pieces between b4 and e1, and the bishop is free.
  const pos = at('4r1k1/8/8/8/1b6/8/3BN3/4K3 w - - 0 1');
  assert.deepEqual(names(pos.pinned()), ['d2', 'e2']);
  const shielded = at('4r1k1/8/8/8/1b6/2P5/3BN3/4K3 w - - 0 1');
  assert.deepEqual(names(shielded.pinned()), ['e2']);
  // A black piece between the white king and a black slider pins nothing.
  assert.deepEqual(names(at('4r1k1/8/8/8/8/8/4n3/4K3 w - - 0 1').pinned()), []);
});

test('attackers and isAttacked take squares as names, and a pinned piece still attacks', () => {
  const pos = at('4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1');
  assert.deepEqual(names(pos.attackers('d4', 'white')), ['e2']);
  assert.equal(pos.isAttacked('e1', 'black'), false);
  assert.equal(pos.isAttacked('e2', 'black'), true);
  assert.throws(() => pos.attackers('i1' as 'a1', 'white'), /attackers: not a square name/);
  assert.throws(() => pos.isAttacked(0, 'red' as 'white'), /isAttacked: not a colour/);
});

test('dests and chessgroundDests: castling onto the rook, and two squares too in standard chess', () => {
  const pos = at('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.deepEqual(names(pos.dests().get(4)!), ['a1', 'd1', 'f1', 'h1', 'd2', 'e2', 'f2']);
  assert.deepEqual(chessgroundDests(pos).get('e1'), ['a1', 'c1', 'd1', 'f1', 'g1', 'h1', 'd2', 'e2', 'f2']);
  assert.deepEqual(chessgroundDests(pos, { chess960: true }).get('e1'), ['a1', 'd1', 'f1', 'h1', 'd2', 'e2', 'f2']);
  // The default is the position's own mode: two squares too in standard chess, onto the rook
  // only in Chess960 (here a king on e1 with rooks in the corners, read as Chess960).
  assert.deepEqual(chessgroundDests(pos), chessgroundDests(pos, { chess960: false }));
  const frc = readFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', { chess960: true });
  assert.ok(frc.ok && frc.value.chess960);
  assert.deepEqual(chessgroundDests(frc.value).get('e1'), ['a1', 'd1', 'f1', 'h1', 'd2', 'e2', 'f2']);
  // The start: twenty moves from ten pieces; pieces without a move are left out.
  const start = Position.standard().dests();
  assert.equal(start.size, 10);
  assert.equal([...start.values()].reduce((n, s) => n + s.size(), 0), 20);
});

test('hasInsufficientMaterial per side, as a flag fall needs it (FIDE 6.9)', () => {
  const cases: [string, boolean, boolean][] = [
    ['8/8/8/4k3/8/8/8/4K3 w - - 0 1', true, true], // bare kings
    ['8/8/8/4k3/8/8/8/3QK3 w - - 0 1', false, true], // a queen mates, a bare king does not
    ['8/8/8/4k3/8/8/8/3NK3 w - - 0 1', true, true], // K+N against a bare king
    ['7k/6p1/8/8/8/8/8/3NK3 w - - 0 1', false, false], // K+N against a pawn: a pawn can hem the king in; the pawn can promote
    ['7k/6q1/8/8/8/8/8/3NK3 w - - 0 1', true, false], // K+N against a queen: lichess counts no mate
    ['8/8/8/4k3/8/8/8/2NNK3 w - - 0 1', false, true], // two knights can mate with help
    ['8/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1', true, true], // bishops on one colour (c1, g1 dark)
    ['8/8/8/4k3/8/8/8/2BBK3 w - - 0 1', false, true], // bishops on both colours
    ['8/8/8/4k3/8/5b2/8/2B1K3 w - - 0 1', false, false], // opposite-coloured bishops: each can mate with help
    ['8/8/8/4k3/8/4b3/8/2B1K3 w - - 0 1', true, true], // same-coloured bishops: neither
    ['8/8/8/4k3/8/4n3/8/2B1K3 w - - 0 1', false, false], // bishop against knight, knight against bishop
  ];
  for (const [fen, white, black] of cases) {
    const pos = at(fen);
    assert.equal(pos.hasInsufficientMaterial('white'), white, `${fen}: white`);
    assert.equal(pos.hasInsufficientMaterial('black'), black, `${fen}: black`);
    // The mirror swaps the answers.
    const m = Position.fromSetup(mirror(pos.toSetup()));
    assert.ok(m.ok);
    assert.equal(m.value.hasInsufficientMaterial('black'), white, `mirror of ${fen}: black`);
  }
});

test('boardText: letters or symbols, with or without coordinates, either way up', () => {
  const pos = Position.standard();
  assert.equal(boardText(pos).split('\n').length, 8);
  assert.equal(boardText(pos).split('\n')[0], 'r n b q k b n r');
  assert.equal(boardText(pos).split('\n')[3], '. . . . . . . .');
  assert.equal(boardText(pos, { unicode: true }).split('\n')[0], '♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜');
  assert.equal(boardText(pos, { unicode: true }).split('\n')[7], '♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖');
  assert.equal(boardText(pos, { unicode: true }).split('\n')[4], '· · · · · · · ·');
  const flipped = boardText(at('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'), { coordinates: true, flip: true }).split('\n');
  assert.deepEqual([flipped[0], flipped[7], flipped[8]], ['1 . . . K . . . R', '8 . . . k . . . .', '  h g f e d c b a']);
  // A Board is drawn the same way as a position of it.
  assert.equal(boardText(pos.board, { coordinates: true }), boardText(pos, { coordinates: true }));
});

test("console.log shows a position's FEN and board, and a board's board; String gives the FEN", () => {
  const pos = Position.standard();
  assert.equal(inspect(pos), `Position ${STARTING_FEN}\n${boardText(pos, { coordinates: true })}`);
  assert.equal(String(pos), STARTING_FEN);
  assert.equal(`${pos}`, STARTING_FEN);
  assert.equal(inspect(Board.empty()), `Board\n${boardText(Board.empty(), { coordinates: true })}`);
});
