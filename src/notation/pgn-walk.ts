/**
 * From a game tree (`parsePgn`) back to positions: the position a game starts from, and a line
 * of moves (the mainline, or any variation) played from a position, a step per move. A
 * variation of a line's move `i` is an alternative to it, so it is played from that step's
 * `before`:
 *
 * ```ts
 * const steps = playLine(start, game.moves);
 * if (steps.ok) for (const s of steps.value) for (const v of s.node.variations) playLine(s.before, v);
 * ```
 */
import { err, ok, type Result } from '../core/result.js';
import type { Move, Position } from '../chess/position.js';
import { tagValue, type PgnGame, type PgnMove } from './pgn-game.js';
import { startingPosition, type StartError } from './pgn-start.js';
import { lichessVariantRefusal } from './pgn-variant.js';
import { isNullMoveText, parseSan, type SanErrorKind } from './san.js';

/** One move of a line, with the positions around it. */
export interface PgnStep {
  /** The move's node in the tree: its SAN, NAGs, comments and variations. */
  readonly node: PgnMove;
  /** The position the move is played in. */
  readonly before: Position;
  /** The move; null for a null move (`--`, `Z0`, `0000`), which only passes the turn. */
  readonly move: Move | null;
  /** The position after the move. */
  readonly after: Position;
}

/** Why a line stops being playable: its move at `index` (0-based) does not play. */
export interface LineError {
  /** `syntax`, `illegal` or `ambiguous`, as `SanError` says. */
  readonly kind: SanErrorKind;
  /** The move's index in the line, from 0. */
  readonly index: number;
  /** The move as written in the tree. */
  readonly san: string;
  /** What is wrong, as one sentence. */
  readonly message: string;
}

/**
 * The chess position a game starts from, by its tags: `[FEN]` (with or without `[SetUp "1"]`),
 * and `[Variant]` (standard, From Position, and Chess960, which needs a FEN), as the PGN readers
 * decide it. Other variants are a typed `variant` error: for a lichess variant's game (which
 * `parsePgn` reads and checks) one that names the way to play it, `VariantGameRecord.fromPgn`.
 */
export function gameStartingPosition(game: PgnGame): Result<Position, StartError> {
  const variant = tagValue(game, 'Variant');
  const lichess = lichessVariantRefusal(variant);
  if (lichess !== undefined) return err(lichess);
  return startingPosition(variant, tagValue(game, 'FEN'));
}

/**
 * Plays `line` from `start`: a step per move, or the first move that does not play. A game read
 * with validation (the default of `parsePgn`) always plays, its variations too; a tree built or
 * changed by hand may not.
 */
export function playLine(start: Position, line: readonly PgnMove[]): Result<PgnStep[], LineError> {
  const steps: PgnStep[] = [];
  let pos = start;
  for (const [index, node] of line.entries()) {
    if (isNullMoveText(node.san)) {
      // A null move passes the turn; it cannot be made while the side to move is in check.
      const after = pos.playNullMove();
      if (after === undefined) return err({ kind: 'illegal', index, san: node.san, message: `null move ${node.san} while in check` });
      steps.push({ node, before: pos, move: null, after });
      pos = after;
      continue;
    }
    const move = parseSan(pos, node.san);
    if (!move.ok) return err({ kind: move.error.kind, index, san: node.san, message: move.error.message });
    const after = move.value.play();
    steps.push({ node, before: pos, move: move.value, after });
    pos = after;
  }
  return ok(steps);
}
