/**
 * `Position.isInsufficientMaterial()`, the question chess.js and chessops users ask of a
 * position: no sequence of legal moves can mate (FIDE 5.2.2, in its material form). Compared with
 * chess.js' `isInsufficientMaterial` on random placements of kings and a few minor pieces (where
 * the answer varies), and with rooks, queens and pawns among them (where it is always no).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { Rng } from '../../src/core/rng.js';
import { readFen } from '../../src/notation/fen.js';
import { testSeed } from '../helpers.js';

/** A FEN with two kings and `extra` pieces drawn from `letters`, on random empty squares. */
function randomFen(rng: Rng, letters: string, extra: number): string {
  const board = new Array<string>(64).fill('');
  const drop = (piece: string): void => {
    for (;;) {
      const sq = rng.below(64);
      // No pawn on a back rank; kings not next to each other is left to validation.
      if (board[sq] !== '' || (piece.toLowerCase() === 'p' && (sq < 8 || sq >= 56))) continue;
      board[sq] = piece;
      return;
    }
  };
  drop('K');
  drop('k');
  for (let i = 0; i < extra; i++) drop(letters[rng.below(letters.length)]!);
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[8 * r + f]!;
      if (p === '') empty++;
      else {
        row += (empty > 0 ? String(empty) : '') + p;
        empty = 0;
      }
    }
    ranks.push(row + (empty > 0 ? String(empty) : ''));
  }
  return `${ranks.join('/')} ${rng.below(2) === 0 ? 'w' : 'b'} - - 0 1`;
}

test('Position.isInsufficientMaterial agrees with chess.js', () => {
  const rng = new Rng(testSeed(960));
  let compared = 0;
  let dead = 0;
  for (let i = 0; i < 4000; i++) {
    const letters = i % 4 === 3 ? 'NBnbRrQqPp' : 'NBnb';
    const fen = randomFen(rng, letters, rng.below(5));
    const pos = readFen(fen);
    if (!pos.ok) continue; // a side not to move in check, and the like
    const want = new Chess(fen).isInsufficientMaterial();
    assert.equal(pos.value.isInsufficientMaterial(), want, fen);
    compared++;
    if (want) dead++;
  }
  assert.ok(compared > 2000 && dead > 300 && compared - dead > 300, `${compared} compared, ${dead} dead`);
});
