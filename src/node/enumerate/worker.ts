/**
 * Worker thread of the enumeration: expands slices of a shared in-memory level into a shared
 * child set, and runs the disk units (`units.ts`). One message in, one reply out.
 */
import { parentPort } from 'node:worker_threads';
import { Expander } from '../../tools/enumerate/expand.js';
import { Position } from '../../chess/position.js';
import { perft } from '../../tools/perft.js';
import { recordWords, REC_WORDS } from '../../tools/enumerate/record.js';
import { SpaceCounters, SpaceExpander, type SpaceSetup } from '../../tools/enumerate/search-space.js';
import { wrapShared, type SharedSetRef } from './shared-set.js';
import { runDedup, runExpand, type DedupUnit, type ExpandUnit } from './units.js';
import { EnumerateError } from './workdir.js';


export interface ExpandSharedMsg {
  readonly type: 'expand-shared';
  readonly parent: SharedSetRef;
  readonly child: SharedSetRef;
  /** [next parent slot to claim, parents done] */
  readonly counter: Int32Array;
  readonly chunk: number;
  readonly identity: number;
  readonly emit: number;
  /** Stop (reply `full`) once the child set holds more entries than this. */
  readonly limit: number;
}

export type WorkerMsg =
  | ExpandSharedMsg
  | { readonly type: 'expand-unit'; readonly unit: ExpandUnit; readonly progress?: Int32Array }
  | { readonly type: 'dedup-unit'; readonly unit: DedupUnit }
  /** Σ multiplicity × perft(depth) over dense entries (records + multiplicity). */
  | { readonly type: 'perft-entries'; readonly entries: Int32Array; readonly depth: number; readonly chess960: boolean }
  | SpaceRoundMsg;

/** One round of a search space: expand a frontier of pending domain entries into shared tables. */
export interface SpaceRoundMsg {
  readonly type: 'space-round';
  readonly domain: SharedSetRef;
  readonly roots: SharedSetRef;
  readonly setup: SpaceSetup;
  /** Offsets of the entries to expand, and how many. */
  readonly frontier: SharedArrayBuffer;
  readonly frontierLength: number;
  /** Offsets of the entries this round inserts, with their count in `nextCount[0]`. */
  readonly next: SharedArrayBuffer;
  readonly nextCount: SharedArrayBuffer;
  /** [next frontier index to claim] */
  readonly counter: SharedArrayBuffer;
  readonly chunk: number;
  readonly domainLimit: number;
  readonly rootLimit: number;
}

export type WorkerReply =
  | { readonly type: 'expanded'; readonly children: number; readonly full: boolean }
  | { readonly type: 'unit'; readonly children?: number; readonly count?: number; readonly paths?: number }
  | { readonly type: 'perft'; readonly nodes: bigint }
  | { readonly type: 'space'; readonly counters: SpaceCounters; readonly full: boolean }
  | {
      readonly type: 'error';
      readonly message: string;
      readonly enumerate?: boolean;
      /** Of a system error (ENOSPC…): kept so that the main thread says it as one. */
      readonly code?: string;
      readonly syscall?: string;
      readonly path?: string;
    };

const expanders = new Map<number, Expander>();

function spaceRound(m: SpaceRoundMsg): WorkerReply {
  const domain = wrapShared(m.domain);
  const roots = wrapShared(m.roots);
  const frontier = new Int32Array(m.frontier);
  const next = new Int32Array(m.next);
  const nextCount = new Int32Array(m.nextCount);
  const counter = new Int32Array(m.counter);
  const expander = new SpaceExpander(m.setup);
  const c = new SpaceCounters();
  const onNew = (b: number): void => {
    next[Atomics.add(nextCount, 0, 1)] = b;
  };
  for (;;) {
    if (domain.count > m.domainLimit || roots.count > m.rootLimit) return { type: 'space', counters: c, full: true };
    const start = Atomics.add(counter, 0, m.chunk);
    if (start >= m.frontierLength) return { type: 'space', counters: c, full: false };
    const end = Math.min(m.frontierLength, start + m.chunk);
    for (let i = start; i < end; i++) expander.expand(domain, frontier[i]!, roots, c, onNew);
  }
}

function perftEntries(entries: Int32Array, depth: number, chess960: boolean): bigint {
  let sum = 0n;
  const stride = REC_WORDS + 2;
  for (let o = 0; o < entries.length; o += stride) {
    const mult = (entries[o + REC_WORDS + 1]! >>> 0) * 4294967296 + (entries[o + REC_WORDS]! >>> 0);
    sum += BigInt(mult) * BigInt(perft(Position.fromWordsUnchecked(recordWords(entries, o), chess960), depth));
  }
  return sum;
}

function expandShared(m: ExpandSharedMsg): WorkerReply {
  let expander = expanders.get(m.identity);
  if (expander === undefined) expanders.set(m.identity, (expander = new Expander(m.identity)));
  const parent = wrapShared(m.parent);
  const child = wrapShared(m.child);
  const stride = parent.stride;
  const last = parent.width - 1;
  const d = parent.data;
  let children = 0;
  for (;;) {
    if (child.count > m.limit) return { type: 'expanded', children, full: true };
    const start = Atomics.add(m.counter, 0, m.chunk);
    if (start >= parent.capacity) return { type: 'expanded', children, full: false };
    const end = Math.min(parent.capacity, start + m.chunk);
    let done = 0;
    for (let slot = start; slot < end; slot++) {
      const b = slot * stride;
      if (d[b + last] === 0) continue;
      children += expander.expand(d, b, parent.multAt(b), m.emit, child);
      done++;
    }
    Atomics.add(m.counter, 1, done);
  }
}

parentPort!.on('message', (m: WorkerMsg) => {
  try {
    let reply: WorkerReply;
    if (m.type === 'expand-shared') {
      reply = expandShared(m);
    } else if (m.type === 'expand-unit') {
      const progress = m.progress;
      const children = runExpand(m.unit, progress === undefined ? undefined : (n) => Atomics.add(progress, 0, n));
      reply = { type: 'unit', children };
    } else if (m.type === 'space-round') {
      reply = spaceRound(m);
    } else if (m.type === 'perft-entries') {
      reply = { type: 'perft', nodes: perftEntries(m.entries, m.depth, m.chess960) };
    } else {
      const r = runDedup(m.unit);
      reply = { type: 'unit', count: r.count, paths: r.paths };
    }
    parentPort!.postMessage(reply);
  } catch (e) {
    // A damaged work directory is the user's to mend: its message alone, kept typed (`enumerate`).
    const { code, syscall, path } = e as NodeJS.ErrnoException;
    const reply: WorkerReply =
      e instanceof EnumerateError
        ? { type: 'error', message: e.message, enumerate: true }
        : {
            type: 'error',
            message: (e as Error).stack ?? String(e),
            ...(typeof code === 'string' ? { code } : {}),
            ...(typeof syscall === 'string' ? { syscall } : {}),
            ...(typeof path === 'string' ? { path } : {}),
          };
    parentPort!.postMessage(reply);
  }
});
