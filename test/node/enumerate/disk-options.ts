/** The options of a small on-disk run from the start: 3 plies, one thread, a 512 KiB budget. */
import { Position } from '../../../src/chess/position.js';
import { makeFen } from '../../../src/notation/fen.js';
import { Progress } from '../../../src/node/enumerate/progress.js';
import type { EnumerateOptions } from '../../../src/node/enumerate/run.js';

export const diskOptions = (workdir: string, extra: Partial<EnumerateOptions> = {}): EnumerateOptions => ({
  pos: Position.standard(),
  fen: makeFen(Position.standard()),
  plies: 3,
  identity: 'fide',
  within: false,
  threads: 1,
  memoryBytes: 2 ** 19,
  resume: true,
  progress: new Progress(false),
  workdir,
  ...extra,
});
