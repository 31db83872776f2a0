/**
 * A cursor over a PGN game tree, as a board UI walks it: forward into the main continuation or a
 * chosen alternative, back, to the start or the end of the line, to a stored path; with the
 * position and the move at each node. Playing a move at the cursor follows it when the tree has
 * it and adds it (checked) when not.
 */
import { err, ok, type Result } from '../core/result.js';
import type { Move, Position } from '../chess/position.js';
import type { PgnGame, PgnMove } from './pgn-game.js';
import { addVariation, type MoveInput } from './pgn-edit.js';
import { childSpots, childStep, pathSteps, type PathStep, type PgnEditError, type PgnPath } from './pgn-path.js';

/**
 * A place in a game tree. The tree may be edited through the cursor (`play`); after editing it
 * with the functions of pgn-edit (`promoteVariation`, …), move the cursor with `goto` to the path
 * the edit returned, as paths around an edit change.
 *
 * ```ts
 * const [read] = parsePgn('1. e4 e5 (1... c5) 2. Nf3 *');
 * const cursor = read?.ok ? PgnCursor.at(read.value) : undefined;   // at the start
 * if (cursor?.ok) cursor.value.forward();      // true
 * if (cursor?.ok) cursor.value.forward(1);     // true
 * if (cursor?.ok) cursor.value.pathText;       // '0.1'
 * if (cursor?.ok) cursor.value.back();         // true
 * if (cursor?.ok) cursor.value.toEnd();
 * if (cursor?.ok) cursor.value.pathText;       // '0.0.0'
 * ```
 */
export class PgnCursor {
  /** The tree walked. */
  readonly game: PgnGame;
  /** The nodes from the start to the cursor, the start first. */
  private readonly steps: PathStep[];
  private readonly indices: number[];

  private constructor(game: PgnGame, steps: PathStep[], indices: number[]) {
    this.game = game;
    this.steps = steps;
    this.indices = indices;
  }

  /**
   * A cursor at `path` (the start by default) of `game`. A typed error when the game has no
   * starting position by its tags, the path names no node, or a move on the way does not play.
   */
  static at(game: PgnGame, path: PgnPath = []): Result<PgnCursor, PgnEditError> {
    const steps = pathSteps(game, path);
    if (!steps.ok) return steps;
    return ok(new PgnCursor(game, steps.value, [...path]));
  }

  private get here(): PathStep {
    return this.steps[this.steps.length - 1]!;
  }

  /** The cursor's path (a copy: store it, and come back with `goto`). */
  get path(): PgnPath {
    return [...this.indices];
  }

  /** The cursor's path as text (`0.0.1`), as `parsePath` reads it. */
  get pathText(): string {
    return this.indices.join('.');
  }

  /** The number of moves from the start to the cursor (0 at the start). */
  get ply(): number {
    return this.indices.length;
  }

  /** The position at the cursor. */
  get position(): Position {
    return this.here.position;
  }

  /** The tree node of the move that led here (its SAN, NAGs, comments); undefined at the start. */
  get node(): PgnMove | undefined {
    return this.here.node;
  }

  /** The move that led here; null for a null move, undefined at the start. */
  get move(): Move | null | undefined {
    return this.here.move;
  }

  /** The moves that can follow, in order: the main continuation first, then the alternatives to it. */
  children(): PgnMove[] {
    return childSpots(this.here.spot).map((s) => s.line[s.at]!);
  }

  /**
   * Steps into child `index` (0, the default: the main continuation; k: the k-th alternative).
   * False, and the cursor stays, when there is no such child or its move does not play.
   */
  forward(index = 0): boolean {
    const next = childStep(this.here, index, this.indices);
    if (!next.ok) return false;
    this.steps.push(next.value);
    this.indices.push(index);
    return true;
  }

  /** Steps back to the parent node; false at the start. */
  back(): boolean {
    if (this.indices.length === 0) return false;
    this.steps.pop();
    this.indices.pop();
    return true;
  }

  /** Goes to the start of the game. */
  toStart(): void {
    this.steps.length = 1;
    this.indices.length = 0;
  }

  /** Follows the main continuations to the end of the line the cursor is on. */
  toEnd(): void {
    while (this.forward(0));
  }

  /** Goes to `path`; a typed error, and the cursor stays, when no node there plays. */
  goto(path: PgnPath): Result<PgnPath, PgnEditError> {
    const steps = pathSteps(this.game, path);
    if (!steps.ok) return steps;
    this.steps.splice(0, this.steps.length, ...steps.value);
    this.indices.splice(0, this.indices.length, ...path);
    return ok(this.path);
  }

  /**
   * Plays `move` (SAN, or a move of the cursor's position) at the cursor: follows the child that
   * plays it, or adds it as the last alternative (as `addVariation` does), then steps into it.
   * A typed error, nothing changed, for a move that does not play.
   */
  play(move: MoveInput): Result<PgnPath, PgnEditError> {
    const added = addVariation(this.game, this.indices, move);
    if (!added.ok) return added;
    const index = added.value[added.value.length - 1]!;
    if (!this.forward(index)) return err({ kind: 'path', message: 'the move added does not play', path: this.path, san: null });
    return ok(this.path);
  }
}
