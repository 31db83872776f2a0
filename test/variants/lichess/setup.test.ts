/**
 * The variants on the public board model: `VariantSetup` is the public `Setup` (a `Board`,
 * colour names, castling rooks as a SquareSet, pockets and remaining checks by colour and role)
 * plus crazyhouse's promoted squares; `toSetup` and `fromSetup` round-trip; `dests` and
 * `chessgroundDests` give each piece's destinations as chessops' do (drops left out, as in
 * chessops' `dests`), on random-play positions of every variant.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chessgroundDests as opsChessgroundDests } from 'chessops/compat';
import { parseFen as opsParseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import { Board } from '../../../src/chess/board.js';
import { chessgroundDests } from '../../../src/chess/compat.js';
import { SquareSet } from '../../../src/core/bitboard.js';
import { Rng } from '../../../src/core/rng.js';
import { VariantPosition, VARIANT_RULES, parseVariantFen } from '../../../src/variants/lichess/index.js';
import { testSeed } from '../../helpers.js';

test('a variant FEN reads into the public Setup; toSetup and fromSetup round-trip', () => {
  const read = parseVariantFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R~[QPPnp] w KQkq - 2 3');
  assert.ok(read.ok);
  const setup = read.value;
  assert.ok(setup.board instanceof Board);
  assert.equal(setup.turn, 'white');
  assert.deepEqual([...setup.castlingRights], [0, 7, 56, 63]);
  assert.deepEqual(setup.pockets, { white: { pawn: 2, knight: 0, bishop: 0, rook: 0, queen: 1, king: 0 }, black: { pawn: 1, knight: 1, bishop: 0, rook: 0, queen: 0, king: 0 } });
  assert.deepEqual([...setup.promoted!], [7]);
  const checks = parseVariantFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1');
  assert.ok(checks.ok);
  assert.deepEqual(checks.value.remainingChecks, { white: 2, black: 1 });
  for (const rules of VARIANT_RULES) {
    const pos = VariantPosition.default(rules).legalMoves()[3]!.play();
    const back = VariantPosition.fromSetup(rules, pos.toSetup());
    assert.ok(back.ok, rules);
    assert.equal(back.value.fen(), pos.fen(), rules);
  }
  // Edited with the public Board: a knight in white's hand, black's king taken off.
  const zh = VariantPosition.default('crazyhouse').toSetup();
  const edited = VariantPosition.fromSetup('crazyhouse', { ...zh, pockets: { white: { ...zh.pockets!.white, knight: 1 }, black: zh.pockets!.black } });
  assert.ok(edited.ok);
  assert.equal(edited.value.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1');
  const noKing = VariantPosition.fromSetup('crazyhouse', { ...zh, board: zh.board.take('e8') });
  assert.ok(!noKing.ok && noKing.error.issues.includes('kings'));
  // A king in hand, a count that is no whole number, a board that is no Board: typed refusals.
  const kingInHand = VariantPosition.fromSetup('crazyhouse', { ...zh, pockets: { white: { ...zh.pockets!.white, king: 1 }, black: zh.pockets!.black } });
  assert.ok(!kingInHand.ok && kingInHand.error.issues.includes('variantRule'));
  const half = VariantPosition.fromSetup('crazyhouse', { ...zh, pockets: { white: { ...zh.pockets!.white, pawn: 0.5 }, black: zh.pockets!.black } });
  assert.ok(!half.ok && half.error.issues.includes('invalidSetupField'));
  assert.ok(!VariantPosition.fromSetup('3check', { ...zh, remainingChecks: { white: 4, black: 3 } }).ok);
  assert.ok(!VariantPosition.fromSetup('atomic', { ...zh, board: {} as Board }).ok);
  assert.ok(!VariantPosition.fromSetup('atomic', { ...zh, castlingRights: [0] as unknown as SquareSet }).ok);
});

test('dests and chessgroundDests equal chessops\' on random-play positions of every variant (drops left out)', () => {
  const rng = new Rng(testSeed(31));
  let compared = 0;
  for (const rules of VARIANT_RULES) {
    for (let game = 0; game < 20; game++) {
      let pos = VariantPosition.default(rules);
      for (let ply = 0; ply < 60; ply++) {
        const ops = setupPosition(rules, opsParseFen(pos.fen()).unwrap()).unwrap();
        for (const chess960 of [false, true]) {
          const ours = chessgroundDests(pos, { chess960 });
          const theirs = opsChessgroundDests(ops, { chess960 });
          const norm = (m: Map<string, string[]>): [string, string[]][] => [...m].map(([k, v]) => [k, [...v].sort()] as [string, string[]]).sort();
          assert.deepEqual(norm(ours), norm(theirs), `${rules} ${pos.fen()} chess960 ${chess960}`);
        }
        compared++;
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        pos = moves[rng.below(moves.length)]!.play();
      }
    }
  }
  assert.ok(compared > 3000, `${compared} positions`);
});
