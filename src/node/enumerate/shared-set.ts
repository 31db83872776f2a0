import { EntrySet } from '../../tools/enumerate/entry-set.js';

/**
 * A shared set as sent to a thread: the buffers themselves, since structured cloning a typed
 * array over more than 4 GB truncates its length (Node 20), while the buffer keeps its size.
 */
export interface SharedSetRef {
  readonly width: number;
  readonly capacity: number;
  readonly data: SharedArrayBuffer;
  readonly ctrl: SharedArrayBuffer;
}

export const shareSet = (set: EntrySet): SharedSetRef => ({
  width: set.width,
  capacity: set.capacity,
  data: set.data.buffer as SharedArrayBuffer,
  ctrl: set.ctrl.buffer as SharedArrayBuffer,
});

export const wrapShared = (r: SharedSetRef): EntrySet => EntrySet.wrap(r.width, r.capacity, new Int32Array(r.data), new Int32Array(r.ctrl));
