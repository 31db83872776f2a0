/**
 * Differential test against chessops (independent implementation, dev-dependency): on ≥ 20,000
 * positions from ../shared/data/positions, our legal move set equals chessops' (castling as
 * king-to-rook, promotions counted four times), and so do check, mate, stalemate and
 * insufficient material.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { makeUci as opsMakeUci } from 'chessops/util';
import { perft as opsPerft } from 'chessops/debug';
import type { Game } from '../../src/core/game.js';
import { chessGame } from '../../src/chess/game.js';
import { gamePerft } from '../../src/tools/game-perft.js';
import { perft } from '../../src/tools/perft.js';
import { makeUci } from '../../src/notation/uci.js';
import { squareName } from '../../src/core/square.js';
import { isInsufficientMaterial, positionOutcome } from '../../src/chess/outcome.js';
import { readFen } from '../../src/notation/fen.js';
import { epdFens, FULL, positionFiles, spread, noPositions } from '../helpers.js';

/** Positions per file, spread over it: all of them with CAISSA_FULL. Every file of the folder is read. */
const PER_FILE = FULL ? Infinity : 8000;
const FILES = positionFiles();

test('the positions folder holds the files its README lists', { skip: noPositions() }, () => {
  for (const file of ['UHO_4060_v3', 'popularpos_lichess_v3', 'endgames', 'stalemates_200d30_v1', '3moves_FRC', 'FRC_openings']) {
    assert.ok(FILES.includes(`${file}.epd.gz`), file);
  }
});

for (const file of FILES) {
  test(`legal moves equal chessops' on ${file}`, () => {
    const fens = spread(epdFens(file), PER_FILE);
    let compared = 0;
    for (const fen of fens) {
      const ours = readFen(fen);
      const setup = opsParseFen(fen);
      assert.ok(setup.isOk, `chessops cannot parse ${fen}`);
      const theirs = Chess.fromSetup(setup.unwrap());
      // Both must agree on whether the position is playable.
      assert.equal(ours.ok, theirs.isOk, `validity of ${fen}: ours ${!ours.ok && ours.error.message}`);
      if (!ours.ok || !theirs.isOk) continue;
      const pos = ours.value;
      const ops = theirs.unwrap();
      const expected: string[] = [];
      let expectedCount = 0;
      for (const [from, dests] of ops.allDests()) {
        for (const to of dests) {
          expected.push(squareName(from) + squareName(to));
          const promotes = ops.board.pawn.has(from) && (to >> 3 === 0 || to >> 3 === 7);
          expectedCount += promotes ? 4 : 1;
        }
      }
      const moves = pos.legalMoves();
      const got = [...new Set(moves.map((m) => squareName(m.from) + squareName(m.castlingRook ?? m.to)))];
      assert.deepEqual(got.sort(), expected.sort(), fen);
      assert.equal(moves.length, expectedCount, fen);
      assert.equal(pos.countLegalMoves(), expectedCount, fen);
      assert.equal(pos.isCheck(), ops.isCheck(), fen);
      const outcome = positionOutcome(pos);
      assert.equal(outcome?.reason === 'checkmate', ops.isCheckmate(), fen);
      assert.equal(outcome?.reason === 'stalemate', ops.isStalemate(), fen);
      assert.equal(isInsufficientMaterial(pos.words), ops.isInsufficientMaterial(), fen);
      compared++;
    }
    assert.ok(compared >= Math.min(fens.length, PER_FILE) * 0.95, `compared ${compared} of ${fens.length}`);
  });
}

test('the Move and Position accessors agree with chessops (role, capture, en passant, promotion, UCI; pieces, castling rooks)', { skip: noPositions() }, () => {
  const fens = [...spread(epdFens('UHO_4060_v3.epd.gz'), 1500), ...spread(epdFens('endgames.epd.gz'), 1500), ...spread(epdFens('FRC_openings.epd.gz'), 1000)];
  let captures = 0, enPassant = 0, promotions = 0, castles = 0;
  for (const fen of fens) {
    const ours = readFen(fen);
    const theirs = Chess.fromSetup(opsParseFen(fen).unwrap());
    if (!ours.ok || !theirs.isOk) continue;
    const pos = ours.value;
    const ops = theirs.unwrap();
    for (const color of ['white', 'black'] as const) {
      assert.deepEqual([...pos.pieces(color)], [...ops.board[color]], fen);
      for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const) {
        assert.deepEqual([...pos.pieces(color, role)], [...ops.board.pieces(color, role)], `${fen} ${color} ${role}`);
      }
    }
    assert.deepEqual([...pos.castlingRooks], [...ops.castles.castlingRights], fen);
    const them = ops.turn === 'white' ? 'black' : 'white';
    for (const m of pos.legalMoves()) {
      assert.equal(m.role, ops.board.getRole(m.from), `${fen} ${m.uci}`);
      const ep = m.role === 'pawn' && m.to === ops.epSquare && (m.to & 7) !== (m.from & 7) && !ops.board.occupied.has(m.to);
      assert.equal(m.isEnPassant, ep, `${fen} ${m.uci}`);
      assert.equal(m.isCapture, ep || (!m.isCastle && ops.board[them].has(m.to)), `${fen} ${m.uci}`);
      assert.equal(m.promotion !== undefined, m.role === 'pawn' && (m.to >> 3 === 0 || m.to >> 3 === 7), `${fen} ${m.uci}`);
      // chessops writes castling as king takes rook; so do we in Chess960 mode, and e1g1 otherwise.
      const opsUci = opsMakeUci({ from: m.from, to: m.castlingRook ?? m.to, promotion: m.promotion });
      const expected = m.isCastle && !pos.chess960 ? squareName(m.from) + squareName(m.to) : opsUci;
      assert.equal(makeUci(m), expected, `${fen} ${m.uci}`);
      assert.equal(String(m), expected);
      captures += m.isCapture ? 1 : 0;
      enPassant += m.isEnPassant ? 1 : 0;
      promotions += m.promotion !== undefined ? 1 : 0;
      castles += m.isCastle ? 1 : 0;
    }
  }
  // The sample exercises every kind of move.
  assert.ok(captures > 1000 && enPassant > 0 && promotions > 10 && castles > 100, `${captures} ${enPassant} ${promotions} ${castles}`);
});

test('a position with more than 256 legal moves (too much material, read leniently) lists them all; perft equals chessops', () => {
  // 22 white queens and a black knight that can move: 267 legal moves, more than a chess
  // position with attainable material can have (218), so more than one ply's buffer used to hold.
  const fen = 'kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQn w - - 0 1';
  const ours = readFen(fen, { lenient: true });
  assert.ok(ours.ok);
  const pos = ours.value;
  const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
  const expected: string[] = [];
  for (const [from, dests] of ops.allDests()) for (const to of dests) expected.push(squareName(from) + squareName(to));
  assert.ok(expected.length > 256);
  const moves = pos.legalMoves();
  assert.deepEqual(moves.map((m) => m.uci).sort(), expected.sort());
  for (const m of moves) assert.equal(pos.moveFromCode(m.code)?.uci, m.uci);
  const game = chessGame as Game<Int32Array>;
  for (let depth = 1; depth <= 3; depth++) {
    const nodes = opsPerft(ops, depth, false);
    assert.equal(perft(pos, depth), nodes, `perft ${depth}`);
    assert.equal(perft(pos, depth, { bulk: false }), nodes, `perft ${depth} without bulk counting`);
    assert.equal(gamePerft(game, (s) => s.set(pos.words), depth), nodes, `Game perft ${depth}`);
  }
});

test('legalEpSquare agrees with chessops where the en-passant capture is the only legal move, or one of few', () => {
  // First, White's king h1 is boxed in (rook g8, knight f1) and the pawn e5 blocked, so e5xd6
  // e.p. is White's one move (a scan that skipped the first move missed it); then Black has d4xe3
  // e.p. among four other moves; last, the pawn d4 is pinned by the rook d1 against the king d8,
  // so no capture is legal.
  for (const fen of [
    'k5r1/8/4b3/3pP3/8/8/8/5n1K w - d6 0 1',
    'k7/8/8/8/3pP3/8/3N4/4K3 b - e3 0 1',
    '3k4/8/8/8/3pP3/8/7K/3R4 b - e3 0 1',
  ]) {
    const ours = readFen(fen);
    assert.ok(ours.ok, fen);
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    const ep = ops.epSquare!;
    const epLegal = [...ops.allDests()].some(([from, dests]) => ops.board.pawn.has(from) && dests.has(ep));
    assert.equal(ours.value.legalEpSquare(), epLegal ? ep : undefined, fen);
  }
});

test('en passant onto a6 with a knight on a1 checking (read leniently) is illegal, as chessops judges it', () => {
  // FIDE 3.9: capturing e.p. does not answer a knight's check. The captured pawn stands on a5,
  // square 32, the first of the upper half; the check is impossible after a7-a5, so only the
  // lenient reader takes these (chessops' fromSetup does not look at it). Each is compared with chessops.
  for (const fen of [
    '4k3/8/8/pP6/8/1K6/8/n7 w - a6 0 1',
    '4k3/8/8/pP6/8/8/2K5/n7 w - a6 0 1',
    '4k3/8/8/pP6/8/1K6/8/8 w - a6 0 1',
  ]) {
    const ours = readFen(fen, { lenient: true });
    assert.ok(ours.ok, fen);
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    const expected: string[] = [];
    for (const [from, dests] of ops.allDests()) for (const to of dests) expected.push(squareName(from) + squareName(to));
    assert.deepEqual(ours.value.legalMoves().map((m) => m.uci).sort(), expected.sort(), fen);
    assert.equal(ours.value.countLegalMoves(), expected.length, fen);
  }
});
