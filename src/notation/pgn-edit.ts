/**
 * Editing a PGN game tree in place: add a line of moves at a node (checked against its
 * positions), reorder a node's alternatives, delete a move with what follows it. Nodes are named
 * by paths (pgn-path.ts); each edit returns the path of the node it leaves in focus, since an
 * edit can change the paths of the nodes around it.
 *
 * The tree stays one that `makePgn` writes and the readers read back as the same tree: where an
 * edit reorders a node's children, it stores them flat (the main continuation, then each
 * alternative as a variation of it), and comments before a move, which PGN writes only at the
 * start of a variation (§8.2.5), go to the move before when the move becomes a main continuation
 * (to the game's comments before the first move at the start).
 *
 * ```ts
 * const [read] = parsePgn('1. e4 e5 2. Nf3 *');
 * const game = read?.ok ? read.value : undefined;
 * const added = game && addVariation(game, [0], ['c5', 'Nf3']);   // 1... c5 2. Nf3 after 1. e4
 * if (added?.ok) added.value;                                      // [0, 1, 0]
 * if (game) promoteVariation(game, [0, 1]).ok;                     // true
 * if (game) makePgn(game).endsWith('1. e4 c5 ( 1... e5 2. Nf3 ) 2. Nf3 *\n');   // true
 * if (game) deleteVariation(game, [0, 1]).ok;                      // true
 * ```
 */
import { err, ok, type Result } from '../core/result.js';
import type { Move, Position } from '../chess/position.js';
import { makeFen } from './fen.js';
import { newMove, type PgnGame, type PgnMove } from './pgn-game.js';
import { childSpots, pathSteps, pathToString, playText, type PgnEditError, type PgnPath, type TreeSpot } from './pgn-path.js';
import { makeSan } from './san.js';

/** The children of the node at `spot` as lines, each starting with the child's move. */
const childLines = (spot: TreeSpot): PgnMove[][] => childSpots(spot).map((s, i) => (i === 0 ? s.line.slice(s.at) : s.line));

/**
 * Stores `lines` as the children of the node at `spot`, in order: the first as the rest of the
 * line, the others as its first move's variations.
 */
function setChildren(game: PgnGame, spot: TreeSpot, lines: readonly PgnMove[][]): void {
  const { line, at } = spot;
  line.length = at;
  for (const child of lines) child[0]!.variations.length = 0;
  const [main, ...others] = lines;
  if (main === undefined) return;
  const head = main[0]!;
  if (head.startingComments.length > 0) {
    // Written before a main continuation, these comments read back as the previous move's.
    const before = at > 0 ? line[at - 1]!.comments : line === game.moves ? game.comments : undefined;
    if (before !== undefined) before.push(...head.startingComments.splice(0));
  }
  line.push(...main);
  head.variations.push(...others);
}

/** Walks `path` through the tree's structure only (no move is played): the spots, start first. */
function spotsTo(game: PgnGame, path: PgnPath): Result<TreeSpot[], PgnEditError> {
  const spots: TreeSpot[] = [{ line: game.moves, at: 0 }];
  for (const [i, index] of path.entries()) {
    const child = Number.isInteger(index) && index >= 0 ? childSpots(spots[i]!)[index] : undefined;
    if (child === undefined) {
      const where = i === 0 ? 'the start' : `'${pathToString(path.slice(0, i))}'`;
      return err({ kind: 'path', message: `no child ${index} at ${where}`, path: path.slice(0, i), san: null });
    }
    spots.push({ line: child.line, at: child.at + 1 });
  }
  return ok(spots);
}

/** The spot of the parent of the move at `path` and the move's child index, or a `path` error. */
function parentOf(game: PgnGame, path: PgnPath): Result<{ spot: TreeSpot; index: number }, PgnEditError> {
  if (path.length === 0) return err({ kind: 'path', message: 'the start is no move', path: [], san: null });
  const spots = spotsTo(game, path);
  if (!spots.ok) return spots;
  return ok({ spot: spots.value[path.length - 1]!, index: path[path.length - 1]! });
}

/** Moves child `from` of the node at `spot` to index `to`, the others keeping their order. */
function moveChild(game: PgnGame, spot: TreeSpot, from: number, to: number): void {
  if (from === to) return;
  const lines = childLines(spot);
  const [line] = lines.splice(from, 1);
  lines.splice(to, 0, line!);
  setChildren(game, spot, lines);
}

/** A move for `addVariation`: SAN text (`Nf3`, `--` for a null move), or a move of the position it is added in. */
export type MoveInput = string | Move;

/**
 * Adds `moves` (one move, or a line of moves each following the one before) after the node at
 * `path`: at the end of a line they continue it, elsewhere they become its last variation.
 * Moves already there are followed, not added twice (`addVariation(game, [], ['e4'])` on a game
 * opening 1. e4 adds nothing). Each move is checked in its position before anything changes;
 * SAN is stored as `makeSan` writes it. Returns the path of the last move of the line.
 */
export function addVariation(game: PgnGame, path: PgnPath, moves: MoveInput | readonly MoveInput[]): Result<PgnPath, PgnEditError> {
  const list: readonly MoveInput[] = Array.isArray(moves) ? moves : [moves as MoveInput];
  const steps = pathSteps(game, path);
  if (!steps.ok) return steps;
  const last = steps.value[steps.value.length - 1]!;
  // Check the whole line first, so that a bad move leaves the tree as it was.
  const sans: string[] = [];
  const before: Position[] = [];
  let pos = last.position;
  for (const [i, input] of list.entries()) {
    const played = checkMove(pos, input, i);
    if (!played.ok) return err({ ...played.error, path: [...path] });
    sans.push(played.value.san);
    before.push(pos);
    pos = played.value.after;
  }
  let spot = last.spot;
  const out = [...path];
  let i = 0;
  // Follow the moves already in the tree.
  for (; i < sans.length; i++) {
    const index = findChild(spot, before[i]!, sans[i]!);
    if (index < 0) break;
    const child = childSpots(spot)[index]!;
    out.push(index);
    spot = { line: child.line, at: child.at + 1 };
  }
  if (i === sans.length) return ok(out);
  const line = sans.slice(i).map(newMove);
  const children = childSpots(spot).length;
  if (children === 0) spot.line.push(...line);
  else setChildren(game, spot, [...childLines(spot), line]);
  out.push(children, ...line.slice(1).map(() => 0));
  return ok(out);
}

/** `input` checked in `pos`: its SAN as stored and the position after it. */
function checkMove(pos: Position, input: MoveInput, i: number): Result<{ san: string; after: Position }, Omit<PgnEditError, 'path'>> {
  if (typeof input === 'string') {
    const played = playText(pos, input);
    if (!played.ok) return err({ kind: played.error.kind, message: `move ${i + 1} (${input}): ${played.error.message}`, san: input });
    const san = played.value.move === null ? '--' : makeSan(played.value.move);
    return ok({ san, after: played.value.after });
  }
  const san = makeSan(input);
  if (makeFen(input.position) !== makeFen(pos)) return err({ kind: 'illegal', message: `move ${i + 1} (${input.uci}) is a move of another position`, san });
  return ok({ san, after: input.play() });
}

/**
 * The index of the child of the node at `spot` (whose position is `pos`) that plays `san`, or -1.
 * Moves are compared as moves, not as texts (`Nbd2` and `N1d2` may be one move).
 */
function findChild(spot: TreeSpot, pos: Position, san: string): number {
  const key = (text: string): string | undefined => {
    const played = playText(pos, text);
    return played.ok ? (played.value.move?.uci ?? '--') : undefined;
  };
  const wanted = key(san);
  return childSpots(spot).findIndex((child) => key(child.line[child.at]!.san) === wanted);
}

/**
 * Moves the move at `path` one place up among its parent's children (python-chess `promote`):
 * the first alternative becomes the main continuation, the main continuation the first
 * alternative. The main continuation stays where it is. Returns the move's new path.
 */
export function promoteVariation(game: PgnGame, path: PgnPath): Result<PgnPath, PgnEditError> {
  const parent = parentOf(game, path);
  if (!parent.ok) return parent;
  const { spot, index } = parent.value;
  if (index === 0) return ok([...path]);
  moveChild(game, spot, index, index - 1);
  return ok([...path.slice(0, -1), index - 1]);
}

/** Makes the move at `path` its parent's main continuation, the others keeping their order. Returns its new path. */
export function promoteToMain(game: PgnGame, path: PgnPath): Result<PgnPath, PgnEditError> {
  const parent = parentOf(game, path);
  if (!parent.ok) return parent;
  moveChild(game, parent.value.spot, parent.value.index, 0);
  return ok([...path.slice(0, -1), 0]);
}

/**
 * Makes the line to the move at `path` the game's mainline: at each node on the way, the child
 * taken becomes the main continuation. Returns the move's new path (all zeros).
 */
export function promoteToMainline(game: PgnGame, path: PgnPath): Result<PgnPath, PgnEditError> {
  const spots = spotsTo(game, path);
  if (!spots.ok) return spots;
  let spot: TreeSpot = { line: game.moves, at: 0 };
  for (const index of path) {
    moveChild(game, spot, index, 0);
    spot = { line: spot.line, at: spot.at + 1 };
  }
  return ok(path.map(() => 0));
}

/**
 * Deletes the move at `path` and every move after it (python-chess `remove_variation`). When it
 * was the main continuation, its first alternative takes its place. Returns the parent's path.
 */
export function deleteVariation(game: PgnGame, path: PgnPath): Result<PgnPath, PgnEditError> {
  const parent = parentOf(game, path);
  if (!parent.ok) return parent;
  const lines = childLines(parent.value.spot);
  lines.splice(parent.value.index, 1);
  setChildren(game, parent.value.spot, lines);
  return ok(path.slice(0, -1));
}
