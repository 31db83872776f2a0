/**
 * A transposition table of refuted nodes for the series solver: "from this board, castling
 * rights, en-passant set and number of moves left, no mate exists". Open addressing over typed
 * arrays (64-bit key as two int32 halves plus the moves left, checked on probe), four slots per
 * bucket, replacing the shallowest entry of a full bucket. Entries carry a generation number,
 * so clearing between solves costs nothing. Nothing is allocated after construction.
 *
 * Keys are 64-bit Zobrist-style hashes; a false "refuted" from a collision would need two of
 * the ≤ 2^22 stored nodes to share 64 bits, far below one in a million per solve.
 */
export class RefutationTable {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  /** Moves left | generation << 8; a generation counter makes `clear` free. */
  private readonly tag: Int32Array;
  private readonly mask: number;
  private generation = 1;
  stored = 0;

  /** `bits`: log2 of the number of slots (default 2^20 slots, 9 MiB). */
  constructor(bits = 20) {
    const size = 1 << bits;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.tag = new Int32Array(size);
    this.mask = (size - 1) & ~3;
  }

  clear(): void {
    this.generation++;
    if (this.generation > 0x7fffff) {
      this.generation = 1;
      this.tag.fill(0);
    }
    this.stored = 0;
  }

  /** Whether (key, movesLeft) is stored as refuted. */
  has(lo: number, hi: number, movesLeft: number): boolean {
    const b = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const t = movesLeft | (this.generation << 8);
    for (let i = b; i < b + 4; i++) {
      if (this.tag[i] === t && this.lo[i] === lo && this.hi[i] === hi) return true;
    }
    return false;
  }

  /** Stores (key, movesLeft) as refuted. */
  add(lo: number, hi: number, movesLeft: number): void {
    const b = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const gen = this.generation;
    let victim = b;
    let victimDepth = 256;
    for (let i = b; i < b + 4; i++) {
      const t = this.tag[i]!;
      if (t >> 8 !== gen) {
        // A slot of an earlier solve (or never used) is free.
        victim = i;
        this.stored++;
        break;
      }
      if ((t & 255) < victimDepth) {
        victimDepth = t & 255;
        victim = i;
      }
    }
    this.lo[victim] = lo;
    this.hi[victim] = hi;
    this.tag[victim] = movesLeft | (gen << 8);
  }
}
