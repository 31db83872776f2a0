/**
 * Streaming `.npy` files to disk: the header is written first with room for the final shape,
 * rows are appended as they come, and `close` rewrites the header with the row count, so a
 * self-play run of any length never holds its data in memory.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { dataBytes, npyHeader, stringBytes, type NpyData, type NpyDescr } from '../env/npy.js';

export class NpyFileWriter {
  readonly path: string;
  readonly descr: NpyDescr;
  readonly rowShape: readonly number[];
  private readonly fd: number;
  private readonly headerLength: number;
  private rowCount = 0;
  private position: number;

  constructor(path: string, descr: NpyDescr, rowShape: readonly number[]) {
    this.path = path;
    this.descr = descr;
    this.rowShape = rowShape;
    this.fd = openSync(path, 'w');
    // Reserve a header long enough for any row count (15 digits).
    const reserved = npyHeader(descr, [999_999_999_999_999, ...rowShape]);
    this.headerLength = reserved.length;
    writeSync(this.fd, npyHeader(descr, [0, ...rowShape], this.headerLength));
    this.position = this.headerLength;
  }

  get rows(): number {
    return this.rowCount;
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

  /** Writes the final shape into the header and closes the file. */
  close(): void {
    writeSync(this.fd, npyHeader(this.descr, [this.rowCount, ...this.rowShape], this.headerLength), 0, this.headerLength, 0);
    closeSync(this.fd);
  }
}
