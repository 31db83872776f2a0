/**
 * Differential test of the public board API against chessops (an independent implementation,
 * dev-dependency), on ≥ 20,000 positions of ../shared/data/positions: `attackers` and
 * `isAttacked` on every square for both colours, `checkers`, `pinned`, `dests`,
 * `chessgroundDests` (both castling forms), per-side insufficient material, and board editing
 * (a board built piece by piece, a piece taken and one put) read back through chessops; per-side
 * material also on each position cut down to its kings and up to three other pieces; the
 * transforms (flips, rotation, mirror) of each setup, compared as FEN fields.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chessops/chess';
import { chessgroundDests as opsChessgroundDests } from 'chessops/compat';
import {
  flipDiagonal as opsFlipDiagonal, flipHorizontal as opsFlipHorizontal, flipVertical as opsFlipVertical, rotate180 as opsRotate180, transformSetup,
} from 'chessops/transform';
import type { Setup as OpsSetup } from 'chessops/setup';
import { makeBoardFen as opsMakeBoardFen, parseFen as opsParseFen } from 'chessops/fen';
import { Board as OpsBoard } from 'chessops/board';
import { Rng } from '../../src/core/rng.js';
import { SquareSet } from '../../src/core/bitboard.js';
import { Position } from '../../src/chess/position.js';
import { Board, boardWords } from '../../src/chess/board.js';
import { chessgroundDests } from '../../src/chess/compat.js';
import { flipDiagonal, flipHorizontal, flipVertical, mirror, rotate180 } from '../../src/chess/transform.js';
import type { Setup } from '../../src/chess/setup.js';
import { COLORS, ROLES } from '../../src/chess/types.js';
import { makeBoardFen, makeFen, readFen } from '../../src/notation/fen.js';
import { epdFens, FULL, positionFiles, spread, testSeed } from '../helpers.js';

/** Positions per file: ≥ 20,000 over the folder's six files; all of them with CAISSA_FULL. */
const PER_FILE = FULL ? Infinity : 4000;
const FILES = positionFiles();

/** chessops' SquareSet and ours hold the same squares (both keep them as lo/hi int32 halves). */
const same = (ours: SquareSet, theirs: { lo: number; hi: number }): boolean => ours.lo === (theirs.lo | 0) && ours.hi === (theirs.hi | 0);

const sortedEntries = (m: Map<string, string[]>): [string, string[]][] => [...m].map(([k, v]): [string, string[]] => [k, [...v].sort()]).sort((a, b) => (a[0] < b[0] ? -1 : 1));

test('the folder gives at least 20,000 positions to compare', () => {
  const total = FILES.reduce((n, f) => n + Math.min(epdFens(f).length, PER_FILE), 0);
  assert.ok(total >= 20_000, `${total} positions`);
});

for (const file of FILES) {
  test(`attackers, pins, dests, chessground dests and per-side material equal chessops' on ${file}`, () => {
    const rng = new Rng(testSeed(40));
    let compared = 0;
    let pins = 0;
    let castles = 0;
    let insufficientSides = 0;
    for (const fen of spread(epdFens(file), PER_FILE)) {
      const ours = readFen(fen);
      const theirs = Chess.fromSetup(opsParseFen(fen).unwrap());
      if (!ours.ok || !theirs.isOk) continue;
      const pos = ours.value;
      const ops = theirs.unwrap();
      const occupied = ops.board.occupied;
      for (let sq = 0; sq < 64; sq++) {
        for (const color of COLORS) {
          const expected = ops.kingAttackers(sq, color, occupied);
          const got = pos.attackers(sq, color);
          assert.ok(same(got, expected), `${fen}: attackers of ${sq} by ${color}: ${[...got]} vs ${[...expected]}`);
          assert.equal(pos.isAttacked(sq, color), expected.nonEmpty(), `${fen}: isAttacked ${sq} ${color}`);
        }
      }
      const ctx = ops.ctx();
      assert.ok(same(pos.checkers(), ctx.checkers), `${fen}: checkers`);
      const pinned = ctx.blockers.intersect(ops.board[ops.turn]);
      assert.ok(same(pos.pinned(), pinned), `${fen}: pinned ${[...pos.pinned()]} vs ${[...pinned]}`);
      if (pinned.nonEmpty()) pins++;
      // dests: chessops' map has every piece of the side to move, ours only those that move.
      const dests = pos.dests();
      for (const [from, set] of ops.allDests(ctx)) {
        const got = dests.get(from);
        if (set.isEmpty()) assert.equal(got, undefined, `${fen}: dests of ${from}`);
        else assert.ok(got !== undefined && same(got, set), `${fen}: dests of ${from}`);
      }
      assert.equal(dests.size, [...ops.allDests(ctx).values()].filter((s) => s.nonEmpty()).length, `${fen}: dests size`);
      for (const chess960 of [false, true]) {
        assert.deepEqual(sortedEntries(chessgroundDests(pos, { chess960 })), sortedEntries(opsChessgroundDests(ops, { chess960 })), `${fen}: chessgroundDests (chess960 ${chess960})`);
      }
      if (pos.legalMoves().some((m) => m.isCastle)) castles++;
      for (const color of COLORS) {
        assert.equal(pos.hasInsufficientMaterial(color), ops.hasInsufficientMaterial(color), `${fen}: insufficient material of ${color}`);
        if (pos.hasInsufficientMaterial(color)) insufficientSides++;
      }
      // Board editing: built piece by piece from chessops' board, then one piece taken and one put.
      let built = Board.empty();
      for (const [sq, piece] of ops.board) built = built.set(sq, { color: piece.color, role: piece.role });
      assert.ok(built.equals(pos.board), `${fen}: board built piece by piece`);
      const squares = [...pos.board.occupied];
      const taken = squares[rng.below(squares.length)]!;
      const put = rng.below(64);
      const piece = { color: COLORS[rng.below(2)]!, role: ROLES[rng.below(6)]! };
      const edited = built.take(taken).set(put, piece);
      const opsBoard = ops.board.clone();
      opsBoard.take(taken);
      opsBoard.set(put, piece);
      assert.equal(makeBoardFen(boardWords(edited)), opsMakeBoardFen(opsBoard), `${fen}: take ${taken}, put ${put}`);
      const back = OpsBoard.empty();
      for (const [sq, p] of edited) back.set(sq, p);
      assert.equal(opsMakeBoardFen(back), opsMakeBoardFen(opsBoard), `${fen}: iteration of the edited board`);
      for (const role of ROLES) assert.ok(same(edited.byRole(role), opsBoard[role]), `${fen}: ${role}s after editing`);
      assert.ok(same(edited.white, opsBoard.white) && same(edited.black, opsBoard.black) && same(edited.occupied, opsBoard.occupied), `${fen}: colours after editing`);
      // The same position cut down to the kings and up to three other pieces (pawns kept in one
      // case of four), where the material tests decide: both readers must agree on the rest.
      let reduced = Board.empty();
      const keepPawns = rng.below(4) === 0;
      const others = [...pos.board].filter(([, p]) => p.role !== 'king' && (keepPawns || p.role !== 'pawn'));
      for (const [sq, p] of pos.board) if (p.role === 'king') reduced = reduced.set(sq, p);
      for (let k = rng.below(4); k > 0 && others.length > 0; k--) {
        const [sq, p] = others.splice(rng.below(others.length), 1)[0]!;
        reduced = reduced.set(sq, p);
      }
      const small = Position.fromSetup({ ...pos.toSetup(), board: reduced, castlingRights: SquareSet.empty(), epSquare: undefined });
      if (small.ok) {
        const smallOps = Chess.fromSetup(opsParseFen(makeFen(small.value)).unwrap()).unwrap();
        for (const color of COLORS) {
          assert.equal(small.value.hasInsufficientMaterial(color), smallOps.hasInsufficientMaterial(color), `${makeFen(small.value)}: insufficient material of ${color}`);
          if (small.value.hasInsufficientMaterial(color)) insufficientSides++;
        }
        assert.equal(small.value.isInsufficientMaterial(), smallOps.isInsufficientMaterial(), `${makeFen(small.value)}: insufficient material`);
      }
      compared++;
    }
    assert.ok(compared >= Math.min(epdFens(file).length, PER_FILE) * 0.95, `compared ${compared}`);
    // The files exercise what they are meant to: pins and castling in the middlegame sets,
    // insufficient material in the endgames.
    if (/UHO|popularpos|3moves/.test(file)) assert.ok(pins > 0 && castles > 0, `${file}: ${pins} pins, ${castles} castles`);
    assert.ok(insufficientSides > 100, `${file}: ${insufficientSides} sides with insufficient material`);
  });
}

/** A setup's FEN fields as both libraries can write them without validating: board, turn, castling squares, en passant. */
const ourFields = (s: Setup): string =>
  [makeBoardFen(boardWords(s.board)), s.turn, [...s.castlingRights].join(','), String(s.epSquare)].join(' ');
const opsFields = (s: OpsSetup): string =>
  [opsMakeBoardFen(s.board), s.turn, [...s.castlingRights].join(','), String(s.epSquare)].join(' ');

/** chessops has no mirror: its vertical flip, the colours of the board swapped, the other side to move. */
function opsMirror(s: OpsSetup): OpsSetup {
  const flipped = transformSetup(s, opsFlipVertical);
  const board = flipped.board.clone();
  [board.white, board.black] = [board.black, board.white];
  return { ...flipped, board, turn: s.turn === 'white' ? 'black' : 'white' };
}

test('flips, rotation and mirror of setups equal chessops\' (as FEN fields), and a mirrored position plays the mirrored moves', () => {
  const transforms: [string, (s: Setup) => Setup, (s: OpsSetup) => OpsSetup][] = [
    ['flipVertical', flipVertical, (s: OpsSetup) => transformSetup(s, opsFlipVertical)],
    ['flipHorizontal', flipHorizontal, (s: OpsSetup) => transformSetup(s, opsFlipHorizontal)],
    ['flipDiagonal', flipDiagonal, (s: OpsSetup) => transformSetup(s, opsFlipDiagonal)],
    ['rotate180', rotate180, (s: OpsSetup) => transformSetup(s, opsRotate180)],
    ['mirror', mirror, opsMirror],
  ];
  let compared = 0;
  for (const file of FILES) {
    for (const fen of spread(epdFens(file), PER_FILE)) {
      const ours = readFen(fen, { lenient: true });
      if (!ours.ok) continue;
      // The setup of the position read (rights and en-passant square as validated), in both libraries.
      const setup = ours.value.toSetup();
      const opsSetup = opsParseFen(`${makeFen(ours.value, { epSquare: 'always', castling: 'shredder' })}`).unwrap();
      assert.equal(ourFields(setup), opsFields(opsSetup), fen);
      for (const [name, ourTransform, theirTransform] of transforms) {
        const got = ourTransform(setup);
        assert.equal(ourFields(got), opsFields(theirTransform(opsSetup)), `${name} of ${fen}`);
        // Each is its own inverse.
        assert.equal(ourFields(ourTransform(got)), ourFields(setup), `${name} twice of ${fen}`);
      }
      // The mirrored position is a position of the rules, with as many moves, each mirrored.
      const mirrored = Position.fromSetup(mirror(setup), { chess960: ours.value.chess960 });
      assert.ok(mirrored.ok, `mirror of ${fen}: ${!mirrored.ok && mirrored.error.message}`);
      const flipMove = (uci: string): string => uci.replace(/[1-8]/g, (r) => String(9 - Number(r)));
      assert.deepEqual(mirrored.value.legalMoves().map((m) => m.uci).sort(), ours.value.legalMoves().map((m) => flipMove(m.uci)).sort(), `moves of the mirror of ${fen}`);
      compared++;
    }
  }
  assert.ok(compared >= 20_000, `${compared} setups`);
});
