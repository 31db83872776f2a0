/**
 * Streaming `.npy` files to disk: the header is written first with room for the final shape,
 * rows are appended as they come, and `commit` (or `close`) rewrites the header with the row
 * count, so a self-play run of any length never holds its data in memory, and a file cut short
 * by a kill still reads as the rows of its last commit. `reopen` continues such a file.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { dataBytes, npyHeader, stringBytes, type NpyData, type NpyDescr } from '../env/npy.js';

/** Bytes per item of a descriptor: `<U{n}` holds n UTF-32 characters; the others end in their size. */
const itemBytes = (descr: NpyDescr): number => (descr[1] === 'U' ? 4 * Number(descr.slice(2)) : Number(descr.slice(2)));

/** A header with room for any row count (15 digits), so that rewriting it never moves the data. */
const headerLength = (descr: NpyDescr, rowShape: readonly number[]): number => npyHeader(descr, [999_999_999_999_999, ...rowShape]).length;

export class NpyFileWriter {
  readonly path: string;
  readonly descr: NpyDescr;
  readonly rowShape: readonly number[];
  private readonly fd: number;
  private readonly headerLength: number;
  private rowCount: number;
  private position: number;

  /** A new file (an existing one is replaced) holding no rows; `existing` is for `reopen`. */
  constructor(path: string, descr: NpyDescr, rowShape: readonly number[], existing?: { fd: number; rows: number }) {
    this.path = path;
    this.descr = descr;
    this.rowShape = rowShape;
    this.headerLength = headerLength(descr, rowShape);
    this.rowCount = existing?.rows ?? 0;
    this.position = this.headerLength + this.rowCount * this.rowBytes;
    this.fd = existing?.fd ?? openSync(path, 'w');
    // A reopened file's header may count rows cut off since (committed by a run killed before
    // its manifest): it states this writer's rows at once, so the file reads whole at any kill.
    this.commit();
  }

  /**
   * The file at `path`, written by this class with the same type and row shape, continued after
   * its first `rows` rows: anything past them (rows appended after the last commit) is cut off,
   * and the header states `rows`.
   * Throws an Error naming the file when it is not such a file or holds fewer rows.
   */
  static reopen(path: string, descr: NpyDescr, rowShape: readonly number[], rows: number): NpyFileWriter {
    const fd = openSync(path, 'r+');
    try {
      const length = headerLength(descr, rowShape);
      const head = new Uint8Array(length);
      const read = readSync(fd, head, 0, length, 0);
      const stated = /'shape': \((\d+)/.exec(String.fromCharCode(...head.subarray(10, read)));
      const expected = stated === null ? undefined : npyHeader(descr, [Number(stated[1]), ...rowShape], length);
      if (read < length || expected === undefined || expected.some((b, i) => head[i] !== b)) {
        throw new Error(`${path}: not a ${descr} file of rows ${JSON.stringify(rowShape)} as this run writes`);
      }
      const end = length + rows * rowBytesOf(descr, rowShape);
      if (fstatSync(fd).size < end) throw new Error(`${path}: holds fewer than the ${rows} rows its manifest counts`);
      ftruncateSync(fd, end);
      return new NpyFileWriter(path, descr, rowShape, { fd, rows });
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  get rows(): number {
    return this.rowCount;
  }

  private get rowBytes(): number {
    return rowBytesOf(this.descr, this.rowShape);
  }

  /** Appends `rows` rows of numeric data. */
  append(data: NpyData, rows: number): void {
    const bytes = dataBytes(data);
    writeSync(this.fd, bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
    this.rowCount += rows;
  }

  /** Appends strings (for a `<U{n}` file with no row shape). */
  appendStrings(strings: readonly string[]): void {
    const bytes = stringBytes(strings, Number(this.descr.slice(2)));
    writeSync(this.fd, bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
    this.rowCount += strings.length;
  }

  /** Writes the shape so far into the header: a reader sees every row appended until now. */
  commit(): void {
    writeSync(this.fd, npyHeader(this.descr, [this.rowCount, ...this.rowShape], this.headerLength), 0, this.headerLength, 0);
  }

  /** Commits and closes the file. */
  close(): void {
    this.commit();
    closeSync(this.fd);
  }
}

function rowBytesOf(descr: NpyDescr, rowShape: readonly number[]): number {
  return rowShape.reduce((n, d) => n * d, itemBytes(descr));
}
