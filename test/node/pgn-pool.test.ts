/**
 * Parallel PGN replay (`PgnReplayPool`) against the sequential reader: for any text and any way
 * of cutting it into chunks and segments, the records (plies, FENs, results, errors with their
 * lines and columns) must be the very same. The inputs include the cases a guessed cut gets
 * wrong — a blank line and a tag inside a multi-line comment, games with no blank line between
 * them, tags-only games, and streams of mutated snippets — so the fallback to main-thread
 * splitting is exercised too. A worker thread that dies (terminated, exited, thrown at start)
 * fails the replay with a WorkerThreadError instead of hanging it, and is replaced.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sharedPath } from '../../src/node/data.js';
import * as nodeEntry from '../../src/node/index.js';
import { findCut, PgnReplayPool } from '../../src/node/pgn-pool.js';
import { replayPgnBatches, replayPgnSync, type ReplayRecord } from '../../src/notation/pgn-replay.js';
import { Rng } from '../../src/core/rng.js';
import { mutateText, testSeed, tempDir } from '../helpers.js';
import { WorkerThreadError } from '../../src/node/worker-error.js';
import { faultTree, within } from './fault-tree.js';
import { fixturePath, sharedSkip } from '../data.js';

const pool = new PgnReplayPool(2);
after(() => pool.close());

/** Chunks of `size` bytes: copies at offset 0 of their own buffers, and views at any offset of the whole (as zlib gives both). */
async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0, n = 0; i < bytes.length; i += size, n++) yield n % 2 === 0 ? bytes.slice(i, i + size) : bytes.subarray(i, i + size);
}

async function parallel(bytes: Uint8Array, chunkSize: number, segmentBytes: number): Promise<ReplayRecord[]> {
  const out: ReplayRecord[] = [];
  for await (const r of pool.replay(chunks(bytes, chunkSize), { segmentBytes })) out.push(r);
  return out;
}

async function assertSame(bytes: Uint8Array, label: string, configs: [number, number][]): Promise<void> {
  const expected = replayPgnSync(bytes);
  for (const [chunk, segment] of configs) {
    const got = await parallel(bytes, chunk, segment);
    assert.equal(got.length, expected.length, `${label}: game count (chunks ${chunk}, segments ${segment})`);
    for (let i = 0; i < got.length; i++) assert.deepEqual(got[i], expected[i], `${label}: game ${i + 1} (chunks ${chunk}, segments ${segment})`);
  }
}

const enc = new TextEncoder();

test('findCut picks a line-opening tag after a blank line or after movetext, never inside tags', () => {
  const text = '[Event "a"]\n[Site "b"]\n\n1. e4 e5 *\n[Event "c"]\n[Site "d"]\n\n1. d4 *\n\n[Event "e"]\n[Site "f"]\n';
  const b = Buffer.from(text);
  const at = (s: string, from = 0): number => text.indexOf(s, from);
  assert.equal(findCut(b, b.length), at('[Event "e"]'));
  assert.equal(findCut(b, at('[Event "e"]')), at('[Event "c"]'), 'after a movetext line, with no blank line');
  assert.equal(findCut(b, at('[Event "c"]')), -1, 'the first tag of the input is no cut');
  const crlf = Buffer.from('1. e4 *\r\n\r\n[Event "x"]\r\n[Site "y"]\r\n');
  assert.equal(findCut(crlf, crlf.length), 11);
  const cr = Buffer.from('1. e4 *\r\r[Event "x"]\r[Site "y"]\r');
  assert.equal(findCut(cr, cr.length), 9);
});

test('many tiny games without tags: what the pool holds stays bounded by its segments, not by the input', async () => {
  // No tag pair, so no cut: the pool once held all of it as one segment (or, past the game
  // limit, split it at once into batches all sent together), and took every record back at
  // once: 4 GB for what one thread replays in 0.5 GB. Now no batch of records comes from more
  // than a few segments of text (at least 8 bytes a game here), whatever the input's size.
  const segmentBytes = 1 << 16;
  const text = '1. e4 *\n'.repeat(300_000); // 2.4 MB, 300,000 games
  const bytes = enc.encode(text);
  const expected = replayPgnSync(bytes);
  let largest = 0;
  const got: ReplayRecord[] = [];
  for await (const batch of pool.replayBatches(chunks(bytes, 1 << 16), { segmentBytes })) {
    largest = Math.max(largest, batch.length);
    for (const r of batch) got.push(r);
  }
  assert.equal(got.length, 300_000);
  assert.deepEqual(got, expected);
  const bound = (5 * segmentBytes) / 8;
  assert.ok(largest <= bound, `a batch of ${largest} records (bound ${bound})`);
});

test('wrong cuts (tags and blank lines inside comments, games without blank lines) and results that are no marker give the sequential records', async () => {
  const game = (i: number, extra = ''): string =>
    `[Event "g${i}"]\n[Result "*"]\n\n1. e4 {a comment\n\n[Event "not a tag"]\n\nstill the comment} e5 ${extra}2. Nf3 *\n\n`;
  let text = '';
  for (let i = 0; i < 40; i++) {
    text += game(i, i % 7 === 3 ? '2. Ke3 ' : '');
    if (i % 5 === 0) text += `[Event "run-in ${i}"]\n1. d4 d5 2. c4\n[Event "tags only ${i}"]\n[Site "x"]\n\n`;
    if (i % 9 === 0) text += `[Event "latin1 \xe9"]\n\n1. e4 e5 0-1\n`;
    // Results that are no termination marker come back from a worker apart from the coded ones.
    if (i % 11 === 4) text += `[Event "odd result ${i}"]\n[Result "${i % 2 === 0 ? '1/2' : '?'}"]\n\n1. e4\n\n`;
  }
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  await assertSame(bytes, 'crafted', [[7, 1], [64, 1], [64, 200], [1000, 300], [1 << 16, 1 << 20]]);
});

test('every tricky file, one after the other in one stream, gives the sequential records', async () => {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.pgn')) files.push(path);
    }
  };
  walk(fixturePath('pgn', 'tricky'));
  assert.ok(files.length > 700, `tricky files found: ${files.length}`);
  const parts = files.map((f) => readFileSync(f));
  // Each file ends a game; a blank line keeps the next file's first game its own.
  const all = Buffer.concat(parts.flatMap((p) => [p, enc.encode('\n\n')]));
  await assertSame(all, 'tricky', [[4096, 512], [1 << 16, 1 << 14], [1 << 20, 1 << 20]]);
});

test('mutated PGN streams (broken comments, variations and tags; games with and without blank lines between) give the sequential records', async () => {
  const seeds = [
    '[Event "A \\"q\\""]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 {Ruy} Nc6 (2... Nf6 3. O-O $1) 3. Bb5 1-0\n',
    '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n[SetUp "1"]\n\n1. O-O O-O-O 2. Rab1 Rd2 *\n',
    '1.d4 d5 2.c4 e6 1/2-1/2\r\n[Event "B"]\r\n1.e4 c5 ; comment\r\n2.Nf3 d6 0-1',
    '% escape\n[Event "V"]\n{start} 1. e4!? (1. d4 (1. c4 c5) d5) 1... e5 {x\n\n[Event "in a comment"]\n\n} 2. Nf3 *\n',
    '[Variant "Atomic"]\n\n1. e4 e5 *\n\n[Event "z"]\n1. e4 e5 2. Ke2 Ke7 *',
  ];
  const rng = new Rng(testSeed(13));
  for (let round = 0; round < 10; round++) {
    let text = '';
    for (let k = 0; k < 400; k++) {
      text += mutateText(rng, seeds[rng.below(seeds.length)]!, '[]{}()";%$!?.*-=+#/\\ \n\n\n\r\t0123456789abcdefghNBRQKOxPpqrnbke', 3);
      text += ['\n\n', '\n', '', '\r\n\r\n'][rng.below(4)];
    }
    await assertSame(enc.encode(text), `mutated stream ${round}`, [[97, 64], [1000, 300], [4096, 2000]]);
  }
});

test('real files (every PGN file of the games folder) give the sequential records', { skip: sharedSkip('games') }, async () => {
  // A file added later is read too.
  const names = readdirSync(sharedPath('games')).filter((n) => /\.pgn(\.gz)?$/.test(n));
  assert.ok(names.length >= 4, names.join(' '));
  for (const name of names) {
    const raw = readFileSync(sharedPath('games', name));
    await assertSame(name.endsWith('.gz') ? gunzipSync(raw) : raw, name, [[1 << 16, 1 << 15]]);
  }
});

test('no buffer is transferred to a worker: a detach slows every typed-array access of the thread after it', async () => {
  const postMessage = Worker.prototype.postMessage;
  let sent = 0;
  let transferred = 0;
  Worker.prototype.postMessage = function (this: Worker, value: unknown, transferList?: readonly unknown[]) {
    sent++;
    if (transferList !== undefined && transferList.length > 0) transferred++;
    return postMessage.call(this, value, transferList as never);
  };
  try {
    const text = enc.encode(`[Event "a"]\n\n1. e4 e5 1-0\n\n[Event "b"]\n\n{ [x "y"]\n\n[z "w"] } 1. d4 *\n\n`.repeat(40));
    await assertSame(text, 'spied', [[100, 64]]);
  } finally {
    Worker.prototype.postMessage = postMessage;
  }
  assert.ok(sent > 10, `${sent} messages`);
  assert.equal(transferred, 0);
});

test('caissa/node: openPgn and the pool replay a .pgn.gz file as the sequential reader does', { skip: sharedSkip('games') }, async () => {
  const file = sharedPath('games', 'lichess-from-position-440.pgn.gz');
  const expected = replayPgnSync(gunzipSync(readFileSync(file)));
  const entryPool = new nodeEntry.PgnReplayPool(2);
  try {
    const got: ReplayRecord[] = [];
    for await (const batch of entryPool.replayBatches(nodeEntry.openPgn(file))) got.push(...batch);
    assert.deepEqual(got, expected);
  } finally {
    await entryPool.close();
  }
});

/** The chunks of `bytes[0..failAt)`, then an error, as a truncated download gives. */
async function* failing(bytes: Uint8Array, size: number, failAt: number): AsyncGenerator<Uint8Array> {
  yield* chunks(bytes.subarray(0, failAt), size);
  throw new Error('input cut');
}

/** The records a reader yields before the input's error, and that error's message. */
async function untilError(records: AsyncIterable<ReplayRecord[]>): Promise<[ReplayRecord[], string]> {
  const out: ReplayRecord[] = [];
  try {
    for await (const batch of records) out.push(...batch);
  } catch (e) {
    return [out, (e as Error).message];
  }
  return [out, 'no error'];
}

test('an input that fails part-way: both readers replay the text read so far as if it ended there, then throw the error', { skip: sharedSkip('games') }, async () => {
  const bytes = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))).subarray(0, 3 << 20);
  // Cut points in movetext, in tags, between games, inside comments: spread over the text.
  const rng = new Rng(testSeed(29));
  let compared = 0;
  for (let k = 0; k < 24; k++) {
    const failAt = 1 + rng.below(bytes.length - 1);
    const expected = replayPgnSync(bytes.subarray(0, failAt));
    const [sequential, sequentialError] = await untilError(replayPgnBatches(failing(bytes, 1 << 16, failAt)));
    assert.equal(sequentialError, 'input cut');
    assert.deepEqual(sequential, expected, `sequential, cut at ${failAt}`);
    for (const [chunk, segment] of [[1 << 16, 1 << 15], [4096, 1 << 20], [1000, 300]] as const) {
      const [got, error] = await untilError(pool.replayBatches(failing(bytes, chunk, failAt), { segmentBytes: segment }));
      assert.equal(error, 'input cut');
      assert.equal(got.length, expected.length, `cut at ${failAt} (chunks ${chunk}, segments ${segment})`);
      assert.deepEqual(got, expected, `cut at ${failAt} (chunks ${chunk}, segments ${segment})`);
      compared += got.length;
    }
  }
  assert.ok(compared > 10000, `only ${compared} records compared`);
});

test('openPgn: truncated or corrupt gzip, other compressed formats and unreadable paths are PgnInputErrors naming the file', { skip: sharedSkip('games') }, async () => {
  const dir = tempDir('caissa-pgn-input-');
  const gz = readFileSync(sharedPath('games', 'lichess-from-position-440.pgn.gz'));
  const text = gunzipSync(gz);
  const cases: [string, Uint8Array, RegExp][] = [
    ['truncated.pgn.gz', gz.subarray(0, gz.length >> 1), /the gzip data ends early: the file is truncated/],
    ['corrupt.pgn.gz', (() => {
      const b = Buffer.from(gz);
      b[b.length - 6]! ^= 0xff; // the stored CRC-32 no longer matches the data
      return b;
    })(), /the gzip data is corrupt \(incorrect data check\)/],
    ['bad-method.pgn.gz', Buffer.concat([gz.subarray(0, 2), Buffer.from([7]), gz.subarray(3)]), /the gzip data is corrupt \(unknown compression method\)/],
    ['games.pgn.zst', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]), /zstd-compressed data: .*zstd -dc/],
    ['games.pgn.xz', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1]), /xz-compressed data/],
    ['games.pgn.bz2', Buffer.from('BZh91AY&SY'), /bzip2-compressed data/],
    ['games.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]), /zip-compressed data/],
  ];
  for (const [name, bytes, message] of cases) {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    const [, error] = await untilError(replayPgnBatches(nodeEntry.openPgn(file)));
    assert.match(error, message, name);
    assert.ok(error.startsWith(`${file}: `), error);
  }
  // A truncated .gz still gives the games before the cut (and the cut one as far as it goes), with the pool too.
  const [sequential, e1] = await untilError(replayPgnBatches(nodeEntry.openPgn(join(dir, 'truncated.pgn.gz'))));
  const [parallelRecords, e2] = await untilError(pool.replayBatches(nodeEntry.openPgn(join(dir, 'truncated.pgn.gz'))));
  assert.equal(e1, e2);
  assert.ok(sequential.length > 10);
  assert.deepEqual(parallelRecords, sequential);
  assert.deepEqual(sequential.slice(0, -1), replayPgnSync(text).slice(0, sequential.length - 1));
  // A directory cannot be read; "BZh" not followed by a block size digit is PGN text (no bzip2).
  assert.match((await untilError(replayPgnBatches(nodeEntry.openPgn(dir))))[1], /^.*: cannot read: EISDIR/);
  assert.equal(nodeEntry.foreignFormat(Buffer.from('BZh is not a tag')), undefined);
  // A stream whose first chunks are tiny (a pipe written byte by byte) is told apart all the same.
  const bytewise = (b: Uint8Array) => Readable.from((function* () {
    for (const byte of b) yield Buffer.from([byte]);
  })());
  const [viaBytes, cutError] = await untilError(replayPgnBatches(nodeEntry.pgnBytes('stdin', bytewise(gz.subarray(0, 4096)))));
  assert.equal(cutError, 'stdin: the gzip data ends early: the file is truncated');
  assert.ok(viaBytes.length > 1);
  assert.deepEqual(viaBytes.slice(0, -1), replayPgnSync(text).slice(0, viaBytes.length - 1));
  assert.match((await untilError(replayPgnBatches(nodeEntry.pgnBytes('stdin', bytewise(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0]))))))[1], /^stdin: zstd-compressed/);
  assert.ok(new nodeEntry.PgnInputError('f', 'r') instanceof Error);
  // Gzip is told by both magic bytes (RFC 1952, 2.3.1: ID1 = 0x1f and ID2 = 0x8b): text with only
  // one of them in place is read as text, junk bytes and all, as the in-memory reader reads it.
  const game = enc.encode('\n[Event "e"]\n\n1. e4 e5 *\n');
  for (const start of [[0x1f, 0x20], [0x20, 0x8b], [0x8b, 0x1f]]) {
    const bytes = Buffer.concat([Buffer.from(start), game]);
    const [records, error] = await untilError(replayPgnBatches(nodeEntry.pgnBytes('stdin', bytewise(bytes))));
    assert.equal(error, 'no error', `${start}`);
    assert.deepEqual(records, replayPgnSync(bytes), `${start}`);
    assert.ok(records.some((r) => r.plies === 2), `${start}`);
  }
});

test('a .gz that fails only at its end (bytes after it, a bad CRC or size): every game replayed as from the clean file, then the error', { skip: sharedSkip('games') }, async () => {
  const dir = tempDir('caissa-pgn-gz-');
  try {
    // A file of several MiB decompressed: Node's gunzip stream dropped its last output (up to 1 MiB) on such faults.
    const text = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))).subarray(0, 5 << 20);
    const gz = gzipSync(text);
    const expected = replayPgnSync(text);
    const flip = (at: number) => {
      const b = Buffer.from(gz);
      b[b.length + at]! ^= 0x01;
      return b;
    };
    const cases: [string, Uint8Array, string][] = [
      ['garbage.pgn.gz', Buffer.concat([gz, Buffer.from('trailing garbage')]), 'bytes after its end that are no gzip data'],
      ['zeros-then-garbage.pgn.gz', Buffer.concat([gz, Buffer.alloc(100), Buffer.from('x')]), 'bytes after its end that are no gzip data'],
      ['crc.pgn.gz', flip(-6), 'incorrect data check'],
      ['size.pgn.gz', flip(-2), 'incorrect length check'],
      ['no-trailer.pgn.gz', gz.subarray(0, gz.length - 4), 'the gzip data ends early'],
    ];
    for (const [name, bytes, message] of cases) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      for (const [reader, records] of [
        ['sequential', () => replayPgnBatches(nodeEntry.openPgn(file))],
        ['pool', () => pool.replayBatches(nodeEntry.openPgn(file))],
      ] as const) {
        const [got, error] = await untilError(records());
        assert.ok(error.startsWith(`${file}: `) && error.includes(message), `${name} (${reader}): ${error}`);
        assert.equal(got.length, expected.length, `${name} (${reader})`);
        assert.deepEqual(got, expected, `${name} (${reader})`);
      }
      // zcat gives the same text and fails too.
      const z = spawnSync('zcat', [file], { maxBuffer: 1 << 26 });
      if (z.error === undefined) {
        assert.notEqual(z.status, 0, name);
        if (!name.startsWith('no-trailer')) assert.ok(Buffer.from(text).equals(z.stdout), name);
      }
    }
    // Members one after the other (as `cat a.gz b.gz` gives) are read whole, as zcat reads them;
    // and so are a header's optional fields (a file name, a comment, extra bytes, a header CRC).
    const half = text.length >> 1;
    const headerFields = Buffer.from(gzipSync(text.subarray(half)));
    const withFields = Buffer.concat([
      Buffer.from([0x1f, 0x8b, 8, 4 | 8 | 16 | 2]), headerFields.subarray(4, 10),
      Buffer.from([3, 0, 1, 2, 3]), Buffer.from('name.pgn\0a comment\0'), Buffer.from([0, 0]), headerFields.subarray(10),
    ]);
    const members = join(dir, 'members.pgn.gz');
    writeFileSync(members, Buffer.concat([gzipSync(text.subarray(0, half)), withFields]));
    const [got, error] = await untilError(replayPgnBatches(nodeEntry.openPgn(members)));
    assert.equal(error, 'no error');
    assert.deepEqual(got, expected);
    // NUL bytes after the end (padding) are passed over in silence, as zcat passes them.
    const padded = join(dir, 'padded.pgn.gz');
    writeFileSync(padded, Buffer.concat([gz, Buffer.alloc(1000)]));
    const [fromPadded, paddedError] = await untilError(replayPgnBatches(nodeEntry.openPgn(padded)));
    assert.equal(paddedError, 'no error');
    assert.deepEqual(fromPadded, expected);
    // Bytes read one at a time (a pipe) are read the same.
    const bytewise = Readable.from((function* () {
      for (let i = 0; i < 20000; i++) yield Buffer.from([gz[i]!]);
    })());
    const [cut, cutError] = await untilError(replayPgnBatches(nodeEntry.pgnBytes('stdin', bytewise)));
    assert.equal(cutError, 'stdin: the gzip data ends early: the file is truncated');
    assert.ok(cut.length > 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Forty small games, cut into segments of 200 bytes: jobs for both workers. */
const FORTY = enc.encode(Array.from({ length: 40 }, (_, i) => `[Event "${i}"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n`).join(''));

async function replayAll(p: PgnReplayPool): Promise<ReplayRecord[]> {
  const out: ReplayRecord[] = [];
  for await (const r of p.replay(chunks(FORTY, 100), { segmentBytes: 200 })) out.push(r);
  return out;
}

test('a worker terminated while it has a job fails that replay with a WorkerThreadError; the next replay runs on a new thread', async () => {
  // Before, the replay never settled: the terminated worker gave 'exit' but no 'error'. (A
  // thread terminated before it ran any code exits with code 0, one terminated later with 1.)
  const own = new PgnReplayPool(2);
  const postMessage = Worker.prototype.postMessage;
  let first = true;
  Worker.prototype.postMessage = function (this: Worker, value: unknown, transferList?: readonly unknown[]) {
    postMessage.call(this, value, transferList as never);
    if (first) void this.terminate();
    first = false;
  };
  try {
    await assert.rejects(within(replayAll(own), 4000, 'replay'), (e) => e instanceof WorkerThreadError && /^PGN replay: a worker thread exited \(code [01]\)$/.test(e.message));
  } finally {
    Worker.prototype.postMessage = postMessage;
  }
  assert.deepEqual(await within(replayAll(own), 4000, 'replay after'), replayPgnSync(FORTY));
  await own.close();
});

test('workers that exit on their own (process.exit(0)) or throw at start fail the replay with a WorkerThreadError', async () => {
  for (const [wrapper, message] of [
    [`import { parentPort } from 'node:worker_threads';\nparentPort.once('message', () => process.exit(0));\n`, 'PGN replay: a worker thread exited (code 0)'],
    [`throw new Error('cannot start');\n`, 'PGN replay: a worker thread failed: Error: cannot start'],
  ]) {
    const tree = faultTree('pgn-worker', `${wrapper}await import('./pgn-worker.real.js');\n`);
    try {
      const { PgnReplayPool: Pool } = (await import(tree.url('pgn-pool'))) as { PgnReplayPool: typeof PgnReplayPool };
      const own = new Pool(2);
      await assert.rejects(within(replayAll(own), 4000, 'replay'), (e: Error) => e.name === 'WorkerThreadError' && e.message === message, message);
      await own.close();
    } finally {
      tree.remove();
    }
  }
});
