import { test } from 'node:test';
import assert from 'node:assert/strict';
import { W_KEY, WORDS } from '../../src/chess/layout.js';
import { MAX_MOVES_ANY } from '../../src/chess/move.js';
import { generateLegal } from '../../src/chess/movegen.js';
import { repetitionKey } from '../../src/chess/outcome.js';
import { applyMove, refreshKey } from '../../src/chess/play.js';
import { polyglotKey } from '../../src/chess/polyglot.js';
import { Position } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { readFen } from '../../src/notation/fen.js';
import { parseUci } from '../../src/notation/uci.js';

// The published test keys of the Polyglot book format specification.
const POLYGLOT_KEYS: [string[], string, bigint][] = [
  [[], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 0x463b96181691fc9cn],
  [['e2e4'], 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', 0x823c9b50fd114196n],
  [['e2e4', 'd7d5'], 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2', 0x0756b94461c50fb0n],
  [['e2e4', 'd7d5', 'e4e5'], 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2', 0x662fafb965db29d4n],
  [['e2e4', 'd7d5', 'e4e5', 'f7f5'], 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 0x22a48b5a8e47ff78n],
  [['e2e4', 'd7d5', 'e4e5', 'f7f5', 'e1e2'], 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3', 0x652a607ca3f242c1n],
  [['e2e4', 'd7d5', 'e4e5', 'f7f5', 'e1e2', 'e8f7'], 'rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4', 0x00fdd303c946bdd9n],
  [['a2a4', 'b7b5', 'h2h4', 'b5b4', 'c2c4'], 'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3', 0x3c8123ea7b067637n],
  [['a2a4', 'b7b5', 'h2h4', 'b5b4', 'c2c4', 'b4c3', 'a1a3'], 'rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4', 0x5c3f9b829b279560n],
];

test('Polyglot keys of the published positions, from FEN and after moves', () => {
  for (const [moves, fen, key] of POLYGLOT_KEYS) {
    const fromFen = readFen(fen);
    assert.ok(fromFen.ok);
    assert.equal(polyglotKey(fromFen.value), key, `from FEN ${fen}`);
    let pos = Position.standard();
    for (const uci of moves) {
      const move = parseUci(pos, uci);
      assert.ok(move.ok, uci);
      pos = move.value.play();
    }
    assert.equal(polyglotKey(pos), key, `after ${moves.join(' ')}`);
  }
});

test('repetitionKey is the Polyglot key where the Polyglot key counts no en-passant file or a capture is legal', () => {
  // Of the published positions, those with an en-passant square either have no pawn beside the
  // pushed one (so Polyglot leaves the file out) or a legal capture (f6 after f7-f5: e5xf6), so
  // FIDE's identity and Polyglot's coincide and the repetition key is the published key.
  for (const [, fen, key] of POLYGLOT_KEYS) {
    const pos = readFen(fen);
    assert.ok(pos.ok);
    assert.equal(repetitionKey(pos.value), key, fen);
  }
});

test('applyMove keeps the key that refreshKey computes from scratch, over random games', () => {
  // The keyed fast path (environments, the Game interface, the progressive search) updates the
  // key move by move; positions compute it from scratch. Games from positions with castling,
  // en passant and promotions, until they end or reach 200 plies.
  const starts = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  ];
  const rng = new Rng(40);
  const moves = new Uint16Array(MAX_MOVES_ANY);
  const scratch = new Int32Array(WORDS);
  let plies = 0;
  for (let game = 0; game < 200; game++) {
    const start = readFen(starts[game % starts.length]!, { chess960: game % 2 === 1 });
    assert.ok(start.ok);
    const w = Int32Array.from(start.value.words);
    refreshKey(w, 0);
    for (let ply = 0; ply < 200; ply++) {
      const n = generateLegal(w, 0, moves, 0);
      if (n === 0) break;
      applyMove(w, 0, moves[rng.below(n)]!);
      scratch.set(w);
      refreshKey(scratch, 0);
      assert.deepEqual([w[W_KEY], w[W_KEY + 1]], [scratch[W_KEY], scratch[W_KEY + 1]], `game ${game}, ply ${ply}`);
      plies++;
    }
  }
  assert.ok(plies > 10000, `${plies} plies`);
});
