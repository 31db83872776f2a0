/**
 * The public variant position: immutable in use, backed by the variant words (`layout.ts`), with
 * moves bound to the position that generated them (as chess' `Position` and `Move`), so that
 * `move.play()` cannot fail.
 */
import { KING_ATTACKS } from '../../core/attacks.js';
import { lsb, popcount } from '../../core/bitboard.js';
import type { Outcome } from '../../core/game.js';
import { err, ok, type Result } from '../../core/result.js';
import { SquareSet } from '../../core/bitboard.js';
import { isSquare, parseSquare, squareName, type Square } from '../../core/square.js';
import { Board, boardFromWords, boardWords } from '../../chess/board.js';
import { castlingBits, type ByRole } from '../../chess/setup.js';
import { isSquareAttacked } from '../../chess/attacked.js';
import { W_CASTLING, W_EP, W_FULLMOVE, W_HALFMOVE, W_KEY, W_TURN } from '../../chess/layout.js';
import { MAX_MOVES_ANY, MOVE_CASTLE, MOVE_EN_PASSANT, moveKind } from '../../chess/move.js';
import { keyToBigInt } from '../../core/zobrist.js';
import { refreshVariantKey } from './key.js';
import { MAX_CLOCK } from '../../chess/setup.js';
import { BLACK, COLORS, KING, PAWN, ROLES, ROOK, WHITE, type Color, type Role } from '../../chess/types.js';
import { makeVariantBoardFen, makePocket, parseVariantFen, type VariantSetup } from './fen.js';
import { isInsufficientVariantMaterial } from './material.js';
import { W_CHECKS, W_POCKET, W_PROMOTED, VWORDS } from './layout.js';
import { dropRole, isDrop, MOVE_KING_PROMOTION } from './move.js';
import { generateVariant } from './movegen.js';
import { variantWinner } from './end.js';
import { applyVariantMove } from './play.js';
import {
  ANTICHESS, ATOMIC, CRAZYHOUSE, HORDE, RACING_KINGS, THREE_CHECK, VARIANT_RULES, variantIndex, type VariantRules,
} from './rules.js';
import type { FenError } from '../../notation/fen.js';

/** Why a variant setup is not a playable position (chessops' reasons, per variant). */
export const VARIANT_POSITION_ISSUES = [
  'inconsistentPlacement', // a square in two colours or roles, or a colour without a role
  'invalidSetupField', // turn, clocks, pockets or remaining checks out of their domain
  'emptyBoard',
  'kings', // the kings the variant needs are not there (or too many)
  'oppositeCheck', // the side not to move is in check
  'pawnsOnBackrank',
  'variantRule', // a rule of the variant's own: racing kings with pawns or a check, a king in a crazyhouse pocket, …
] as const;
/** One reason of VARIANT_POSITION_ISSUES. */
export type VariantPositionIssue = (typeof VARIANT_POSITION_ISSUES)[number];

/** A variant setup that is no playable position: every reason found. */
export interface VariantPositionError {
  /** Always `invalidPosition`. */
  readonly kind: 'invalidPosition';
  /** Every reason found, each once. */
  readonly issues: readonly VariantPositionIssue[];
  /** The reasons, for people. */
  readonly message: string;
}

const MOVE_TOKEN: unique symbol = Symbol('VariantMove');
const moveScratch = new Uint16Array(MAX_MOVES_ANY);

/** The start positions of the variants (lichess'). */
const START_FENS: Readonly<Record<VariantRules, string>> = {
  atomic: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  antichess: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1',
  crazyhouse: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
  horde: 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1',
  kingofthehill: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  racingkings: '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1',
  '3check': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1',
};

/** A move of a variant position, bound to it: `play()` cannot fail. */
export class VariantMove {
  /** The position this move is legal in. */
  readonly position: VariantPosition;
  /** The engine's 16-bit code (`chess/move.ts`, `variants/lichess/move.ts`). */
  readonly code: number;

  /**
   * Only the position creates moves (other callers get a TypeError).
   * @hidden
   */
  constructor(position: VariantPosition, code: number, token: typeof MOVE_TOKEN) {
    if (token !== MOVE_TOKEN) throw new TypeError('moves come from VariantPosition.legalMoves()');
    this.position = position;
    this.code = code;
  }

  /** The origin square; for a drop, the target square. */
  get from(): number {
    return this.code & 63;
  }

  /** The target square; for castling the king's destination (g- or c-file). */
  get to(): number {
    const to = (this.code >> 6) & 63;
    if (this.isCastle) return (this.from & 56) + (to > this.from ? 6 : 2);
    return to;
  }

  /** For castling, the square of the rook the king castles with. */
  get castlingRook(): number | undefined {
    return this.isCastle ? (this.code >> 6) & 63 : undefined;
  }

  /** The role a drop puts on the board (crazyhouse), else undefined. */
  get drop(): Role | undefined {
    return isDrop(this.code) ? ROLES[dropRole(this.code)] : undefined;
  }

  /** The promoted role (a king too in antichess), else undefined. */
  get promotion(): Role | undefined {
    const kind = moveKind(this.code);
    return kind >= 4 && kind <= MOVE_KING_PROMOTION ? ROLES[kind - 3] : undefined;
  }

  /** Whether the move castles. */
  get isCastle(): boolean {
    return moveKind(this.code) === MOVE_CASTLE;
  }

  /** Whether the move captures en passant. */
  get isEnPassant(): boolean {
    return moveKind(this.code) === MOVE_EN_PASSANT;
  }

  /** Whether the move captures (en passant included). */
  get isCapture(): boolean {
    if (this.isEnPassant) return true;
    if (this.isCastle || isDrop(this.code)) return false;
    const to = (this.code >> 6) & 63;
    const w = this.position.words;
    return ((w[2 * (w[W_TURN]! ^ 1) + (to >> 5)]! >>> (to & 31)) & 1) !== 0;
  }

  /** The role of the moving or dropped piece. */
  get role(): Role {
    return this.drop ?? this.position.pieceAt(this.from)!.role;
  }

  /** The position after this move. */
  play(): VariantPosition {
    const next = new Int32Array(VWORDS);
    next.set(this.position.words);
    const variant = variantIndex(this.position.rules);
    applyVariantMove(variant, next, 0, this.code);
    refreshVariantKey(variant, next, 0);
    return VariantPosition.fromWordsUnchecked(this.position.rules, next, this.position.chess960);
  }

  /** UCI: `e2e4`, `e7e8q`, `e7e8k` (antichess), `N@f3` (a drop); castling `e1g1` (Chess960: king takes rook). */
  get uci(): string {
    const drop = this.drop;
    if (drop !== undefined) return `${ROLES.indexOf(drop) === 0 ? 'P' : 'pnbrqk'[ROLES.indexOf(drop)]!.toUpperCase()}@${squareName(this.to)}`;
    const to = this.isCastle && this.position.chess960 ? this.castlingRook! : this.to;
    const promotion = this.promotion;
    return squareName(this.from) + squareName(to) + (promotion ? 'pnbrqk'[ROLES.indexOf(promotion)] : '');
  }

  /** The move in UCI. */
  toString(): string {
    return this.uci;
  }
}

/** A position of one of the seven lichess variants. */
export class VariantPosition {
  /** The variant (chessops' name). */
  readonly rules: VariantRules;
  /** The variant words (`layout.ts`): read-only, as chess' `Position.words`. */
  readonly words: Readonly<Int32Array>;
  /** Whether castling moves are written Chess960-style (king takes rook). */
  readonly chess960: boolean;

  private constructor(rules: VariantRules, words: Int32Array, chess960: boolean) {
    this.rules = rules;
    this.words = words;
    this.chess960 = chess960;
  }

  /** @internal Wraps words produced by play from a valid position. */
  static fromWordsUnchecked(rules: VariantRules, words: Int32Array, chess960: boolean): VariantPosition {
    return new VariantPosition(rules, words, chess960);
  }

  /** The variant's start position. */
  static default(rules: VariantRules): VariantPosition {
    const r = VariantPosition.fromFen(rules, START_FENS[rules]);
    if (!r.ok) throw new Error(`bug: ${rules} start position: ${r.error.message}`);
    return r.value;
  }

  /** Reads a FEN in lichess' dialect (see fen.ts) and validates it for the variant. */
  static fromFen(rules: VariantRules, fen: string): Result<VariantPosition, FenError | VariantPositionError> {
    const setup = parseVariantFen(fen);
    if (!setup.ok) return setup;
    return VariantPosition.fromSetup(rules, setup.value);
  }

  /**
   * Validates a setup for the variant, with chessops' rules: the kings the variant needs, no
   * opposite check, no pawns on the back ranks (a horde side's own first rank allowed), the
   * variant's own conditions. Castling rights without their king and rook, and an en-passant
   * square no double push explains, are dropped, as chessops does.
   */
  static fromSetup(rules: VariantRules, setup: VariantSetup): Result<VariantPosition, VariantPositionError> {
    const variant = variantIndex(rules);
    if (variant < 0) throw new RangeError(`not a variant: ${String(rules)}`);
    if (!(setup.board instanceof Board) || !(setup.castlingRights instanceof SquareSet)) return invalid(['invalidSetupField']);
    const turn = setup.turn === 'white' ? WHITE : setup.turn === 'black' ? BLACK : -1;
    const w = new Int32Array(VWORDS);
    w.set(boardWords(setup.board).subarray(0, 16));
    const issues = new Set<VariantPositionIssue>();
    if (!placementIsBoard(w)) return invalid(['inconsistentPlacement']);
    if (turn < 0 ||
      !Number.isInteger(setup.halfmoves) || setup.halfmoves < 0 || setup.halfmoves > MAX_CLOCK ||
      !Number.isInteger(setup.fullmoves) || setup.fullmoves < 1 || setup.fullmoves > MAX_CLOCK) {
      return invalid(['invalidSetupField']);
    }
    w[W_TURN] = turn;
    w[W_HALFMOVE] = setup.halfmoves;
    w[W_FULLMOVE] = setup.fullmoves;
    w[W_EP] = -1;
    for (let c = 0; c < 2; c++) {
      const pocket = setup.pockets?.[COLORS[c]!];
      for (let r = 0; r < 6; r++) {
        const n = pocket?.[ROLES[r]!] ?? 0;
        if (!Number.isInteger(n) || n < 0 || n > 64) return invalid(['invalidSetupField']);
        // A king in hand: crazyhouse has none (§3.1).
        if (r === KING) {
          if (n > 0 && variant === CRAZYHOUSE) issues.add('variantRule');
        } else if (variant === CRAZYHOUSE) w[W_POCKET + 5 * c + r] = n;
      }
    }
    for (let c = 0; c < 2; c++) {
      const n = setup.remainingChecks === undefined ? 3 : setup.remainingChecks[COLORS[c]!];
      if (!Number.isInteger(n) || n < 0 || n > 3) return invalid(['invalidSetupField']);
      w[W_CHECKS + c] = variant === THREE_CHECK ? n : 3;
    }
    if (variant === CRAZYHOUSE) {
      // Promoted marks only on pieces that can be promoted ones (not kings or pawns).
      const promoted = setup.promoted ?? SquareSet.empty();
      if (!(promoted instanceof SquareSet)) return invalid(['invalidSetupField']);
      w[W_PROMOTED] = promoted.lo & (w[0]! | w[2]!) & ~w[4]! & ~w[14]!;
      w[W_PROMOTED + 1] = promoted.hi & (w[1]! | w[3]!) & ~w[5]! & ~w[15]!;
      let inHand = 0;
      for (let c = 0; c < 2; c++) for (let r = 0; r < 5; r++) inHand += w[W_POCKET + 5 * c + r]!;
      if (inHand + popcount(w[0]! | w[2]!) + popcount(w[1]! | w[3]!) > 64) issues.add('variantRule');
    }

    const kings = [kingCount(w, WHITE), kingCount(w, BLACK)];
    const us = turn;
    const them = us ^ 1;
    if ((w[0]! | w[1]! | w[2]! | w[3]!) === 0) issues.add('emptyBoard');
    if (variant === ATOMIC) {
      if (kings[them] !== 1 || kings[us]! > 1) issues.add('kings');
    } else if (variant === HORDE) {
      if (kings[0]! + kings[1]! !== 1) issues.add('kings');
    } else if (variant !== ANTICHESS) {
      if (kings[0] !== 1 || kings[1] !== 1) issues.add('kings');
    }
    // Pawns on a back rank: in horde a side without a king may have pawns on its own first rank.
    for (let c = 0; c < 2; c++) {
      const pLo = w[4]! & w[2 * c]!;
      const pHi = w[5]! & w[2 * c + 1]!;
      const hordeSide = variant === HORDE && kings[c] === 0;
      const bad = hordeSide ? (c === WHITE ? pHi & (0xff000000 | 0) : pLo & 0xff) : (pLo & 0xff) | (pHi & (0xff000000 | 0));
      if (bad !== 0) issues.add('pawnsOnBackrank');
    }
    if (variant === RACING_KINGS && (w[4]! | w[5]!) !== 0) issues.add('variantRule');

    w[W_CASTLING] = variant === ANTICHESS || variant === RACING_KINGS ? 0 : validCastling(w, castlingBits(setup.castlingRights));
    const ep = typeof setup.epSquare === 'string' ? parseSquare(setup.epSquare) : setup.epSquare;
    if (ep !== undefined && validEp(w, ep)) w[W_EP] = ep;

    if (!issues.has('kings')) {
      const pos = new VariantPosition(rules, w, false);
      if (attacksKing(variant, w, us)) issues.add('oppositeCheck');
      if (variant === RACING_KINGS && pos.isCheck()) issues.add('variantRule');
    }
    if (issues.size > 0) return invalid(VARIANT_POSITION_ISSUES.filter((i) => issues.has(i)));
    refreshVariantKey(variant, w, 0);
    const standard = standardCastling(w);
    return ok(new VariantPosition(rules, w, !standard));
  }

  /** The setup of this position: `VariantPosition.fromSetup(pos.rules, pos.toSetup())` gives it back. */
  toSetup(): VariantSetup {
    const w = this.words;
    const byRole = (c: number): ByRole<number> => ({
      pawn: w[W_POCKET + 5 * c]!, knight: w[W_POCKET + 5 * c + 1]!, bishop: w[W_POCKET + 5 * c + 2]!, rook: w[W_POCKET + 5 * c + 3]!, queen: w[W_POCKET + 5 * c + 4]!, king: 0,
    });
    const rooks = w[W_CASTLING]!;
    return {
      board: this.board,
      turn: this.turn,
      castlingRights: new SquareSet(rooks & 0xff, ((rooks >> 8) & 0xff) << 24),
      epSquare: this.legalEpSquare(),
      halfmoves: this.halfmoves,
      fullmoves: this.fullmoves,
      pockets: this.rules === 'crazyhouse' ? { white: byRole(WHITE), black: byRole(BLACK) } : undefined,
      remainingChecks: this.rules === '3check' ? this.remainingChecks : undefined,
      promoted: this.rules === 'crazyhouse' ? new SquareSet(w[W_PROMOTED]!, w[W_PROMOTED + 1]!) : undefined,
    };
  }

  /** The pieces on the board. */
  get board(): Board {
    return boardFromWords(this.words.subarray(0, 16));
  }

  /**
   * The legal destinations of each piece of the side to move that has a legal move, as chess'
   * `Position.dests` (castling as the king's move onto its rook). Drops are left out, as chessops
   * leaves them out of its dests: a drop has no origin square (`legalMoves()` lists them,
   * `move.drop` names the role).
   */
  dests(): Map<Square, SquareSet> {
    const n = generateVariant(variantIndex(this.rules), this.words as Int32Array, 0, moveScratch, 0);
    const lo = new Int32Array(64);
    const hi = new Int32Array(64);
    const froms: number[] = [];
    for (let i = 0; i < n; i++) {
      const code = moveScratch[i]!;
      if (isDrop(code)) continue;
      const from = code & 63;
      const to = (code >> 6) & 63;
      if ((lo[from]! | hi[from]!) === 0) froms.push(from);
      if (to < 32) lo[from]! |= 1 << to;
      else hi[from]! |= 1 << (to - 32);
    }
    froms.sort((a, b) => a - b);
    return new Map(froms.map((from) => [from as Square, new SquareSet(lo[from]!, hi[from]!)]));
  }

  /** The side to move. */
  get turn(): Color {
    return COLORS[this.words[W_TURN]!]!;
  }

  /** The halfmove clock, FEN's fifth field. */
  get halfmoves(): number {
    return this.words[W_HALFMOVE]!;
  }

  /** The move number, FEN's sixth field: incremented after Black's move. */
  get fullmoves(): number {
    return this.words[W_FULLMOVE]!;
  }

  /** The pieces in hand of a colour, by role (pawn … queen): crazyhouse; zeros elsewhere. */
  pocket(color: Color): number[] {
    const c = COLORS.indexOf(color);
    if (c < 0) throw new RangeError(`not a colour: ${String(color)}`);
    return Array.from(this.words.subarray(W_POCKET + 5 * c, W_POCKET + 5 * c + 5));
  }

  /** The checks each colour still has to give (three-check; 3 and 3 elsewhere). */
  get remainingChecks(): {
    /** Checks White still has to give to win. */
    white: number;
    /** Checks Black still has to give to win. */
    black: number;
  } {
    return { white: this.words[W_CHECKS]!, black: this.words[W_CHECKS + 1]! };
  }

  /** The piece on a square, with whether it is a promoted one (crazyhouse). */
  pieceAt(sq: number): {
    /** The piece's colour. */
    color: Color;
    /** The piece's kind. */
    role: Role;
    /** Whether it is a promoted pawn (crazyhouse: captured, it goes to the pocket as a pawn). */
    promoted: boolean;
  } | undefined {
    if (!isSquare(sq)) throw new RangeError(`pieceAt: not a square (0..63): ${sq}`);
    const w = this.words;
    const h = sq >> 5;
    const bit = 1 << (sq & 31);
    const color: number = (w[h]! & bit) !== 0 ? 0 : (w[2 + h]! & bit) !== 0 ? 1 : -1;
    if (color < 0) return undefined;
    let role = 0;
    while ((w[4 + 2 * role + h]! & bit) === 0) role++;
    return { color: COLORS[color]!, role: ROLES[role]!, promoted: (w[W_PROMOTED + h]! & bit) !== 0 };
  }

  /**
   * The position's Zobrist key as an unsigned 64-bit BigInt: the Polyglot key of its pieces,
   * castling rights, en-passant file and side to move, with the pockets and promoted pieces
   * (crazyhouse) and the remaining checks (three-check) mixed in (key.ts), so that positions
   * differing only there differ in key. For repetition counts over a game's positions.
   */
  key(): bigint {
    return keyToBigInt(this.words[W_KEY]!, this.words[W_KEY + 1]!);
  }

  /** The legal moves (none once the game is over by the variant's own rule). */
  legalMoves(): VariantMove[] {
    const n = generateVariant(variantIndex(this.rules), this.words as Int32Array, 0, moveScratch, 0);
    const moves: VariantMove[] = [];
    for (let i = 0; i < n; i++) moves.push(new VariantMove(this, moveScratch[i]!, MOVE_TOKEN));
    return moves;
  }

  /** How many legal moves there are (counted, not listed). */
  countLegalMoves(): number {
    return generateVariant(variantIndex(this.rules), this.words as Int32Array, 0, null, 0);
  }

  /** The legal move with this code, or undefined. */
  moveFromCode(code: number): VariantMove | undefined {
    const n = generateVariant(variantIndex(this.rules), this.words as Int32Array, 0, moveScratch, 0);
    for (let i = 0; i < n; i++) if (moveScratch[i] === code) return new VariantMove(this, code, MOVE_TOKEN);
    return undefined;
  }

  /**
   * Whether the side to move is in check in the variant's sense: never in antichess or for a
   * side without a king; in atomic only by a piece other than the king, and never while the
   * kings stand side by side (docs/rules/variants.md §1.3).
   */
  isCheck(): boolean {
    const w = this.words as Int32Array;
    const us = w[W_TURN]!;
    return attacksKing(variantIndex(this.rules), w, us ^ 1);
  }

  /**
   * The end of the game by the position alone: the variant's own end (`variantEnd`), checkmate,
   * stalemate (a win for the side to move in antichess), or insufficient material as the variant
   * defines it; undefined while the game goes on. Repetitions and the fifty-move rule are the
   * history's.
   */
  outcome(): Outcome | undefined {
    const variant = variantIndex(this.rules);
    const w = this.words as Int32Array;
    const winner = variantWinner(variant, w, 0);
    if (winner >= 0) return { winner: winner === 2 ? undefined : COLORS[winner], reason: 'variantEnd' };
    if (this.countLegalMoves() === 0) {
      if (variant === ANTICHESS) return { winner: COLORS[w[W_TURN]!], reason: 'variantEnd' };
      if (this.isCheck()) return { winner: COLORS[w[W_TURN]! ^ 1], reason: 'checkmate' };
      return { winner: undefined, reason: 'stalemate' };
    }
    if (isInsufficientVariantMaterial(variant, w, 0, WHITE) && isInsufficientVariantMaterial(variant, w, 0, BLACK)) {
      return { winner: undefined, reason: 'insufficientMaterial' };
    }
    return undefined;
  }

  /** Whether `color` can no longer win by any series of legal moves (the variant's definition). */
  hasInsufficientMaterial(color: Color): boolean {
    const c = COLORS.indexOf(color);
    if (c < 0) throw new RangeError(`not a colour: ${String(color)}`);
    return isInsufficientVariantMaterial(variantIndex(this.rules), this.words as Int32Array, 0, c);
  }

  /** The en-passant square when an en-passant capture is legal, else undefined. */
  legalEpSquare(): number | undefined {
    const ep = this.words[W_EP]!;
    if (ep < 0) return undefined;
    const n = generateVariant(variantIndex(this.rules), this.words as Int32Array, 0, moveScratch, 0);
    for (let i = 0; i < n; i++) if (moveKind(moveScratch[i]!) === MOVE_EN_PASSANT) return ep;
    return undefined;
  }

  /** The FEN in lichess' dialect: pockets and `~` in crazyhouse, `3+3` in three-check. */
  fen(): string {
    const w = this.words as Int32Array;
    const variant = variantIndex(this.rules);
    let board = makeVariantBoardFen(w, variant === CRAZYHOUSE ? w[W_PROMOTED]! : 0, variant === CRAZYHOUSE ? w[W_PROMOTED + 1]! : 0);
    if (variant === CRAZYHOUSE) board += `[${makePocket([this.pocket('white'), this.pocket('black')])}]`;
    const ep = this.legalEpSquare();
    const fields = [board, w[W_TURN] === 0 ? 'w' : 'b', makeCastling(w), ep === undefined ? '-' : squareName(ep)];
    if (variant === THREE_CHECK) fields.push(`${w[W_CHECKS]}+${w[W_CHECKS + 1]}`);
    fields.push(String(w[W_HALFMOVE]), String(w[W_FULLMOVE]));
    return fields.join(' ');
  }
}

function invalid(issues: readonly VariantPositionIssue[]): Result<never, VariantPositionError> {
  return err({ kind: 'invalidPosition', issues, message: `invalid position: ${issues.join(', ')}` });
}

function kingCount(w: Int32Array, color: number): number {
  return popcount(w[14]! & w[2 * color]!) + popcount(w[15]! & w[2 * color + 1]!);
}

function kingSquareOf(w: Int32Array, color: number): number {
  const lo = w[14]! & w[2 * color]!;
  if (lo !== 0) return lsb(lo);
  const hi = w[15]! & w[2 * color + 1]!;
  return hi !== 0 ? 32 + lsb(hi) : -1;
}

/**
 * Whether `by` gives check to the other side's king in the variant's sense (see `isCheck`).
 */
function attacksKing(variant: number, w: Int32Array, by: number): boolean {
  if (variant === ANTICHESS) return false;
  const k = kingSquareOf(w, by ^ 1);
  if (k < 0 || kingCount(w, by ^ 1) !== 1) return false;
  const occLo = w[0]! | w[2]!;
  const occHi = w[1]! | w[3]!;
  let byLo = w[2 * by]!;
  let byHi = w[2 * by + 1]!;
  if (variant === ATOMIC) {
    const theirs = kingSquareOf(w, by);
    if (theirs < 0) return false;
    if ((((KING_ATTACKS[2 * k + (theirs >> 5)]! >>> (theirs & 31)) & 1)) !== 0) return false;
    byLo &= ~w[14]!;
    byHi &= ~w[15]!;
  }
  return isSquareAttacked(w, 0, k, by, byLo, byHi, occLo, occHi);
}

/** Whether the placement words are a board (each square one colour and one role, or none). */
function placementIsBoard(w: Int32Array): boolean {
  for (let h = 0; h < 2; h++) {
    if ((w[h]! & w[2 + h]!) !== 0) return false;
    let roles = 0;
    for (let r = 0; r < 6; r++) {
      if ((roles & w[4 + 2 * r + h]!) !== 0) return false;
      roles |= w[4 + 2 * r + h]!;
    }
    if (roles !== (w[h]! | w[2 + h]!)) return false;
  }
  return true;
}

/** The rights backed by the colour's one king on its back rank and a rook on the named square. */
function validCastling(w: Int32Array, rights: number): number {
  let valid = 0;
  for (let c = 0; c < 2; c++) {
    const files = (rights >> (8 * c)) & 0xff;
    if (files === 0 || kingCount(w, c) !== 1) continue;
    const k = kingSquareOf(w, c);
    const back = c === 0 ? 0 : 56;
    if (k >> 3 !== back >> 3) continue;
    for (let f = 0; f < 8; f++) {
      if ((files & (1 << f)) === 0 || f === (k & 7)) continue;
      const sq = back + f;
      if (((w[2 * c + (sq >> 5)]! & w[4 + 2 * ROOK + (sq >> 5)]!) >>> (sq & 31) & 1) !== 0) valid |= 1 << (8 * c + f);
    }
  }
  return valid;
}

/** Whether every right is the standard one (king on e1/e8, rook on the a- or h-file). */
function standardCastling(w: Int32Array): boolean {
  const rights = w[W_CASTLING]!;
  for (let c = 0; c < 2; c++) {
    const files = (rights >> (8 * c)) & 0xff;
    if (files === 0) continue;
    if ((files & ~0x81) !== 0 || kingSquareOf(w, c) !== (c === 0 ? 4 : 60)) return false;
  }
  return true;
}

/** An en-passant square a double push explains: on the right rank, empty behind, their pawn in front. */
function validEp(w: Int32Array, ep: number): boolean {
  if (!isSquare(ep)) return false;
  const us = w[W_TURN]!;
  if (ep >> 3 !== (us === WHITE ? 5 : 2)) return false;
  const occ = (sq: number): boolean => (((w[sq >> 5]! | w[2 + (sq >> 5)]!) >>> (sq & 31)) & 1) !== 0;
  const pushedTo = us === WHITE ? ep - 8 : ep + 8;
  const pushedFrom = us === WHITE ? ep + 8 : ep - 8;
  const theirPawn = (((w[2 * (us ^ 1) + (pushedTo >> 5)]! & w[4 + 2 * PAWN + (pushedTo >> 5)]!) >>> (pushedTo & 31)) & 1) !== 0;
  return !occ(pushedFrom) && theirPawn;
}

/** Castling letters: KQkq for the outermost rooks, file letters otherwise (Shredder-style). */
function makeCastling(w: Int32Array): string {
  const rights = w[W_CASTLING]!;
  let out = '';
  for (const c of [WHITE, BLACK]) {
    const files = (rights >> (8 * c)) & 0xff;
    if (files === 0) continue;
    const k = kingSquareOf(w, c) & 7;
    const back = c === 0 ? 0 : 56;
    const rookOn = (f: number): boolean => (((w[2 * c + (back >> 5)]! & w[4 + 2 * ROOK + (back >> 5)]!) >>> ((back + f) & 31)) & 1) !== 0;
    for (let f = 7; f >= 0; f--) {
      if ((files & (1 << f)) === 0) continue;
      const hSide = f > k;
      let outermost = true;
      for (let g = hSide ? f + 1 : f - 1; g >= 0 && g <= 7; g += hSide ? 1 : -1) if (rookOn(g)) outermost = false;
      let letter = outermost ? (hSide ? 'k' : 'q') : 'abcdefgh'[f]!;
      if (c === WHITE) letter = letter.toUpperCase();
      out += letter;
    }
  }
  return out || '-';
}

void KING;
void VARIANT_RULES;
