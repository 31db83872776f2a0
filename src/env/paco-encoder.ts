/**
 * Paco Ŝako in the batched environment: the reference's network encodings (docs/rules/paco-sako.md §1.13,
 * `ai/glue.rs`, `ai/repr.rs`), plugged in through `gameKernel` like any `Game`.
 *
 * - Actions: 132 labels, `label = code − 1` where the code is the reference's with viewpoint:
 *   Lift(t) = 1 + t, Place(t) = 65 + t, Promote R/N/B/Q = 129..132, and for Black the tile
 *   mirrored vertically (t ^ 56; files stay). The current player repeats through a chain.
 * - Observation: the reference's 30 layers as its ONNX input `[30, 8, 8]`, `layer * 64 + tile`
 *   (channels first; tile a1 = 0 … h8 = 63 of the mover's view, i.e. mirrored for Black):
 *   0–5 own settled P R N B Q K, 6–11 opponent's settled, 12–17 own lifted, 18–23 opponent's
 *   lifted (the partner of a lifted pair), 24 the en-passant square, 25–28 castling (own
 *   queen-side, own king-side, opponent's queen-side, opponent's king-side), 29 no-progress / 100.
 * - Game end: `pacoGame.outcome` (Paco, no-progress and repetition draws from the state; a
 *   player in control with no legal action loses).
 */
import type { Rng } from '../core/rng.js';
import { pacoGame, pacoStart } from '../variants/paco/game.js';
import { viewpointCode } from '../variants/paco/action-text.js';
import { writePacoFen } from '../variants/paco/fen.js';
import { CASTLING, EP, HAND_EMPTY, HAND_KIND, HAND_PAIR, HAND_PARTNER, HAND_PIECE, HAND_POS, MAX_ACTIONS, NO_PROGRESS, PLAYER } from '../variants/paco/layout.js';
import { copyState, pieceAt } from '../variants/paco/state.js';
import { gameKernel, type ActionEncoder } from './game-kernel.js';
import type { KernelFactory } from './kernel.js';
import type { SearchGame } from './mcts.js';

/** Labels of Paco Ŝako's action space: lift 0–63, place 64–127, promote 128–131, from the player to act's view. */
export const PACO_ACTIONS = 132;
/** Layers of Paco Ŝako's observation, the reference's tensor: shape `[30, 8, 8]`. */
export const PACO_LAYERS = 30;

/** The label (0..131) of a Paco action code (1..132) of the player `player`. */
export const pacoLabel = (code: number, player: number): number => viewpointCode(code, player) - 1;

/** Writes the reference's 30-layer tensor of `s` into `out[o..o+1920)`. */
export function writePacoObservation(s: Int32Array, out: Float32Array, o: number): void {
  out.fill(0, o, o + PACO_LAYERS * 64);
  const viewer = s[PLAYER]!;
  const flip = viewer === 1 ? 56 : 0;
  for (let color = 0; color < 2; color++) {
    const base = o + (color === viewer ? 0 : 6) * 64;
    for (let t = 0; t < 64; t++) {
      const piece = pieceAt(s, color, t);
      if (piece >= 0) out[base + piece * 64 + (t ^ flip)] = 1;
    }
  }
  const hand = s[HAND_KIND]!;
  if (hand !== HAND_EMPTY) {
    const at = s[HAND_POS]! ^ flip;
    out[o + (12 + s[HAND_PIECE]!) * 64 + at] = 1;
    if (hand === HAND_PAIR) out[o + (18 + s[HAND_PARTNER]!) * 64 + at] = 1;
  }
  if (s[EP]! >= 0) out[o + 24 * 64 + (s[EP]! ^ flip)] = 1;
  // Castling bytes: white queen side, white king side, black queen side, black king side.
  const c = s[CASTLING]!;
  for (let k = 0; k < 4; k++) {
    const slot = viewer === 1 ? k ^ 2 : k;
    if (((c >>> (8 * slot)) & 0xff) !== 0) out.fill(1, o + (25 + k) * 64, o + (26 + k) * 64);
  }
  // A loop, not `fill`: the fraction passed to a builtin would be boxed, 16 bytes at every step.
  const noProgress = s[NO_PROGRESS]! / 100;
  for (let t = o + 29 * 64; t < o + 30 * 64; t++) out[t] = noProgress;
}

/** Paco Ŝako's encoder for `gameKernel`: labels by `pacoLabel`, the 30-layer observation when `observe`, the standard start. */
export function pacoEncoder(observe: boolean): ActionEncoder<Int32Array> {
  const start = pacoStart(); // per encoder, not at import
  return {
    actionCount: PACO_ACTIONS,
    maxLegal: MAX_ACTIONS,
    observationShape: observe ? [PACO_LAYERS, 8, 8] : [],
    label: (s, code) => pacoLabel(code, s[PLAYER]!),
    observe: (s, out, o) => writePacoObservation(s, out, o),
    start: (s: Int32Array, _rng: Rng) => copyState(start, s),
    describe: writePacoFen,
  };
}

/** The factory of Paco Ŝako kernels (id `paco`); `compact` and `alphazero` both give the 30 layers. */
export const pacoKernelFactory: KernelFactory = {
  id: 'paco',
  actionCount: PACO_ACTIONS,
  observationShape: (kind) => (kind === 'none' ? [] : [PACO_LAYERS, 8, 8]),
  create: (n, options) => gameKernel(pacoGame, pacoEncoder(options.observation !== 'none'), n),
};

/** Paco for the self-play search. */
export const pacoSearchGame: SearchGame<Int32Array> = {
  game: pacoGame,
  label: (s, code) => pacoLabel(code, s[PLAYER]!),
  copy: copyState,
};
