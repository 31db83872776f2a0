/**
 * An independent model of ROECE's semantics (docs/rules/enumeration.md §3), written from the rules for
 * the tests: a mailbox board, pseudo-legal moves (FIDE 3.2–3.8 without the test that the own king
 * is left attacked, so kings can be captured) and castling rights that never change. It shares no
 * code with the library: it reads its own FEN, keeps its own board, and keys positions by text.
 */
import { modelClosure } from './closure-model.js';

/** A square index: file + 8 × rank (a1 = 0, h8 = 63), the library's numbering. */
type Board = string[];

export interface SeedPosition {
  readonly board: Board;
  /** 'w' or 'b'. */
  readonly turn: string;
  /** The FEN castling field as read (never changes in these semantics). */
  readonly castling: string;
  /** The square a pawn skipped with its double step on the last move, else -1. */
  readonly ep: number;
}

const isWhite = (p: string): boolean => p !== '' && p === p.toUpperCase();
const colourOf = (p: string): string => (p === '' ? '' : isWhite(p) ? 'w' : 'b');
const fileOf = (sq: number): number => sq & 7;
const rankOf = (sq: number): number => sq >> 3;

/** Reads a FEN's first four fields (standard castling letters KQkq only). */
export function readSeedFen(fen: string): SeedPosition {
  const [placement, turn, castling, ep] = fen.split(' ') as [string, string, string, string];
  const board: Board = new Array<string>(64).fill('');
  placement.split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else board[8 * (7 - i) + file++] = ch;
    }
  });
  const epSquare = ep === '-' ? -1 : ep.charCodeAt(0) - 97 + 8 * (Number(ep[1]) - 1);
  return { board, turn, castling, ep: epSquare };
}

/** A move: from, to, a promotion letter (lower case) and, for castling, the rook's square as `to`. */
export interface SeedMove {
  readonly from: number;
  readonly to: number;
  readonly promotion?: string;
  readonly castle?: boolean;
}

export const moveText = (m: SeedMove): string => `${m.castle === true ? 'O' : ''}${m.from}-${m.to}${m.promotion ?? ''}`;

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]] as const;
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]] as const;
const DIAGONAL = [[1, 1], [-1, 1], [-1, -1], [1, -1]] as const;
const ORTHOGONAL = [[1, 0], [0, 1], [-1, 0], [0, -1]] as const;

function step(sq: number, df: number, dr: number): number {
  const f = fileOf(sq) + df;
  const r = rankOf(sq) + dr;
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : 8 * r + f;
}

/** Whether a piece of colour `by` attacks `sq` (FIDE 3.1–3.7: the squares each piece attacks). */
export function attacked(board: Board, sq: number, by: string): boolean {
  const own = (p: string, role: string): boolean => colourOf(p) === by && p.toLowerCase() === role;
  for (const [df, dr] of KNIGHT) {
    const s = step(sq, df, dr);
    if (s >= 0 && own(board[s]!, 'n')) return true;
  }
  for (const [df, dr] of KING) {
    const s = step(sq, df, dr);
    if (s >= 0 && own(board[s]!, 'k')) return true;
  }
  // A pawn of `by` attacks sq from one rank behind it (seen from `by`), on a neighbouring file.
  const back = by === 'w' ? -1 : 1;
  for (const df of [-1, 1]) {
    const s = step(sq, df, back);
    if (s >= 0 && own(board[s]!, 'p')) return true;
  }
  for (const [dirs, roles] of [[DIAGONAL, 'bq'], [ORTHOGONAL, 'rq']] as const) {
    for (const [df, dr] of dirs) {
      for (let s = step(sq, df, dr); s >= 0; s = step(s, df, dr)) {
        const p = board[s]!;
        if (p === '') continue;
        if (colourOf(p) === by && roles.includes(p.toLowerCase())) return true;
        break;
      }
    }
  }
  return false;
}

/** The rook file of a castling letter: KQkq on the h- and a-files, else Shredder-FEN's file letter. */
const rookFile = (letter: string): number => {
  const l = letter.toLowerCase();
  return l === 'k' ? 7 : l === 'q' ? 0 : l.charCodeAt(0) - 97;
};

/**
 * Pseudo-legal moves of `pos` under ROECE's semantics. `kingHomes`: the files of White's and
 * Black's kings' original squares (FIDE 3.8.2 castles only a king there; the e-file in standard
 * chess).
 */
export function seedMoves(pos: SeedPosition, kingHomes: readonly [number, number] = [4, 4]): SeedMove[] {
  const { board, turn } = pos;
  const them = turn === 'w' ? 'b' : 'w';
  const out: SeedMove[] = [];
  const mayLand = (s: number): boolean => s >= 0 && colourOf(board[s]!) !== turn;
  for (let sq = 0; sq < 64; sq++) {
    const p = board[sq]!;
    if (colourOf(p) !== turn) continue;
    const role = p.toLowerCase();
    if (role === 'p') {
      // FIDE 3.7: one step forward to a vacant square, two from the start rank over vacant
      // squares, diagonal captures, en passant onto the skipped square, promotion on the last rank.
      const dr = turn === 'w' ? 1 : -1;
      const last = turn === 'w' ? 7 : 0;
      const pawnTo = (to: number): void => {
        if (rankOf(to) === last) for (const promotion of ['q', 'r', 'b', 'n']) out.push({ from: sq, to, promotion });
        else out.push({ from: sq, to });
      };
      const one = step(sq, 0, dr);
      if (one >= 0 && board[one] === '') {
        pawnTo(one);
        const two = step(one, 0, dr);
        if (rankOf(sq) === (turn === 'w' ? 1 : 6) && board[two] === '') out.push({ from: sq, to: two });
      }
      for (const df of [-1, 1]) {
        const to = step(sq, df, dr);
        if (to < 0) continue;
        if (colourOf(board[to]!) === them) pawnTo(to);
        else if (to === pos.ep) out.push({ from: sq, to });
      }
      continue;
    }
    if (role === 'n' || role === 'k') {
      for (const [df, dr] of role === 'n' ? KNIGHT : KING) {
        const to = step(sq, df, dr);
        if (mayLand(to)) out.push({ from: sq, to });
      }
      continue;
    }
    const dirs = role === 'b' ? DIAGONAL : role === 'r' ? ORTHOGONAL : [...DIAGONAL, ...ORTHOGONAL];
    for (const [df, dr] of dirs) {
      for (let to = step(sq, df, dr); to >= 0; to = step(to, df, dr)) {
        if (colourOf(board[to]!) === turn) break;
        out.push({ from: sq, to });
        if (board[to] !== '') break;
      }
    }
  }
  // FIDE 3.8.2 with rights that never change: the king on its original square, the rook of the
  // right on its own, every square between each and its destination vacant (but for the two of
  // them), and no square the king stands on, passes or reaches attacked. The king goes to the g-
  // or c-file, the rook next to it on the inner side (FIDE Chess960 rules, 3.8.2 in the standard
  // case).
  const rank = turn === 'w' ? 0 : 56;
  const king = turn === 'w' ? 'K' : 'k';
  const rook = turn === 'w' ? 'R' : 'r';
  for (const letter of pos.castling) {
    if (letter === '-' || colourOf(letter) !== turn) continue;
    const home = kingHomes[turn === 'w' ? 0 : 1];
    if (home < 0) continue;
    const ks = rank + home;
    const rs = rank + rookFile(letter);
    const kingSide = rs > ks;
    if (board[ks] !== king || board[rs] !== rook) continue;
    const kTo = rank + (kingSide ? 6 : 2);
    const rTo = rank + (kingSide ? 5 : 3);
    const span = (a: number, b: number): number[] => Array.from({ length: Math.abs(a - b) + 1 }, (_, i) => Math.min(a, b) + i);
    const vacant = [...span(ks, kTo), ...span(rs, rTo)].every((s) => s === ks || s === rs || board[s] === '');
    if (!vacant) continue;
    if (span(ks, kTo).some((s) => attacked(board, s, them))) continue;
    out.push({ from: ks, to: rs, castle: true });
  }
  return out;
}

/** Whether `m` takes a piece (en passant included); castling takes nothing. */
export const isCapture = (pos: SeedPosition, m: SeedMove): boolean =>
  m.castle !== true && (colourOf(pos.board[m.to]!) === (pos.turn === 'w' ? 'b' : 'w') || (pos.board[m.from]!.toLowerCase() === 'p' && m.to === pos.ep));

/** The position after `m`; the castling rights stay as they were. */
export function seedPlay(pos: SeedPosition, m: SeedMove): SeedPosition {
  const board = pos.board.slice();
  const piece = board[m.from]!;
  let ep = -1;
  board[m.from] = '';
  if (m.castle === true) {
    const kingSide = m.to > m.from;
    const rank = m.from & 56;
    const rook = board[m.to]!;
    board[m.to] = '';
    board[rank + (kingSide ? 6 : 2)] = piece;
    board[rank + (kingSide ? 5 : 3)] = rook;
  } else {
    if (piece.toLowerCase() === 'p') {
      if (m.to === pos.ep && board[m.to] === '') board[m.to + (pos.turn === 'w' ? -8 : 8)] = '';
      if (Math.abs(m.to - m.from) === 16) ep = (m.to + m.from) / 2;
    }
    board[m.to] = m.promotion === undefined ? piece : pos.turn === 'w' ? m.promotion.toUpperCase() : m.promotion;
  }
  return { board, turn: pos.turn === 'w' ? 'b' : 'w', castling: pos.castling, ep };
}

/**
 * The identity of a position in ROECE's counts: placement, side to move, castling rights and
 * the en-passant square when a pawn of the side to move could take there (pseudo-legal rule).
 */
export function seedKey(pos: SeedPosition): string {
  let ep = '-';
  if (pos.ep >= 0) {
    const pawn = pos.turn === 'w' ? 'P' : 'p';
    const behind = pos.turn === 'w' ? -1 : 1;
    if ([-1, 1].some((df) => pos.board[step(pos.ep, df, behind)] === pawn)) ep = String(pos.ep);
  }
  return `${pos.board.map((p) => p || '.').join('')} ${pos.turn} ${pos.castling} ${ep}`;
}

/** ROECE's search space from `fen` under its semantics, with its counters. */
export function seedSearchSpace(fen: string) {
  const start = readSeedFen(fen);
  // The kings' original squares: where they stand on their back ranks at the start.
  const homeOf = (king: string, rank: number): number => {
    const sq = start.board.indexOf(king);
    return sq >> 3 === rank ? sq & 7 : -1;
  };
  const kingHomes = [homeOf('K', 0), homeOf('k', 7)] as const;
  return modelClosure(start, {
    key: seedKey,
    side: (pos) => (pos.turn === 'w' ? 0 : 1),
    moves: (pos) =>
      seedMoves(pos, kingHomes).map((m) => ({ child: seedPlay(pos, m), pawn: pos.board[m.from]!.toLowerCase() === 'p', capture: isCapture(pos, m) })),
  });
}
