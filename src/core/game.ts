/**
 * The one interface that tools (perft, solvers, enumeration) and the self-play environment see,
 * so each works for chess, Chess960, progressive chess and Paco Ŝako alike. States are mutable
 * buffers owned by the caller; `play` writes the successor into another buffer (copy-make).
 */
/**
 * Why a game ended, over every game caissa plays; each game gives the ones its rules have.
 * - `checkmate`: the side to move is in check and has no legal move (FIDE 5.1.1; progressive
 *   chess: at the start of its series).
 * - `stalemate`: no legal move and not in check (FIDE 5.2.1).
 * - `progressiveStalemate`: progressive chess, the side to move cannot complete its series.
 * - `insufficientMaterial`: no series of legal moves can mate (FIDE 5.2.2, dead position).
 * - `seventyFiveMoves`: 75 moves by each side without a capture or a pawn move (FIDE 9.6.2).
 * - `fivefoldRepetition`: the same position five times (FIDE 9.6.1); a history's rule.
 * - `paco`: Paco Ŝako, the opponent's king is united (the aim of the game); `timeout`: a win on
 *   time that the state records; `repetition`: its draw by repetition; `noLegalAction`: the
 *   side to act has no action and loses.
 * - `variantEnd`: a lichess variant's own end (an exploded king, no pieces or no moves in
 *   antichess, the horde gone, a king on the hill or on the eighth rank, the third check).
 * - `noProgress`: a draw for a long run without progress: Paco Ŝako's rule, progressive chess's
 *   10 quiet series, and the self-play environment's half-move limit.
 */
export type OutcomeReason =
  | 'checkmate'
  | 'stalemate'
  | 'progressiveStalemate'
  | 'insufficientMaterial'
  | 'seventyFiveMoves'
  | 'fivefoldRepetition'
  | 'repetition'
  | 'noProgress'
  | 'timeout'
  | 'paco'
  | 'noLegalAction'
  | 'variantEnd';

/** How a game ended: who won, if anyone, and why. */
export interface Outcome {
  /** The winner, or undefined for a draw. */
  readonly winner: 'white' | 'black' | undefined;
  /** Why the game ended. */
  readonly reason: OutcomeReason;
}

/**
 * A game over raw states, as tools (perft, enumeration, solvers) and the self-play environments
 * drive it: states are buffers of type `S`, actions integers, players 0 | 1, play unchecked.
 * Chess, Chess960, progressive chess and Paco Ŝako implement it.
 */
export interface Game<S> {
  /** `chess`, `chess960`, `progressive`, `paco`. */
  readonly id: string;
  /** Size of the fixed action space, for action masks. */
  readonly actionCount: number;
  /**
   * Writes the legal actions of `s` into `out` and returns how many; a RangeError if `out` has not
   * room for them all (chess needs 218 at most where the material is what promotions can make, but
   * up to 682 from a position the lenient reader accepted with more: `MAX_MOVES_ANY`, 768, always
   * holds them; Paco Ŝako 64).
   */
  legalActions(s: S, out: Int32Array): number;
  /** Writes the state after `action` into `into`. Trusted: `action` came from legalActions(s). */
  play(s: S, action: number, into: S): void;
  /** The player to act (may repeat across plies: series, chains). */
  currentPlayer(s: S): 0 | 1;
  /** The result if the game is over by its own rules (history-dependent draws are the caller's). */
  outcome(s: S): Outcome | undefined;
  /** A 64-bit identity as two int32 halves, written into `out[0..1]`. */
  hash(s: S, out: Int32Array): void;
  /** A fresh state buffer. */
  newState(): S;
}
