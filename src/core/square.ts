/**
 * Squares are integers 0..63, little-endian rank-file: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.
 * Files and ranks are 0..7.
 */
export type Square = number;

/** The files' letters, file 0 (a) first: `FILE_NAMES[squareFile(sq)]`. */
export const FILE_NAMES = 'abcdefgh';
/** The ranks' digits, rank 0 (1) first: `RANK_NAMES[squareRank(sq)]`. */
export const RANK_NAMES = '12345678';

/** The file of a square, 0 (a) to 7 (h). */
export const squareFile = (sq: Square): number => sq & 7;
/** The rank of a square, 0 (rank 1) to 7 (rank 8). */
export const squareRank = (sq: Square): number => sq >> 3;
/** The square on `file` and `rank` (each 0..7; not checked). */
export const makeSquare = (file: number, rank: number): Square => (rank << 3) | file;

/** Whether `sq` is a square: an integer 0..63. */
export const isSquare = (sq: number): boolean => sq >= 0 && sq <= 63 && (sq | 0) === sq;

/**
 * A RangeError naming `fn` unless `sq` is a square 0..63: for public functions that take one,
 * which would otherwise read the bit of `sq & 31` in half `sq >> 5`, another square's.
 */
export function checkSquare(sq: number, fn: string): void {
  if (!isSquare(sq)) throw new RangeError(`${fn}: not a square (0..63): ${sq}`);
}

/** `e4` for 28; a RangeError for anything that is not a square 0..63. */
export function squareName(sq: Square): string {
  if (!isSquare(sq)) throw new RangeError(`not a square (0..63): ${sq}`);
  return FILE_NAMES[sq & 7]! + RANK_NAMES[sq >> 3]!;
}

/** For messages about any number given as a square: its name if it is one, else `square N`. */
export const describeSquare = (sq: number): string => (isSquare(sq) ? squareName(sq) : `square ${sq}`);

/** 28 for `e4`; undefined for anything that is not a square name. */
export function parseSquare(name: string): Square | undefined {
  if (name.length !== 2) return undefined;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return makeSquare(file, rank);
}

/** A file letter, `a` to `h`. */
export type FileName = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
/** A rank digit, `1` to `8`. */
export type RankName = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
/** A square's name: `a1` … `h8`. */
export type SquareName = `${FileName}${RankName}`;
/** A square as its number (0..63, a1 = 0) or its name (`'e4'`): what public functions take. */
export type SquareLike = Square | SquareName;

/**
 * The number of a square given as a number or a name; a RangeError naming `fn` for a number
 * that is no square (0..63) or a string that is no square name (`'e9'`, `'E4'`).
 *
 * ```ts
 * toSquare('e4', 'get'); // 28
 * toSquare(28, 'get');   // 28
 * ```
 */
export function toSquare(sq: SquareLike, fn: string): Square {
  if (typeof sq === 'string') {
    const parsed = parseSquare(sq);
    if (parsed === undefined) throw new RangeError(`${fn}: not a square name (a1..h8): '${sq}'`);
    return parsed;
  }
  checkSquare(sq, fn);
  return sq;
}
