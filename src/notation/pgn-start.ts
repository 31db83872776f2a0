/**
 * The starting position of a PGN game from its tags (PGN §9.7): `[Variant]`, `[SetUp]`, `[FEN]`.
 * Standard chess, Chess960 (its usual names) and "From Position" are played; any other variant
 * is refused with a message naming it, never misplayed.
 */
import { err, ok, type Result } from '../core/result.js';
import { Position } from '../chess/position.js';
import { readFen } from './fen.js';

/** Variant names read as standard chess. */
const STANDARD = new Set(['', 'standard', 'chess', 'normal', 'classical', 'from position', 'fromposition', 'from_position', 'regular']);
/** Variant names read as Chess960. */
const CHESS960 = new Set(['chess960', 'chess 960', '960', 'fischerandom', 'fischer random', 'fischerrandom', 'fischer-random', 'frc', 'chess-960']);

/** How a `[Variant]` tag is played: as standard chess, as Chess960, or not at all. */
export type VariantKind = 'standard' | 'chess960' | 'unsupported';

/** The kind of a `[Variant]` tag's value (undefined: no tag, standard chess); names compared without case. */
export const variantKind = (name: string | undefined): VariantKind => {
  if (name === undefined) return 'standard';
  const n = name.trim().toLowerCase();
  if (STANDARD.has(n)) return 'standard';
  if (CHESS960.has(n)) return 'chess960';
  return 'unsupported';
};

/** Why a game's tags give no starting position. */
export interface StartError {
  /** `variant`: a variant that is not played; `fen`: no valid FEN where one is needed. */
  readonly kind: 'variant' | 'fen';
  /** What is wrong, as one sentence. */
  readonly message: string;
}

let standardStart: Position | undefined;

/**
 * The starting position for the tag values given (undefined = tag absent). A FEN tag is used
 * whenever present (whatever `[SetUp]` says, as most readers do); Chess960 needs one.
 */
export function startingPosition(variant: string | undefined, fen: string | undefined): Result<Position, StartError> {
  const kind = variantKind(variant);
  if (kind === 'unsupported') return err({ kind: 'variant', message: `unsupported variant '${variant}'` });
  if (fen === undefined) {
    if (kind === 'chess960') return err({ kind: 'fen', message: 'Chess960 game without a FEN tag' });
    standardStart ??= Position.standard();
    return ok(standardStart);
  }
  const pos = readFen(fen, { lenient: true, chess960: kind === 'chess960' ? true : 'auto' });
  if (!pos.ok) return err({ kind: 'fen', message: `invalid FEN tag: ${pos.error.message}` });
  return ok(pos.value);
}
