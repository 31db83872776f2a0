/**
 * Properties over random games: FEN round trips; the incremental Zobrist key equals the key
 * computed from scratch; playing a move never changes the position it was generated from;
 * counting equals generating.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { Move, Position } from '../../src/chess/position.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { testSeed } from '../helpers.js';

function* randomGames(games: number, seed: number): Generator<Position> {
  const rng = new Rng(testSeed(seed));
  for (let g = 0; g < games; g++) {
    let pos = g % 3 === 2 ? Position.chess960Start(rng.below(960)) : Position.standard();
    for (let ply = 0; ply < 200; ply++) {
      yield pos;
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos = moves[rng.below(moves.length)]!.play();
    }
  }
}

test('FEN round trip and from-scratch Zobrist key', () => {
  let n = 0;
  for (const pos of randomGames(150, 1)) {
    for (const epSquare of ['legal', 'always'] as const) {
      const fen = makeFen(pos, { epSquare, castling: 'shredder' });
      const again = readFen(fen, { chess960: pos.chess960 });
      assert.ok(again.ok, fen);
      assert.equal(makeFen(again.value, { epSquare, castling: 'shredder' }), fen);
      if (epSquare === 'always') {
        // Same words, hence the same key computed from scratch by the reader.
        assert.deepEqual(again.value.words, pos.words, fen);
      }
    }
    const xfen = readFen(makeFen(pos));
    assert.ok(xfen.ok);
    assert.equal(makeFen(xfen.value), makeFen(pos));
    n++;
  }
  assert.ok(n > 10000);
});

test('a move never changes the position it came from; counting equals generating', () => {
  for (const pos of randomGames(40, 2)) {
    const before = Int32Array.from(pos.words);
    const moves = pos.legalMoves();
    assert.equal(pos.countLegalMoves(), moves.length);
    for (const move of moves) {
      const next = move.play();
      assert.notEqual(next, pos);
      assert.equal(next.turn, pos.turn === 'white' ? 'black' : 'white');
    }
    assert.deepEqual(pos.words, before);
  }
});

test('the 218-move position has 218 moves, all listed', () => {
  const pos = readFen('R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1');
  assert.ok(pos.ok);
  assert.equal(pos.value.legalMoves().length, 218);
  assert.equal(new Set(pos.value.legalMoves().map((m) => m.uci)).size, 218);
});

test('moves cannot be forged: only the generator binds a code to a position', () => {
  const pos = Position.standard();
  const Forge = Move as unknown as new (p: Position, code: number, token: symbol) => Move;
  assert.throws(() => new Forge(pos, 0, Symbol('Move')), TypeError);
  assert.equal(pos.moveFromCode(0), undefined); // a1a1 is not a move
  const e4 = pos.legalMoves().find((m) => m.uci === 'e2e4')!;
  assert.equal(pos.moveFromCode(e4.code)?.uci, 'e2e4');
  // Playing by code is checked too: a code legal in one position is refused in another.
  assert.equal(makeFen(pos.playCode(e4.code)!), makeFen(e4.play()));
  assert.equal(e4.play().playCode(e4.code), undefined);
  assert.equal(pos.playCode(0), undefined);
  // A position with fewer moves than the one generated before refuses all of that one's codes:
  // the kings-only position below has three, none from the squares the start's twenty move from.
  const kings = readFen('k7/8/8/8/8/8/8/7K w - - 0 1');
  assert.ok(kings.ok);
  assert.equal(kings.value.countLegalMoves(), 3);
  for (const m of pos.legalMoves()) assert.equal(kings.value.moveFromCode(m.code), undefined, m.uci);
});
