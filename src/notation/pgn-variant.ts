/**
 * The lichess variants in the PGN readers: a game whose `[Variant]` names one (lichess' names:
 * `Atomic`, `Antichess`, `Crazyhouse`, `Horde`, `King of the Hill`, `Racing Kings`,
 * `Three-check`; `parseVariantName` in variants/lichess/rules.ts reads them and a few others) is
 * played with that variant's rules and SAN instead of being refused. This is the one place the
 * readers ask: `variantGameStart` for the start, then the line's `play` per mainline move. Chess
 * games never come here, so their fast path is untouched.
 */
import { err, ok, type Result } from '../core/result.js';
import { VariantPosition } from '../variants/lichess/position.js';
import { parseVariantName } from '../variants/lichess/rules.js';
import { parseVariantSan } from '../variants/lichess/san.js';
import type { StartError } from './pgn-start.js';
import type { SanErrorKind } from './san.js';
import { normalizeTypography } from './typography.js';

/** A move the line refused: the SAN error's kind and message. */
export interface VariantMoveError {
  readonly kind: SanErrorKind;
  readonly message: string;
}

/** A variant game being played move by move from its PGN. */
export interface VariantLine {
  /** Plays the move written `san` (as in the movetext); null when played, else why not. */
  play(san: string): VariantMoveError | null;
  /** The current position. */
  readonly position: VariantPosition;
}

class Line implements VariantLine {
  position: VariantPosition;

  constructor(start: VariantPosition) {
    this.position = start;
  }

  play(san: string): VariantMoveError | null {
    const move = parseVariantSan(this.position, normalizeTypography(san));
    if (!move.ok) return { kind: move.error.kind, message: move.error.message };
    this.position = move.value.play();
    return null;
  }
}

/**
 * The start of a game by its `[Variant]` and `[FEN]` tag values (undefined: tag absent) when the
 * variant is a lichess one: a line to play on, or a `fen` error; undefined for any other variant
 * tag (standard chess, Chess960, no tag, an unknown name), which the chess readers decide.
 */
export function variantGameStart(variant: string | undefined, fen: string | undefined): Result<VariantLine, StartError> | undefined {
  const rules = variant === undefined ? undefined : parseVariantName(variant);
  if (rules === undefined) return undefined;
  const start = fen === undefined ? ok(VariantPosition.default(rules)) : VariantPosition.fromFen(rules, fen);
  if (!start.ok) return err({ kind: 'fen', message: `invalid FEN tag: ${start.error.message}` });
  return ok(new Line(start.value));
}
