/**
 * Paco Ŝako through the `Game` seam: the contract over 10,000 random steps (masks equal the
 * game's legal actions, the current player repeating through chains, Paco rewards, absorbing
 * terminals, illegal actions, truncation), the mirrored labels, and the 30-layer observation
 * against the tensor the reference builds from its index representation (`ai/repr.rs`
 * `tensor_representation`: ones at the 33 indices, castling layers 25–28, counter / 100).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { BatchEnv } from '../../src/env/batch.js';
import { DEFAULT_KERNEL_OPTIONS } from '../../src/env/kernel.js';
import { PACO_ACTIONS, pacoKernelFactory, pacoLabel, writePacoObservation } from '../../src/env/paco-encoder.js';
import { legalActions } from '../../src/variants/paco/actions.js';
import { indexRepresentation } from '../../src/variants/paco/ai-repr.js';
import { parsePacoFen, writePacoFen } from '../../src/variants/paco/fen.js';
import { pacoOutcome, pacoStart } from '../../src/variants/paco/game.js';
import { PLAYER } from '../../src/variants/paco/layout.js';
import { applyActionUnchecked } from '../../src/variants/paco/play.js';
import { FULL, testSeed } from '../helpers.js';

const A = PACO_ACTIONS;
/** Random steps: 10,000 by default, 100,000 with CAISSA_FULL. */
const STEPS = FULL ? 100_000 : 10_000;
const buf = new Int32Array(64);
/** The contract test's step cap: random games reach it, so the truncation branch runs. */
const MAX_STEPS = 200;

function gameLabels(s: Int32Array): Set<number> {
  const n = legalActions(s, buf);
  return new Set(Array.from(buf.subarray(0, n), (code) => pacoLabel(code, s[PLAYER]!)));
}

test('labels: Lift/Place/Promote codes minus one, mirrored for Black', () => {
  const s = pacoStart();
  // White lifts: pawns a2..h2 (tiles 8..15) and the knights b1, g1.
  assert.deepEqual([...gameLabels(s)].sort((a, b) => a - b), [1, 6, 8, 9, 10, 11, 12, 13, 14, 15]);
  assert.equal(pacoLabel(65 + 28, 0), 64 + 28); // Place(e4) for White
  assert.equal(pacoLabel(65 + 36, 1), 64 + 28); // Place(e5) for Black = Place(e4) seen from Black
  assert.equal(pacoLabel(1 + 52, 1), 12); // Lift(e7) for Black = Lift(e2)
  assert.equal(pacoLabel(132, 1), 131); // Promote(Queen) unchanged
});

test(`contract: Paco Ŝako, ${STEPS} random steps`, () => {
  const kernel = pacoKernelFactory.create(8, DEFAULT_KERNEL_OPTIONS);
  const env = new BatchEnv(kernel, { autoReset: false, seed: 4, maxSteps: MAX_STEPS });
  env.reset();
  const b = env.buffers;
  const rng = new Rng(testSeed(8));
  let steps = 0;
  let repeated = 0;
  let pacos = 0;
  let truncated = 0;
  let illegal = 0;
  const actions = new Int32Array(env.size);
  while (steps < STEPS) {
    const movers: number[] = [];
    const bad: boolean[] = [];
    for (let i = 0; i < env.size; i++) {
      const s = kernel.state(i) as Int32Array;
      const expected = gameLabels(s);
      const mask = new Set<number>();
      for (let a = 0; a < A; a++) if (b.masks[i * A + a] === 1) mask.add(a);
      assert.deepEqual(mask, expected, writePacoFen(s));
      assert.ok(mask.size > 0 && b.legalCount[i] === mask.size);
      assert.equal(b.currentPlayer[i], s[PLAYER]);
      // The text form reads back to the same legal set.
      const back = parsePacoFen(kernel.describe(i));
      assert.ok(back.ok, kernel.describe(i));
      assert.deepEqual(gameLabels(back.value), expected);
      movers.push(s[PLAYER]!);
      const wrong = rng.below(1000) === 0;
      bad.push(wrong);
      if (wrong) {
        let a: number;
        do a = rng.below(A);
        while (mask.has(a));
        actions[i] = a;
      } else actions[i] = b.legalLabels[i * b.maxLegal + rng.below(b.legalCount[i]!)]!;
    }
    env.step(actions);
    for (let i = 0; i < env.size; i++) {
      steps++;
      const r = [b.rewards[2 * i]!, b.rewards[2 * i + 1]!];
      assert.equal(r[0]! + r[1]!, 0);
      if (b.terminated[i] === 0 && b.truncated[i] === 0) {
        assert.deepEqual(r, [0, 0]);
        if (b.currentPlayer[i] === movers[i]) repeated++;
        continue;
      }
      for (let a = 0; a < A; a++) assert.equal(b.masks[i * A + a], 1);
      const s = kernel.state(i) as Int32Array;
      if (bad[i]) {
        illegal++;
        assert.equal(r[movers[i]!], -1);
      } else if (b.truncated[i] === 1) {
        // Cut at the step cap (batch.ts: `truncated` when `maxSteps` is reached), not ended by
        // the rules: no reward, and the episode ran exactly maxSteps steps.
        truncated++;
        assert.deepEqual(r, [0, 0]);
        assert.equal(b.stepCount[i], MAX_STEPS);
        assert.equal(pacoOutcome(s), undefined, writePacoFen(s));
      } else {
        const outcome = pacoOutcome(s);
        assert.ok(outcome !== undefined);
        if (outcome.winner === undefined) assert.deepEqual(r, [0, 0]);
        else {
          assert.equal(r[outcome.winner === 'white' ? 0 : 1], 1);
          if (outcome.reason === 'paco') pacos++;
        }
      }
      const fen = kernel.describe(i);
      env.stepOne(i, 0);
      assert.equal(kernel.describe(i), fen, 'absorbing');
      assert.deepEqual([b.rewards[2 * i], b.rewards[2 * i + 1]], [0, 0]);
      env.resetEnv(i);
    }
  }
  assert.ok(repeated > 1000, 'the current player repeats through chains');
  // Every branch above ran: Paco wins, illegal actions and cuts at the step cap.
  assert.ok(pacos > 0 && illegal > 0 && truncated > 0, JSON.stringify({ pacos, truncated, illegal }));
});

test('the 30-layer observation equals the reference tensor of the index representation', () => {
  const rng = new Rng(testSeed(21));
  let s = pacoStart();
  // Written in the middle of three slots of stale values: its own slot is cleared and filled, the
  // others (the neighbouring environments of a batch) are left as they were.
  const slots = new Float32Array(3 * 1920).fill(0.5);
  const mine = slots.subarray(1920, 2 * 1920);
  let checked = 0;
  for (let step = 0; step < 3000; step++) {
    const idx = indexRepresentation(s);
    if (idx.ok) {
      const ref = new Float32Array(1920);
      for (let k = 0; k <= 32; k++) ref[idx.value[k]!] = 1;
      for (let k = 33; k <= 36; k++) if (idx.value[k] === 1) ref.fill(1, (k - 8) * 64, (k - 7) * 64);
      ref.fill(idx.value[37]! / 100, 29 * 64, 30 * 64);
      writePacoObservation(s, slots, 1920);
      assert.deepEqual(mine, ref, writePacoFen(s));
      assert.ok(slots.subarray(0, 1920).every((x) => x === 0.5) && slots.subarray(2 * 1920).every((x) => x === 0.5), 'the neighbours untouched');
      checked++;
    }
    const n = legalActions(s, buf);
    if (n === 0 || pacoOutcome(s) !== undefined) {
      s = pacoStart();
      continue;
    }
    applyActionUnchecked(s, buf[rng.below(n)]!);
  }
  assert.ok(checked > 2000);
});

test("the factory's observation shape is the reference's ONNX input [30, 8, 8], none without observations, as its kernels'", () => {
  // docs/rules/paco-sako.md §1.13: the network's input is [1, 30, 8, 8] (layer * 64 + tile), one per position.
  for (const observation of ['alphazero', 'compact', 'none'] as const) {
    const shape = pacoKernelFactory.observationShape(observation);
    assert.deepEqual(shape, observation === 'none' ? [] : [30, 8, 8], observation);
    assert.deepEqual(pacoKernelFactory.create(1, { ...DEFAULT_KERNEL_OPTIONS, observation }).observationShape, shape);
  }
});
