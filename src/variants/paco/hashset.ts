/**
 * An open-addressing set of 64-bit keys given as two int32 halves, with O(1) clearing by
 * generation stamps (the searches clear it once per turn, so zeroing a big table each time would
 * dominate). Grows by doubling; never shrinks. Optional int32 value per key (used for BFS parents).
 */
export class HashSet64 {
  private keys: Int32Array;
  private stamps: Int32Array;
  private vals: Int32Array;
  private mask: number;
  private gen = 1;
  size = 0;

  constructor(log2 = 10) {
    const n = 1 << log2;
    this.keys = new Int32Array(2 * n);
    this.stamps = new Int32Array(n);
    this.vals = new Int32Array(n);
    this.mask = n - 1;
  }

  clear(): void {
    this.size = 0;
    this.gen++;
    if (this.gen === 0x7fffffff) {
      this.stamps.fill(0);
      this.gen = 1;
    }
  }

  /** Adds the key; returns false if it was already present. */
  add(lo: number, hi: number, value = 0): boolean {
    if ((this.size + 1) * 2 > this.mask) this.grow();
    const keys = this.keys, stamps = this.stamps, gen = this.gen, mask = this.mask;
    let i = (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> 7) & mask;
    for (;;) {
      if (stamps[i] !== gen) {
        stamps[i] = gen;
        keys[2 * i] = lo;
        keys[2 * i + 1] = hi;
        this.vals[i] = value;
        this.size++;
        return true;
      }
      if (keys[2 * i] === lo && keys[2 * i + 1] === hi) return false;
      i = (i + 1) & mask;
    }
  }

  has(lo: number, hi: number): boolean {
    const keys = this.keys, stamps = this.stamps, gen = this.gen, mask = this.mask;
    let i = (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> 7) & mask;
    for (;;) {
      if (stamps[i] !== gen) return false;
      if (keys[2 * i] === lo && keys[2 * i + 1] === hi) return true;
      i = (i + 1) & mask;
    }
  }

  /** The value stored with the key, or -1. */
  get(lo: number, hi: number): number {
    const keys = this.keys, stamps = this.stamps, gen = this.gen, mask = this.mask;
    let i = (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> 7) & mask;
    for (;;) {
      if (stamps[i] !== gen) return -1;
      if (keys[2 * i] === lo && keys[2 * i + 1] === hi) return this.vals[i]!;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const oldKeys = this.keys, oldStamps = this.stamps, oldVals = this.vals, oldGen = this.gen;
    const n = 2 * (this.mask + 1);
    this.keys = new Int32Array(2 * n);
    this.stamps = new Int32Array(n);
    this.vals = new Int32Array(n);
    this.mask = n - 1;
    this.gen = 1;
    this.size = 0;
    for (let i = 0; i < oldStamps.length; i++) {
      if (oldStamps[i] === oldGen) this.add(oldKeys[2 * i]!, oldKeys[2 * i + 1]!, oldVals[i]!);
    }
  }
}

/**
 * A growable arena of fixed-size state records (`width` words each). Used as a FIFO queue by the
 * breadth-first searches: records get increasing indices, and `release(i)` lets the slots of
 * records below `i` be reused (a ring buffer), so a search keeps only its frontier as records —
 * visited states survive as hashes only. Without `release` every record stays (end states).
 */
export class StateArena {
  /** The records, `width` words each (a ring buffer: record i at slot `i % capacity`; use `load`). */
  data: Int32Array;
  /** Words per record. */
  readonly width: number;
  private cap: number;
  /** Records pushed since the last reset (the next record's index). */
  count = 0;
  private head = 0;

  constructor(width: number, initial = 256) {
    this.width = width;
    this.cap = initial;
    this.data = new Int32Array(width * initial);
  }

  /** Empties the arena (its storage is kept). */
  reset(): void {
    this.count = 0;
    this.head = 0;
  }

  /** Records below `index` are no longer needed. */
  release(index: number): void {
    if (index > this.head) this.head = Math.min(index, this.count);
  }

  /** Appends the first `width` words of `src` and returns the new record's index. */
  push(src: Int32Array): number {
    const w = this.width;
    if (this.count - this.head >= this.cap) this.grow();
    const o = (this.count % this.cap) * w;
    const d = this.data;
    for (let i = 0; i < w; i++) d[o + i] = src[i]!;
    return this.count++;
  }

  /** Copies record `index` (not released) into the first `width` words of `dst`. */
  load(index: number, dst: Int32Array): void {
    const w = this.width;
    const o = (index % this.cap) * w;
    const d = this.data;
    for (let i = 0; i < w; i++) dst[i] = d[o + i]!;
  }

  private grow(): void {
    const w = this.width;
    const cap = this.cap * 2;
    const bigger = new Int32Array(cap * w);
    for (let i = this.head; i < this.count; i++) {
      bigger.set(this.data.subarray((i % this.cap) * w, (i % this.cap) * w + w), (i % cap) * w);
    }
    this.data = bigger;
    this.cap = cap;
  }
}
