/**
 * Positions no game reaches, for differential tests: pieces dropped on random squares, with
 * random castling rights (standard and Chess960) and en-passant squares. Positions from play
 * rarely hold three rooks on a back rank, four queens, a triple check or an en-passant capture
 * beside a pinned pawn; these do. Many are not legal: the tests read them and keep what they need.
 */
import type { Rng } from '../src/core/rng.js';

const FILES = 'abcdefgh';
/** Roles of the pieces besides the kings, pawns and rooks weighted up. */
const ROLES = 'pppppnnbbrrrq';

/** A FEN of random placement: two kings, up to 25 more pieces, rights and an en-passant square where they could stand. */
export function randomFen(rng: Rng): { fen: string; chess960: boolean } {
  const board: string[] = new Array<string>(64).fill('');
  const chess960 = rng.below(3) === 0;
  // A king is on its back rank half the time (on e1/e8 in standard chess), so castling can arise.
  for (const [king, rank] of [['K', 0], ['k', 7]] as const) {
    for (;;) {
      const s = rng.below(2) === 0 ? rank * 8 + (chess960 ? 1 + rng.below(6) : 4) : rng.below(64);
      if (board[s] !== '') continue;
      board[s] = king;
      break;
    }
  }
  for (let n = rng.below(26); n > 0; n--) {
    const role = ROLES[rng.below(ROLES.length)]!;
    const white = rng.below(2) === 0;
    // Half the rooks go to their own back rank, where they may carry castling rights.
    const s = role === 'r' && rng.below(2) === 0 ? (white ? 0 : 56) + rng.below(8) : rng.below(64);
    if (board[s] !== '' || (role === 'p' && (s < 8 || s >= 56))) continue;
    board[s] = white ? role.toUpperCase() : role;
  }
  const turn = rng.below(2) === 0 ? 'w' : 'b';
  // Castling rights: at most one rook each side of a king on its back rank.
  let castling = '';
  for (const [king, rook, rank] of [['K', 'R', 0], ['k', 'r', 7]] as const) {
    const k = board.indexOf(king);
    if (k >> 3 !== rank) continue;
    for (const dir of [-1, 1]) {
      const files: number[] = [];
      for (let f = (k & 7) + dir; f >= 0 && f < 8; f += dir) if (board[rank * 8 + f] === rook) files.push(f);
      if (files.length === 0 || rng.below(4) === 0) continue;
      const f = files[rng.below(files.length)]!;
      let right: string;
      if (chess960) right = FILES[f]!;
      else if (k === rank * 8 + 4 && (f === 0 || f === 7)) right = f === 7 ? 'k' : 'q';
      else continue;
      castling += king === 'K' ? right.toUpperCase() : right;
    }
  }
  // En passant: a pawn of the side not to move that could just have moved two squares, often
  // with a pawn beside it to take it.
  const candidates: number[] = [];
  const [pawn, from, over, pushed, taker] = turn === 'w' ? ['p', 48, 40, 32, 'P'] : ['P', 8, 16, 24, 'p'];
  for (let f = 0; f < 8; f++) {
    if (board[pushed + f] === pawn && board[over + f] === '' && board[from + f] === '') candidates.push(f);
  }
  let ep = '-';
  if (candidates.length > 0 && rng.below(3) !== 0) {
    const f = candidates[rng.below(candidates.length)]!;
    ep = FILES[f]! + (turn === 'w' ? '6' : '3');
    const beside = pushed + f + (rng.below(2) === 0 ? -1 : 1);
    if (rng.below(2) === 0 && beside >> 3 === pushed >> 3 && board[beside] === '') board[beside] = taker;
  }
  return { fen: `${boardFen(board)} ${turn} ${castling === '' ? '-' : castling} ${ep} 0 1`, chess960 };
}

/** The FEN board field of 64 squares a1…h8, each a FEN piece letter or '' for an empty square. */
export function boardFen(board: readonly string[]): string {
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f]!;
      if (p === '') empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += p;
      }
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  return ranks.join('/');
}
