/**
 * The search space (closure over reversible moves) on worker threads: rounds over a frontier of
 * pending domain positions; every thread claims chunks of the frontier and inserts into the
 * shared domain and root tables (compare-and-swap claims, so a position is inserted and expanded
 * once however the threads interleave — ROECE's race cannot happen). A table about to pass
 * its load limit stops the round; the main thread doubles it and the round goes on from the
 * entries still pending.
 */
import type { Position } from '../../chess/position.js';
import { EntrySet } from '../../tools/enumerate/entry-set.js';
import { KEY_WORDS, REC_WORDS } from '../../tools/enumerate/record.js';
import {
  pendingOffsets,
  SPACE_LOAD,
  SpaceCounters,
  spaceSetup,
  type SearchSpaceOptions,
  type SearchSpaceStats,
} from '../../tools/enumerate/search-space.js';
import { WorkerPool } from './pool.js';
import type { Progress } from './progress.js';
import { shareSet } from './shared-set.js';

const sab = (n: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * Math.max(1, n)));

export async function searchSpaceThreaded(pos: Position, options: SearchSpaceOptions, threads: number, progress?: Progress): Promise<SearchSpaceStats> {
  const pool = new WorkerPool(threads);
  try {
    const setup = spaceSetup(pos, options);
    let domain = new EntrySet(REC_WORDS, 1 << 16, true);
    let roots = new EntrySet(KEY_WORDS, 1 << 16, true);
    domain.add(setup.startRec, 0, 0);
    const total = new SpaceCounters();
    let p = pendingOffsets(domain, sab(domain.capacity));
    let frontier = p.offsets;
    let length = p.length;
    while (length > 0) {
      const next = sab(domain.capacity);
      const nextCount = sab(1);
      const counter = sab(1);
      const headroom = Math.min(domain.capacity, roots.capacity) * (1 - SPACE_LOAD) * 0.5;
      // A thread for every 2,048 pending positions at most: the first rounds hold a handful.
      const threads = Math.min(pool.size, Math.ceil(length / 2048));
      const chunk = Math.max(1, Math.min(64, Math.floor(headroom / (threads * 218))));
      const domainLimit = Math.floor(domain.capacity * SPACE_LOAD);
      const rootLimit = Math.floor(roots.capacity * SPACE_LOAD);
      const timer = setInterval(() => progress?.update(total.expanded + Math.min(length, Atomics.load(counter, 0))), 250);
      let replies;
      try {
        replies = await pool.broadcast({
          type: 'space-round',
          domain: shareSet(domain),
          roots: shareSet(roots),
          setup,
          frontier: frontier.buffer as SharedArrayBuffer,
          frontierLength: length,
          next: next.buffer as SharedArrayBuffer,
          nextCount: nextCount.buffer as SharedArrayBuffer,
          counter: counter.buffer as SharedArrayBuffer,
          chunk,
          domainLimit,
          rootLimit,
        }, threads);
      } finally {
        clearInterval(timer);
      }
      let full = false;
      for (const r of replies) {
        if (r.type !== 'space') throw new Error('unexpected worker reply');
        total.merge(r.counters);
        full ||= r.full;
      }
      if (full) {
        if (roots.count > rootLimit) roots = roots.grown(roots.capacity * 2, true);
        if (domain.count > domainLimit) domain = domain.grown(domain.capacity * 2, true);
        p = pendingOffsets(domain, sab(domain.capacity));
        frontier = p.offsets;
        length = p.length;
      } else {
        frontier = next;
        length = Atomics.load(nextCount, 0);
      }
    }
    progress?.finishLine();
    return total.stats(domain.count, roots.count);
  } finally {
    await pool.close();
  }
}
