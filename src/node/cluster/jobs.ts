/**
 * Job kinds of the distributed mode. Redis (BullMQ) carries only these small descriptions and
 * the sums; the bulk data (level buckets, spill runs) lives in the shared directory. Job ids are
 * derived from (run, level, phase, shard), so a resubmitted or retried job is the same job, and
 * every unit skips work whose marker file already exists: retries are idempotent.
 */
import type { DedupUnit, ExpandUnit } from '../enumerate/units.js';

export type ClusterJob =
  | { readonly kind: 'expand'; readonly unit: ExpandUnit }
  | { readonly kind: 'dedup'; readonly unit: DedupUnit }
  /** Level barrier: completes when all its children have, and sums their values. */
  | { readonly kind: 'barrier'; readonly label: string }
  /** Σ multiplicity × perft(depth) over a shard of distinct positions (records as numbers). */
  | { readonly kind: 'perft'; readonly entries: number[]; readonly depth: number; readonly chess960: boolean }
  | { readonly kind: 'perft-sum'; readonly label: string };

/** What a job returns: counts to be summed by its parent. */
export interface JobValue {
  readonly count: number;
  readonly paths: number;
  readonly children: number;
  /** Perft leaves in decimal: a sum past 2^53 (perft 12 of the start position) stays exact, and JSON carries it. */
  readonly nodes: string;
}

export const ZERO: JobValue = { count: 0, paths: 0, children: 0, nodes: '0' };

export function sumValues(values: readonly JobValue[]): JobValue {
  return values.reduce(
    (a, v) => ({ count: a.count + v.count, paths: a.paths + v.paths, children: a.children + v.children, nodes: String(BigInt(a.nodes) + BigInt(v.nodes)) }),
    ZERO,
  );
}

/** A job id safe for BullMQ (no ':'). */
export const jobId = (...parts: (string | number)[]): string => parts.join('.');
