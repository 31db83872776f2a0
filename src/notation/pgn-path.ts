/**
 * Paths into a PGN game tree. The tree (pgn-game.ts) stores each line as a list of moves, a
 * move's variations being alternatives to it; seen position by position, that is a tree whose
 * nodes have children in order: the next move of the line first (the main continuation), then
 * the first moves of the move's variations, and of their variations in turn (the reader nests
 * `1. e4 (1. d4 (1. c4))` that way; chessops and python-chess keep the same order as a flat list).
 *
 * A path names a node by the child taken at each step from the game's start: 0 for the main
 * continuation, k for the k-th alternative. `[]` is the start, `[0, 0]` the mainline's second
 * move, `[0, 2]` the second alternative to Black's first mainline move. As text the indices are
 * joined by dots (`0.2`; the start is the empty string), so a path can be stored and read back.
 */
import { err, ok, type Result } from '../core/result.js';
import type { Move, Position } from '../chess/position.js';
import type { PgnGame, PgnMove } from './pgn-game.js';
import { gameStartingPosition } from './pgn-walk.js';
import { isNullMoveText, parseSan, type SanErrorKind } from './san.js';

/** A node of a game tree: the child index taken at each step from the start (0 = main continuation). */
export type PgnPath = readonly number[];

/**
 * Why a path or an edit of a game tree fails:
 * - `path`: no node at the path (or the text is no path);
 * - `syntax`, `illegal`, `ambiguous`: a move that does not play in its position (`SanError`'s
 *   kinds), one given to an edit or one of the tree's own moves on the way to the path;
 * - `variant`, `fen`: the game's tags give no starting position (`StartError`'s kinds).
 */
export interface PgnEditError {
  /** What kind of fault, as listed above. */
  readonly kind: 'path' | SanErrorKind | 'variant' | 'fen';
  /** What is wrong, as one sentence. */
  readonly message: string;
  /**
   * Where: for a path, the deepest node it reaches; for a tree's move that does not play, the
   * node before it; for a move given to an edit, the node the edit was asked at.
   */
  readonly path: PgnPath;
  /** The move at fault, if the error is about a move. */
  readonly san: string | null;
}

/** The text form of a path: its indices joined by dots (`0.0.2`), the empty string for the start. */
export const pathToString = (path: PgnPath): string => path.join('.');

/** A path from its text form (`pathToString`); a `path` error for anything else. */
export function parsePath(text: string): Result<PgnPath, PgnEditError> {
  if (text === '') return ok([]);
  if (!/^\d+(\.\d+)*$/.test(text)) return err({ kind: 'path', message: `'${text}' is no path: child indices joined by dots (0.0.2)`, path: [], san: null });
  return ok(text.split('.').map(Number));
}

/** A node's place in the stored tree: the position after `line[at - 1]`, before `line[at]`. */
export interface TreeSpot {
  readonly line: PgnMove[];
  readonly at: number;
}

/** One node of a path: its place, its position, and the move that led to it (none at the start). */
export interface PathStep {
  readonly spot: TreeSpot;
  readonly position: Position;
  readonly node: PgnMove | undefined;
  /** The move that led here; null for a null move, undefined at the start. */
  readonly move: Move | null | undefined;
}

/**
 * The children of the node at `spot`, in order, each as the place of its move (`line[at]`): the
 * main continuation, then the variations of it depth first (empty variations hold no child).
 */
export function childSpots(spot: TreeSpot): TreeSpot[] {
  const head = spot.line[spot.at];
  if (head === undefined) return [];
  const out: TreeSpot[] = [spot];
  // Depth first, in order, with a stack: the reader nests variations to any depth.
  const stack: PgnMove[][] = [...head.variations].reverse();
  while (stack.length > 0) {
    const line = stack.pop()!;
    const first = line[0];
    if (first === undefined) continue;
    out.push({ line, at: 0 });
    for (let i = first.variations.length - 1; i >= 0; i--) stack.push(first.variations[i]!);
  }
  return out;
}

/** The position after a move's text in `pos`: the move and the new position, or why it does not play. */
export function playText(pos: Position, san: string): Result<{ move: Move | null; after: Position }, { kind: SanErrorKind; message: string }> {
  if (isNullMoveText(san)) {
    const after = pos.playNullMove();
    if (after === undefined) return err({ kind: 'illegal', message: `null move ${san} while in check` });
    return ok({ move: null, after });
  }
  const move = parseSan(pos, san);
  if (!move.ok) return move;
  return ok({ move: move.value, after: move.value.play() });
}

/** The start of `game`: its starting position (by its tags) at the head of its mainline. */
export function startStep(game: PgnGame): Result<PathStep, PgnEditError> {
  const start = gameStartingPosition(game);
  if (!start.ok) return err({ kind: start.error.kind, message: start.error.message, path: [], san: null });
  return ok({ spot: { line: game.moves, at: 0 }, position: start.value, node: undefined, move: undefined });
}

/** The step into child `index` of `from` (`from` at `path`), or why there is none. */
export function childStep(from: PathStep, index: number, path: PgnPath): Result<PathStep, PgnEditError> {
  const spot = Number.isInteger(index) && index >= 0 ? childSpots(from.spot)[index] : undefined;
  if (spot === undefined) {
    const where = path.length === 0 ? 'the start' : `'${pathToString(path)}'`;
    return err({ kind: 'path', message: `no child ${index} at ${where}`, path, san: null });
  }
  const node = spot.line[spot.at]!;
  const played = playText(from.position, node.san);
  if (!played.ok) return err({ kind: played.error.kind, message: played.error.message, path, san: node.san });
  return ok({ spot: { line: spot.line, at: spot.at + 1 }, position: played.value.after, node, move: played.value.move });
}

/** Every node from the start to the one at `path`, the start first. */
export function pathSteps(game: PgnGame, path: PgnPath): Result<PathStep[], PgnEditError> {
  const start = startStep(game);
  if (!start.ok) return start;
  const steps = [start.value];
  for (const [i, index] of path.entries()) {
    const next = childStep(steps[i]!, index, path.slice(0, i));
    if (!next.ok) return next;
    steps.push(next.value);
  }
  return ok(steps);
}

/** The move at `path` (a node other than the start) in the tree, or a `path` error. */
export function nodeAt(game: PgnGame, path: PgnPath): Result<PgnMove, PgnEditError> {
  let spot: TreeSpot = { line: game.moves, at: 0 };
  let node: PgnMove | undefined;
  for (const [i, index] of path.entries()) {
    const child = Number.isInteger(index) && index >= 0 ? childSpots(spot)[index] : undefined;
    if (child === undefined) return err({ kind: 'path', message: `no child ${index} at ${i === 0 ? 'the start' : `'${pathToString(path.slice(0, i))}'`}`, path: path.slice(0, i), san: null });
    node = child.line[child.at]!;
    spot = { line: child.line, at: child.at + 1 };
  }
  if (node === undefined) return err({ kind: 'path', message: 'the start is no move', path: [], san: null });
  return ok(node);
}
