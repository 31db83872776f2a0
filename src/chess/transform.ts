/**
 * Symmetries of the board: flips, rotation, and the mirror that swaps the colours. Each maps
 * squares one to one, so a SquareSet, a Board or a Setup is transformed square by square (at most
 * 64 squares a set: these are API-edge helpers, not hot paths).
 *
 * A transformed setup keeps its turn, clocks, pockets and checks; its castling squares and
 * en-passant square move with the board. Only `mirror` (and `flipHorizontal` where castling
 * allows) gives back a position of the same game; the others may give setups no rules allow (a
 * pawn on a back rank), which `Position.fromSetup` then reports.
 */
import { SquareSet } from '../core/bitboard.js';
import { toSquare } from '../core/square.js';
import { Board, boardFromWords, boardWords, BOARD_WORDS } from './board.js';
import type { Setup } from './setup.js';

/** A square map: 0..63 to 0..63, one to one. */
type SquareMap = (sq: number) => number;

const mapSet = (set: SquareSet, f: SquareMap): SquareSet => {
  let lo = 0;
  let hi = 0;
  for (const sq of set) {
    const to = f(sq);
    if (to < 32) lo |= 1 << to;
    else hi |= 1 << (to - 32);
  }
  return new SquareSet(lo, hi);
};

/** The board with every word's squares mapped; `swap` exchanges the colour words. */
function mapBoard(board: Board, f: SquareMap, swap: boolean): Board {
  const from = boardWords(board);
  const to = new Int32Array(BOARD_WORDS);
  for (let i = 0; i < BOARD_WORDS; i += 2) {
    const mapped = mapSet(new SquareSet(from[i]!, from[i + 1]!), f);
    const j = swap && i < 4 ? i ^ 2 : i;
    to[j] = mapped.lo;
    to[j + 1] = mapped.hi;
  }
  return boardFromWords(to);
}

function mapSetup(setup: Setup, f: SquareMap, swap: boolean): Setup {
  const ep = setup.epSquare === undefined ? undefined : f(toSquare(setup.epSquare, 'transform'));
  const out: Setup = {
    ...setup,
    board: mapBoard(setup.board, f, swap),
    castlingRights: mapSet(setup.castlingRights, f),
    epSquare: ep,
  };
  if (!swap) return out;
  const { pockets, remainingChecks } = setup;
  return {
    ...out,
    turn: setup.turn === 'white' ? 'black' : 'white',
    pockets: pockets === undefined ? undefined : { white: pockets.black, black: pockets.white },
    remainingChecks: remainingChecks === undefined ? undefined : { white: remainingChecks.black, black: remainingChecks.white },
  };
}

function transform<T extends SquareSet | Board | Setup>(x: T, f: SquareMap, swap: boolean): T {
  if (x instanceof SquareSet) return mapSet(x, f) as T;
  if (x instanceof Board) return mapBoard(x, f, swap) as T;
  return mapSetup(x as Setup, f, swap) as T;
}

const VERTICAL: SquareMap = (sq) => sq ^ 56;
const HORIZONTAL: SquareMap = (sq) => sq ^ 7;
const DIAGONAL: SquareMap = (sq) => ((sq & 7) << 3) | (sq >> 3);
const ROTATE: SquareMap = (sq) => 63 - sq;

/**
 * Upside down: rank 1 becomes rank 8 (a1 ↔ a8), colours unchanged.
 *
 * ```ts
 * [...flipVertical(SquareSet.fromSquare(0))]; // [56]
 * ```
 */
export function flipVertical<T extends SquareSet | Board | Setup>(x: T): T {
  return transform(x, VERTICAL, false);
}

/**
 * Left to right: the a-file becomes the h-file (a1 ↔ h1).
 *
 * ```ts
 * [...flipHorizontal(SquareSet.fromSquare(0))]; // [7]
 * ```
 */
export function flipHorizontal<T extends SquareSet | Board | Setup>(x: T): T {
  return transform(x, HORIZONTAL, false);
}

/**
 * Over the a1–h8 diagonal: files become ranks (b1 ↔ a2).
 *
 * ```ts
 * [...flipDiagonal(SquareSet.fromSquare(1))]; // [8]
 * ```
 */
export function flipDiagonal<T extends SquareSet | Board | Setup>(x: T): T {
  return transform(x, DIAGONAL, false);
}

/**
 * Half a turn: a1 ↔ h8.
 *
 * ```ts
 * [...rotate180(SquareSet.fromSquare(0))]; // [63]
 * ```
 */
export function rotate180<T extends SquareSet | Board | Setup>(x: T): T {
  return transform(x, ROTATE, false);
}

/**
 * The same position seen from the other side: flipped upside down with the colours swapped (a
 * white pawn on e2 becomes a black pawn on e7); a setup also gets the other side to move and
 * swaps its pockets and checks. Legal positions stay legal, with the same moves mirrored.
 *
 * ```ts
 * const e4 = Position.standard().legalMoves().find((m) => m.uci === 'e2e4')!.play();
 * const r = Position.fromSetup(mirror(e4.toSetup()));
 * if (r.ok) makeFen(r.value); // 'rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
 * ```
 */
export function mirror<T extends Board | Setup>(x: T): T {
  return transform(x, VERTICAL, true);
}
