/**
 * One face for the positions the board plays: standard chess and Chess960 (`chess/position.ts`)
 * and the seven lichess variants (`variants/lichess`). The page speaks only to `PlayPosition` and
 * `PlayMove`; the variants' own rules stay in their modules.
 */
import { Position, type Move } from '../chess/position.js';
import { positionOutcome, repetitionKey } from '../chess/outcome.js';
import type { Outcome } from '../core/game.js';
import { COLORS, ROLES, type Color, type Piece, type Role } from '../chess/types.js';
import { makeFen, readFen } from '../notation/fen.js';
import { makeSan, parseSan } from '../notation/san.js';
import { parseUci } from '../notation/uci.js';
import { VariantPosition, type VariantMove } from '../variants/lichess/position.js';
import { PGN_VARIANT_NAMES, VARIANT_RULES, type VariantRules } from '../variants/lichess/rules.js';
import { makeVariantSan, parseVariantSan, parseVariantUci } from '../variants/lichess/san.js';

/** The games of the board: chess, Chess960 and the lichess variants. */
export const BOARD_VARIANTS = ['chess', 'chess960', ...VARIANT_RULES] as const;
export type BoardVariant = (typeof BOARD_VARIANTS)[number];

/** Names shown in the variant menu. */
export const VARIANT_LABELS: Readonly<Record<BoardVariant, string>> = {
  chess: 'Chess',
  chess960: 'Chess960',
  ...PGN_VARIANT_NAMES,
};

export const isBoardVariant = (name: string): name is BoardVariant => (BOARD_VARIANTS as readonly string[]).includes(name);

/** A legal move as the board sees it. */
export interface PlayMove {
  /** Origin square (0 = a1); for a drop, the target square. */
  readonly from: number;
  /** Target square; for castling the king's square after castling. */
  readonly to: number;
  /** For castling, the rook's square (the king may also be dropped on it: king takes rook). */
  readonly rook: number | undefined;
  readonly promotion: Role | undefined;
  /** The role dropped (crazyhouse). */
  readonly drop: Role | undefined;
  readonly uci: string;
}

/** A position of one of the board's games. */
export interface PlayPosition {
  readonly variant: BoardVariant;
  readonly turn: Color;
  readonly halfmoves: number;
  readonly fullmoves: number;
  fen(): string;
  pieceAt(sq: number): Piece | undefined;
  moves(): readonly PlayMove[];
  play(move: PlayMove): PlayPosition;
  san(move: PlayMove): string;
  /** A move written in SAN or UCI (drops as `N@f3`), or undefined when no legal move is written so. */
  parseMove(text: string): PlayMove | undefined;
  isCheck(): boolean;
  /** The square of the side to move's king, if it has exactly one. */
  kingSquare(): number | undefined;
  /** The game's end by the position alone (no history). */
  outcome(): Outcome | undefined;
  /** Equal for the same position in the repetition sense (FIDE 9.2.2). */
  repetitionKey(): string;
  /** Crazyhouse: the pieces in hand, pawn … queen; undefined in other games. */
  pocket(color: Color): readonly number[] | undefined;
  /** Three-check: checks still to give; undefined in other games. */
  remainingChecks(): { white: number; black: number } | undefined;
}

class ChessMove implements PlayMove {
  readonly move: Move;
  constructor(move: Move) {
    this.move = move;
  }
  get from(): number {
    return this.move.from;
  }
  get to(): number {
    return this.move.to;
  }
  get rook(): number | undefined {
    return this.move.castlingRook;
  }
  get promotion(): Role | undefined {
    return this.move.promotion;
  }
  get drop(): Role | undefined {
    return undefined;
  }
  get uci(): string {
    return this.move.uci;
  }
}

export class ChessPlay implements PlayPosition {
  readonly variant: BoardVariant;
  readonly pos: Position;
  private cached: ChessMove[] | undefined;
  constructor(pos: Position, variant: BoardVariant) {
    this.pos = pos;
    this.variant = variant;
  }
  get turn(): Color {
    return this.pos.turn;
  }
  get halfmoves(): number {
    return this.pos.halfmoves;
  }
  get fullmoves(): number {
    return this.pos.fullmoves;
  }
  fen(): string {
    return makeFen(this.pos);
  }
  pieceAt(sq: number): Piece | undefined {
    return this.pos.pieceAt(sq);
  }
  moves(): readonly ChessMove[] {
    return (this.cached ??= this.pos.legalMoves().map((m) => new ChessMove(m)));
  }
  play(move: PlayMove): PlayPosition {
    return new ChessPlay((move as ChessMove).move.play(), this.variant);
  }
  san(move: PlayMove): string {
    return makeSan((move as ChessMove).move);
  }
  parseMove(text: string): PlayMove | undefined {
    const san = parseSan(this.pos, text);
    const found = san.ok ? san.value : (() => {
      const uci = parseUci(this.pos, text.toLowerCase());
      return uci.ok ? uci.value : undefined;
    })();
    return found === undefined ? undefined : this.moves().find((m) => m.move.code === found.code);
  }
  isCheck(): boolean {
    return this.pos.isCheck();
  }
  kingSquare(): number | undefined {
    return this.pos.king(this.pos.turn);
  }
  outcome(): Outcome | undefined {
    return positionOutcome(this.pos);
  }
  repetitionKey(): string {
    return repetitionKey(this.pos).toString(16);
  }
  pocket(): undefined {
    return undefined;
  }
  remainingChecks(): undefined {
    return undefined;
  }
}

class VariantPlayMove implements PlayMove {
  readonly move: VariantMove;
  constructor(move: VariantMove) {
    this.move = move;
  }
  get from(): number {
    return this.move.from;
  }
  get to(): number {
    return this.move.to;
  }
  get rook(): number | undefined {
    return this.move.castlingRook;
  }
  get promotion(): Role | undefined {
    return this.move.promotion;
  }
  get drop(): Role | undefined {
    return this.move.drop;
  }
  get uci(): string {
    return this.move.uci;
  }
}

export class VariantPlay implements PlayPosition {
  readonly pos: VariantPosition;
  private cached: VariantPlayMove[] | undefined;
  constructor(pos: VariantPosition) {
    this.pos = pos;
  }
  get variant(): BoardVariant {
    return this.pos.rules;
  }
  get turn(): Color {
    return this.pos.turn;
  }
  get halfmoves(): number {
    return this.pos.halfmoves;
  }
  get fullmoves(): number {
    return this.pos.fullmoves;
  }
  fen(): string {
    return this.pos.fen();
  }
  pieceAt(sq: number): Piece | undefined {
    const p = this.pos.pieceAt(sq);
    return p === undefined ? undefined : { color: p.color, role: p.role };
  }
  moves(): readonly VariantPlayMove[] {
    return (this.cached ??= this.pos.legalMoves().map((m) => new VariantPlayMove(m)));
  }
  play(move: PlayMove): PlayPosition {
    return new VariantPlay((move as VariantPlayMove).move.play());
  }
  san(move: PlayMove): string {
    return makeVariantSan((move as VariantPlayMove).move);
  }
  parseMove(text: string): PlayMove | undefined {
    const san = parseVariantSan(this.pos, text);
    const found = san.ok ? san.value : (() => {
      const uci = parseVariantUci(this.pos, /^[pnbrqk]@/i.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text.toLowerCase());
      return uci.ok ? uci.value : undefined;
    })();
    return found === undefined ? undefined : this.moves().find((m) => m.move.code === found.code);
  }
  isCheck(): boolean {
    return this.pos.isCheck();
  }
  kingSquare(): number | undefined {
    let found: number | undefined;
    for (let sq = 0; sq < 64; sq++) {
      const p = this.pos.pieceAt(sq);
      if (p !== undefined && p.role === 'king' && p.color === this.pos.turn) {
        if (found !== undefined) return undefined;
        found = sq;
      }
    }
    return found;
  }
  outcome(): Outcome | undefined {
    return this.pos.outcome();
  }
  repetitionKey(): string {
    // The FEN without its clocks: placement, pockets, side, castling, a legal en-passant square
    // only (the FEN writer's rule), checks to give: what makes positions the same (FIDE 9.2.2).
    return this.pos.fen().split(' ').slice(0, -2).join(' ');
  }
  pocket(color: Color): readonly number[] | undefined {
    return this.pos.rules === 'crazyhouse' ? this.pos.pocket(color) : undefined;
  }
  remainingChecks(): { white: number; black: number } | undefined {
    return this.pos.rules === '3check' ? this.pos.remainingChecks : undefined;
  }
}

/** Why a start could not be set up: shown to the user. */
export class StartError extends Error {
  override readonly name = 'StartError';
}

/** The start position of a game: chess960 by Scharnagl number (0..959), 518 being the standard one. */
export function startPosition(variant: BoardVariant, chess960Number = 518): PlayPosition {
  if (variant === 'chess') return new ChessPlay(Position.standard(), 'chess');
  if (variant === 'chess960') {
    if (!Number.isInteger(chess960Number) || chess960Number < 0 || chess960Number > 959) {
      throw new StartError(`Chess960 start: expected a number from 0 to 959, got ${chess960Number}`);
    }
    return new ChessPlay(Position.chess960Start(chess960Number), 'chess960');
  }
  return new VariantPlay(VariantPosition.default(variant as VariantRules));
}

/** A position from a FEN (lichess' dialect for the variants); a StartError naming the fault. */
export function positionFromFen(variant: BoardVariant, fen: string): PlayPosition {
  const text = fen.trim().replace(/\s+/g, ' ');
  if (variant === 'chess' || variant === 'chess960') {
    const r = readFen(text, { chess960: variant === 'chess960' ? true : 'auto' });
    if (!r.ok) throw new StartError(`FEN: ${r.error.message}`);
    return new ChessPlay(r.value, variant === 'chess' && r.value.chess960 ? 'chess960' : variant);
  }
  const r = VariantPosition.fromFen(variant as VariantRules, text);
  if (!r.ok) throw new StartError(`FEN: ${r.error.message}`);
  return new VariantPlay(r.value);
}

/** The roles a pocket holds, in its order. */
export const POCKET_ROLES: readonly Role[] = ROLES.slice(0, 5);
export { COLORS };
