/**
 * The PGN game tree: tag pairs in order, and the mainline as a list of moves, each move holding
 * its NAGs, the comments after it and the variations that are alternatives to it (PGN §8.2.5).
 * Plain data, so games can be compared, cloned and sent between threads.
 */

export interface PgnMove {
  /** The move as written, without move number or suffix glyphs (those become NAGs). */
  readonly san: string;
  /** Numeric annotation glyphs (`$n`; `!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5, `?!` = 6). */
  readonly nags: number[];
  /** Comments before the move: only at the start of a variation. */
  readonly startingComments: string[];
  /** Comments after the move. */
  readonly comments: string[];
  /** Alternatives to this move, each a line of moves. */
  readonly variations: PgnMove[][];
}

/** A game read from PGN (or built to be written): its tags, comments, moves with their variations, and result. */
export interface PgnGame {
  /** Tag pairs in file order. */
  readonly tags: [string, string][];
  /** Comments before the first move. */
  readonly comments: string[];
  /** The mainline, each move with its alternatives (`variations`). */
  readonly moves: PgnMove[];
  /** The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), undefined when missing. */
  readonly result: string | undefined;
}

/**
 * What kind of fault a game is refused or broken for, so that a program can tell them apart
 * without reading messages:
 * - `syntax`: text that is no PGN there: no SAN move, unbalanced or misplaced variations, an
 *   unterminated comment, an invalid NAG or glyph, a broken tag pair or tag value;
 * - `illegal`: a move that is not legal in the position (a null move while in check too);
 * - `ambiguous`: a SAN move that more than one legal move matches (`SanError`'s three kinds so far);
 * - `variant`: a `[Variant]` other than standard chess, Chess960 and "From Position";
 * - `fen`: no starting position from the tags: an invalid `[FEN]` (its syntax or its position),
 *   or a Chess960 game without one;
 * - `limit`: a game longer than the per-game limit (`maxGameBytes`), not read: the error is at
 *   its first byte.
 */
export type PgnErrorKind = 'syntax' | 'illegal' | 'ambiguous' | 'variant' | 'fen' | 'limit';

/** Why a game could not be read: typed, with its place in the input. */
export interface PgnError {
  /** What kind of fault: see `PgnErrorKind`. */
  readonly kind: PgnErrorKind;
  /** 1-based game number in the input. */
  readonly game: number;
  /** 1-based line of the fault in the input. */
  readonly line: number;
  /** 1-based column of the fault, in characters. */
  readonly column: number;
  /** What is wrong, as one sentence. */
  readonly message: string;
  /** The move text at fault, if the error is about a move. */
  readonly san: string | null;
}

/**
 * The value of the tag pair named `name`. A tag name should appear once per game (PGN §8.1);
 * when a file repeats one, the last pair counts, in the tree reader as in the mainline replay
 * (and as in chessops and python-chess, which keep tags in a map).
 */
export const tagValue = (game: PgnGame, name: string): string | undefined => lastTag(game.tags, name);

/** The value of the last pair named `name` in a tag list. */
export const lastTag = (tags: readonly (readonly [string, string])[], name: string): string | undefined =>
  tags.findLast(([n]) => n === name)?.[1];

/** A tree node for the move `san`, with no NAG, comment or variation (the text is not checked). */
export const newMove = (san: string): PgnMove => ({ san, nags: [], startingComments: [], comments: [], variations: [] });
