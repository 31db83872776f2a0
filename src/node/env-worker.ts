/** A worker of ThreadedBatchEnv (started by env-supervisor.ts): steps its slice of the shared buffers on command. */
import { parentPort, workerData } from 'node:worker_threads';
import { BatchEnv } from '../env/batch.js';
import { createBuffers, sliceBuffers } from '../env/buffers.js';
import { kernelFactory } from '../env/registry.js';
import { CMD_EXIT, CMD_OBSERVE_AS, CMD_RESET, CMD_STEP, CMD_STEP_RANDOM, CTRL_ARG, CTRL_CMD, CTRL_GEN, CTRL_PENDING, SPIN, type WorkerInit } from './env-protocol.js';

const init = workerData as WorkerInit;
const buffers = createBuffers(init.size, init.actionCount, init.maxLegal, init.observationSize, init.memory);
const kernel = kernelFactory(init.game)!.create(init.end - init.start, init.kernel);
const env = new BatchEnv(kernel, { ...init.batch, firstIndex: init.start }, sliceBuffers(buffers, init.start, init.end));
const c = new Int32Array(init.control);
const scratch = new Float32Array(init.scratch);
// Read the generation before saying ready: the first command may follow at once.
let generation = Atomics.load(c, CTRL_GEN);
parentPort!.postMessage('ready');
for (;;) {
  for (let spin = 0; spin < SPIN && Atomics.load(c, CTRL_GEN) === generation; spin++);
  while (Atomics.load(c, CTRL_GEN) === generation) Atomics.wait(c, CTRL_GEN, generation, 1000);
  generation = Atomics.load(c, CTRL_GEN);
  const command = Atomics.load(c, CTRL_CMD);
  if (command === CMD_EXIT) break;
  // An error ends this thread: the supervisor (env-supervisor.ts) sees it and wakes the main thread.
  if (command === CMD_STEP) env.step();
  else if (command === CMD_RESET) env.reset();
  else if (command === CMD_STEP_RANDOM) env.stepRandom(Atomics.load(c, CTRL_ARG));
  else if (command === CMD_OBSERVE_AS) {
    // Only the thread holding the environment answers (the caller checked the arguments).
    const arg = Atomics.load(c, CTRL_ARG);
    const i = (arg >>> 1) - init.start;
    if (i >= 0 && i < env.size) env.observeAs(i, arg & 1, scratch, 0);
  }
  if (Atomics.sub(c, CTRL_PENDING, 1) === 1) Atomics.notify(c, CTRL_PENDING);
}
// Past the loop the thread ends by itself: nothing listens on parentPort to keep it alive.
