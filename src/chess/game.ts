/**
 * Standard chess and Chess960 behind the `Game` interface: states are position words, actions
 * the engine's 16-bit move codes.
 */
import type { Game, Outcome } from '../core/game.js';
import { W_HALFMOVE, W_KEY, W_TURN, WORDS } from './layout.js';
import { MAX_MOVES_ANY } from './move.js';
import { generateLegal } from './movegen.js';
import { isInsufficientMaterial } from './outcome.js';
import { applyMove, refreshKey } from './play.js';
import { inCheckAt } from './attacked.js';

// Lenient positions may have more moves than MAX_MOVES (see MAX_MOVES_ANY).
const scratch = new Uint16Array(MAX_MOVES_ANY);
const keyScratch = new Int32Array(WORDS);

function outcomeOf(s: Int32Array): Outcome | undefined {
  if (generateLegal(s, 0, null, 0) === 0) {
    return inCheck(s) ? { winner: s[W_TURN] === 0 ? 'black' : 'white', reason: 'checkmate' } : { winner: undefined, reason: 'stalemate' };
  }
  if (isInsufficientMaterial(s)) return { winner: undefined, reason: 'insufficientMaterial' };
  if (s[W_HALFMOVE]! >= 150) return { winner: undefined, reason: 'seventyFiveMoves' };
  return undefined;
}

const inCheck = (s: Int32Array): boolean => inCheckAt(s, 0);

function makeChessGame(id: 'chess' | 'chess960'): Game<Int32Array> {
  return {
    id,
    // Move codes fit in 15 bits (see move.ts).
    actionCount: 1 << 15,
    legalActions(s, out) {
      const n = generateLegal(s, 0, scratch, 0);
      if (n > out.length) throw new RangeError(`legalActions: ${n} actions, but out holds ${out.length}`);
      for (let i = 0; i < n; i++) out[i] = scratch[i]!;
      return n;
    },
    play(s, action, into) {
      into.set(s);
      applyMove(into, 0, action);
    },
    currentPlayer: (s) => s[W_TURN] as 0 | 1,
    outcome: outcomeOf,
    // From scratch: a state copied from a Position's words carries no key (polyglot.ts).
    hash(s, out) {
      keyScratch.set(s.subarray(0, WORDS));
      refreshKey(keyScratch, 0);
      out[0] = keyScratch[W_KEY]!;
      out[1] = keyScratch[W_KEY + 1]!;
    },
    newState: () => new Int32Array(WORDS),
  };
}

export const chessGame = makeChessGame('chess');
export const chess960Game = makeChessGame('chess960');
