/**
 * The move generator's primer (movegen-primer.ts) runs on the positions it means to: each one,
 * read by its own small reader, equals what the FEN reader makes of the same position.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PRIMER_POSITIONS, primerWords } from '../../src/chess/movegen-primer.js';
import { W_KEY } from '../../src/chess/layout.js';
import { readFen } from '../../src/notation/fen.js';

const files = (rooks: number, upper: boolean): string =>
  [...'abcdefgh'].filter((_, f) => rooks & (1 << f)).map((c) => (upper ? c.toUpperCase() : c)).reverse().join('');

test('primer positions are the positions their FENs give', () => {
  for (const [board, turn, white, black] of PRIMER_POSITIONS) {
    const castling = files(white, true) + files(black, false) || '-';
    const fen = `${board} ${turn === 0 ? 'w' : 'b'} ${castling} - 0 1`;
    const pos = readFen(fen, { chess960: true });
    assert.ok(pos.ok, fen);
    const expected = Int32Array.from(pos.value.words);
    expected[W_KEY] = 0;
    expected[W_KEY + 1] = 0;
    assert.deepEqual(primerWords(board, turn, white, black), expected, fen);
  }
});
