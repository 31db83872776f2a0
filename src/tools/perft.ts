/**
 * Perft: the number of leaf nodes of the legal move tree to a given depth, the standard test of
 * a move generator. The search runs on one Int32Array of position slots (one per ply) and one
 * Uint16Array of move lists (`MAX_MOVES_ANY` per ply, for lenient positions too), allocated
 * once: nothing is allocated per node. The last ply is bulk-counted: a position one ply above the
 * leaves is not expanded, its legal moves are counted by `generateLegal(…, null)`.
 */
import { copyPosition, WORDS } from '../chess/layout.js';
import { MAX_MOVES_ANY } from '../chess/move.js';
import { generateLegal } from '../chess/movegen.js';
import { applyMoveKeyless } from '../chess/play.js';
import type { Position } from '../chess/position.js';
import { checkDepth, exactCount } from '../core/depth.js';

/** Preallocated per-ply storage for a search of up to `maxDepth` plies. */
class SearchStack {
  readonly words: Int32Array;
  readonly moves: Uint16Array;

  constructor(maxDepth: number) {
    this.words = new Int32Array((maxDepth + 1) * WORDS);
    // Any position, lenient ones with more than MAX_MOVES moves included.
    this.moves = new Uint16Array((maxDepth + 1) * MAX_MOVES_ANY);
  }
}

/**
 * One perft search: its stack, and the leaves counted so far, which `limit` bounds. The limit is
 * read from here rather than passed down: a number argument that is not a small integer (the
 * default limit is Infinity) is boxed at each call, 16 bytes per node.
 */
interface Walk {
  readonly words: Int32Array;
  readonly moves: Uint16Array;
  readonly bulk: boolean;
  readonly limit: number;
  nodes: number;
}

/** Adds the leaves below the position at `ply` to `walk.nodes`, stopping once they pass `walk.limit`. */
function perftAt(walk: Walk, ply: number, depth: number): void {
  const { words, moves } = walk;
  const p = ply * WORDS;
  if (depth === 1 && walk.bulk) {
    walk.nodes += generateLegal(words, p, null, 0);
    return;
  }
  const o = ply * MAX_MOVES_ANY;
  const n = generateLegal(words, p, moves, o);
  if (depth === 1) {
    walk.nodes += n;
    return;
  }
  const child = p + WORDS;
  for (let i = 0; i < n; i++) {
    copyPosition(words, p, child);
    applyMoveKeyless(words, child, moves[o + i]!);
    perftAt(walk, ply + 1, depth - 1);
    if (walk.nodes > walk.limit) return;
  }
}

/** How `perft` and `perftDivide` count. */
export interface PerftOptions {
  /** Count the last ply without generating it (default true). */
  readonly bulk?: boolean;
  /**
   * Stop once the count passes this many leaves, and return the count so far: some number above
   * `limit`, not the perft. For checking an expected count with bounded work (`perft --epd`).
   * `perftDivide` applies it to each root move's subtree.
   */
  readonly limit?: number;
}

/** Leaf nodes at `depth` plies below `pos` (perft(0) = 1); a RangeError past 2^53 − 1, where a number may be rounded. */
export function perft(pos: Position, depth: number, options: PerftOptions = {}): number {
  checkDepth(depth, 'perft');
  const limit = options.limit ?? Infinity;
  if (!(limit >= 0)) throw new RangeError(`perft: limit must be a number ≥ 0, got ${limit}`);
  if (depth === 0) return 1;
  const stack = new SearchStack(depth);
  stack.words.set(pos.words);
  const walk: Walk = { words: stack.words, moves: stack.moves, bulk: options.bulk ?? true, limit, nodes: 0 };
  perftAt(walk, 0, depth);
  return exactCount(walk.nodes, 'perft');
}

/** Perft per root move (Stockfish's `go perft` "divide"): each legal move with its subtree count. */
export function perftDivide(pos: Position, depth: number, options: PerftOptions = {}): {
  /** The root move in UCI. */
  uci: string;
  /** Leaf nodes `depth - 1` plies below it. */
  nodes: number;
}[] {
  checkDepth(depth, 'perftDivide');
  if (depth < 1) return [];
  return pos.legalMoves().map((move) => ({ uci: move.uci, nodes: perft(move.play(), depth - 1, options) }));
}
