/**
 * SVG diagrams of chess (and Chess960) positions and of Paco Ŝako states, on `boardSvg`.
 */
import type { Position } from '../../chess/position.js';
import { COLORS, type Role } from '../../chess/types.js';
import { PIECE_NAMES } from '../../variants/paco/action-text.js';
import { pieceAt } from '../../variants/paco/state.js';
import type { VariantPosition } from '../../variants/lichess/position.js';
import { boardSvg, type DiagramOptions, type DiagramPiece } from './diagram.js';

export { boardSvg, MAX_SQUARE, MIN_SQUARE, type DiagramArrow, type DiagramByColor, type DiagramOptions, type DiagramPiece } from './diagram.js';

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

/**
 * A lichess variant position's diagram: its pieces, the pockets (crazyhouse) and the checks
 * each side still has to give (three-check) in bands above and below the board; the king of the
 * side to move is marked when it is in check in the variant's sense, unless `options.check` says
 * otherwise (`null`: no mark).
 */
export function variantDiagram(
  pos: VariantPosition,
  options: Omit<DiagramOptions, 'check' | 'pockets' | 'remainingChecks'> & { readonly check?: number | null } = {},
): string {
  const pieces: DiagramPiece[] = [];
  let king: number | undefined;
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.pieceAt(sq);
    if (p === undefined) continue;
    pieces.push({ square: sq, color: p.color, role: p.role });
    if (p.role === 'king' && p.color === pos.turn) king = sq;
  }
  const check = options.check === undefined ? (pos.isCheck() ? king : undefined) : (options.check ?? undefined);
  const pocket = (color: 'white' | 'black'): Partial<Record<Role, number>> => {
    const [pawn, knight, bishop, rook, queen] = pos.pocket(color);
    return { pawn, knight, bishop, rook, queen };
  };
  return boardSvg(pieces, {
    ...options,
    check,
    ...(pos.rules === 'crazyhouse' ? { pockets: { white: pocket('white'), black: pocket('black') } } : {}),
    ...(pos.rules === '3check' ? { remainingChecks: pos.remainingChecks } : {}),
  });
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

