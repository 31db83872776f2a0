/**
 * `Position.fromSetup` refuses placement words that are no board: the two colour sets must be
 * disjoint, the six role sets pairwise disjoint, and the union of the roles equal to the union of
 * the colours. The words here are written by hand (a FEN cannot express them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardWords } from '../../src/chess/board.js';
import { positionFromRawSetup } from '../../src/chess/position.js';
import { makeFen, parseFen } from '../../src/notation/fen.js';
import type { RawSetup } from '../../src/chess/setup.js';

// Placement words: 0/1 white (lo, hi), 2/3 black, then (lo, hi) for pawn 4/5, knight 6/7,
// bishop 8/9, rook 10/11, queen 12/13, king 14/15. Square s is bit s & 31 of half s >> 5.
const WHITE_LO = 0, BLACK_LO = 2, BLACK_HI = 3, KNIGHT_LO = 6, BISHOP_LO = 8, ROOK_HI = 11, QUEEN_HI = 13;
const A1 = 1 << 0; // a1 = square 0, low half
const D4 = 1 << 27; // d4 = square 27, low half
const E1 = 1 << 4; // e1 = square 4, low half
const H8 = 1 << 31; // h8 = square 63, high half: the sign bit

const BASE: RawSetup = (() => {
  const r = parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  assert.ok(r.ok);
  return { placement: boardWords(r.value.board).slice(), turn: 0, castling: 0, epSquare: undefined, halfmoves: 0, fullmoves: 1 };
})();

/** The kings-only setup with the bit `bit` toggled in each word of `words`. */
function toggled(words: readonly number[], bit: number): RawSetup {
  const placement = BASE.placement.slice();
  for (const word of words) placement[word]! ^= bit;
  return { ...BASE, placement };
}

function assertInconsistent(setup: RawSetup, detail: string): void {
  const expected = {
    kind: 'invalidPosition',
    issues: ['inconsistentPlacement'],
    details: [`the placement words are no board (${detail})`],
    message: `invalid position: the placement words are no board (${detail})`,
  };
  for (const lenient of [false, true]) {
    const r = positionFromRawSetup(setup, { lenient });
    assert.ok(!r.ok, `${detail} accepted (lenient ${lenient}) as ${r.ok ? makeFen(r.value) : ''}`);
    assert.deepEqual(r.error, expected);
  }
}

test('the untouched setup reads (the faults below come from the toggled bits alone)', () => {
  const r = positionFromRawSetup(BASE);
  assert.ok(r.ok);
  assert.equal(makeFen(r.value), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
});

test('a square in both colours is refused', () => {
  assertInconsistent(toggled([WHITE_LO, BLACK_LO, KNIGHT_LO], A1), 'a1: colour white+black, role knight');
});

test('a square in two roles is refused (h8, the sign bit of the high half)', () => {
  assertInconsistent(toggled([BLACK_HI, ROOK_HI, QUEEN_HI], H8), 'h8: colour black, role rook+queen');
});

test('a colour without a role, or a role without a colour, is refused', () => {
  assertInconsistent(toggled([WHITE_LO], A1), 'a1: colour white, role none');
  assertInconsistent(toggled([BISHOP_LO], D4), 'd4: colour none, role bishop');
  // The white king loses its colour: reported alone, not as a missing king.
  assertInconsistent(toggled([WHITE_LO], E1), 'e1: colour none, role king');
});
