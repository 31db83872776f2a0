/**
 * The variants behind the `Game` interface (variants/lichess/game.ts): game perft, which lists
 * and plays every action through the interface, counts as the variant perft suites say (each
 * position to the depths with at most 10⁵ leaves, 10⁷ with CAISSA_FULL); outcomes and players
 * as the positions give them; and keys (key.ts) that tell apart positions differing only in
 * pockets, promoted pieces or remaining checks, as a repetition count over keys must.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gamePerft } from '../../../src/tools/game-perft.js';
import { VariantPosition, variantGames, VARIANT_RULES, type VariantRules } from '../../../src/variants/lichess/index.js';
import { FULL } from '../../helpers.js';
import { readSuite } from './suite.js';

const MAX_NODES = FULL ? 1e7 : 1e5;
const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/perft/variants/', import.meta.url));

const at = (rules: VariantRules, fen: string): VariantPosition => {
  const pos = VariantPosition.fromFen(rules, fen);
  assert.ok(pos.ok, `${rules} ${fen}: ${pos.ok ? '' : pos.error.message}`);
  return pos.value;
};

const hashOf = (rules: VariantRules, pos: VariantPosition): bigint => {
  const out = new Int32Array(2);
  variantGames[rules].hash(pos.words as Int32Array, out);
  return (BigInt(out[1]! >>> 0) << 32n) | BigInt(out[0]! >>> 0);
};

for (const rules of VARIANT_RULES) {
  test(`${rules}: game perft over the Game interface counts as the perft suite`, () => {
    const game = variantGames[rules];
    assert.equal(game.id, rules);
    let checked = 0;
    for (const line of readSuite(readFileSync(`${FIXTURES}${rules}.epd`, 'utf8'), `${rules}.epd`)) {
      const pos = at(rules, line.fen);
      for (const [depth, expected] of line.counts) {
        if (expected > MAX_NODES) continue;
        assert.equal(gamePerft(game, (s) => s.set(pos.words), depth), expected, `${line.id} depth ${depth}`);
        checked++;
      }
    }
    assert.ok(checked >= 60, `${checked} counts`);
  });
}

test('Game: outcomes, players and hashes as the positions give them', () => {
  for (const rules of VARIANT_RULES) {
    const start = VariantPosition.default(rules);
    const game = variantGames[rules];
    assert.equal(game.currentPlayer(start.words as Int32Array), 0);
    assert.equal(game.outcome(start.words as Int32Array), undefined, rules);
    assert.equal(hashOf(rules, start), start.key(), rules);
    // Played through the interface, the state is the position's move played.
    const move = start.legalMoves()[0]!;
    const into = game.newState();
    game.play(start.words as Int32Array, move.code, into);
    assert.equal(hashOf(rules, start), start.key());
    assert.equal(game.currentPlayer(into), 1);
    const after = move.play();
    assert.deepEqual(into.subarray(0, 21), after.words.subarray(0, 21), rules);
    assert.equal(hashOf(rules, VariantPosition.fromWordsUnchecked(rules, into, false)), after.key(), rules);
  }
  // Three-check: white's third check won; king of the hill: black's king on e5; antichess: a side
  // with no pieces to move wins.
  assert.deepEqual(variantGames['3check'].outcome(at('3check', '4k3/8/8/8/8/8/4Q3/4K3 b - - 0+2 0 1').words as Int32Array), { winner: 'white', reason: 'variantEnd' });
  assert.deepEqual(variantGames.kingofthehill.outcome(at('kingofthehill', '8/8/8/4k3/8/8/8/4K3 w - - 0 1').words as Int32Array), { winner: 'black', reason: 'variantEnd' });
  assert.deepEqual(variantGames.antichess.outcome(at('antichess', '8/8/8/8/8/8/8/4K3 b - - 0 1').words as Int32Array), { winner: 'black', reason: 'variantEnd' });
  assert.deepEqual(variantGames.atomic.outcome(at('atomic', '4k3/8/8/8/8/8/8/4K3 w - - 150 100').words as Int32Array), { winner: undefined, reason: 'insufficientMaterial' });
  assert.deepEqual(variantGames.horde.outcome(at('horde', '4k3/8/8/8/8/8/P7/8 w - - 150 100').words as Int32Array), { winner: undefined, reason: 'seventyFiveMoves' });
});

test('keys: positions differing only in pockets, promoted pieces or remaining checks differ; the same position has one key', () => {
  const zh = (fen: string): bigint => at('crazyhouse', fen).key();
  const board = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R';
  const pockets = ['', 'P', 'p', 'N', 'n', 'Pp', 'PP', 'Q', 'q', 'QNBRP', 'PPPPPPPPPPPPPPPP'];
  const keys = pockets.map((p) => zh(`${board}[${p}] w KQkq - 2 3`));
  assert.equal(new Set(keys).size, pockets.length, 'one key per pocket');
  // The pocket's letters in any order: one key; the clocks are no part of it.
  assert.equal(zh(`${board}[QNBRP] w KQkq - 2 3`), zh(`${board}[PRBNQ] w KQkq - 9 40`));
  // Without a pocket, the key is the chess (Polyglot) one.
  assert.equal(at('kingofthehill', `${board} w KQkq - 2 3`).key(), zh(`${board}[] w KQkq - 2 3`));
  // A promoted queen (`Q~`) returns to a pocket as a pawn: another position.
  assert.notEqual(zh('4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1'), zh('4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1'));
  const checks = ['3+3', '2+3', '3+2', '1+3', '2+2', '1+1', '3+1'];
  const tc = checks.map((c) => at('3check', `${board} w KQkq - ${c} 2 3`).key());
  assert.equal(new Set(tc).size, checks.length, 'one key per remaining checks');
  // A game that comes back to its board and side to move with a check spent: no repetition.
  let pos = at('3check', '4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1');
  const seen = [pos.key()];
  for (const uci of ['a1a8', 'e8e7', 'a8a1', 'e7e8']) {
    const move = pos.legalMoves().find((m) => m.uci === uci);
    assert.ok(move, uci);
    pos = move.play();
    seen.push(pos.key());
  }
  // The board and the side to move are back, but white has given a check: another position.
  assert.equal(pos.fen(), '4k3/8/8/8/8/8/8/R3K3 w - - 2+3 4 3');
  assert.notEqual(seen[4], seen[0]);
  // Crazyhouse: a capture brings the board back to one of a FEN with its pocket, same key.
  let z = at('crazyhouse', '4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1');
  for (const uci of ['e4d5', 'e8d7', 'P@e4']) z = z.legalMoves().find((m) => m.uci === uci)!.play();
  assert.equal(z.fen(), '8/3k4/8/3P4/4P3/8/8/4K3[] b - - 0 2');
  assert.equal(z.key(), zh(z.fen()));
  assert.notEqual(z.key(), zh('8/3k4/8/3P4/4P3/8/8/4K3[P] b - - 0 2'));
});
