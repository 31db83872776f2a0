/**
 * An open-addressing hash set of fixed-width entries in one Int32Array, each with a 53-bit
 * multiplicity (two uint32 words: lo, hi). Entries are either 9-word position records or 4-word
 * keys (`record.ts`); their last word is never 0 (that marks an empty slot) nor -1 (a slot being
 * written by another thread).
 *
 * Linear probing from the entry's slot hash. The set may live in a SharedArrayBuffer and be
 * filled by several threads at once: a slot is claimed with a compare-and-swap of its last word
 * from 0 to -1, the other words and the multiplicity are written, and the last word is published
 * with an atomic store. A thread that meets -1 waits for the publication before comparing, so two
 * threads can never both insert the same entry (the race that inflates ROECE's counts).
 */
import { slotHash } from './record.js';

const TWO32 = 4294967296;
const BUSY = -1;

/** Anything entries can be added to: a set, a spill router. */
export interface EntrySink {
  /** Adds the entry `src[o .. o + width)` with multiplicity `mult`; true when it was new. */
  add(src: Int32Array, o: number, mult: number): boolean;
}

/**
 * A set of fixed-width entries with multiplicities (see above): `enumeratePlies` gives its last
 * level as one, which `perftFromLevel` reads.
 */
export class EntrySet implements EntrySink {
  /** Words per entry: 9 for position records, 4 for keys. */
  readonly width: number;
  /** Words per slot: the entry and its multiplicity (lo, hi). */
  readonly stride: number;
  /** Slots in the table, a power of two. */
  readonly capacity: number;
  /** `capacity - 1`, to wrap a slot index. */
  readonly mask: number;
  /** The slots, `capacity × stride` words; an entry at word offset `b` of a slot. */
  readonly data: Int32Array;
  /** [count] — an Int32Array so that threads can share it. */
  readonly ctrl: Int32Array;
  /** Whether the table lives in a SharedArrayBuffer (filled by several threads, atomically). */
  readonly shared: boolean;
  /** Word offset of the entry found or inserted by the last single-threaded `add`. */
  lastOffset = -1;

  constructor(width: number, capacity: number, shared = false, data?: Int32Array, ctrl?: Int32Array) {
    if ((capacity & (capacity - 1)) !== 0 || capacity < 2) throw new Error(`capacity must be a power of two, got ${capacity}`);
    this.width = width;
    this.stride = width + 2;
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.shared = shared;
    const bytes = capacity * this.stride * 4;
    this.data = data ?? (shared ? new Int32Array(new SharedArrayBuffer(bytes)) : new Int32Array(capacity * this.stride));
    this.ctrl = ctrl ?? (shared ? new Int32Array(new SharedArrayBuffer(8)) : new Int32Array(2));
  }

  /** A set sized for `expected` entries at a load of at most `load`. */
  static forCount(width: number, expected: number, shared = false, load = 0.7): EntrySet {
    return new EntrySet(width, capacityFor(expected, load), shared);
  }

  /** Re-wraps the buffers of a set created elsewhere (another thread). */
  static wrap(width: number, capacity: number, data: Int32Array, ctrl: Int32Array): EntrySet {
    return new EntrySet(width, capacity, data.buffer instanceof SharedArrayBuffer, data, ctrl);
  }

  /** The number of distinct entries. */
  get count(): number {
    return this.shared ? Atomics.load(this.ctrl, 0) : this.ctrl[0]!;
  }

  /** Bytes of the table. */
  get bytes(): number {
    return this.capacity * this.stride * 4;
  }

  add(src: Int32Array, o: number, mult: number): boolean {
    return this.shared ? this.addShared(src, o, mult) : this.addPlain(src, o, mult);
  }

  private addPlain(src: Int32Array, o: number, mult: number): boolean {
    const d = this.data;
    const width = this.width;
    const stride = this.stride;
    const last = width - 1;
    const tail = src[o + last]!;
    let slot = slotHash(src, o, width) & this.mask;
    for (let probes = 0; probes < this.capacity; probes++) {
      const b = slot * stride;
      const t = d[b + last]!;
      if (t === 0) {
        this.lastOffset = b;
        for (let i = 0; i < width; i++) d[b + i] = src[o + i]!;
        d[b + width] = mult % TWO32;
        d[b + width + 1] = Math.floor(mult / TWO32);
        this.ctrl[0]!++;
        return true;
      }
      if (t === tail && sameWords(d, b, src, o, last)) {
        this.lastOffset = b;
        const lo = (d[b + width]! >>> 0) + (mult % TWO32);
        d[b + width] = lo % TWO32;
        d[b + width + 1] = d[b + width + 1]! + Math.floor(mult / TWO32) + (lo >= TWO32 ? 1 : 0);
        return false;
      }
      slot = (slot + 1) & this.mask;
    }
    throw new Error('EntrySet full');
  }

  private addShared(src: Int32Array, o: number, mult: number): boolean {
    const d = this.data;
    const width = this.width;
    const stride = this.stride;
    const last = width - 1;
    const tail = src[o + last]!;
    const multLo = mult % TWO32;
    const multHi = Math.floor(mult / TWO32);
    let slot = slotHash(src, o, width) & this.mask;
    for (let probes = 0; probes < this.capacity; probes++) {
      const b = slot * stride;
      let t = Atomics.load(d, b + last);
      if (t === 0) {
        t = Atomics.compareExchange(d, b + last, 0, BUSY);
        if (t === 0) {
          this.lastOffset = b;
          for (let i = 0; i < last; i++) d[b + i] = src[o + i]!;
          d[b + width] = multLo;
          d[b + width + 1] = multHi;
          Atomics.add(this.ctrl, 0, 1);
          Atomics.store(d, b + last, tail); // publish
          return true;
        }
      }
      while (t === BUSY) t = Atomics.load(d, b + last);
      if (t === tail && sameWords(d, b, src, o, last)) {
        this.lastOffset = b;
        if (mult === 0) return false;
        const old = Atomics.add(d, b + width, multLo | 0) >>> 0;
        const carry = old + multLo >= TWO32 ? 1 : 0;
        if (multHi + carry !== 0) Atomics.add(d, b + width + 1, multHi + carry);
        return false;
      }
      slot = (slot + 1) & this.mask;
    }
    throw new Error('EntrySet full');
  }

  /** Whether the set holds the entry. */
  has(src: Int32Array, o: number): boolean {
    const d = this.data;
    const last = this.width - 1;
    let slot = slotHash(src, o, this.width) & this.mask;
    for (;;) {
      const b = slot * this.stride;
      const t = d[b + last]!;
      if (t === 0) return false;
      if (t === src[o + last] && sameWords(d, b, src, o, last)) return true;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Multiplicity of the entry at slot offset `b` (a multiple of `stride`). */
  multAt(b: number): number {
    return (this.data[b + this.width + 1]! >>> 0) * TWO32 + (this.data[b + this.width]! >>> 0);
  }

  /** Whether slot `slot` holds an entry. */
  occupied(slot: number): boolean {
    return this.data[slot * this.stride + this.width - 1] !== 0;
  }

  /** Calls `f(b)` with the word offset of every entry. */
  forEach(f: (b: number) => void): void {
    const d = this.data;
    const last = this.width - 1;
    for (let b = 0, end = this.capacity * this.stride; b < end; b += this.stride) if (d[b + last] !== 0) f(b);
  }

  /** Sum of all multiplicities. */
  totalMult(): number {
    let sum = 0;
    this.forEach((b) => (sum += this.multAt(b)));
    return sum;
  }

  /** A set of `capacity` slots (default twice as many) holding the same entries. */
  grown(capacity = this.capacity * 2, shared = this.shared): EntrySet {
    const next = new EntrySet(this.width, capacity, shared);
    this.forEach((b) => {
      next.addPlain(this.data, b, this.multAt(b));
    });
    return next;
  }

  /** The entries packed densely (width + 2 words each, multiplicity included). */
  compact(): Int32Array {
    const out = new Int32Array(this.count * this.stride);
    let i = 0;
    this.forEach((b) => {
      out.set(this.data.subarray(b, b + this.stride), i);
      i += this.stride;
    });
    return out;
  }
}

/** The smallest power of two ≥ 16 that holds `expected` entries at load `load`. */
export function capacityFor(expected: number, load = 0.7): number {
  let c = 16;
  while (c * load < expected) c *= 2;
  return c;
}

function sameWords(a: Int32Array, ao: number, b: Int32Array, bo: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (a[ao + i] !== b[bo + i]) return false;
  return true;
}
