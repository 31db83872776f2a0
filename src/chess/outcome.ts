/**
 * How a chess game ends (FIDE Laws, art. 5 and 9):
 * - 5.1.1 checkmate; 5.2.1 stalemate;
 * - 5.2.2 dead position, recognised here in its usual material form: no pawns, rooks or queens,
 *   and either at most one minor piece on the board or only bishops, all on squares of one colour;
 * - 9.6.2 seventy-five moves (150 plies) without capture or pawn move ends the game, unless the
 *   last move mated; 9.3 fifty moves (100 plies) lets a player claim a draw;
 * - 9.6.1 the same position five times ends the game; 9.2 three times lets a player claim.
 * Positions are the same (9.2.2) with the same pieces on the same squares, the same side to move,
 * the same castling rights and the same possible en-passant captures.
 */
import { popcount } from '../core/bitboard.js';
import type { Outcome } from '../core/game.js';
import { ZOBRIST, ZOBRIST_EP_FILE } from '../core/zobrist.js';
import { W_EP, W_HALFMOVE, W_TURN } from './layout.js';
import { polyglotEpCounts } from './play.js';
import { polyglotKeyHalves } from './polyglot.js';
import type { Move, Position } from './position.js';

export type { Outcome };

const DARK = 0xaa55aa55 | 0; // a1, c1, …, b2, … in each half

/** Whether neither side can ever mate (the material form of FIDE 5.2.2). */
export function isInsufficientMaterial(w: Int32Array): boolean {
  if ((w[4]! | w[5]! | w[10]! | w[11]! | w[12]! | w[13]!) !== 0) return false;
  const knights = popcount(w[6]!) + popcount(w[7]!);
  const bishopLo = w[8]!;
  const bishopHi = w[9]!;
  const bishops = popcount(bishopLo) + popcount(bishopHi);
  if (knights + bishops <= 1) return true;
  if (knights > 0) return false;
  const onDark = popcount(bishopLo & DARK) + popcount(bishopHi & DARK);
  return onDark === 0 || onDark === bishops;
}

/**
 * Whether side `color` (0 white, 1 black) cannot checkmate by any series of legal moves, even
 * helped by the other side's worst moves: the question of FIDE Laws 6.9 when the other side's
 * flag falls (a draw rather than a loss) and, for both sides, of 9.6 (dead position). Decided on
 * the material alone, in the convention lichess uses for flag falls:
 * - a pawn, rook or queen can mate (a pawn can promote);
 * - a bare king cannot;
 * - a lone knight mates only against a king hemmed in by its own pieces; a queen does not count
 *   as such a piece (next to its king, where a block must be, it can take the knight);
 * - bishops with no knight mate only if the squares of the other colour hold something: a pawn or
 *   a knight on the board, or a bishop on the other colour (a king hemmed in on one colour's
 *   squares by its own rooks or queens can always interpose or capture, as above);
 * - two pieces that include a knight can mate with help.
 * Positions that are dead only because of the pawn structure (blocked pawns) are not recognised.
 */
export function cannotMate(w: Readonly<Int32Array>, color: number): boolean {
  const ownLo = w[2 * color]!;
  const ownHi = w[2 * color + 1]!;
  if (((w[4]! | w[10]! | w[12]!) & ownLo) !== 0 || ((w[5]! | w[11]! | w[13]!) & ownHi) !== 0) return false;
  const own = popcount(ownLo) + popcount(ownHi);
  if ((w[6]! & ownLo) !== 0 || (w[7]! & ownHi) !== 0) {
    // A knight: alone with the king, against a king with nothing but queens to block with.
    const otherLo = w[2 * (color ^ 1)]! & ~(w[14]! | w[12]!);
    const otherHi = w[2 * (color ^ 1) + 1]! & ~(w[15]! | w[13]!);
    return own <= 2 && (otherLo | otherHi) === 0;
  }
  if ((w[8]! & ownLo) !== 0 || (w[9]! & ownHi) !== 0) {
    const onDark = ((w[8]! & DARK) | (w[9]! & DARK)) !== 0;
    const onLight = ((w[8]! & ~DARK) | (w[9]! & ~DARK)) !== 0;
    return !(onDark && onLight) && (w[4]! | w[5]! | w[6]! | w[7]!) === 0;
  }
  return true;
}

/** The game-ending result of a position by itself (no history): mate, stalemate, dead, 75 moves. */
export function positionOutcome(pos: Position): Outcome | undefined {
  const w = pos.words;
  if (pos.countLegalMoves() === 0) {
    if (pos.isCheck()) return { winner: w[W_TURN] === 0 ? 'black' : 'white', reason: 'checkmate' };
    return { winner: undefined, reason: 'stalemate' };
  }
  if (isInsufficientMaterial(w)) return { winner: undefined, reason: 'insufficientMaterial' };
  if (w[W_HALFMOVE]! >= 150) return { winner: undefined, reason: 'seventyFiveMoves' };
  return undefined;
}

const keyHalves = new Int32Array(2);

/**
 * The key two positions share exactly when they are the same position in FIDE's sense: the
 * Polyglot key, without its en-passant file when no legal en-passant capture exists.
 */
export function repetitionKey(pos: Position): bigint {
  const w = pos.words;
  polyglotKeyHalves(pos, keyHalves);
  let lo = keyHalves[0]!;
  let hi = keyHalves[1]!;
  const ep = w[W_EP]!;
  if (ep >= 0 && polyglotEpCounts(w, 0, ep) && pos.legalEpSquare() === undefined) {
    lo ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7))]!;
    hi ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7)) + 1]!;
  }
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/**
 * A game's positions in order, for the history-dependent rules. Only positions since the last
 * irreversible move can repeat, so counting looks back `halfmoves` plies at most.
 */
export class GameHistory {
  private readonly keys: bigint[] = [];
  private readonly positions: Position[] = [];

  constructor(start: Position) {
    this.push(start);
  }

  /**
   * Plays `move`, which must come from the current position (`current.legalMoves()`, `parseSan`
   * or `parseUci` on `current`), and returns the new current position. A move of any other
   * position is a RangeError: it would break the history that repetition counts on.
   */
  play(move: Move): Position {
    if (move.position !== this.current) throw new RangeError(`GameHistory.play: ${move.uci} comes from another position than the current one`);
    const next = move.play();
    this.push(next);
    return next;
  }

  /** Appends a position, which the caller vouches follows the current one by one move. */
  push(pos: Position): void {
    this.positions.push(pos);
    this.keys.push(repetitionKey(pos));
  }

  /**
   * Takes back the last move (or pushed position) and returns the position now current, or
   * undefined when only the starting position is left (nothing is taken back then).
   */
  undo(): Position | undefined {
    if (this.positions.length === 1) return undefined;
    this.positions.pop();
    this.keys.pop();
    return this.current;
  }

  /** The last position of the game. */
  get current(): Position {
    return this.positions[this.positions.length - 1]!;
  }

  /** How many times the current position has occurred (itself included). */
  repetitions(): number {
    const last = this.keys.length - 1;
    const key = this.keys[last]!;
    const lookBack = Math.min(last, this.current.halfmoves);
    let count = 1;
    for (let i = last - 2; i >= last - lookBack; i -= 2) if (this.keys[i] === key) count++;
    return count;
  }

  /** The automatic result: the position's own, or fivefold repetition (9.6.1). */
  outcome(): Outcome | undefined {
    const own = positionOutcome(this.current);
    if (own !== undefined && own.reason === 'checkmate') return own;
    if (this.repetitions() >= 5) return { winner: undefined, reason: 'fivefoldRepetition' };
    return own;
  }

  /**
   * A draw the player to move may claim now: threefold repetition (9.2) or fifty moves (9.3).
   * None once the game has ended (a checkmate ends it at once, 5.1.1: too late to claim).
   */
  claimableDraw(): 'threefoldRepetition' | 'fiftyMoves' | undefined {
    if (this.outcome() !== undefined) return undefined;
    if (this.repetitions() >= 3) return 'threefoldRepetition';
    if (this.current.halfmoves >= 100) return 'fiftyMoves';
    return undefined;
  }
}
