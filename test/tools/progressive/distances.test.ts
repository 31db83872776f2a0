/**
 * The solver's empty-board distance table for pieces (knight to king), against a breadth-first
 * search over chessops' attack sets: the fewest moves for a piece on `from` to stand on a square
 * from which it attacks `target`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attacks } from 'chessops/attacks';
import { SquareSet } from 'chessops/squareSet';
import type { Role } from 'chessops/types';
import { distances, FAR } from '../../../src/tools/progressive/distances.js';

const KINDS: [number, Role][] = [[2, 'knight'], [3, 'bishop'], [4, 'rook'], [5, 'queen'], [6, 'king']];
const moves = (role: Role, sq: number): SquareSet => attacks({ role, color: 'white' }, sq, SquareSet.empty());

test('piece distances equal a breadth-first search over chessops attacks on the empty board', () => {
  for (const [kind, role] of KINDS) {
    for (let from = 0; from < 64; from++) {
      // Moves from `from` to every square, then the fewest to one that attacks each target.
      const steps = new Array<number>(64).fill(FAR);
      steps[from] = 0;
      let frontier = [from];
      for (let d = 1; frontier.length > 0; d++) {
        const next: number[] = [];
        for (const x of frontier) {
          for (const y of moves(role, x)) {
            if (steps[y] === FAR) {
              steps[y] = d;
              next.push(y);
            }
          }
        }
        frontier = next;
      }
      for (let target = 0; target < 64; target++) {
        let best = FAR;
        for (let x = 0; x < 64; x++) if (x !== target && moves(role, x).has(target)) best = Math.min(best, steps[x]!);
        assert.equal(distances()[kind * 4096 + from * 64 + target], best, `${role} from ${from} to attack ${target}`);
      }
    }
  }
});
