/**
 * The compact progressive-chess state: the 23 words of a chess position (`chess/layout.ts`)
 * followed by the series fields, so that copy-make stays one `copyWithin` of `P_WORDS` words.
 *
 * | word        | content |
 * | ----------- | ------- |
 * | 0..22       | the chess position; `W_TURN` is the side playing the current series, `W_EP` is always -1 (en passant lives in `P_EP`), the halfmove and fullmove clocks are always 0 and 1 (unused) |
 * | `P_SERIES`  | the series number, which is also its length (series k has k moves) |
 * | `P_LEFT`    | moves left in the current series, 1..series |
 * | `P_EP`      | the set of en-passant targets: bit f = the square on rank 3, file f (a white pawn passed it), bit 8 + f = rank 6, file f (a black pawn passed it) |
 * | `P_QUIET`   | series begun since the last capture or pawn move, the current one included |
 * | `P_RULES`   | 0 Italian, 1 Scottish |
 *
 * En passant (docs/rules/progressive.md §1.1, [WP], [ITWP], [JG15]): a pawn that double-stepped during a series
 * and did not move again can be taken en passant, but only with the *first* move of the
 * opponent's next series; several such targets can coexist. The targets of byte `c` were made by
 * colour `c`'s pawns: for the side to move, byte `them` holds the targets usable on move 1 and
 * byte `us` the targets its own double steps make for the opponent.
 */
import { WORDS } from '../../chess/layout.js';

/** Word offset of the series number (see the table above). */
export const P_SERIES = WORDS;
/** Word offset of the moves left in the series. */
export const P_LEFT = WORDS + 1;
/** Word offset of the en-passant target bits. */
export const P_EP = WORDS + 2;
/** Word offset of the quiet-series count. */
export const P_QUIET = WORDS + 3;
/** Word offset of the rule set's code. */
export const P_RULES = WORDS + 4;
/** Words of one progressive state. */
export const P_WORDS = WORDS + 5;

/** The code of the Italian rules in `P_RULES`. */
export const ITALIAN = 0;
/** The code of the Scottish rules in `P_RULES`. */
export const SCOTTISH = 1;
/**
 * The rule sets (docs/rules/progressive.md §1.2), by their code: Italian, where a check may only
 * be given with a series' last move, and Scottish, where it may be given earlier and ends the series.
 */
export const RULE_SETS = ['italian', 'scottish'] as const;
/** A rule set's name: `italian` or `scottish`. */
export type RuleSet = (typeof RULE_SETS)[number];

/** The no-progress draw (docs/rules/progressive.md §1.1): 10 consecutive series without capture or pawn move. */
export const QUIET_SERIES_LIMIT = 10;

/** The en-passant target square of bit `bit` (0..15) of `P_EP`. */
export const epTargetSquare = (bit: number): number => (bit < 8 ? 16 + bit : 40 + (bit - 8));

/** The `P_EP` bit of a target square on rank 3 or 6, or -1. */
export function epTargetBit(sq: number): number {
  const rank = sq >> 3;
  if (rank === 2) return sq & 7;
  if (rank === 5) return 8 + (sq & 7);
  return -1;
}
