import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chessGame } from '../../src/chess/game.js';
import { Position } from '../../src/chess/position.js';
import { readFen } from '../../src/notation/fen.js';
import { gamePerft } from '../../src/tools/game-perft.js';

test('perft over the Game interface counts as chess perft does', () => {
  const start = Position.standard();
  assert.equal(gamePerft(chessGame, (s) => s.set(start.words), 4), 197281);
  const kiwipete = readFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  assert.ok(kiwipete.ok);
  assert.equal(gamePerft(chessGame, (s) => s.set(kiwipete.value.words), 3), 97862);
});

test('the chess Game reports outcomes and the player to move', () => {
  const mate = readFen('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1');
  assert.ok(mate.ok);
  assert.deepEqual(chessGame.outcome(mate.value.words), { winner: 'white', reason: 'checkmate' });
  assert.equal(chessGame.currentPlayer(mate.value.words), 1);
  assert.equal(chessGame.outcome(Position.standard().words), undefined);
  const key = new Int32Array(2);
  chessGame.hash(Position.standard().words, key);
  assert.equal((BigInt(key[1]! >>> 0) << 32n) | BigInt(key[0]! >>> 0), 0x463b96181691fc9cn);
});

test('every perft refuses a depth that is not a whole number ≥ 0 with a RangeError naming itself', async () => {
  const { perft, perftDivide } = await import('../../src/tools/perft.js');
  const { progressivePerft, progressivePerftDivide } = await import('../../src/tools/progressive/perft.js');
  const { ProgressivePosition } = await import('../../src/variants/progressive/position.js');
  const { turnPerft, actionPerft } = await import('../../src/variants/paco/perft.js');
  const { pacoStart } = await import('../../src/variants/paco/game.js');
  const start = Position.standard();
  const progressive = ProgressivePosition.standard();
  const perfts: [string, (depth: number) => unknown][] = [
    ['perft', (d) => perft(start, d)],
    ['perftDivide', (d) => perftDivide(start, d)],
    ['gamePerft', (d) => gamePerft(chessGame, (s) => s.set(start.words), d)],
    ['progressivePerft', (d) => progressivePerft(progressive, d)],
    ['progressivePerftDivide', (d) => progressivePerftDivide(progressive, d)],
    ['turnPerft', (d) => turnPerft(pacoStart(), d)],
    ['actionPerft', (d) => actionPerft(pacoStart(), d)],
  ];
  for (const [name, run] of perfts) {
    // Past MAX_DEPTH (1,000) too: a depth of millions once ended in an allocation error or a stack overflow.
    for (const bad of [-1, 1.5, NaN, Infinity, 1001, 1e6, 2 ** 53 - 1]) {
      assert.throws(() => run(bad), (e: unknown) => e instanceof RangeError && e.message === `${name}: depth must be an integer from 0 to 1000, got ${bad}`);
    }
    assert.doesNotThrow(() => run(0), name);
  }
  assert.equal(perft(start, 0), 1);
  assert.equal(turnPerft(pacoStart(), 0), 1);
});

test('legalActions into a buffer too small for them is a RangeError, not a silently short list', async () => {
  const { progressiveGame } = await import('../../src/variants/progressive/game.js');
  const { ProgressivePosition } = await import('../../src/variants/progressive/position.js');
  const { pacoGame, pacoStart } = await import('../../src/variants/paco/game.js');
  const { legalActions } = await import('../../src/variants/paco/actions.js');
  const chess = Position.standard().words.slice();
  const progressive = ProgressivePosition.standard().words.slice();
  assert.equal(chessGame.legalActions(chess, new Int32Array(20)), 20);
  assert.throws(() => chessGame.legalActions(chess, new Int32Array(19)), RangeError);
  assert.equal(progressiveGame.legalActions(progressive, new Int32Array(20)), 20);
  assert.throws(() => progressiveGame.legalActions(progressive, new Int32Array(19)), RangeError);
  const lifts = pacoGame.legalActions(pacoStart(), new Int32Array(64));
  assert.equal(lifts, 10); // at the start only the 8 pawns and 2 knights can be lifted: the rest have nowhere to go
  assert.throws(() => pacoGame.legalActions(pacoStart(), new Int32Array(lifts - 1)), RangeError);
  assert.throws(() => legalActions(pacoStart(), new Uint8Array(3)), /10 actions, but out holds 3/);
});

test('a perft count past 2^53 − 1 is refused as not exact', async () => {
  const { exactCount } = await import('../../src/core/depth.js');
  assert.equal(exactCount(Number.MAX_SAFE_INTEGER, 'perft'), Number.MAX_SAFE_INTEGER);
  // 2^53 + 1 is not a number: written, it is rounded to 2^53, which may be any sum's rounding.
  assert.throws(() => exactCount(2 ** 53, 'perft'), (e) => e instanceof RangeError && /^perft: the count passes 2\^53/.test(e.message));
});

test('gamePerft counts the one empty sequence at depth 0 and refuses a count past 2^53 − 1', () => {
  const start = Position.standard();
  assert.equal(gamePerft(chessGame, (s) => s.set(start.words), 0), 1);
  // A game of 2^53 actions in one ply (a stub: only the count is read at the last ply) is past
  // what a number holds exactly.
  const huge = { ...chessGame, legalActions: () => 2 ** 53 };
  assert.throws(() => gamePerft(huge, (s) => s.set(start.words), 1), (e) => e instanceof RangeError && /^gamePerft: the count passes 2\^53/.test(e.message));
  assert.equal(gamePerft({ ...chessGame, legalActions: () => Number.MAX_SAFE_INTEGER }, (s) => s.set(start.words), 1), Number.MAX_SAFE_INTEGER);
});
