/**
 * The .npy writer and reader: round trips of every supported dtype, headers aligned to 64
 * bytes, typed errors on bad input, streamed files, and numpy itself (when python3 has numpy)
 * reading our files and writing files our reader reads.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeNpy, encodeNpy, encodeNpyStrings, npyHeader, type NpyData, type NpyDescr } from '../../src/env/npy.js';
import { NpyFileWriter } from '../../src/node/env-npy.js';
import { tempDir } from '../helpers.js';
import { numpyPython } from './numpy.js';

const CASES: [NpyDescr, number[], NpyData][] = [
  ['<f4', [2, 3], Float32Array.of(0, 1.5, -2.25, 3e10, -0, 1 / 3)],
  ['<f8', [3], Float64Array.of(Math.PI, -1e-300, 7)],
  ['<i4', [2, 2], Int32Array.of(-2147483648, 2147483647, 0, -1)],
  ['<u4', [2], Uint32Array.of(4294967295, 1)],
  ['<i2', [3], Int16Array.of(-32768, 32767, 5)],
  ['<u2', [1], Uint16Array.of(65535)],
  ['|i1', [4], Int8Array.of(-128, 127, 0, -1)],
  ['|u1', [2, 1, 2], Uint8Array.of(0, 255, 7, 9)],
  ['|b1', [5], Uint8Array.of(1, 0, 0, 1, 1)],
  ['<f4', [0, 4672], new Float32Array(0)],
];

test('round trip of every dtype', () => {
  for (const [descr, shape, data] of CASES) {
    const bytes = encodeNpy(descr, shape, data);
    const header = bytes[8]! | (bytes[9]! << 8);
    assert.equal((10 + header) % 64, 0, 'data starts at a multiple of 64');
    const back = decodeNpy(bytes);
    assert.ok(back.ok, descr);
    assert.equal(back.value.descr, descr);
    assert.deepEqual(back.value.shape, shape);
    assert.deepEqual([...back.value.data!], [...data]);
  }
});

test('encodeNpy refuses data that disagrees with its dtype or shape (numpy would read other numbers)', () => {
  // Each was written before, and numpy.load read it as other values without a word: doubles
  // read as float32 ([1, 2] gave [0, 1.875]), floats read as int32, rows past the shape dropped.
  assert.throws(() => encodeNpy('<f4', [2], Float64Array.of(1, 2)), TypeError);
  assert.throws(() => encodeNpy('<i4', [2], Float32Array.of(1.5, 2)), TypeError);
  assert.throws(() => encodeNpy('|b1', [2], Int8Array.of(1, 0)), TypeError);
  assert.throws(() => encodeNpy('<U4' as NpyDescr, [1], new Uint8Array(16)), TypeError);
  assert.throws(() => encodeNpy('<f4', [2, 2], Float32Array.of(1, 2, 3, 4, 5, 6)), RangeError);
  assert.throws(() => encodeNpy('<f4', [3], Float32Array.of(1, 2)), RangeError);
  // A shape numpy cannot read back.
  assert.throws(() => npyHeader('<f4', [2.5]), RangeError);
  assert.throws(() => npyHeader('<f4', [-1]), RangeError);
  // Booleans are bytes: Uint8Array is their type, and a scalar holds one value.
  assert.ok(decodeNpy(encodeNpy('|b1', [2], Uint8Array.of(1, 0))).ok);
  const scalar = decodeNpy(encodeNpy('<f8', [], Float64Array.of(2)));
  assert.ok(scalar.ok);
  assert.deepEqual(scalar.value.shape, []);
});

test('every header ends in a newline after space padding, at each length modulo 64 (the .npy format)', () => {
  // The format: the header "is terminated by a newline (\n) and padded with spaces (\x20) to make
  // the total of len(magic string) + 2 + len(length) + HEADER_LEN be evenly divisible by 64".
  // Each extra dimension adds ", 1" (3 characters) to the dict, and 3 is prime to 64, so 64 ranks
  // give every length modulo 64, the one that fills a block to its last byte among them.
  for (let rank = 1; rank <= 64; rank++) {
    const shape = Array.from({ length: rank }, () => 1);
    const h = npyHeader('|u1', shape);
    const headerLength = h[8]! | (h[9]! << 8);
    assert.equal(h.length, 10 + headerLength);
    assert.equal(h.length % 64, 0, `rank ${rank}`);
    const text = String.fromCharCode(...h.subarray(10));
    assert.equal(text.at(-1), '\n', `rank ${rank}: the header ends in a newline`);
    const dict = text.slice(0, -1).trimEnd();
    assert.match(dict, /^\{.*\}$/, `rank ${rank}: only spaces between the dict and the newline`);
    assert.ok(dict.includes(`'shape': (${shape.join(', ')}${rank === 1 ? ',' : ''})`), dict);
  }
});

test('a header of 65526 bytes, the most a version 1.0 length (uint16) holds in a 64-byte block, is written; one more block is refused', () => {
  // 10 + 65526 = 65536 = 1024 blocks of 64; the next block would need a length of 65590 > 65535.
  const h = npyHeader('<f4', [2], 65536);
  assert.equal(h.length, 65536);
  assert.equal(h[8]! | (h[9]! << 8), 65526);
  assert.equal(h[h.length - 1], 0x0a);
  assert.throws(() => npyHeader('<f4', [2], 65537), RangeError);
  const file = new Uint8Array(h.length + 8);
  file.set(h);
  file.set(new Uint8Array(Float32Array.of(1.5, -2).buffer), h.length);
  const back = decodeNpy(file);
  assert.ok(back.ok);
  assert.deepEqual([...back.value.data!], [1.5, -2]);
  // numpy.load reads it (its default max_header_size, 10000, is a guard against untrusted files).
  const python = numpyPython();
  if (python === undefined) return;
  const dir = tempDir('caissa-npy-');
  try {
    writeFileSync(join(dir, 'big.npy'), file);
    const out = execFileSync(python, ['-c', 'import sys, numpy as np; a = np.load(sys.argv[1], max_header_size=1 << 17); print(a.dtype.str, list(a.shape), [float(x) for x in a])', join(dir, 'big.npy')], { encoding: 'utf8' });
    assert.equal(out.trim(), "<f4 [2] [1.5, -2.0]");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("big-endian files ('>' dtypes, as numpy writes them on request) read as their values", () => {
  // A 128-byte header and the data's bytes, most significant first.
  const file = (descr: string, shape: string, data: number[]): Uint8Array => {
    const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`.padEnd(117, ' ') + '\n';
    const out = new Uint8Array(128 + data.length);
    out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, 118, 0]);
    for (let i = 0; i < dict.length; i++) out[10 + i] = dict.charCodeAt(i);
    out.set(data, 128);
    return out;
  };
  const i4 = decodeNpy(file('>i4', '(2,)', [0, 0, 1, 2, 0xff, 0xff, 0xff, 0xfe]));
  assert.ok(i4.ok);
  assert.deepEqual([...i4.value.data!], [258, -2]);
  const u2 = decodeNpy(file('>u2', '(1,)', [0x12, 0x34]));
  assert.ok(u2.ok);
  assert.deepEqual([...u2.value.data!], [0x1234]);
  // 1.5 as a float32 is 0x3fc00000.
  const f4 = decodeNpy(file('>f4', '(1,)', [0x3f, 0xc0, 0, 0]));
  assert.ok(f4.ok);
  assert.deepEqual([...f4.value.data!], [1.5]);
  const u = decodeNpy(file('>U2', '(1,)', [0, 0, 0x01, 0x5c, 0, 0, 0, 0]));
  assert.ok(u.ok);
  assert.deepEqual(u.value.strings, ['Ŝ']);
});

test('strings as <U{n}, including non-ASCII', () => {
  const strings = ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '', 'Paco Ŝako ♞'];
  const back = decodeNpy(encodeNpyStrings(strings, 100));
  assert.ok(back.ok);
  assert.equal(back.value.descr, '<U100');
  assert.deepEqual(back.value.strings, strings);
  // A '<U100' item is 100 UTF-32 code units, 400 bytes (numpy's itemsize), and nothing follows.
  const bytes = encodeNpyStrings(strings, 100);
  assert.equal(bytes.length, 10 + (bytes[8]! | (bytes[9]! << 8)) + 3 * 400);
  assert.throws(() => encodeNpyStrings(['x'.repeat(5)], 4), RangeError);
});

test('bad files give typed errors', () => {
  const good = encodeNpy('<f4', [4], new Float32Array(4));
  const reason = (bytes: Uint8Array): string => {
    const r = decodeNpy(bytes);
    assert.ok(!r.ok);
    assert.equal(r.error.kind, 'npy');
    return r.error.reason;
  };
  assert.equal(reason(new Uint8Array([1, 2, 3])), 'magic');
  // A whole file under another magic (a PNG's first byte in place of \x93), and one cut inside the
  // 10 bytes of magic, version and header length; cut right after them, the header is missing.
  const png = good.slice();
  png[0] = 0x89;
  assert.equal(reason(png), 'magic');
  assert.equal(reason(good.slice(0, 9)), 'magic');
  assert.equal(reason(good.slice(0, 10)), 'header');
  assert.equal(reason(good.slice(0, good.length - 1)), 'size');
  const v9 = good.slice();
  v9[6] = 9;
  assert.equal(reason(v9), 'version');
  const text = (descr: string, extra = ''): Uint8Array => {
    const h = npyHeader('<f4', [4]);
    const dict = `{'descr': '${descr}', 'fortran_order': ${extra || 'False'}, 'shape': (4,), }`.padEnd(h.length - 11, ' ') + '\n';
    const out = new Uint8Array(h.length + 16);
    out.set(h.subarray(0, 10));
    for (let i = 0; i < dict.length; i++) out[10 + i] = dict.charCodeAt(i);
    return out;
  };
  assert.equal(reason(text('<c8')), 'dtype');
  assert.equal(reason(text('<f4', 'True')), 'fortran');
  // The header's dict has three keys, "descr", "fortran_order" and "shape" (the format; numpy
  // refuses a header without one of them): each missing in turn is a bad header.
  const keys = ["'descr': '<f4'", "'fortran_order': False", "'shape': (4,)"];
  keys.forEach((_, missing) => {
    const h = npyHeader('<f4', [4]);
    const dict = `{${keys.filter((_k, i) => i !== missing).join(', ')}, }`.padEnd(h.length - 11, ' ') + '\n';
    const out = new Uint8Array(h.length + 16);
    out.set(h.subarray(0, 10));
    for (let i = 0; i < dict.length; i++) out[10 + i] = dict.charCodeAt(i);
    assert.equal(reason(out), 'header', `without ${keys[missing]}`);
  });
  const cut = good.slice(0, 20);
  assert.equal(reason(cut), 'header');
});

test('streamed file: header rewritten with the final row count', () => {
  const dir = tempDir('caissa-npy-');
  try {
    const w = new NpyFileWriter(join(dir, 'x.npy'), '<i4', [3]);
    w.append(Int32Array.of(1, 2, 3), 1);
    w.append(Int32Array.of(4, 5, 6, 7, 8, 9), 2);
    w.close();
    const back = decodeNpy(new Uint8Array(readFileSync(join(dir, 'x.npy'))));
    assert.ok(back.ok);
    assert.deepEqual(back.value.shape, [3, 3]);
    assert.deepEqual([...back.value.data!], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file reopened at fewer rows than its header states reads as those rows at once, before any commit', () => {
  // A kill between the headers' commit and the manifest's write leaves headers counting rows the
  // manifest does not: the resumed run cuts the files back to the manifest's rows. Before, the
  // header kept the larger count until the next checkpoint, so a kill in between left files that
  // no reader could load (a header past the end of the data).
  const dir = tempDir('caissa-npy-');
  try {
    const path = join(dir, 'x.npy');
    const w = new NpyFileWriter(path, '<i4', [2]);
    w.append(Int32Array.of(1, 2, 3, 4, 5, 6), 3);
    w.close();
    const again = NpyFileWriter.reopen(path, '<i4', [2], 1);
    try {
      // Read as a kill would leave it: no commit, no close.
      const back = decodeNpy(new Uint8Array(readFileSync(path)));
      assert.ok(back.ok, back.ok ? '' : back.error.message);
      assert.deepEqual(back.value.shape, [1, 2]);
      assert.deepEqual([...back.value.data!], [1, 2]);
    } finally {
      again.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('numpy.load reads our files; our reader reads numpy.save', { skip: numpyPython() === undefined && 'python3 with numpy not available' }, () => {
  const dir = tempDir('caissa-npy-');
  try {
    CASES.forEach(([descr, shape, data], i) => writeFileSync(join(dir, `c${i}.npy`), encodeNpy(descr, shape, data)));
    writeFileSync(join(dir, 's.npy'), encodeNpyStrings(['a1', 'Ŝako'], 8));
    const script = `
import json, sys, numpy as np
d = sys.argv[1]
out = []
for i in range(${CASES.length}):
    a = np.load(f"{d}/c{i}.npy")
    out.append({"dtype": a.dtype.str, "shape": list(a.shape), "values": [float(x) for x in a.ravel()]})
s = np.load(f"{d}/s.npy")
out.append({"dtype": s.dtype.str, "shape": list(s.shape), "values": [str(x) for x in s]})
np.save(f"{d}/np_f4.npy", np.arange(12, dtype="<f4").reshape(3, 4) / 4)
np.save(f"{d}/np_b1.npy", np.array([[True, False], [False, True]]))
np.save(f"{d}/np_u.npy", np.array(["e2e4", "Ŝ"]))
print(json.dumps(out))
`;
    const out = JSON.parse(execFileSync(numpyPython()!, ['-c', script, dir], { encoding: 'utf8' })) as { dtype: string; shape: number[]; values: (number | string)[] }[];
    CASES.forEach(([descr, shape, data], i) => {
      assert.equal(out[i]!.dtype, descr === '|b1' ? '|b1' : descr);
      assert.deepEqual(out[i]!.shape, shape);
      assert.deepEqual(out[i]!.values, [...data].map(Number));
    });
    assert.deepEqual(out[CASES.length]!.values, ['a1', 'Ŝako']);
    const f4 = decodeNpy(new Uint8Array(readFileSync(join(dir, 'np_f4.npy'))));
    assert.ok(f4.ok);
    assert.deepEqual(f4.value.shape, [3, 4]);
    assert.deepEqual([...f4.value.data!], Array.from({ length: 12 }, (_, i) => i / 4));
    const b1 = decodeNpy(new Uint8Array(readFileSync(join(dir, 'np_b1.npy'))));
    assert.ok(b1.ok);
    assert.deepEqual([...b1.value.data!], [1, 0, 0, 1]);
    const u = decodeNpy(new Uint8Array(readFileSync(join(dir, 'np_u.npy'))));
    assert.ok(u.ok);
    assert.deepEqual(u.value.strings, ['e2e4', 'Ŝ']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
