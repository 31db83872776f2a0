/**
 * The two units of work of the external-memory BFS, each independent and idempotent, run by
 * worker threads (and wrapped by cluster jobs):
 *
 * - expand(n, i): read bucket i of level n, generate the children, deduplicate them locally in a
 *   bounded table (the "memtable"), and each time it fills, write it out as one run grouped by
 *   bucket of level n+1; the marker lists the runs. Started again after a kill, it commits its
 *   work in parts of a fraction of a second (`PART_MS`), each a file of its own.
 * - dedup(n+1, j): read segment j of every run of every expansion, deduplicate in one table, write
 *   bucket j of level n+1 (entries, unless it is the last level) and its marker {count, paths}.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { EntrySet } from '../../tools/enumerate/entry-set.js';
import { EMIT_KEYS, EMIT_RECORDS, Expander } from '../../tools/enumerate/expand.js';
import { bucketHash, isSoundRecord, KEY_WORDS, REC_WORDS } from '../../tools/enumerate/record.js';
import {
  bucketData,
  bucketMarker,
  damaged,
  ensureDir,
  readChecked,
  spillDir,
  spillData,
  spillBegun,
  spillMarker,
  spillPartData,
  spillPartMarker,
  writeAll,
  writeJsonAtomic,
  writeWordsAtomic,
  writingFile,
  type BucketDone,
  type SpillIndex,
  type SpillPart,
} from './workdir.js';

export interface ExpandUnit {
  readonly dir: string;
  /** The parent level. */
  readonly ply: number;
  readonly bucket: number;
  /** Buckets of the child level. */
  readonly childBuckets: number;
  /** Whether the child level is the last (keys only). */
  readonly last: boolean;
  readonly identity: number;
  /** Memtable size in bytes. */
  readonly memoryBytes: number;
}

export interface DedupUnit {
  readonly dir: string;
  /** The child level. */
  readonly ply: number;
  readonly bucket: number;
  readonly parentBuckets: number;
  readonly last: boolean;
}

/** Reads a whole file of int32 words. */
export function readWords(path: string): Int32Array {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const out = new Int32Array(size >> 2);
    readInto(fd, out, 0);
    return out;
  } finally {
    closeSync(fd);
  }
}

function readInto(fd: number, out: Int32Array, position: number): void {
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  let off = 0;
  while (off < bytes.length) {
    const n = readSync(fd, bytes, off, Math.min(bytes.length - off, 1 << 30), position + off);
    if (n === 0) throw new Error('unexpected end of file');
    off += n;
  }
}

/** Bucket of an entry among 2^bits buckets: the top bits of its bucket hash. */
export const bucketOf = (src: Int32Array, o: number, width: number, bits: number): number =>
  bits === 0 ? 0 : bucketHash(src, o, width) >>> (32 - bits);

export const log2 = (n: number): number => 31 - Math.clz32(n);

const expanders = new Map<number, Expander>();

/** The share of an expansion table's slots filled before it is flushed. */
const LOAD = 0.7;

/**
 * The slots of an expansion's table (a power of two, at least 1024): as many as the unit's share
 * of the memory budget holds (`memoryBytes`, entries of `stride` words), but no more than all the
 * children of its `parents` need at the load limit, 256 each at most (a legal position has at
 * most 218 moves). A small unit under a large budget would otherwise allocate, and zero at every
 * flush, gigabytes for a few thousand positions (`enumerate --plies 4 --workdir` took 34 s).
 */
export function expandTableCapacity(parents: number, stride: number, memoryBytes: number): number {
  const budget = Math.max(1, Math.floor(memoryBytes / (stride * 4)));
  const needed = Math.ceil((parents * 256 + 256) / LOAD);
  // 2 * needed - 1: the largest power of two below it is the smallest at or above `needed`.
  return Math.max(1024, 1 << log2(Math.min(budget, 2 ** 30, 2 * needed - 1)));
}

/**
 * The parts of a restarted expansion: at most this long, and this many parents (its table is
 * sized for them, so that committing a part clears a few megabytes, not the bucket's table). A
 * unit's first start writes its children in one file, as fast as can be (its table deduplicates
 * across the whole bucket); one that finds it was started before (killed, or a cluster job run
 * again) commits a part at a time, so that a run killed more often than a whole unit lasts still
 * gets on (a level of one bucket is one unit of several seconds at ply 5).
 */
export const PART_MS = 200;
export const PART_PARENTS = 4096;

/**
 * Runs expand(ply, bucket); returns the number of children generated. Skips a finished unit, and
 * continues one that committed parts. `partMs`: the length of a part once restarted.
 */
export function runExpand(u: ExpandUnit, onParents?: (n: number) => void, partMs = PART_MS): number {
  const marker = spillMarker(u.dir, u.ply + 1, u.bucket);
  const done = readChecked(marker, 'spill');
  if (done !== undefined) return done.children;
  let expander = expanders.get(u.identity);
  if (expander === undefined) expanders.set(u.identity, (expander = new Expander(u.identity)));
  const parents = readParents(u);
  const count = parents.length / pstride;
  ensureDir(spillDir(u.dir, u.ply + 1));
  // The parts committed by earlier starts, in a chain from parent 0.
  const parts: SpillPart[] = [];
  for (let from = 0; ; ) {
    const path = spillPartMarker(u.dir, u.ply + 1, u.bucket, from);
    const part = readChecked(path, 'part');
    if (part === undefined) break;
    if (part.from !== from || part.to > count) throw damaged(path, `covers parents ${part.from} to ${part.to} of ${count}, not from ${from}`);
    parts.push(part);
    from = part.to;
  }
  const begun = spillBegun(u.dir, u.ply + 1, u.bucket);
  const restarted = parts.length > 0 || existsSync(begun);
  if (!restarted) writeFileSync(begun, '');
  const width = u.last ? KEY_WORDS : REC_WORDS;
  const emit = u.last ? EMIT_KEYS : EMIT_RECORDS;
  const stride = width + 2;
  const capacity = expandTableCapacity(restarted ? Math.min(count, PART_PARENTS) : count, stride, u.memoryBytes);
  const table = new EntrySet(width, capacity);
  const limit = Math.floor(capacity * LOAD);
  const bits = log2(u.childBuckets);
  let reported = 0;
  /**
   * Expands parents from `from` until `end` (a time) or `until`, into the file `pathTo(to)` (`to`:
   * where it stopped); returns its runs.
   */
  const expandPart = (from: number, until: number, pathTo: (to: number) => string, end: number): { to: number; runs: number[][]; children: number } => {
    // A failed write names the expansion's file (a part's name is known only at its end).
    return writingFile(spillData(u.dir, u.ply + 1, u.bucket), (tmp) => {
      const fd = openSync(tmp, 'w');
      const runs: number[][] = [];
      let children = 0;
      const flush = (): void => {
        if (table.count === 0) return;
        runs.push(writeRun(fd, table, u.childBuckets, bits));
        table.data.fill(0);
        table.ctrl[0] = 0;
      };
      let k = from;
      try {
        while (k < until) {
          children += expander.expand(parents, k * pstride, multAt(parents, k * pstride), emit, table);
          k++;
          // A position has at most 218 moves: flush before the table can pass its load limit.
          if (table.count > limit - 256) flush();
          if (((k - from) & 63) === 0) {
            if (onParents !== undefined && k - reported >= 4096) {
              onParents(k - reported);
              reported = k;
            }
            if (performance.now() > end) break;
          }
        }
        flush();
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, pathTo(k));
      return { to: k, runs, children };
    });
  };
  if (!restarted) {
    // The whole bucket in one file, its table deduplicating across all of it.
    const { runs, children } = expandPart(0, count, () => spillData(u.dir, u.ply + 1, u.bucket), Infinity);
    writeJsonAtomic(marker, { runs, children } satisfies SpillIndex);
    return children;
  }
  for (let k = parts.length > 0 ? parts[parts.length - 1]!.to : 0; k < count; ) {
    const from = k;
    const r = expandPart(from, Math.min(count, from + PART_PARENTS), (to) => spillPartData(u.dir, u.ply + 1, u.bucket, from, to), performance.now() + partMs);
    const part: SpillPart = { from, to: r.to, runs: r.runs, children: r.children };
    writeJsonAtomic(spillPartMarker(u.dir, u.ply + 1, u.bucket, from), part);
    parts.push(part);
    k = r.to;
  }
  let children = 0;
  for (const part of parts) children += part.children;
  writeJsonAtomic(marker, { runs: [], children, parts } satisfies SpillIndex);
  return children;
}

const pstride = REC_WORDS + 2;
const multAt = (a: Int32Array, o: number): number => (a[o + REC_WORDS + 1]! >>> 0) * 4294967296 + (a[o + REC_WORDS]! >>> 0);

/**
 * The entries of the parent bucket of an expansion, checked against the bucket's marker: as many
 * as it counts, each a sound record with a multiplicity ≥ 1, the multiplicities summing to its
 * paths. A damaged file is refused before any child is written (random bytes would otherwise be
 * expanded as positions, and a shortened file counted as a smaller level).
 */
function readParents(u: ExpandUnit): Int32Array {
  const path = bucketData(u.dir, u.ply, u.bucket);
  const marker = bucketMarker(u.dir, u.ply, u.bucket);
  const done = readChecked(marker, 'bucket');
  if (done === undefined) throw damaged(marker, 'is missing (its level is listed as finished)');
  if (!existsSync(path)) throw damaged(path, 'is missing (its level is listed as finished)');
  const parents = readWords(path);
  const bytes = fstatSize(path);
  if (bytes !== done.count * pstride * 4) throw damaged(path, `holds ${bytes} bytes; its marker counts ${done.count} entries of ${pstride * 4}`);
  let paths = 0;
  for (let o = 0; o < parents.length; o += pstride) {
    const mult = multAt(parents, o);
    if (mult < 1 || !isSoundRecord(parents, o)) throw damaged(path, `holds no position at entry ${o / pstride}`);
    paths += mult;
  }
  if (paths !== done.paths) throw damaged(path, `sums to ${paths} paths; its marker says ${done.paths}`);
  return parents;
}

function fstatSize(path: string): number {
  const fd = openSync(path, 'r');
  try {
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

/** Writes a table's entries grouped by bucket; returns the per-bucket counts. */
function writeRun(fd: number, table: EntrySet, buckets: number, bits: number): number[] {
  const counts = new Array<number>(buckets).fill(0);
  const stride = table.stride;
  const d = table.data;
  table.forEach((b) => counts[bucketOf(d, b, table.width, bits)]!++);
  const starts = new Array<number>(buckets);
  let acc = 0;
  for (let j = 0; j < buckets; j++) {
    starts[j] = acc;
    acc += counts[j]! * stride;
  }
  const out = new Int32Array(acc);
  table.forEach((b) => {
    const j = bucketOf(d, b, table.width, bits);
    out.set(d.subarray(b, b + stride), starts[j]!);
    starts[j]! += stride;
  });
  writeAll(fd, out);
  return counts;
}

/** Runs dedup(ply, bucket); returns its marker. Skips a finished unit. */
export function runDedup(u: DedupUnit): BucketDone {
  const marker = bucketMarker(u.dir, u.ply, u.bucket);
  const done = readChecked(marker, 'bucket');
  if (done !== undefined) return done;
  const width = u.last ? KEY_WORDS : REC_WORDS;
  const stride = width + 2;
  const sources: { path: string; runs: number[][] }[] = [];
  let total = 0;
  for (let i = 0; i < u.parentBuckets; i++) {
    const index = readChecked(spillMarker(u.dir, u.ply, i), 'spill');
    if (index === undefined) throw new Error(`dedup L${u.ply} b${u.bucket}: expansion ${i} is not finished`);
    const files =
      index.parts === undefined
        ? [{ path: spillData(u.dir, u.ply, i), runs: index.runs }]
        : index.parts.map((p) => ({ path: spillPartData(u.dir, u.ply, i, p.from, p.to), runs: p.runs }));
    for (const file of files) {
      // Each run has one count per bucket, and the file holds exactly the runs' entries.
      let entries = 0;
      for (const run of file.runs) {
        if (run.length <= u.bucket) throw damaged(spillMarker(u.dir, u.ply, i), `has a run of ${run.length} buckets, not one for bucket ${u.bucket}`);
        for (const c of run) entries += c;
      }
      const bytes = existsSync(file.path) ? fstatSize(file.path) : -1;
      if (bytes !== entries * stride * 4) throw damaged(file.path, bytes < 0 ? 'is missing' : `holds ${bytes} bytes; its index lists ${entries} entries of ${stride * 4}`);
      sources.push(file);
      for (const run of file.runs) total += run[u.bucket]!;
    }
  }
  const table = EntrySet.forCount(width, total, false, 0.7);
  for (const src of sources) {
    if (src.runs.length === 0) continue;
    const fd = openSync(src.path, 'r');
    try {
      let runStart = 0;
      for (const run of src.runs) {
        let before = 0;
        for (let j = 0; j < u.bucket; j++) before += run[j]!;
        const n = run[u.bucket]!;
        if (n > 0) {
          const buf = new Int32Array(n * stride);
          readInto(fd, buf, (runStart + before) * stride * 4);
          for (let o = 0; o < buf.length; o += stride) {
            const mult = (buf[o + width + 1]! >>> 0) * 4294967296 + (buf[o + width]! >>> 0);
            table.add(buf, o, mult);
          }
        }
        for (const c of run) runStart += c;
      }
    } finally {
      closeSync(fd);
    }
  }
  const result: BucketDone = { count: table.count, paths: table.totalMult() };
  if (!u.last) writeWordsAtomic(bucketData(u.dir, u.ply, u.bucket), table.compact());
  writeJsonAtomic(marker, result);
  return result;
}

/** Removes a file if present. */
export function removeIfPresent(path: string): void {
  if (existsSync(path)) rmSync(path, { recursive: true, force: true });
}
