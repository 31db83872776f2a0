/**
 * Gives the move generator's every branch type feedback before V8 optimizes it.
 *
 * V8 compiles a hot function with the type feedback gathered so far; a branch that has never run
 * becomes a deoptimization exit. Normally the first run of such a branch throws the optimized
 * code away, the feedback fills in and the function is optimized again. But after a few of these
 * rounds V8 (11.3, Node 20) may compile `generateLegal` on-stack (OSR) with a branch still
 * unseen (a pinned slider, an en-passant capture), and that OSR code is not discarded when it
 * deoptimizes: it is entered again and again, each time falling back to the interpreter. Perft 6
 * from the start position, whose first thousands of positions have no pins or en passant, then
 * took 6.5 s instead of 1.2–1.5 s in 4 runs of 30 (none of 60 with this primer).
 *
 * So, once, at its first call (movegen.ts), `generateLegal` runs over a few positions and their
 * children, listing and counting, which between them take every branch: castling both ways and
 * through attacked squares, pins on lines and diagonals, single and double check, en passant
 * (with the pawns pinned along the rank), promotions with and without capture. It costs a few
 * milliseconds once, paid by the first program that generates a move rather than by every
 * program that imports the library. The generator is passed in, so that this module and
 * movegen.ts do not import each other.
 */
import { applyMoveKeyless } from './play.js';
import { placePiece } from './setup.js';
import { W_CASTLING, W_EP, W_FULLMOVE, W_TURN, WORDS } from './layout.js';
import { MAX_MOVES } from './move.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './types.js';

/**
 * The positions: ranks 8 to 1 ('/'), a digit for empty squares, letters for pieces (upper case
 * white), then the side to move and the castling rook files of white and black. The perft suite's
 * "Kiwipete" and positions 3 to 5 (https://www.chessprogramming.org/Perft_Results), and a
 * Chess960 position from the Chess960 perft suite.
 */
export const PRIMER_POSITIONS: readonly [string, number, number, number][] = [
  ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R', 0, 0x81, 0x81],
  ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R', 1, 0x81, 0x81],
  ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8', 0, 0, 0],
  ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8', 1, 0, 0],
  ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1', 0, 0, 0x81],
  ['rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R', 0, 0x80, 0],
  ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR', 0, 0xa0, 0xa0],
];

const ROLE_OF: Record<string, number> = { p: PAWN, n: KNIGHT, b: BISHOP, r: ROOK, q: QUEEN, k: KING };

/** The words of a position given as above (the key left zero: the generator never reads it). */
export function primerWords(board: string, turn: number, whiteRooks: number, blackRooks: number): Int32Array {
  const w = new Int32Array(WORDS);
  let sq = 56;
  for (const ch of board) {
    if (ch === '/') sq -= 16;
    else if (ch >= '1' && ch <= '8') sq += Number(ch);
    else placePiece(w, ch === ch.toLowerCase() ? 1 : 0, ROLE_OF[ch.toLowerCase()]!, sq++);
  }
  w[W_TURN] = turn;
  w[W_EP] = -1;
  w[W_CASTLING] = whiteRooks | (blackRooks << 8);
  w[W_FULLMOVE] = 1;
  return w;
}

/** The move generator's signature (movegen.ts). */
type Generator = (w: Int32Array, p: number, out: Uint16Array | null, o: number) => number;

/** Runs the generator over each position and each of its children, listing and counting. */
export function primeMoveGenerator(generateLegal: Generator): void {
  const w = new Int32Array(2 * WORDS);
  const moves = new Uint16Array(2 * MAX_MOVES);
  for (const [board, turn, white, black] of PRIMER_POSITIONS) {
    w.set(primerWords(board, turn, white, black));
    const n = generateLegal(w, 0, moves, 0);
    for (let i = 0; i < n; i++) {
      w.copyWithin(WORDS, 0, WORDS);
      applyMoveKeyless(w, WORDS, moves[i]!);
      generateLegal(w, WORDS, moves, MAX_MOVES);
      generateLegal(w, WORDS, null, 0);
    }
  }
}
