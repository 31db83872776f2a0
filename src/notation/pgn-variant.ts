/**
 * The lichess variants in the PGN readers: a game whose `[Variant]` names one (lichess' names:
 * `Atomic`, `Antichess`, `Crazyhouse`, `Horde`, `King of the Hill`, `Racing Kings`,
 * `Three-check`; `parseVariantName` in variants/lichess/rules.ts reads them and a few others) is
 * played with that variant's rules and SAN instead of being refused. This is the one place the
 * readers ask: `variantGameStart` for the start, then `playVariantSan` per move, mainline and
 * variations alike. Chess games never come here, so their fast path is untouched.
 */
import { err, ok, type Result } from '../core/result.js';
import { VariantPosition } from '../variants/lichess/position.js';
import { parseVariantName, PGN_VARIANT_NAMES } from '../variants/lichess/rules.js';
import { parseVariantSan } from '../variants/lichess/san.js';
import type { StartError } from './pgn-start.js';
import type { SanError } from './san.js';
import { normalizeTypography } from './typography.js';

/**
 * The start of a game by its `[Variant]` and `[FEN]` tag values (undefined: tag absent) when the
 * variant is a lichess one: its position, or a `fen` error; undefined for any other variant
 * tag (standard chess, Chess960, no tag, an unknown name), which the chess readers decide.
 */
export function variantGameStart(variant: string | undefined, fen: string | undefined): Result<VariantPosition, StartError> | undefined {
  const rules = variant === undefined ? undefined : parseVariantName(variant);
  if (rules === undefined) return undefined;
  const start = fen === undefined ? ok(VariantPosition.default(rules)) : VariantPosition.fromFen(rules, fen);
  if (!start.ok) return err({ kind: 'fen', message: `invalid FEN tag: ${start.error.message}` });
  return ok(start.value);
}

/** The position after the move written `san` (as in the movetext, typography read) in `pos`, or the SAN error. */
export function playVariantSan(pos: VariantPosition, san: string): Result<VariantPosition, SanError> {
  const move = parseVariantSan(pos, normalizeTypography(san));
  return move.ok ? ok(move.value.play()) : move;
}

/**
 * Why a reader of chess positions (`GameRecord`, `mainline`, `PgnCursor`, …) does not take a game
 * of a lichess variant, naming the way that does; undefined for any other `[Variant]` value.
 */
export function lichessVariantRefusal(variant: string | undefined): StartError | undefined {
  const rules = variant === undefined ? undefined : parseVariantName(variant);
  if (rules === undefined) return undefined;
  return {
    kind: 'variant',
    message: `'${PGN_VARIANT_NAMES[rules]}' is a lichess variant: its positions are VariantPosition, not Position (VariantGameRecord.fromPgn plays its mainline; parsePgn reads and checks its tree)`,
  };
}
