/**
 * Chess for the self-play search: the core's `Game` with AlphaZero labels, a state copy, and a
 * material evaluator (pawn 1, knight 3, bishop 3, rook 5, queen 9; squashed with tanh so that
 * a queen up is worth about 0.95).
 *
 * The tree ends games where the environment does (chess-kernel.ts): besides the core's rules,
 * a draw once the no-progress clock reaches `halfmoveLimit` plies (the kernel's, 100 by
 * default; 0 for the core's 75-move rule only), after checkmate and stalemate as there. Without
 * it the search valued moves the environment scores as a draw by their material.
 */
import { popcount } from '../core/bitboard.js';
import type { Game, Outcome } from '../core/game.js';
import { chess960Game, chessGame } from '../chess/game.js';
import { W_HALFMOVE, W_TURN } from '../chess/layout.js';
import { encodeChessMove } from './chess-actions.js';
import { DEFAULT_KERNEL_OPTIONS } from './kernel.js';
import type { Evaluator, SearchGame } from './mcts.js';

const NO_PROGRESS: Outcome = { winner: undefined, reason: 'noProgress' };

/**
 * Chess (or Chess960) for `Mcts` over raw position words, with the environment's draw at
 * `halfmoveLimit` plies without progress (FIDE 9.3 applied automatically).
 */
export function chessSearchGame(chess960: boolean, halfmoveLimit = DEFAULT_KERNEL_OPTIONS.halfmoveLimit): SearchGame<Int32Array> {
  const core = (chess960 ? chess960Game : chessGame) as Game<Int32Array>;
  // FIDE 9.3 as the environment applies it, automatically; checkmate takes precedence (9.6.2).
  const outcome = (s: Int32Array): Outcome | undefined => core.outcome(s) ?? (s[W_HALFMOVE]! >= halfmoveLimit ? NO_PROGRESS : undefined);
  return {
    game: halfmoveLimit > 0 ? { ...core, outcome } : core,
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
