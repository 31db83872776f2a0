/**
 * SVG diagrams of chess (and Chess960) positions and of Paco Ŝako states, on `boardSvg`.
 */
import type { Position } from '../../chess/position.js';
import { COLORS, type Role } from '../../chess/types.js';
import { PIECE_NAMES } from '../../variants/paco/action-text.js';
import { pieceAt } from '../../variants/paco/state.js';
import { boardSvg, type DiagramOptions, type DiagramPiece } from './diagram.js';

export { boardSvg, MAX_SQUARE, MIN_SQUARE, type DiagramArrow, type DiagramOptions, type DiagramPiece } from './diagram.js';

/**
 * A chess position's diagram. The king of the side to move is marked when it is in check, unless
 * `options.check` says otherwise (`null`: no mark).
 */
export function chessDiagram(pos: Position, options: Omit<DiagramOptions, 'check'> & { readonly check?: number | null } = {}): string {
  const pieces: DiagramPiece[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.pieceAt(sq);
    if (p !== undefined) pieces.push({ square: sq, ...p });
  }
  const check = options.check === undefined ? (pos.isCheck() ? pos.king(pos.turn) : undefined) : (options.check ?? undefined);
  return boardSvg(pieces, { ...options, check });
}

/** Paco Ŝako's piece types as chess roles, in its state's numbering (rook before knight). */
const PACO_ROLES: readonly Role[] = PIECE_NAMES.map((name) => name.toLowerCase() as Role);

/** A Paco Ŝako state's diagram: unions drawn as pairs. A piece held in hand is not drawn. */
export function pacoDiagram(state: Int32Array, options: DiagramOptions = {}): string {
  const pieces: DiagramPiece[] = [];
  for (let sq = 0; sq < 64; sq++) {
    for (let color = 0; color < 2; color++) {
      const type = pieceAt(state, color, sq);
      if (type >= 0) pieces.push({ square: sq, color: COLORS[color]!, role: PACO_ROLES[type]! });
    }
  }
  return boardSvg(pieces, options);
}

