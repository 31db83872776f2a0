/**
 * Distinct positions by plies, in memory, level by level (breadth-first): level n+1 is the set of
 * children of level n, deduplicated, each with its multiplicity (number of move paths from the
 * start), so that Σ multiplicity = perft(n) and perft(n + k) = Σ multiplicity × perft(k).
 *
 * Every level is kept complete (not only positions new at that level), since a position reached
 * at ply 2 can be reached again at ply 4 and counts at both ("after exactly n plies", A083276).
 * With `within`, a set of the keys of every level seen so far gives the positions first reached
 * at each ply and the cumulative count within n plies.
 *
 * Browser-safe and single-threaded; `src/node/enumerate` runs the same steps on worker threads
 * and on disk.
 */
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { Position } from '../../chess/position.js';
import { perft } from '../perft.js';
import { EntrySet } from './entry-set.js';
import { EMIT_KEYS, EMIT_RECORDS, Expander, recordKey, rootRecord } from './expand.js';
import { ID_DIAGRAM, identityCode, type Identity } from './identity.js';
import { KEY_WORDS, REC_WORDS, recordWords } from './record.js';

/** The counts of one level (ply) of an enumeration (docs/rules/enumeration.md). */
export interface LevelStats {
  /** Plies from the start position. */
  readonly ply: number;
  /** Distinct positions after exactly `ply` plies. */
  readonly positions: number;
  /** Legal moves generated from the distinct positions of the previous level. */
  readonly children: number;
  /** Σ multiplicities: the number of move paths, = perft(ply). */
  readonly paths: number;
  /** Positions at this ply not seen at any earlier ply (with `within`). */
  readonly firstReached?: number;
  /** Distinct positions within `ply` plies (with `within`). */
  readonly within?: number;
}

/** How `enumeratePlies` counts. */
export interface PlyOptions {
  /** When two positions are the same (see `IDENTITIES`); `fide` unless given. */
  readonly identity?: Identity;
  /** Track first-reached and within-n counts. */
  readonly within?: boolean;
  /** Keep the last level as full records (to expand it further or run perft from it). */
  readonly keepLast?: boolean;
  /** Called after each level. */
  readonly onLevel?: (stats: LevelStats) => void;
}

/** What `enumeratePlies` counted. */
export interface PlyEnumeration {
  /** The identity counted under. */
  readonly identity: Identity;
  /** One entry per ply, from 0 (the start) to the plies asked for. */
  readonly levels: LevelStats[];
  /** The last level: records (with `keepLast` or plies = 0) or keys, with multiplicities. */
  readonly last: EntrySet;
}

/**
 * Why the move paths to `ply` cannot be given, or undefined when they can. Multiplicities are
 * JavaScript numbers (stored as two uint32 words), exact up to 2^53 - 1: a sum past it would be
 * rounded (and one past 2^64 wrapped), so a level whose paths pass it ends the enumeration.
 */
export function inexactPaths(ply: number, paths: number): string | undefined {
  if (Number.isSafeInteger(paths)) return undefined;
  return `the move paths to ply ${ply} number more than 2^53 - 1, past what the counts hold exactly: enumerate at most ${ply - 1} plies from this position`;
}

/** Above this load a growing set doubles. */
export const MAX_LOAD = 0.75;

/** The level after `parents`: children as records or keys, deduplicated with multiplicities. */
export function expandLevel(parents: EntrySet, expander: Expander, emit: number, expected: number): { set: EntrySet; children: number } {
  // Grown before one more parent's children could pass the load limit, with room for the first
  // parent's: a lenient position may have more moves than the 218 of a legal one (MAX_MOVES_ANY).
  let set = EntrySet.forCount(emit === EMIT_RECORDS ? REC_WORDS : KEY_WORDS, expected + MAX_MOVES_ANY, false, MAX_LOAD);
  let limit = Math.floor(set.capacity * MAX_LOAD) - MAX_MOVES_ANY;
  let children = 0;
  const d = parents.data;
  parents.forEach((b) => {
    children += expander.expand(d, b, parents.multAt(b), emit, set);
    if (set.count > limit) {
      set = set.grown();
      limit = Math.floor(set.capacity * MAX_LOAD) - MAX_MOVES_ANY;
    }
  });
  return { set, children };
}

/**
 * Expected size of the next level from the growth of the last two (a sizing hint only: a set
 * that outgrows it doubles). The growth factor shrinks from ply to ply (20, 20, 13.4, 13.4,
 * 11.4, 11.5, 10.2 from the start position), hence the 0.9.
 */
export function nextLevelEstimate(counts: readonly number[]): number {
  const n = counts.length;
  const last = counts[n - 1]!;
  const ratio = n >= 2 && counts[n - 2]! > 0 ? Math.max(1, 0.9 * (last / counts[n - 2]!)) : 32;
  return Math.max(16, Math.ceil(last * ratio));
}

/** Distinct counting keys of a level (diagrams: placements of its records). */
export function countLevel(set: EntrySet, identity: number, seen?: EntrySet): { positions: number; firstReached: number } {
  const key = new Int32Array(KEY_WORDS);
  const project = set.width === REC_WORDS && identity === ID_DIAGRAM;
  const local = project ? EntrySet.forCount(KEY_WORDS, set.count, false) : undefined;
  let firstReached = 0;
  if (seen === undefined && local === undefined) return { positions: set.count, firstReached: 0 };
  set.forEach((b) => {
    let src = set.data;
    let o = b;
    if (set.width === REC_WORDS) {
      recordKey(set.data, b, identity, key, 0);
      src = key;
      o = 0;
    }
    if (local !== undefined) local.add(src, o, 0);
    if (seen !== undefined && seen.add(src, o, 0)) firstReached++;
  });
  return { positions: local !== undefined ? local.count : set.count, firstReached };
}

/** Root level: the start position as the only record, multiplicity 1. */
export function rootLevel(pos: Position, identity: number): EntrySet {
  const set = new EntrySet(REC_WORDS, 16);
  set.add(rootRecord(pos.words, identity), 0, 1);
  return set;
}

/** Distinct positions after 0..plies plies from `pos`. */
export function enumeratePlies(pos: Position, plies: number, options: PlyOptions = {}): PlyEnumeration {
  const identity = options.identity ?? 'fide';
  const code = identityCode(identity);
  const expander = new Expander(code);
  let level = rootLevel(pos, code);
  const seen = options.within ? EntrySet.forCount(KEY_WORDS, 1024) : undefined;
  const levels: LevelStats[] = [];
  const counts: number[] = [1];
  const record = (stats: LevelStats): void => {
    levels.push(stats);
    options.onLevel?.(stats);
  };
  let seenSet = seen;
  const tally = (set: EntrySet, ply: number, children: number): void => {
    if (seenSet !== undefined && seenSet.count + set.count > seenSet.capacity * MAX_LOAD) {
      seenSet = seenSet.grown(capacityAtLeast(seenSet, seenSet.count + set.count));
    }
    const paths = set.totalMult();
    const inexact = inexactPaths(ply, paths);
    if (inexact !== undefined) throw new RangeError(inexact);
    const c = countLevel(set, code, seenSet);
    record({
      ply,
      positions: c.positions,
      children,
      paths,
      ...(seenSet !== undefined ? { firstReached: c.firstReached, within: seenSet.count } : {}),
    });
  };
  tally(level, 0, 0);
  for (let ply = 1; ply <= plies; ply++) {
    const last = ply === plies && !options.keepLast;
    const { set, children } = expandLevel(level, expander, last ? EMIT_KEYS : EMIT_RECORDS, nextLevelEstimate(counts));
    level = set;
    counts.push(set.count);
    tally(level, ply, children);
  }
  return { identity, levels, last: level };
}

function capacityAtLeast(set: EntrySet, entries: number): number {
  let c = set.capacity;
  while (c * MAX_LOAD < entries) c *= 2;
  return c;
}

/**
 * Σ multiplicity × perft(k) over a level of records: perft(n + k) from the distinct positions
 * after n plies (the trick that shards perft by unique positions).
 */
export function perftFromLevel(level: EntrySet, k: number, chess960 = false): number {
  if (level.width !== REC_WORDS) throw new Error('perftFromLevel needs a level of records (keepLast)');
  let sum = 0;
  level.forEach((b) => {
    const pos = Position.fromWordsUnchecked(recordWords(level.data, b), chess960);
    sum += level.multAt(b) * perft(pos, k);
  });
  return sum;
}
