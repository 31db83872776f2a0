/**
 * The progressive solver in a Web Worker, so that the page stays responsive while it searches
 * (the protocol: solver-protocol.ts). Bundled on its own and loaded only when Solve is pressed.
 */
import { solveSeries } from '../../tools/progressive/solve.js';
import { parseProgressive } from '../../variants/progressive/text.js';
import { PROGRESS_EVERY_MS, type SolveReply, type SolveRequest } from './solver-protocol.js';

const post = (reply: SolveReply): void => (self as unknown as { postMessage(m: SolveReply): void }).postMessage(reply);

self.onmessage = (e: MessageEvent<SolveRequest>): void => {
  const { id, position, n } = e.data;
  try {
    const pos = parseProgressive(position, { lenient: true });
    if (!pos.ok) throw new Error(pos.error.message);
    let next = PROGRESS_EVERY_MS;
    const solved = solveSeries(pos.value, n, {
      onProgress: (nodes, ms) => {
        if (ms >= next) {
          next = ms + PROGRESS_EVERY_MS;
          post({ type: 'progress', id, nodes, ms });
        }
      },
    });
    if (!solved.ok) throw new Error(solved.error.message);
    const r = solved.value;
    post({ type: 'done', id, status: r.status, solution: r.solutionUci ?? null, nodes: r.nodes, ms: r.ms, complete: r.complete });
  } catch (error) {
    post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
  }
};
