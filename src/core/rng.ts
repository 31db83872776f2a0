/**
 * A small seeded pseudo-random generator (SplitMix32-style mixing of a Weyl sequence): fast,
 * reproducible across platforms, good enough for random playouts and fuzzing; not cryptographic.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** A uniformly distributed uint32. */
  nextUint32(): number {
    this.state = (this.state + 0x9e3779b9) | 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** A uniform integer in [0, n), n ≤ 2^32. */
  below(n: number): number {
    return Math.floor((this.nextUint32() / 4294967296) * n);
  }
}
