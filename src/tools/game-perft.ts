/**
 * Perft over any `Game`: the number of action sequences of a given length from a state. States
 * and action lists are allocated once per ply, so the search allocates nothing per node. For
 * chess this counts the same as `perft` (actions are moves); for Paco Ŝako it is action perft,
 * for progressive chess it counts single moves within and across series.
 */
import type { Game } from '../core/game.js';
import { checkDepth, exactCount } from '../core/depth.js';

/** Per-ply states and action buffers for searches of up to `maxDepth` plies in `game`. */
class GameStack<S> {
  readonly states: S[];
  readonly actions: Int32Array[];

  constructor(game: Game<S>, maxDepth: number, maxActions: number) {
    this.states = Array.from({ length: maxDepth + 1 }, () => game.newState());
    this.actions = Array.from({ length: maxDepth + 1 }, () => new Int32Array(maxActions));
  }
}

function perftAt<S>(game: Game<S>, stack: GameStack<S>, ply: number, depth: number): number {
  const state = stack.states[ply]!;
  const actions = stack.actions[ply]!;
  const n = game.legalActions(state, actions);
  if (depth === 1) return n;
  const child = stack.states[ply + 1]!;
  let nodes = 0;
  for (let i = 0; i < n; i++) {
    game.play(state, actions[i]!, child);
    nodes += perftAt(game, stack, ply + 1, depth - 1);
  }
  return nodes;
}

/**
 * Leaf count at `depth` below `start` (which is copied into the stack with `play`-free setup:
 * the caller passes a function that writes the start state).
 */
export function gamePerft<S>(
  game: Game<S>,
  writeStart: (into: S) => void,
  depth: number,
  maxActions = 4096,
): number {
  checkDepth(depth, 'gamePerft');
  if (depth === 0) return 1;
  const stack = new GameStack(game, depth, maxActions);
  writeStart(stack.states[0]!);
  return exactCount(perftAt(game, stack, 0, depth), 'gamePerft');
}
