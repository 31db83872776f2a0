/**
 * Perft for the variants, with bulk counting: the same search as chess' (`tools/perft.ts`), on
 * one preallocated array of variant position slots and one of move lists, the last ply counted
 * by the generator without listing its moves. Nothing is allocated per node.
 */
import { checkDepth, exactCount } from '../../core/depth.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { copyVariantPosition, VWORDS } from './layout.js';
import { generateVariant } from './movegen.js';
import { applyVariantMove } from './play.js';
import type { VariantPosition } from './position.js';
import { variantIndex } from './rules.js';

/** A variant perft search: its stack, its limit and the leaves counted so far. */
interface VariantWalk {
  readonly variant: number;
  readonly words: Int32Array;
  readonly moves: Uint16Array;
  readonly bulk: boolean;
  readonly limit: number;
  nodes: number;
}

function perftAt(walk: VariantWalk, ply: number, depth: number): void {
  const { words, moves, variant } = walk;
  const p = ply * VWORDS;
  if (depth === 1 && walk.bulk) {
    walk.nodes += generateVariant(variant, words, p, null, 0);
    return;
  }
  const o = ply * MAX_MOVES_ANY;
  const n = generateVariant(variant, words, p, moves, o);
  if (depth === 1) {
    walk.nodes += n;
    return;
  }
  const child = p + VWORDS;
  for (let i = 0; i < n; i++) {
    copyVariantPosition(words, p, child);
    applyVariantMove(variant, words, child, moves[o + i]!);
    perftAt(walk, ply + 1, depth - 1);
    if (walk.nodes > walk.limit) return;
  }
}

/** Options of `variantPerft`, as chess' `PerftOptions`. */
export interface VariantPerftOptions {
  /** Count the last ply without generating it (default true). */
  readonly bulk?: boolean;
  /** Stop once the count passes this many leaves (the result is then some number above it). */
  readonly limit?: number;
}

/** Leaf nodes at `depth` plies below a variant position (perft(0) = 1). */
export function variantPerft(pos: VariantPosition, depth: number, options: VariantPerftOptions = {}): number {
  checkDepth(depth, 'variantPerft');
  const limit = options.limit ?? Infinity;
  if (!(limit >= 0)) throw new RangeError(`variantPerft: limit must be a number ≥ 0, got ${limit}`);
  if (depth === 0) return 1;
  const words = new Int32Array((depth + 1) * VWORDS);
  words.set(pos.words);
  const walk: VariantWalk = {
    variant: variantIndex(pos.rules),
    words,
    moves: new Uint16Array((depth + 1) * MAX_MOVES_ANY),
    bulk: options.bulk ?? true,
    limit,
    nodes: 0,
  };
  perftAt(walk, 0, depth);
  return exactCount(walk.nodes, 'variantPerft');
}

/** Perft per root move (`go perft`'s divide): each legal move's UCI with its subtree count. */
export function variantPerftDivide(pos: VariantPosition, depth: number, options: VariantPerftOptions = {}): {
  /** The root move in UCI (a drop as `N@f3`). */
  uci: string;
  /** Leaf nodes `depth - 1` plies below it. */
  nodes: number;
}[] {
  checkDepth(depth, 'variantPerftDivide');
  if (depth < 1) return [];
  return pos.legalMoves().map((move) => ({ uci: move.uci, nodes: variantPerft(move.play(), depth - 1, options) }));
}
