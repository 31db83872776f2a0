/**
 * The structure-of-arrays buffers of a batch of B environments. All live in one
 * `ArrayBuffer` or `SharedArrayBuffer`, so worker threads can fill their share of the batch in
 * place (src/node/env-pool.ts) and a caller can hand them to a tensor library without copying.
 *
 * | field          | type         | size      | content |
 * | -------------- | ------------ | --------- | ------- |
 * | actions        | Int32Array   | B         | the input of `step` |
 * | rewards        | Float32Array | B × 2     | reward of the last step for player 0 (White) and 1 (Black) |
 * | legalCount     | Int32Array   | B         | number of legal actions (0 at terminal states) |
 * | stepCount      | Int32Array   | B         | steps in the current episode |
 * | legalLabels    | Int32Array   | B × L     | the legal labels themselves (a sparse mask), L = most legal actions |
 * | observations   | Float32Array | B × O     | observation of the player to act |
 * | currentPlayer  | Int8Array    | B         | player to act, 0 or 1 |
 * | terminated     | Uint8Array   | B         | the episode ended by the rules (or an illegal action) |
 * | truncated      | Uint8Array   | B         | the episode was cut at the step cap |
 * | masks          | Uint8Array   | B × A     | 1 where the action is legal; all 1 at terminal states |
 */
export interface EnvBuffers {
  /** B, the number of environments. */
  readonly size: number;
  /** A, the size of the action space. */
  readonly actionCount: number;
  /** L, the most legal actions one state can have. */
  readonly maxLegal: number;
  /** O, the observation's values per environment (0 when observations are off). */
  readonly observationSize: number;
  /** B: the action label each environment takes on the next `step`. */
  readonly actions: Int32Array;
  /** B × 2: the last step's reward for player 0 (White) and 1 (Black) of each environment. */
  readonly rewards: Float32Array;
  /** B: the number of legal actions (0 at terminal states). */
  readonly legalCount: Int32Array;
  /** B: steps in the current episode. */
  readonly stepCount: Int32Array;
  /** B × L: the legal labels themselves (a sparse mask); the first `legalCount[i]` of row i are set. */
  readonly legalLabels: Int32Array;
  /** B × O: the observation of the player to act. */
  readonly observations: Float32Array;
  /** B: the player to act, 0 or 1. */
  readonly currentPlayer: Int8Array;
  /** B: 1 when the rules (or an illegal action) ended the episode. */
  readonly terminated: Uint8Array;
  /** B: 1 when the step cap cut the episode. */
  readonly truncated: Uint8Array;
  /** B × A: 1 where the action is legal; all 1 at terminal states. */
  readonly masks: Uint8Array;
  /** The memory all fields view. */
  readonly memory: ArrayBuffer | SharedArrayBuffer;
}

/** Bytes needed for B environments (4-byte fields first, byte fields after, 8-byte aligned). */
function layout(b: number, a: number, l: number, o: number): { offsets: number[]; bytes: number } {
  const sizes = [4 * b, 8 * b, 4 * b, 4 * b, 4 * b * l, 4 * b * o, b, b, b, b * a];
  const offsets: number[] = [];
  let at = 0;
  for (const s of sizes) {
    offsets.push(at);
    at += Math.ceil(s / 8) * 8;
  }
  return { offsets, bytes: at };
}

/** Allocates (or, with `memory`, views) the buffers of `size` environments. */
export function createBuffers(
  size: number,
  actionCount: number,
  maxLegal: number,
  observationSize: number,
  memory?: ArrayBuffer | SharedArrayBuffer,
  shared = false,
): EnvBuffers {
  const { offsets, bytes } = layout(size, actionCount, maxLegal, observationSize);
  const mem = memory ?? (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const o = offsets;
  return {
    size,
    actionCount,
    maxLegal,
    observationSize,
    memory: mem,
    actions: new Int32Array(mem, o[0], size),
    rewards: new Float32Array(mem, o[1], 2 * size),
    legalCount: new Int32Array(mem, o[2], size),
    stepCount: new Int32Array(mem, o[3], size),
    legalLabels: new Int32Array(mem, o[4], size * maxLegal),
    observations: new Float32Array(mem, o[5], size * observationSize),
    currentPlayer: new Int8Array(mem, o[6], size),
    terminated: new Uint8Array(mem, o[7], size),
    truncated: new Uint8Array(mem, o[8], size),
    masks: new Uint8Array(mem, o[9], size * actionCount),
  };
}

/** Views of environments [start, end) of a batch (shares memory with it). */
export function sliceBuffers(b: EnvBuffers, start: number, end: number): EnvBuffers {
  const { size, actionCount: a, maxLegal: l, observationSize: o } = b;
  if (!(start >= 0 && start <= end && end <= size)) throw new RangeError(`bad slice ${start}..${end} of ${size}`);
  return {
    size: end - start,
    actionCount: a,
    maxLegal: l,
    observationSize: o,
    memory: b.memory,
    actions: b.actions.subarray(start, end),
    rewards: b.rewards.subarray(2 * start, 2 * end),
    legalCount: b.legalCount.subarray(start, end),
    stepCount: b.stepCount.subarray(start, end),
    legalLabels: b.legalLabels.subarray(start * l, end * l),
    observations: b.observations.subarray(start * o, end * o),
    currentPlayer: b.currentPlayer.subarray(start, end),
    terminated: b.terminated.subarray(start, end),
    truncated: b.truncated.subarray(start, end),
    masks: b.masks.subarray(start * a, end * a),
  };
}
