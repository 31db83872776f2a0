/**
 * A minimal NumPy `.npy` writer and reader (format version 1.0, read 1.0–3.0), building bytes
 * only (no files), so it runs in a browser too; src/node/env-npy.ts streams them to disk.
 *
 * Format (numpy's `numpy/lib/format.py` documentation): the magic `\x93NUMPY`, major and minor
 * version bytes, a little-endian header length (uint16 in 1.0, uint32 in 2.0/3.0), then a
 * Python dict literal `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }` padded with
 * spaces and ended by `\n` so that the data starts at a multiple of 64 bytes; then the data in C
 * order. Only plain dtypes are handled: booleans, (u)int8/16/32, float32/64, and fixed-width
 * unicode strings `<U{n}` (UTF-32LE, zero-padded), which `numpy.load` reads without pickle.
 */
import { err, ok, type Result } from '../core/result.js';

/** The dtypes handled, as numpy writes them: bool, (u)int8/16/32 and float32/64 little-endian, and `<U{n}` strings of n code points. */
export type NpyDescr = '|b1' | '|u1' | '|i1' | '<u2' | '<i2' | '<u4' | '<i4' | '<f4' | '<f8' | `<U${number}`;
/** The typed arrays that hold numeric data. */
export type NpyData = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** A decoded `.npy` array. */
export interface NpyArray {
  /** The dtype. */
  readonly descr: NpyDescr;
  /** The dimensions, in C order. */
  readonly shape: readonly number[];
  /** Numbers for numeric dtypes (booleans as Uint8Array 0/1). */
  readonly data: NpyData | undefined;
  /** Strings for `<U{n}` dtypes. */
  readonly strings: string[] | undefined;
}

/** Why bytes are no `.npy` array that `decodeNpy` reads. */
export interface NpyError {
  /** Always `npy`. */
  readonly kind: 'npy';
  /**
   * `magic`: no `\x93NUMPY` start; `version`: not 1.0–3.0; `header`: the header dict does not
   * read; `dtype`: a dtype not handled; `fortran`: Fortran order; `size`: less data than the
   * shape needs.
   */
  readonly reason: 'magic' | 'version' | 'header' | 'dtype' | 'fortran' | 'size';
  /** The fault in words. */
  readonly message: string;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The header of an array, padded to a multiple of 64 bytes. `minLength` reserves room, so a
 * streamed file's header can be rewritten with the final shape (see src/node/env-npy.ts).
 */
export function npyHeader(descr: NpyDescr, shape: readonly number[], minLength = 0): Uint8Array {
  if (!shape.every((d) => Number.isSafeInteger(d) && d >= 0)) throw new RangeError(`npy shape (${shape.join(', ')}): dimensions are integers ≥ 0`);
  const dims = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${dims}, }`;
  const total = Math.max(Math.ceil((10 + dict.length + 1) / 64) * 64, Math.ceil(minLength / 64) * 64);
  if (total - 10 > 0xffff) throw new RangeError('npy header too long');
  dict = dict.padEnd(total - 10 - 1, ' ') + '\n';
  const out = new Uint8Array(total);
  out.set(MAGIC, 0);
  out[6] = 1;
  out[7] = 0;
  out[8] = (total - 10) & 0xff;
  out[9] = (total - 10) >> 8;
  for (let i = 0; i < dict.length; i++) out[10 + i] = dict.charCodeAt(i);
  return out;
}

/** The little-endian bytes of numeric data (a view when the platform is little-endian). */
export function dataBytes(data: NpyData): Uint8Array {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (LITTLE_ENDIAN || data.BYTES_PER_ELEMENT === 1) return bytes;
  const out = new Uint8Array(bytes.length);
  const size = data.BYTES_PER_ELEMENT;
  for (let i = 0; i < bytes.length; i += size) for (let j = 0; j < size; j++) out[i + j] = bytes[i + size - 1 - j]!;
  return out;
}

/** Strings as `<U{width}` bytes (UTF-32LE code points, zero-padded; longer strings are an error). */
export function stringBytes(strings: readonly string[], width: number): Uint8Array {
  const out = new Uint8Array(strings.length * width * 4);
  const view = new DataView(out.buffer);
  strings.forEach((s, i) => {
    const points = [...s];
    if (points.length > width) throw new RangeError(`string longer than ${width}: ${s}`);
    points.forEach((ch, j) => view.setUint32((i * width + j) * 4, ch.codePointAt(0)!, true));
  });
  return out;
}

/** The typed array that holds each numeric dtype's values (booleans as bytes 0/1). */
const ARRAY_TYPES: Readonly<Record<string, new (n: number) => NpyData>> = {
  '|b1': Uint8Array,
  '|u1': Uint8Array,
  '|i1': Int8Array,
  '<u2': Uint16Array,
  '<i2': Int16Array,
  '<u4': Uint32Array,
  '<i4': Int32Array,
  '<f4': Float32Array,
  '<f8': Float64Array,
};

/**
 * A whole `.npy` file of numeric data. The bytes are written as they are, so `data` must be the
 * dtype's own array type (a TypeError otherwise: a Float64Array under `<f4` would read back as
 * other numbers) and hold exactly the shape's number of values (a RangeError otherwise).
 */
export function encodeNpy(descr: NpyDescr, shape: readonly number[], data: NpyData): Uint8Array {
  const type = ARRAY_TYPES[descr];
  if (type === undefined) throw new TypeError(`encodeNpy: ${descr} is not a numeric dtype (strings go through encodeNpyStrings)`);
  if (!(data instanceof type)) throw new TypeError(`encodeNpy: ${descr} data must be a ${type.name}, got a ${data.constructor.name}`);
  const count = shape.reduce((a, b) => a * b, 1);
  if (data.length !== count) throw new RangeError(`encodeNpy: shape (${shape.join(', ')}) holds ${count} values, data has ${data.length}`);
  const header = npyHeader(descr, shape);
  const body = dataBytes(data);
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}

/** A whole `.npy` file of strings. */
export function encodeNpyStrings(strings: readonly string[], width: number): Uint8Array {
  const header = npyHeader(`<U${width}`, [strings.length]);
  const body = stringBytes(strings, width);
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}

const fail = (reason: NpyError['reason'], message: string): Result<NpyArray, NpyError> => err({ kind: 'npy', reason, message });

/** Reads a `.npy` file (the dtypes above, C order). */
export function decodeNpy(bytes: Uint8Array): Result<NpyArray, NpyError> {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) return fail('magic', 'not an .npy file (bad magic)');
  const major = bytes[6]!;
  if (major < 1 || major > 3) return fail('version', `unsupported .npy version ${major}.${bytes[7]}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = major === 1 ? 10 : 12;
  if (start + headerLength > bytes.length) return fail('header', 'header runs past the end of the file');
  let text = '';
  for (let i = start; i < start + headerLength; i++) text += String.fromCharCode(bytes[i]!);
  const descr = /'descr':\s*'([^']*)'/.exec(text)?.[1];
  const fortran = /'fortran_order':\s*(True|False)/.exec(text)?.[1];
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(text)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined) return fail('header', `bad header: ${text.trim()}`);
  if (fortran === 'True') return fail('fortran', 'Fortran-order arrays are not supported');
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  if (shape.some((d) => !Number.isSafeInteger(d) || d < 0)) return fail('header', `bad shape (${shapeText})`);
  const count = shape.reduce((a, b) => a * b, 1);
  const dataStart = start + headerLength;
  const m = /^([<>|=])([biuUf])(\d+)$/.exec(descr);
  if (m === null) return fail('dtype', `unsupported dtype ${descr}`);
  const [, order, kind, sizeText] = m;
  const size = Number(sizeText);
  const bigEndian = order === '>';
  const width = kind === 'U' ? 4 * size : size;
  if (dataStart + count * width > bytes.length) return fail('size', `data needs ${count * width} bytes, file has ${bytes.length - dataStart}`);
  if (kind === 'U') {
    const strings: string[] = [];
    for (let i = 0; i < count; i++) {
      let s = '';
      for (let j = 0; j < size; j++) {
        const cp = view.getUint32(dataStart + (i * size + j) * 4, !bigEndian);
        if (cp === 0) break;
        s += String.fromCodePoint(cp);
      }
      strings.push(s);
    }
    return ok({ descr: `<U${size}`, shape, data: undefined, strings });
  }
  const read = (get: (at: number) => number, out: NpyData): NpyData => {
    for (let i = 0; i < count; i++) out[i] = get(dataStart + i * size);
    return out;
  };
  const le = !bigEndian;
  let data: NpyData;
  const key = `${kind}${size}`;
  switch (key) {
    case 'b1':
      data = read((at) => (view.getUint8(at) !== 0 ? 1 : 0), new Uint8Array(count));
      break;
    case 'u1':
      data = read((at) => view.getUint8(at), new Uint8Array(count));
      break;
    case 'i1':
      data = read((at) => view.getInt8(at), new Int8Array(count));
      break;
    case 'u2':
      data = read((at) => view.getUint16(at, le), new Uint16Array(count));
      break;
    case 'i2':
      data = read((at) => view.getInt16(at, le), new Int16Array(count));
      break;
    case 'u4':
      data = read((at) => view.getUint32(at, le), new Uint32Array(count));
      break;
    case 'i4':
      data = read((at) => view.getInt32(at, le), new Int32Array(count));
      break;
    case 'f4':
      data = read((at) => view.getFloat32(at, le), new Float32Array(count));
      break;
    case 'f8':
      data = read((at) => view.getFloat64(at, le), new Float64Array(count));
      break;
    default:
      return fail('dtype', `unsupported dtype ${descr}`);
  }
  const canonical = (size === 1 ? '|' : '<') + key;
  return ok({ descr: canonical as NpyDescr, shape, data, strings: undefined });
}
