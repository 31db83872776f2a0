/**
 * Expansion: the children of one stored record, written to a sink as records (when the next
 * level will be expanded again) or as 128-bit keys (the last level, where only the count and
 * multiplicities matter). One Expander per thread; it allocates nothing per node.
 */
import { WORDS } from '../../chess/layout.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { generateLegal } from '../../chess/movegen.js';
import { applyMoveKeyless } from '../../chess/play.js';
import type { EntrySink } from './entry-set.js';
import { ID_DIAGRAM, identityEp } from './identity.js';
import { KEY_WORDS, keyOf, PLACEMENT_WORDS, packRecord, REC_WORDS, unpackRecord } from './record.js';

/** What children are emitted as. */
export const EMIT_RECORDS = 0;
export const EMIT_KEYS = 1;

export class Expander {
  readonly identity: number;
  private readonly words = new Int32Array(2 * WORDS);
  private readonly moves = new Uint16Array(MAX_MOVES_ANY);
  private readonly rec = new Int32Array(REC_WORDS);
  private readonly key = new Int32Array(KEY_WORDS);

  /** `identity`: an ID_* code. */
  constructor(identity: number) {
    this.identity = identity;
  }

  /** Loads a record as the parent and returns its number of legal moves. */
  load(src: Int32Array, o: number): number {
    unpackRecord(src, o, this.words, 0);
    return generateLegal(this.words, 0, this.moves, 0);
  }

  /**
   * Emits the children of the record at `src[o..]` (multiplicity `mult` each) into `sink`;
   * returns the number of children (legal moves).
   */
  expand(src: Int32Array, o: number, mult: number, emit: number, sink: EntrySink): number {
    const n = this.load(src, o);
    const w = this.words;
    const rec = this.rec;
    const id = this.identity;
    for (let i = 0; i < n; i++) {
      w.copyWithin(WORDS, 0, WORDS);
      applyMoveKeyless(w, WORDS, this.moves[i]!);
      packRecord(w, WORDS, identityEp(w, WORDS, id), rec, 0);
      if (emit === EMIT_RECORDS) {
        sink.add(rec, 0, mult);
      } else {
        keyOf(rec, 0, id === ID_DIAGRAM ? PLACEMENT_WORDS : REC_WORDS, this.key, 0);
        sink.add(this.key, 0, mult);
      }
    }
    return n;
  }
}

/** The counting key of a stored record under `identity` (diagrams drop all but placement). */
export function recordKey(src: Int32Array, o: number, identity: number, out: Int32Array, oo: number): void {
  keyOf(src, o, identity === ID_DIAGRAM ? PLACEMENT_WORDS : REC_WORDS, out, oo);
}

/** The record of a root position under `identity`. */
export function rootRecord(words: Int32Array, identity: number): Int32Array {
  const rec = new Int32Array(REC_WORDS);
  const w = new Int32Array(WORDS);
  w.set(words.subarray(0, WORDS));
  packRecord(w, 0, identityEp(w, 0, identity), rec, 0);
  return rec;
}
