/**
 * The rules of a series, on the compact state of `state.ts` (docs/rules/progressive.md §1, sources there):
 *
 * - Moves are orthodox-legal for the mover; the opponent does not move in between, so every
 *   intermediate position must be legal for the mover ([JG15], [TET] rules.md).
 * - A player in check must escape with the first move of the series ([WP], [WB], [ITWP]); the
 *   orthodox generator only offers evasions then.
 * - En passant only as the first move of a series, against pawns that double-stepped in the
 *   opponent's previous series and did not move again; several targets can coexist ([WP], [WB],
 *   [ITWP], [JG15]).
 * - Italian: a move that gives check is legal only as the last move of the series ([WP],
 *   [JG15]). Scottish: a check is legal on any move and ends the series ([WP], [WB], [JAR]).
 * - A player with no legal move during the series is stalemated, a draw; the series is not cut
 *   short ([JG15], [WP] "progressive stalemate"). Mate: in check at the start of the series and
 *   no legal first move — under Italian rules a first move of a longer series that gives check
 *   is not legal, so "every escape gives check" is mate ("Italian mate", [WP], [JG15]).
 * - No-progress draw: 10 consecutive series without capture or pawn move ([WP], [WB], [ITWP]).
 *
 * Everything works in place on `w[p..p + P_WORDS]` and allocates nothing.
 */
import { ZOBRIST, ZOBRIST_EP_FILE, ZOBRIST_WHITE_TO_MOVE } from '../../core/zobrist.js';
import { PAWN_ATTACKS } from '../../core/attacks.js';
import { W_EP, W_FULLMOVE, W_HALFMOVE, W_KEY, W_TURN } from '../../chess/layout.js';
import { MAX_MOVES_ANY, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT } from '../../chess/move.js';
import { generateLegal } from '../../chess/movegen.js';
import { applyMove, polyglotEpCounts } from '../../chess/play.js';
import { CHECK_INFO_WORDS, givesCheck, inCheck, opponentInCheck, prepareCheckInfo } from './check.js';
import { ITALIAN, P_EP, P_LEFT, P_QUIET, P_RULES, P_SERIES, SCOTTISH } from './state.js';

const epScratch = new Uint16Array(MAX_MOVES_ANY);
const info = new Int32Array(CHECK_INFO_WORDS);

/**
 * Adds the en-passant captures of the targets in `targets` (a byte of `P_EP`, made by colour
 * `them`) to `out[o + n..]`; returns the new count. A target counts while its square is empty
 * and the pawn that passed it still stands in front of it.
 */
function addEnPassant(w: Int32Array, p: number, targets: number, them: number, out: Uint16Array, o: number, n: number): number {
  const occLo = w[p]! | w[p + 2]!;
  const occHi = w[p + 1]! | w[p + 3]!;
  while (targets !== 0) {
    const f = 31 - Math.clz32(targets & -targets);
    targets &= targets - 1;
    const ep = them === 0 ? 16 + f : 40 + f;
    const pawnSq = them === 0 ? ep + 8 : ep - 8;
    if (((ep < 32 ? occLo : occHi) & (1 << (ep & 31))) !== 0) continue;
    if ((w[p + 2 * them + (pawnSq >> 5)]! & w[p + 4 + (pawnSq >> 5)]! & (1 << (pawnSq & 31))) === 0) continue;
    // Quick filter: a pawn of ours must attack the target square.
    const us = them ^ 1;
    const ai = 128 * them + 2 * ep;
    if (((PAWN_ATTACKS[ai]! & w[p + 4]! & w[p + 2 * us]!) | (PAWN_ATTACKS[ai + 1]! & w[p + 5]! & w[p + 2 * us + 1]!)) === 0) continue;
    // Let the orthodox generator decide legality with this one en-passant square.
    w[p + W_EP] = ep;
    const m = generateLegal(w, p, epScratch, 0);
    w[p + W_EP] = -1;
    for (let i = 0; i < m; i++) {
      const move = epScratch[i]!;
      if (move >> 12 === MOVE_EN_PASSANT) out[o + n++] = move;
    }
  }
  return n;
}

/**
 * Generates the orthodox-legal moves of the side to move, with the en-passant captures allowed
 * on the first move of a series, into `out[o..]`; returns how many. No series filter.
 */
export function generateOrthodox(w: Int32Array, p: number, out: Uint16Array, o: number): number {
  let n = generateLegal(w, p, out, o);
  if (w[p + P_LEFT] === w[p + P_SERIES]) {
    const them = w[p + W_TURN]! ^ 1;
    const targets = (w[p + P_EP]! >> (8 * them)) & 0xff;
    if (targets !== 0) n = addEnPassant(w, p, targets, them, out, o, n);
  }
  return n;
}

/**
 * The legal moves of the next step of the series at `w[p..]` into `out[o..]`; returns how many.
 * Italian rules drop checking moves unless this is the last move of the series.
 */
export function generateSeries(w: Int32Array, p: number, out: Uint16Array, o: number): number {
  let n = generateOrthodox(w, p, out, o);
  if (w[p + P_RULES] === ITALIAN && w[p + P_LEFT]! > 1 && n > 0) {
    // Italian: no check before the last move of the series.
    prepareCheckInfo(w, p, info, 0);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const move = out[o + i]!;
      if (!givesCheck(w, p, info, 0, move)) out[o + k++] = move;
    }
    n = k;
  }
  return n;
}

/**
 * Plays one move of the series in place (`move` from generateSeries for this state). When the
 * series is complete, or a Scottish check ends it, the turn passes to the opponent.
 */
export function playSeriesMove(w: Int32Array, p: number, move: number): void {
  const us = w[p + W_TURN]!;
  const them = us ^ 1;
  const first = w[p + P_LEFT] === w[p + P_SERIES];
  applyMove(w, p, move);
  // The core stores an en-passant square after a double push and folds it into the Polyglot
  // key; progressive state keeps its targets in P_EP, so undo that.
  const ep = w[p + W_EP]!;
  if (ep >= 0) {
    if (polyglotEpCounts(w, p, ep)) {
      w[p + W_KEY]! ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7))]!;
      w[p + W_KEY + 1]! ^= ZOBRIST[2 * (ZOBRIST_EP_FILE + (ep & 7)) + 1]!;
    }
    w[p + W_EP] = -1;
  }
  // The same side keeps moving within the series.
  w[p + W_TURN] = us;
  w[p + W_KEY]! ^= ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE]!;
  w[p + W_KEY + 1]! ^= ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE + 1]!;

  let eps = w[p + P_EP]!;
  // The opponent's targets are usable on the first move only.
  if (first) eps &= ~(0xff << (8 * them));
  const from = move & 63;
  // Our own target expires when its pawn moves again (it stands on rank 4 / rank 5).
  if (from >> 3 === (us === 0 ? 3 : 4)) eps &= ~(1 << (8 * us + (from & 7)));
  if (move >> 12 === MOVE_DOUBLE_PUSH) eps |= 1 << (8 * us + (from & 7));
  w[p + P_EP] = eps;
  // applyMove resets the halfmove clock on a capture or a pawn move. The chess clocks mean
  // nothing here (P_QUIET counts series): keep them at 0 and 1 so equal states have equal words.
  if (w[p + W_HALFMOVE] === 0) w[p + P_QUIET] = 0;
  w[p + W_HALFMOVE] = 0;
  w[p + W_FULLMOVE] = 1;

  const left = w[p + P_LEFT]! - 1;
  if (left === 0 || (w[p + P_RULES] === SCOTTISH && opponentInCheck(w, p))) handOff(w, p);
  else w[p + P_LEFT] = left;
}

/** Passes the turn: the next series is one move longer. */
export function handOff(w: Int32Array, p: number): void {
  w[p + W_TURN]! ^= 1;
  w[p + W_KEY]! ^= ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE]!;
  w[p + W_KEY + 1]! ^= ZOBRIST[2 * ZOBRIST_WHITE_TO_MOVE + 1]!;
  const series = w[p + P_SERIES]! + 1;
  w[p + P_SERIES] = series;
  w[p + P_LEFT] = series;
  w[p + P_QUIET]!++;
}

const mateMoves = new Uint16Array(MAX_MOVES_ANY);
const mateInfo = new Int32Array(CHECK_INFO_WORDS);

/**
 * Whether the side to move, at the start of its series, is mated: in check, and no legal first
 * move. Under Italian rules with a series longer than one move, escapes that give check are not
 * legal, so they do not count ("Italian mate"); under Scottish rules any escape counts.
 */
export function isSeriesMate(w: Int32Array, p: number): boolean {
  if (!inCheck(w, p)) return false;
  const n = generateOrthodox(w, p, mateMoves, 0);
  if (n === 0) return true;
  if (w[p + P_RULES] === SCOTTISH || w[p + P_LEFT]! <= 1) return false;
  prepareCheckInfo(w, p, mateInfo, 0);
  for (let i = 0; i < n; i++) if (!givesCheck(w, p, mateInfo, 0, mateMoves[i]!)) return false;
  return true;
}

/**
 * Whether the side to move is mated in every rule set: in check with no legal move at all
 * (orthodox mate, FIDE art. 1.4.1). An Italian mate that is not one leaves an escape that checks
 * back ([WP], [JG15]); orthodox tools (python-chess, chess.js, the FRI course library with its
 * default Scottish rules [JAR]) call that position check, not mate.
 */
export function isOrthodoxMate(w: Int32Array, p: number): boolean {
  return inCheck(w, p) && generateOrthodox(w, p, mateMoves, 0) === 0;
}
