/**
 * Chess for the self-play search: the core's `Game` with AlphaZero labels, a state copy, and a
 * material evaluator (pawn 1, knight 3, bishop 3, rook 5, queen 9; squashed with tanh so that
 * a queen up is worth about 0.95).
 */
import { popcount } from '../core/bitboard.js';
import type { Game } from '../core/game.js';
import { chess960Game, chessGame } from '../chess/game.js';
import { W_TURN } from '../chess/layout.js';
import { encodeChessMove } from './chess-actions.js';
import type { Evaluator, SearchGame } from './mcts.js';

export function chessSearchGame(chess960: boolean): SearchGame<Int32Array> {
  return {
    game: (chess960 ? chess960Game : chessGame) as Game<Int32Array>,
    label: (s, move) => encodeChessMove(move, s[W_TURN]!, chess960),
    copy: (from, into) => into.set(from),
  };
}

const VALUES = [1, 3, 3, 5, 9];

/** Material balance for the side to move, in (−1, 1). */
export const materialEvaluator: Evaluator<Int32Array> = (s) => {
  const us = s[W_TURN]!;
  let diff = 0;
  for (let role = 0; role < 5; role++) {
    const lo = s[4 + 2 * role]!;
    const hi = s[5 + 2 * role]!;
    const mine = popcount(lo & s[2 * us]!) + popcount(hi & s[2 * us + 1]!);
    const theirs = popcount(lo & s[2 * (us ^ 1)]!) + popcount(hi & s[2 * (us ^ 1) + 1]!);
    diff += VALUES[role]! * (mine - theirs);
  }
  return Math.tanh(diff / 5);
};
