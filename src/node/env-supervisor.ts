/**
 * The thread that owns ThreadedBatchEnv's workers and watches them. The main thread waits for a
 * step synchronously (Atomics.wait), so its event loop, where a worker's 'exit' or 'error' event
 * would arrive, does not run until the step is done: a worker that died would keep it waiting for
 * ever. This thread's loop is free: when a worker dies it posts the reason on the main thread's
 * port (read there with receiveMessageOnPort), then adds LOST to the pending count and wakes the
 * main thread. The steps themselves never pass through here, so they cost nothing more.
 *
 * At start it answers its parent 'ready' once every worker is, or, if one fails to start, ends
 * the others and answers with the reason.
 *
 * Nothing watches this thread itself: it runs no caller code and allocates nothing after start,
 * but if it were terminated during a step (only the pool holds it), its workers would end with
 * it unseen and the step would wait for ever. Between steps its exit fails the pool's next call.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { CMD_EXIT, CTRL_CMD, CTRL_PENDING, LOST, type SupervisorInit } from './env-protocol.js';


const { workers: inits, port } = workerData as SupervisorInit;
const c = new Int32Array(inits[0]!.control);
const url = new URL('./env-worker.js', import.meta.url);
let ready = 0;
let failed = false;

const workers = inits.map((init) => {
  const worker = new Worker(url, { workerData: init });
  worker.once('message', () => {
    if (++ready === inits.length && !failed) parentPort!.postMessage('ready');
  });
  worker.once('error', (e) => fail(`failed${ready < inits.length ? ' to start' : ''}: ${String(e)}`));
  // After an 'error', 'exit' follows: the first reason is kept.
  worker.once('exit', (code) => {
    if (Atomics.load(c, CTRL_CMD) !== CMD_EXIT) fail(`exited (code ${code})${ready < inits.length ? ' before it was ready' : ''}`);
  });
  return worker;
});

function fail(reason: string): void {
  if (failed) return;
  failed = true;
  const message = `ThreadedBatchEnv: an environment worker ${reason}`;
  if (ready < inits.length) {
    for (const w of workers) void w.terminate();
    parentPort!.postMessage(message);
    return;
  }
  port.postMessage(message);
  Atomics.add(c, CTRL_PENDING, LOST);
  Atomics.notify(c, CTRL_PENDING);
}
