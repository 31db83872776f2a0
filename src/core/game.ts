/**
 * The one interface that tools (perft, solvers, enumeration) and the self-play environment see,
 * so each works for chess, Chess960, progressive chess and Paco Ŝako alike. States are mutable
 * buffers owned by the caller; `play` writes the successor into another buffer (copy-make).
 */
export interface Outcome {
  /** 0 white, 1 black, undefined for a draw. */
  readonly winner: 0 | 1 | undefined;
  /** Why the game ended, e.g. `checkmate`, `stalemate`, `insufficientMaterial`. */
  readonly reason: string;
}

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
