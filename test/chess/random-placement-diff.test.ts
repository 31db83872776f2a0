/**
 * Differential test of move generation on randomly placed positions (`../random-placement.ts`),
 * which hold what play rarely reaches. Against chessops: the same positions are playable (read
 * leniently), and perft 2, check, mate, stalemate and insufficient material are equal; read
 * strictly, we refuse all that chessops refuses. Against Stockfish: perft 3 divide is equal on a
 * sample of the strictly legal ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, isImpossibleCheck, isStandardMaterial } from 'chessops/chess';
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

test('read strictly, the issues found on randomly placed positions are those chessops finds', () => {
  // Checkers no last move could give, more material than promotions make, an en-passant square
  // no double push left, and castling rights no king and rook back: chessops' isImpossibleCheck,
  // isStandardMaterial, and what its fromSetup drops. The en-passant and castling fields are
  // redrawn at random half the time, so that they are often wrong. Read in Chess960 mode, where
  // every right backed by its rook stands, as in chessops. One rule is ours alone: the
  // en-passant square itself must be empty (the pawn passed over it), so such FENs are skipped.
  const rng = new Rng(testSeed(962));
  const found = { impossibleCheck: 0, tooMuchMaterial: 0, invalidEnPassant: 0, invalidCastlingRights: 0 };
  for (let i = 0; i < (FULL ? 100000 : 10000); i++) {
    const fields = randomFen(rng).fen.split(' ');
    if (rng.below(2) === 0) {
      const rank = (fields[1] === 'w') === (rng.below(5) !== 0) ? '6' : '3';
      fields[3] = rng.below(4) === 0 ? '-' : 'abcdefgh'[rng.below(8)]! + rank;
    }
    if (rng.below(2) === 0) fields[2] = [...'KQABCDEFGHkqabcdefgh'].filter(() => rng.below(8) === 0).join('') || '-';
    const fen = fields.join(' ');
    const setup = opsParseFen(fen);
    if (!setup.isOk) continue; // chessops refuses some castling fields (two rights on one side)
    const theirs = Chess.fromSetup(setup.value);
    if (!theirs.isOk) continue;
    const ops = theirs.value;
    const ep = setup.value.epSquare;
    if (ep !== undefined && setup.value.board.occupied.has(ep)) continue;
    const ours = readFen(fen, { chess960: true });
    const error = ours.ok ? undefined : ours.error;
    // Our FEN reader refuses a right named twice ('kh' with the rook on h8), which chessops reads.
    if (error?.kind === 'fen') continue;
    const issues: readonly string[] = error?.kind === 'invalidPosition' ? error.issues : [];
    const expected = {
      impossibleCheck: isImpossibleCheck(ops),
      tooMuchMaterial: !isStandardMaterial(ops),
      invalidEnPassant: ep !== undefined && ops.epSquare === undefined,
      invalidCastlingRights: !ops.castles.castlingRights.equals(setup.value.castlingRights),
    };
    for (const [issue, present] of Object.entries(expected)) {
      assert.equal(issues.includes(issue), present, `${issue}: ${fen}`);
      if (present) found[issue as keyof typeof found]++;
    }
  }
  // Each issue occurs often enough to be tested (default seed: 227, 31, 1649 and 1888).
  for (const [issue, n] of Object.entries(found)) assert.ok(n >= 10, `only ${n} positions with ${issue}`);
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
