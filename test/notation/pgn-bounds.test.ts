/**
 * Hostile PGN input: memory stays bounded by the per-game limit (`maxGameBytes`) whatever the
 * input (an endless comment, an endless run of NUL bytes), a game past the limit is a `limit`
 * error at its first byte and reading goes on with the next game, in every reader and however
 * the input is cut; long words and comments are decoded in slices (about a byte a character) and
 * quoted shortened in errors; UTF-16 input is said to be so once; a crazyhouse drop is quoted
 * whole; a clock too large to read stays text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommentCommands } from '../../src/notation/pgn-comment.js';
import { parsePgn, readPgn } from '../../src/notation/pgn-read.js';
import { replayPgn, replayPgnBatches, replayPgnSync, type ReplayRecord } from '../../src/notation/pgn-replay.js';
import { DEFAULT_MAX_GAME_BYTES, PgnSplitter } from '../../src/notation/pgn-split.js';
import { decodeText } from '../../src/notation/pgn-lex.js';

const enc = new TextEncoder();

function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function replayAll(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxGameBytes?: number): Promise<ReplayRecord[]> {
  const out: ReplayRecord[] = [];
  for await (const batch of replayPgnBatches(source, { maxGameBytes })) out.push(...batch);
  return out;
}

const GAME = '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n';

test('a game past maxGameBytes is a limit error at its first byte; the games around it are read; whole, streamed and tree readers agree', async () => {
  const long = `[Event "long"]\n\n1. d4 {${'x'.repeat(5000)}} d5 *\n\n`;
  const text = GAME + long + GAME + `  1. c4 {${'y'.repeat(3000)}\n\n` + GAME;
  const bytes = enc.encode(text);
  const limit = 2000;
  const whole = replayPgnSync(bytes, { maxGameBytes: limit });
  assert.deepEqual(whole.map((r) => r.error?.kind ?? null), [null, 'limit', null, 'limit']);
  // The unterminated comment of the fourth game swallows the fifth (as without a limit).
  assert.equal(replayPgnSync(bytes).length, 4);
  assert.deepEqual(whole[1]!.error, {
    kind: 'limit', line: 5, column: 1, san: null,
    message: `game longer than ${limit} bytes (the per-game limit, maxGameBytes): not read`,
  });
  assert.deepEqual([whole[3]!.error!.line, whole[3]!.error!.column], [13, 3]);
  assert.equal(whole[1]!.fen, null);
  assert.equal(whole[2]!.plies, 4);
  for (const size of [1, 7, 100, 1999, 4096]) {
    assert.deepEqual(await replayAll(chunksOf(bytes, size), limit), whole, `chunks of ${size}`);
    const tree: unknown[] = [];
    for await (const g of readPgn(chunksOf(bytes, size), { maxGameBytes: limit })) tree.push(g.ok ? g.value.moves.length : [g.error.kind, g.error.line, g.error.column]);
    assert.deepEqual(tree, [4, ['limit', 5, 1], 4, ['limit', 13, 3]], `tree, chunks of ${size}`);
  }
  assert.deepEqual(parsePgn(bytes, { maxGameBytes: limit }).map((g) => g.ok), [true, false, true, false]);
  // Within the limit, nothing changes.
  assert.deepEqual(replayPgnSync(bytes, { maxGameBytes: 10000 }), replayPgnSync(bytes));
  assert.throws(() => replayPgnSync(bytes, { maxGameBytes: 0 }), RangeError);
  assert.throws(() => new PgnSplitter(16, 1.5), RangeError);
});

/** Peak resident memory growth while `run` runs, sampled by `sample()` calls, in MB. */
function rssMeter(): { sample: () => void; peakMb: () => number } {
  const base = process.memoryUsage().rss;
  let peak = base;
  return {
    sample: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
    peakMb: () => (peak - base) / 2 ** 20,
  };
}

test('a 384 MB unclosed comment, streamed: memory stays bounded by the limit, one limit error after the game before it', async () => {
  const meter = rssMeter();
  const block = new Uint8Array(1 << 20).fill(0x61); // 'a'
  const MB = 384;
  async function* bomb(): AsyncGenerator<Uint8Array> {
    yield enc.encode(GAME + '1. e4 {');
    for (let i = 0; i < MB; i++) {
      meter.sample();
      yield block;
    }
  }
  const records = await replayAll(bomb());
  assert.deepEqual(records.map((r) => [r.plies, r.error?.kind ?? null, r.error?.line ?? 0]), [[4, null, 0], [0, 'limit', 5]]);
  // The default limit is 64 MiB: the splitter's buffer holds at most about twice that.
  assert.equal(DEFAULT_MAX_GAME_BYTES, 64 << 20);
  assert.ok(meter.peakMb() < 320, `peak RSS grew by ${meter.peakMb().toFixed(0)} MB`);
});

test('endless NUL bytes (as /dev/zero gives): memory stays bounded; at the end, one limit error', async () => {
  const meter = rssMeter();
  const zeros = new Uint8Array(1 << 20);
  async function* devZero(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < 256; i++) {
      meter.sample();
      yield zeros;
    }
  }
  const records: ReplayRecord[] = [];
  for await (const r of replayPgn(devZero(), { maxGameBytes: 8 << 20 })) records.push(r);
  assert.deepEqual(records.map((r) => r.error?.kind), ['limit']);
  assert.ok(meter.peakMb() < 120, `peak RSS grew by ${meter.peakMb().toFixed(0)} MB`);
});

test('long words and comments: decoded in slices, quoted shortened in errors', () => {
  const word = 'e4' + 'x'.repeat(20 << 20);
  const heap = process.memoryUsage().heapUsed;
  const [r] = replayPgnSync(`1. ${word} *`);
  const [g] = parsePgn(`1. ${word} *`);
  assert.ok(!g!.ok);
  for (const e of [r!.error!, g!.ok ? null : g!.error]) {
    assert.equal(e!.kind, 'syntax');
    assert.equal(e!.san, 'e4' + 'x'.repeat(37) + '…');
    assert.equal(e!.message, `not a SAN move: '${e!.san}'`);
    assert.equal(e!.column, 4);
  }
  // A comment of 20 MB, Latin-1 (not UTF-8) and ASCII: a flat string, about a byte a character.
  for (const fill of [0x61, 0xe9]) {
    const bytes = new Uint8Array(20 << 20).fill(fill);
    const text = decodeText(bytes, 0, bytes.length);
    assert.equal(text.length, bytes.length);
    assert.equal(text.charCodeAt(12345), fill);
  }
  const game = parsePgn(`1. e4 {${'c'.repeat(20 << 20)}} *`)[0]!;
  assert.ok(game.ok && game.value.moves[0]!.comments[0]!.length === 20 << 20);
  const grown = (process.memoryUsage().heapUsed - heap) / 2 ** 20;
  assert.ok(grown < 400, `heap grew by ${grown.toFixed(0)} MB`);
  // Short words are quoted whole, as before.
  assert.equal(replayPgnSync('1. e4 Nz9 *')[0]!.error!.message, "not a SAN move: 'Nz9'");
});

test('UTF-16 input (a byte order mark first) is said to be so once, by every reader', async () => {
  const text = GAME + GAME;
  for (const bytes of [
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
  ]) {
    const whole = replayPgnSync(bytes);
    assert.equal(whole.length, 1);
    assert.deepEqual([whole[0]!.error!.kind, whole[0]!.error!.line, whole[0]!.error!.column, whole[0]!.fen], ['syntax', 1, 1, null]);
    assert.match(whole[0]!.error!.message, /UTF-16/);
    for (const size of [1, 3, 1000]) assert.deepEqual(await replayAll(chunksOf(bytes, size)), whole, `chunks of ${size}`);
    const tree = parsePgn(bytes);
    assert.equal(tree.length, 1);
    assert.ok(!tree[0]!.ok && /UTF-16/.test(tree[0]!.error.message));
  }
  // A UTF-8 byte order mark is read as ever.
  assert.equal(replayPgnSync('\ufeff' + GAME)[0]!.plies, 4);
});

test('a crazyhouse drop in a standard game is quoted whole', () => {
  const [r] = replayPgnSync('1. e4 e5 2. P@e4 *');
  assert.deepEqual(r!.error, { kind: 'syntax', line: 1, column: 13, message: "not a SAN move: 'P@e4'", san: 'P@e4' });
  const [g] = parsePgn('1. e4 e5 2. P@e4 *');
  assert.ok(!g!.ok);
  assert.deepEqual([g!.error.message, g!.error.column], ["not a SAN move: 'P@e4'", 13]);
  assert.equal(replayPgnSync('1. e4 e5 2. N@f3+ *')[0]!.error!.san, 'N@f3+');
});

test('a clock, time or evaluation too large to read exactly stays in the comment as text', () => {
  const huge = '9'.repeat(30);
  for (const command of [`[%clk ${huge}:00:00]`, `[%emt ${huge}:00:00]`, `[%eval #${huge}]`, `[%eval 1${'0'.repeat(400)}]`, `[%eval 0.5,${huge}]`]) {
    const c = parseCommentCommands(`note ${command}`);
    assert.equal(c.text, `note ${command}`, command);
    assert.equal(c.clock, undefined);
    assert.equal(c.evaluation, undefined);
  }
  assert.equal(parseCommentCommands('[%clk 1000000:00:00]').clock, 3.6e9);
});
