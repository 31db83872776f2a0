/**
 * A worker thread of a pool failed to start, threw, or ended while it had work (terminated, out
 * of memory, `process.exit`). The pool's call fails with this, after ending the pool's other
 * threads where the call started them, instead of waiting for ever for an answer.
 */
export class WorkerThreadError extends Error {
  override readonly name = 'WorkerThreadError';
}
