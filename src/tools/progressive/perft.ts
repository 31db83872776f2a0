/**
 * Perft over progressive moves: the number of move sequences of a given length from a state,
 * each move legal by the series rules (`generateSeries`), crossing into the next series when
 * one ends. Depth = the moves left of the current series counts the legal series. Per-ply
 * slots are allocated once; nothing is allocated per node.
 */
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { generateSeries, playSeriesMove } from '../../variants/progressive/rules.js';
import { moveUci, type ProgressivePosition } from '../../variants/progressive/position.js';
import { P_WORDS } from '../../variants/progressive/state.js';
import { checkDepth } from '../../core/depth.js';

function walk(words: Int32Array, moves: Uint16Array, ply: number, depth: number): number {
  const p = ply * P_WORDS;
  const o = ply * MAX_MOVES_ANY;
  const n = generateSeries(words, p, moves, o);
  if (depth === 1) return n;
  const child = p + P_WORDS;
  let nodes = 0;
  for (let i = 0; i < n; i++) {
    words.copyWithin(child, p, child);
    playSeriesMove(words, child, moves[o + i]!);
    nodes += walk(words, moves, ply + 1, depth - 1);
  }
  return nodes;
}

/** Leaf sequences of `depth` progressive moves below `pos` (depth 0: 1). */
export function progressivePerft(pos: ProgressivePosition, depth: number): number {
  checkDepth(depth, 'progressivePerft');
  if (depth === 0) return 1;
  const words = new Int32Array((depth + 1) * P_WORDS);
  words.set(pos.words);
  return walk(words, new Uint16Array(depth * MAX_MOVES_ANY), 0, depth);
}

/** Perft per first move: each legal move in UCI with its subtree count. */
export function progressivePerftDivide(pos: ProgressivePosition, depth: number): {
  /** The first move of the series in UCI. */
  uci: string;
  /** Leaf nodes `depth - 1` plies below it. */
  nodes: number;
}[] {
  checkDepth(depth, 'progressivePerftDivide');
  if (depth < 1) return [];
  return pos.legalMoves().map((code) => ({ uci: moveUci(code, pos.chess960), nodes: progressivePerft(pos.playUnchecked(code), depth - 1) }));
}
