/**
 * FEN writing, in the chess layer so that a position can show its own FEN (`console.log`);
 * `notation/fen.ts` reads FEN and re-exports these.
 */
import { squareName } from '../core/square.js';
import { W_CASTLING } from './layout.js';
import type { Position } from './position.js';
import { pieceCodeAt } from './setup.js';
import { BLACK, ROLE_LETTERS, WHITE } from './types.js';

/**
 * X-FEN: `K` is the outermost rook on the king's h-side, `Q` on its a-side. Without a king on
 * the back rank or such a rook, the standard file (h or a), which validation will then refuse.
 */
export function outermostRookFile(placement: Readonly<Int32Array>, color: number, hSide: boolean): number {
  const backRank = color === WHITE ? 0 : 56;
  let kingFile = -1;
  for (let f = 0; f < 8; f++) if (pieceCodeAt(placement, backRank + f) === color * 8 + 5) kingFile = f;
  if (kingFile >= 0) {
    const rook = color * 8 + 3;
    if (hSide) {
      for (let f = 7; f > kingFile; f--) if (pieceCodeAt(placement, backRank + f) === rook) return f;
    } else {
      for (let f = 0; f < kingFile; f++) if (pieceCodeAt(placement, backRank + f) === rook) return f;
    }
  }
  return hSide ? 7 : 0;
}

/** How `makeFen` writes the en-passant square and castling rights. */
export interface FenOptions {
  /**
   * `legal` (default): write the en-passant square only when a legal en-passant capture exists
   * (FIDE's identity of positions); `always`: after every double push.
   */
  readonly epSquare?: 'legal' | 'always';
  /** Castling letters: `xfen` (default; KQkq where unambiguous) or `shredder` (file letters). */
  readonly castling?: 'xfen' | 'shredder';
}

/** The board field of a placement (the first 16 words of a position). */
export function makeBoardFen(placement: Readonly<Int32Array>): string {
  let out = '';
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = pieceCodeAt(placement, rank * 8 + file);
      if (code < 0) {
        empty++;
        continue;
      }
      if (empty > 0) out += empty;
      empty = 0;
      const letter = ROLE_LETTERS[code & 7]!;
      out += code >= 8 ? letter : letter.toUpperCase();
    }
    if (empty > 0) out += empty;
    if (rank > 0) out += '/';
  }
  return out;
}

function makeCastling(pos: Position, style: 'xfen' | 'shredder'): string {
  const rights = pos.words[W_CASTLING]!;
  let out = '';
  for (const color of [WHITE, BLACK]) {
    const files = (rights >> (8 * color)) & 0xff;
    // Conventional order: h-side before a-side.
    for (let f = 7; f >= 0; f--) {
      if (!(files & (1 << f))) continue;
      const kingFile = pos.king(color === WHITE ? 'white' : 'black') & 7;
      const hSide = f > kingFile;
      let letter = 'abcdefgh'[f]!;
      if (style === 'xfen' && outermostRookFile(pos.words, color, hSide) === f) letter = hSide ? 'k' : 'q';
      out += color === WHITE ? letter.toUpperCase() : letter;
    }
  }
  return out || '-';
}

/** The FEN of a position. */
export function makeFen(pos: Position, options: FenOptions = {}): string {
  const ep = options.epSquare === 'always' ? pos.epSquare : pos.legalEpSquare();
  return [
    makeBoardFen(pos.words),
    pos.turn === 'white' ? 'w' : 'b',
    makeCastling(pos, options.castling ?? 'xfen'),
    ep === undefined ? '-' : squareName(ep),
    pos.halfmoves,
    pos.fullmoves,
  ].join(' ');
}
