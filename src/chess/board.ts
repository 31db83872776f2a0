/**
 * The public board: which piece stands on which square, and nothing else (no side to move, no
 * rights). An API-edge object: the engine keeps its own int32 words and never builds one.
 *
 * A Board is immutable: `set` and `take` return a new board. Positions, moves and `SquareSet`s are
 * immutable values too, so a board taken from a position (`pos.board`) or put in a `Setup` can be
 * shared and kept without a defensive copy, and a setup cannot change under the position made from
 * it. An edit copies 16 int32 words (64 bytes), which is nothing beside the work of validating
 * the setup it goes into; code that edits in bulk builds the words itself (`caissa/internal`).
 *
 * Storage: the first 16 words of the position layout (`layout.ts`): colour sets (white, black)
 * then role sets (pawn … king), each as (lo, hi) int32 halves.
 */
import { lsb, SquareSet } from '../core/bitboard.js';
import { toSquare, type Square, type SquareLike } from '../core/square.js';
import { boardText } from './text.js';
import { BISHOP, BLACK, COLORS, KING, KNIGHT, QUEEN, ROLES, ROOK, WHITE, type Color, type Piece, type Role } from './types.js';

/** The words of a board: 16, as the first 16 of a position. */
export const BOARD_WORDS = 16;

/** One frozen object per piece, indexed by `color * 6 + role`: `get` allocates nothing. */
const PIECE_OBJECTS: readonly Piece[] = COLORS.flatMap((color) => ROLES.map((role) => Object.freeze({ color, role })));

/** The piece object for a colour index (0, 1) and a role index (0..5). */
export const pieceOf = (color: number, role: number): Piece => PIECE_OBJECTS[color * 6 + role]!;

/** 0 for 'white', 1 for 'black'; a RangeError naming `fn` for anything else. */
export function colorIndex(color: Color, fn: string): number {
  if (color === 'white') return WHITE;
  if (color === 'black') return BLACK;
  throw new RangeError(`${fn}: not a colour (white, black): ${String(color)}`);
}

/** 0..5 for 'pawn' … 'king'; a RangeError naming `fn` for anything else. */
export function roleIndex(role: Role, fn: string): number {
  const r = ROLES.indexOf(role);
  if (r < 0) throw new RangeError(`${fn}: not a role (${ROLES.join(', ')}): ${String(role)}`);
  return r;
}

// Set by the class's static block: a board's words and a board over words, for this layer's own
// code only (the class itself shows neither).
let wordsOf: (board: Board) => Int32Array;
let wrapWords: (words: Int32Array) => Board;

/**
 * Pieces on squares, immutable (see the module comment for why).
 *
 * ```ts
 * const board = Board.empty().set('e1', { color: 'white', role: 'king' }).set('e8', { color: 'black', role: 'king' });
 * board.get('e1');          // { color: 'white', role: 'king' }
 * board.kings.size();       // 2
 * board.take('e8').get(60); // undefined
 * ```
 */
export class Board implements Iterable<[Square, Piece]> {
  readonly #w: Int32Array;

  static {
    wordsOf = (board) => board.#w;
    wrapWords = (words) => new Board(words);
  }

  private constructor(words: Int32Array) {
    this.#w = words;
  }

  /** A board with no pieces. */
  static empty(): Board {
    return new Board(new Int32Array(BOARD_WORDS));
  }

  /** The standard starting placement. */
  static standard(): Board {
    const w = new Int32Array(BOARD_WORDS);
    w[0] = 0x0000ffff; // white: ranks 1 and 2
    w[3] = 0xffff0000 | 0; // black: ranks 7 and 8
    w[4] = 0x0000ff00; // pawns on rank 2
    w[5] = 0x00ff0000; // and on rank 7
    [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK].forEach((role, file) => {
      w[4 + 2 * role]! |= 1 << file; // rank 1
      w[5 + 2 * role]! |= 1 << (24 + file); // rank 8
    });
    return new Board(w);
  }

  /** The piece on a square, if any (a number 0..63 or a name such as `'e4'`). */
  get(square: SquareLike): Piece | undefined {
    const sq = toSquare(square, 'Board.get');
    const w = this.#w;
    const half = sq >> 5;
    const bit = 1 << (sq & 31);
    const color = w[half]! & bit ? WHITE : w[2 + half]! & bit ? BLACK : -1;
    if (color < 0) return undefined;
    for (let role = 0; role < 6; role++) if (w[4 + 2 * role + half]! & bit) return pieceOf(color, role);
    return undefined;
  }

  /** Whether a square holds a piece. */
  has(square: SquareLike): boolean {
    const sq = toSquare(square, 'Board.has');
    return ((this.#w[sq >> 5]! | this.#w[2 + (sq >> 5)]!) & (1 << (sq & 31))) !== 0;
  }

  /**
   * A board with `piece` on the square (replacing what stood there); a RangeError for a square,
   * colour or role that is none.
   */
  set(square: SquareLike, piece: Piece): Board {
    const sq = toSquare(square, 'Board.set');
    const color = colorIndex(piece.color, 'Board.set');
    const role = roleIndex(piece.role, 'Board.set');
    const w = this.#w.slice();
    clearSquare(w, sq);
    const half = sq >> 5;
    const bit = 1 << (sq & 31);
    w[2 * color + half]! |= bit;
    w[4 + 2 * role + half]! |= bit;
    return new Board(w);
  }

  /** A board with the square emptied (the same board if it was empty). */
  take(square: SquareLike): Board {
    const sq = toSquare(square, 'Board.take');
    if (!this.has(sq)) return this;
    const w = this.#w.slice();
    clearSquare(w, sq);
    return new Board(w);
  }

  /** Squares of white's pieces. */
  get white(): SquareSet {
    return this.set2(0);
  }

  /** Squares of black's pieces. */
  get black(): SquareSet {
    return this.set2(2);
  }

  /** Squares of pawns of either colour. */
  get pawns(): SquareSet {
    return this.set2(4);
  }

  /** Squares of knights of either colour. */
  get knights(): SquareSet {
    return this.set2(6);
  }

  /** Squares of bishops of either colour. */
  get bishops(): SquareSet {
    return this.set2(8);
  }

  /** Squares of rooks of either colour. */
  get rooks(): SquareSet {
    return this.set2(10);
  }

  /** Squares of queens of either colour. */
  get queens(): SquareSet {
    return this.set2(12);
  }

  /** Squares of kings of either colour. */
  get kings(): SquareSet {
    return this.set2(14);
  }

  /** Squares of every piece. */
  get occupied(): SquareSet {
    const w = this.#w;
    return new SquareSet(w[0]! | w[2]!, w[1]! | w[3]!);
  }

  /** Squares of bishops and queens (the pieces that move diagonally). */
  get diagonalSliders(): SquareSet {
    const w = this.#w;
    return new SquareSet(w[8]! | w[12]!, w[9]! | w[13]!);
  }

  /** Squares of rooks and queens (the pieces that move along ranks and files). */
  get orthogonalSliders(): SquareSet {
    const w = this.#w;
    return new SquareSet(w[10]! | w[12]!, w[11]! | w[13]!);
  }

  /** Squares of a colour's pieces. */
  byColor(color: Color): SquareSet {
    return this.set2(2 * colorIndex(color, 'Board.byColor'));
  }

  /** Squares of a role's pieces, of both colours. */
  byRole(role: Role): SquareSet {
    return this.set2(4 + 2 * roleIndex(role, 'Board.byRole'));
  }

  /** Squares of a colour's pieces of one role, or of all its pieces when `role` is left out. */
  pieces(color: Color, role?: Role): SquareSet {
    const c = 2 * colorIndex(color, 'Board.pieces');
    const w = this.#w;
    if (role === undefined) return new SquareSet(w[c]!, w[c + 1]!);
    const r = 4 + 2 * roleIndex(role, 'Board.pieces');
    return new SquareSet(w[c]! & w[r]!, w[c + 1]! & w[r + 1]!);
  }

  /** The square of a colour's king when it has exactly one, else undefined. */
  kingOf(color: Color): Square | undefined {
    const kings = this.pieces(color, 'king');
    return kings.size() === 1 ? [...kings][0] : undefined;
  }

  /** The number of pieces on the board. */
  get count(): number {
    return this.occupied.size();
  }

  /** Whether both boards hold the same pieces on the same squares. */
  equals(other: Board): boolean {
    const a = this.#w;
    const b = other.#w;
    for (let i = 0; i < BOARD_WORDS; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /** The pieces as `[square, piece]` pairs, from a1 to h8 (rank by rank). */
  *[Symbol.iterator](): Iterator<[Square, Piece]> {
    const w = this.#w;
    for (let half = 0; half < 2; half++) {
      let occ = w[half]! | w[2 + half]!;
      while (occ !== 0) {
        const bit = occ & -occ;
        occ ^= bit;
        const color = w[half]! & bit ? WHITE : BLACK;
        let role = 0;
        while (role < KING && (w[4 + 2 * role + half]! & bit) === 0) role++;
        yield [32 * half + lsb(bit), pieceOf(color, role)];
      }
    }
  }

  /** The board as text (`boardText` with coordinates): what `console.log(board)` shows in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Board\n${boardText(this, { coordinates: true })}`;
  }

  private set2(i: number): SquareSet {
    return new SquareSet(this.#w[i]!, this.#w[i + 1]!);
  }
}

/** Removes whatever stands on `sq` from 16 placement words. */
function clearSquare(w: Int32Array, sq: number): void {
  const half = sq >> 5;
  const keep = ~(1 << (sq & 31));
  for (let i = half; i < BOARD_WORDS; i += 2) w[i]! &= keep;
}

/**
 * The 16 placement words of a board, shared (not copied): read them, never write them. For the
 * engine's own code (`caissa/internal`).
 */
export const boardWords = (board: Board): Readonly<Int32Array> => wordsOf(board);

/**
 * A board over 16 placement words, not copied and not checked: the caller gives words it will not
 * write again. Words that are no board (a square in two colours) are refused later by
 * `Position.fromSetup` as `inconsistentPlacement`.
 */
export const boardFromWords = (words: Int32Array): Board => wrapWords(words);
