/**
 * The lichess variants behind the `Game` interface (core/game.ts), as chess' `chessGame`: states
 * are variant words (`layout.ts`), actions the engine's 16-bit move codes (drops included:
 * `move.ts`), so that game perft, enumeration and the environment's `gameKernel` take them as
 * they take chess.
 */
import type { Game, Outcome } from '../../core/game.js';
import { W_HALFMOVE, W_KEY, W_TURN } from '../../chess/layout.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { refreshVariantKey } from './key.js';
import { VWORDS } from './layout.js';
import { generateVariant } from './movegen.js';
import { applyVariantMove } from './play.js';
import { VariantPosition } from './position.js';
import { VARIANT_RULES, variantIndex, type VariantRules } from './rules.js';

const scratch = new Uint16Array(MAX_MOVES_ANY);
const keyScratch = new Int32Array(VWORDS);

function makeVariantGame(rules: VariantRules): Game<Int32Array> {
  const variant = variantIndex(rules);
  return {
    id: rules,
    // Codes use 16 bits: a drop's kind (9..13) sets the top bit (move.ts).
    actionCount: 1 << 16,
    legalActions(s, out) {
      const n = generateVariant(variant, s, 0, scratch, 0);
      if (n > out.length) throw new RangeError(`legalActions: ${n} actions, but out holds ${out.length}`);
      for (let i = 0; i < n; i++) out[i] = scratch[i]!;
      return n;
    },
    play(s, action, into) {
      into.set(s);
      applyVariantMove(variant, into, 0, action);
    },
    currentPlayer: (s) => s[W_TURN] as 0 | 1,
    // The variant's end, mate, stalemate and its insufficient material (VariantPosition.outcome),
    // then the 75-move rule as chess' Game applies it (FIDE 9.6.2; docs/rules/variants.md: the
    // clocks are as in chess).
    outcome(s): Outcome | undefined {
      const end = VariantPosition.fromWordsUnchecked(rules, s, false).outcome();
      if (end !== undefined) return end;
      return s[W_HALFMOVE]! >= 150 ? { winner: undefined, reason: 'seventyFiveMoves' } : undefined;
    },
    // From scratch, pockets, promoted pieces and remaining checks included (key.ts).
    hash(s, out) {
      keyScratch.set(s.subarray(0, VWORDS));
      refreshVariantKey(variant, keyScratch, 0);
      out[0] = keyScratch[W_KEY]!;
      out[1] = keyScratch[W_KEY + 1]!;
    },
    newState: () => new Int32Array(VWORDS),
  };
}

/** The `Game` of each variant, by chessops' name (`variantGames.crazyhouse`). */
export const variantGames: Readonly<Record<VariantRules, Game<Int32Array>>> = Object.fromEntries(
  VARIANT_RULES.map((rules) => [rules, makeVariantGame(rules)]),
) as Record<VariantRules, Game<Int32Array>>;
