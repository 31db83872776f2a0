/**
 * Perft that resumes (`caissa perft <depth> --checkpoint FILE`). The count is split into the jobs
 * of the thread pool (`perftJobs`), and FILE is a journal of them, appended to as each job ends:
 *
 * ```
 * {"caissa":"perft checkpoint","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":5,"bulk":true,"chess960":false,"jobs":400}
 * 17 b1a3 f7f5 8984
 * ```
 *
 * a header naming what is counted, then one line per finished job: its index, its moves from the
 * root (so that a journal cannot be applied to another split of the work) and its count. A run
 * skips the jobs the journal records; a finished journal gives the result at once. A kill can cut
 * only the last line short (no newline yet): that line is dropped and its job counted again. The
 * header is written whole (a temporary file renamed into place). `FILE.lock` keeps a second run off
 * (beside the file a symbolic link FILE points to).
 * Lines are not synced to disk one by one (jobs of milliseconds at small depths): a killed process
 * loses none, a crash of the system may lose the last ones, whose jobs are then counted again.
 */
import { closeSync, lstatSync, openSync, readFileSync, readlinkSync, renameSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Position } from '../chess/position.js';
import { makeFen } from '../notation/fen.js';
import { perft } from '../tools/perft.js';
import { tmpName } from './files.js';
import { takeLock } from './lock.js';
import { perftJobs, runPerftJobs, type PerftJob, type RootCount } from './perft-pool.js';

/**
 * A checkpoint that cannot serve this run: `input` for a file that is not this count's checkpoint
 * or cannot be read or written (bad input), `damaged` for a journal line a kill cannot leave,
 * `locked` while another run holds it.
 */
export class CheckpointError extends Error {
  override readonly name = 'CheckpointError';
  readonly kind: 'input' | 'damaged' | 'locked';
  constructor(message: string, kind: 'input' | 'damaged' | 'locked') {
    super(message);
    this.kind = kind;
  }
}

interface Header {
  readonly caissa: 'perft checkpoint';
  readonly fen: string;
  readonly depth: number;
  readonly bulk: boolean;
  readonly chess960: boolean;
  readonly jobs: number;
}

const FIELDS = ['fen', 'depth', 'bulk', 'chess960', 'jobs'] as const;

/**
 * A FEN without its clocks, which change no legal move and so no count (the fifty- and
 * seventy-five-move rules end games; they do not change how pieces move): a journal serves the
 * same position with other clocks.
 */
const withoutClocks = (fen: string): string => fen.split(' ').slice(0, 4).join(' ');

/** A line as an error message quotes it: at most 80 characters. */
const quote = (line: string): string => `'${line.length > 80 ? `${line.slice(0, 80)}…` : line}'`;

/** The header of a journal's first line, or undefined when it is none. */
function readHeader(line: string): Header | undefined {
  let v: Partial<Header> | null;
  try {
    v = JSON.parse(line) as Partial<Header> | null;
  } catch {
    return undefined;
  }
  const ok =
    v?.caissa === 'perft checkpoint' &&
    typeof v.fen === 'string' &&
    Number.isSafeInteger(v.depth) &&
    typeof v.bulk === 'boolean' &&
    typeof v.chess960 === 'boolean' &&
    Number.isSafeInteger(v.jobs);
  return ok ? (v as Header) : undefined;
}

/** The counts a journal records by job index, after checking its header against `want`. */
function readJournal(file: string, text: string, want: Header, jobs: readonly PerftJob[]): Map<number, number> {
  const lines = text.split('\n');
  lines.pop(); // after the last newline: nothing
  const header = readHeader(lines[0]!);
  if (header === undefined) throw new CheckpointError(`${file} is not a caissa perft checkpoint (line 1: ${quote(lines[0]!)}): name another file`, 'input');
  const differ = FIELDS.filter((k) => (k === 'fen' ? withoutClocks(header.fen) !== withoutClocks(want.fen) : header[k] !== want[k])).map((k) => `${k} ${JSON.stringify(header[k])} there, ${JSON.stringify(want[k])} here`);
  if (differ.length > 0) {
    throw new CheckpointError(`${file} is the checkpoint of another count (${differ.join('; ')}): name another file, or remove it to start again`, 'input');
  }
  const done = new Map<number, number>();
  lines.forEach((line, i) => {
    if (i === 0) return;
    const damaged = (reason: string): CheckpointError =>
      new CheckpointError(`${file} is damaged: line ${i + 1} ${reason}: ${quote(line)} (remove that line, whose job is then counted again, or the file to start over)`, 'damaged');
    const m = /^(\d+) (\S+(?: \S+)?) (\d+)$/.exec(line);
    if (m === null) throw damaged('is not a job line (index, moves, count)');
    const index = Number(m[1]);
    const nodes = Number(m[3]);
    if (!(index < jobs.length)) throw damaged(`names job ${m[1]}, past the ${jobs.length} jobs`);
    if (m[2] !== jobs[index]!.moves) throw damaged(`gives job ${index} the moves ${m[2]}, which are ${jobs[index]!.moves}`);
    if (!Number.isSafeInteger(nodes)) throw damaged('has a count past 2^53');
    if (done.has(index)) throw damaged(`counts job ${index} a second time`);
    done.set(index, nodes);
  });
  return done;
}

/**
 * The counts recorded in the journal `file` (created when absent or empty), its torn last line cut
 * off; throws a CheckpointError when it is not this count's journal or is damaged.
 */
function openJournal(file: string, want: Header, jobs: readonly PerftJob[]): Map<number, number> {
  let bytes: Buffer | undefined;
  try {
    // A FIFO would block the read, and a device (/dev/null reads empty) be replaced by the header.
    if (!statSync(file).isFile()) throw new CheckpointError(`${file} is not a regular file: name a file for the checkpoint`, 'input');
    bytes = readFileSync(file);
  } catch (e) {
    if (e instanceof CheckpointError) throw e;
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new CheckpointError(`cannot read ${file}: ${(e as Error).message}`, 'input');
  }
  if (bytes === undefined || bytes.length === 0) {
    try {
      const tmp = tmpName(file);
      writeFileSync(tmp, `${JSON.stringify(want)}\n`);
      renameSync(tmp, file);
    } catch (e) {
      throw new CheckpointError(`cannot write ${file}: ${(e as Error).message}`, 'input');
    }
    return new Map();
  }
  const end = bytes.lastIndexOf(0x0a) + 1;
  // No whole line: not a header this module wrote, which is written whole.
  if (end === 0) throw new CheckpointError(`${file} is not a caissa perft checkpoint (line 1: ${quote(bytes.toString('utf8'))}): name another file`, 'input');
  const done = readJournal(file, bytes.subarray(0, end).toString('utf8'), want, jobs);
  // The line a kill cut short is dropped, to be written again whole.
  try {
    if (end < bytes.length) truncateSync(file, end);
  } catch (e) {
    throw new CheckpointError(`cannot write ${file}: ${(e as Error).message}`, 'input');
  }
  return done;
}

/**
 * The file a journal path stands for: the path itself, or the file its symbolic links lead to,
 * even one not made yet (a link that dangles), so that the journal is written there and the
 * link kept, not replaced by the header's rename. A path that is no link comes back as given.
 */
function followLinks(file: string): string {
  let path = file;
  // 40 hops, as Linux allows; a loop of links is then read and fails as any unreadable file.
  for (let hops = 0; hops < 40; hops++) {
    try {
      if (!lstatSync(path).isSymbolicLink()) return path;
      path = resolve(dirname(path), readlinkSync(path));
    } catch {
      return path;
    }
  }
  return path;
}

export interface CheckpointedPerft {
  readonly file: string;
  readonly pos: Position;
  readonly depth: number;
  readonly threads: number;
  readonly bulk: boolean;
}

/** The count of a checkpointed perft, and how much of it the journal held from earlier runs. */
export interface CheckpointedCount {
  /** Per root move, as `perftThreaded` gives it. */
  readonly roots: RootCount[];
  /** The nodes read from the journal, not counted by this run (so a rate leaves them out). */
  readonly resumedNodes: bigint;
}

/**
 * Perft per root move, journaled in `o.file`: the jobs it records are not counted again, the
 * others are appended as they end. With one thread the jobs are counted in this thread.
 */
export async function perftCheckpointed(o: CheckpointedPerft): Promise<CheckpointedCount> {
  const { roots, jobs } = perftJobs(o.pos, o.depth);
  const want: Header = { caissa: 'perft checkpoint', fen: makeFen(o.pos), depth: o.depth, bulk: o.bulk, chess960: o.pos.chess960, jobs: jobs.length };
  const file = followLinks(o.file);
  // Named after the journal the links lead to, so a run through another link to it is kept off
  // too; a directory link on the way needs nothing more: the lock sits in the same directory.
  const release = takeLock(`${file}.lock`, {
    subject: o.file,
    users: 'a caissa perft --checkpoint',
    fail: (message, held) => new CheckpointError(message, held ? 'locked' : 'input'),
  });
  try {
    const done = openJournal(file, want, jobs);
    const counts = roots.map(() => 0n);
    for (const [index, nodes] of done) counts[jobs[index]!.root]! += BigInt(nodes);
    const resumedNodes = counts.reduce((sum, n) => sum + n, 0n);
    const result = (): CheckpointedCount => ({ roots: roots.map((uci, i) => ({ uci, nodes: counts[i]! })), resumedNodes });
    const pending = jobs.filter((job) => !done.has(job.index));
    if (pending.length === 0) return result();
    let fd: number;
    try {
      fd = openSync(file, 'a');
    } catch (e) {
      throw new CheckpointError(`cannot write ${o.file}: ${(e as Error).message}`, 'input');
    }
    try {
      // One write per line: a kill leaves it whole or cut short, never mixed with another.
      const record = (job: PerftJob, nodes: number): void => {
        try {
          writeSync(fd, `${job.index} ${job.moves} ${nodes}\n`);
        } catch (e) {
          throw new CheckpointError(`cannot write ${o.file}: ${(e as Error).message}`, 'input');
        }
        counts[job.root]! += BigInt(nodes);
      };
      if (o.threads > 1) await runPerftJobs(pending, o.pos.chess960, o.threads, o.bulk, record);
      else for (const job of pending) record(job, perft(Position.fromWordsUnchecked(job.words, o.pos.chess960), job.depth, { bulk: o.bulk }));
    } finally {
      closeSync(fd);
    }
    return result();
  } finally {
    release();
  }
}
