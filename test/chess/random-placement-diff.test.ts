/**
 * Differential test of move generation on randomly placed positions (`../random-placement.ts`),
 * which hold what play rarely reaches. Against chessops: the same positions are playable (read
 * leniently), and perft 2, check, mate, stalemate and insufficient material are equal; read
 * strictly, we refuse all that chessops refuses. Against Stockfish: perft 3 divide is equal on a
 * sample of the strictly legal ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
import { Rng } from '../../src/core/rng.js';
import { isInsufficientMaterial, positionOutcome } from '../../src/chess/outcome.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { perft, perftDivide } from '../../src/tools/perft.js';
import { findStockfish, StockfishProcess } from '../stockfish.js';
import { FULL, testSeed } from '../helpers.js';
import { randomFen } from '../random-placement.js';

const COUNT = FULL ? 200000 : 20000;

test(`perft 2 equals chessops' on ${COUNT} randomly placed positions; we refuse what chessops refuses`, () => {
  const rng = new Rng(testSeed(960));
  let compared = 0;
  let enPassant = 0;
  let castling = 0;
  for (let i = 0; i < COUNT; i++) {
    const { fen, chess960 } = randomFen(rng);
    const setup = opsParseFen(fen);
    assert.ok(setup.isOk, `chessops cannot parse ${fen}`);
    const theirs = Chess.fromSetup(setup.unwrap());
    const strict = readFen(fen, { chess960 });
    // Read strictly we refuse more (too much material, impossible checks chessops lets through,
    // castling rights no rook or king backs), never less.
    if (!theirs.isOk) assert.ok(!strict.ok, `we accept ${fen}; chessops: ${theirs.error.message}`);
    const lenient = readFen(fen, { chess960, lenient: true });
    assert.equal(lenient.ok, theirs.isOk, `playable? ${fen}: ours ${lenient.ok ? 'yes' : lenient.error.message}`);
    if (!lenient.ok || !theirs.isOk) continue;
    const pos = lenient.value;
    const ops = theirs.value;
    assert.equal(perft(pos, 2), opsPerft(ops, 2, false), fen);
    assert.equal(pos.isCheck(), ops.isCheck(), fen);
    const outcome = positionOutcome(pos);
    assert.equal(outcome?.reason === 'checkmate', ops.isCheckmate(), fen);
    assert.equal(outcome?.reason === 'stalemate', ops.isStalemate(), fen);
    assert.equal(isInsufficientMaterial(pos.words), ops.isInsufficientMaterial(), fen);
    compared++;
    if (pos.legalEpSquare() !== undefined) enPassant++;
    if (!pos.castlingRooks.isEmpty()) castling++;
  }
  // The generator must keep producing the cases it is for.
  assert.ok(compared > COUNT * 0.4, `compared ${compared}`);
  assert.ok(enPassant > COUNT / 200, `only ${enPassant} positions with a legal en-passant capture`);
  assert.ok(castling > COUNT / 20, `only ${castling} positions with castling rights`);
});

const stockfish = findStockfish();

test('perft 3 divide equals Stockfish go perft 3 on randomly placed positions', { skip: stockfish === undefined && 'stockfish unavailable' }, async () => {
  const rng = new Rng(testSeed(961));
  const engine = new StockfishProcess(stockfish!);
  try {
    let compared = 0;
    while (compared < (FULL ? 10000 : 1000)) {
      const { fen, chess960 } = randomFen(rng);
      // Strictly legal positions only: Stockfish assumes a reachable position.
      const pos = readFen(fen, { chess960 });
      if (!pos.ok || pos.value.countLegalMoves() === 0) continue;
      const written = makeFen(pos.value, { epSquare: 'always', castling: chess960 ? 'shredder' : 'xfen' });
      const theirs = await engine.perft(written, 3, chess960);
      const ours = new Map(perftDivide(pos.value, 3).map((d) => [d.uci, d.nodes]));
      assert.deepEqual(ours, theirs.divide, written);
      compared++;
    }
  } finally {
    engine.close();
  }
});
