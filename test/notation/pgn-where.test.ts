/**
 * Where a broken game is reported (its game number, line, column and move text), and what every
 * game gives, however the input comes: whole (replayPgnSync, parsePgn), streamed in chunks of
 * any size (replayPgn, readPgn), over worker threads (PgnReplayPool) and through the CLI
 * (`caissa pgn replay --jsonl`, `pgn check`, from a file, a `.gz` and stdin). The files are random
 * chessops games with one broken move (pgn-where-gen.ts); the expected line and column are
 * computed from the bytes without any PGN reader (`expectedWhere`): a column counts characters
 * (code points) of the line's text, Latin-1 where the line is not valid UTF-8 (docs/pgn.md).
 * Chunk boundaries fall everywhere: inside multibyte characters, between CR and LF, in tags,
 * comments, `%` lines, moves and between games.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { Rng } from '../../src/core/rng.js';
import { PgnReplayPool } from '../../src/node/pgn-pool.js';
import type { PgnErrorKind } from '../../src/index.js';
import { parsePgn, readPgn } from '../../src/notation/pgn-read.js';
import { replayPgn, replayPgnSync, type ReplayRecord } from '../../src/notation/pgn-replay.js';
import { testSeed, tempDir } from '../helpers.js';
import { fixedCases, whereCase, type ExpectedGame, type WhereCase } from './pgn-where-gen.js';

const pool = new PgnReplayPool(2);
after(() => pool.close());

const seed = testSeed(0x5eed);

/** The cases: every option, one file each, over several seeds. */
function cases(count: number): WhereCase[] {
  const rng = new Rng(seed);
  const out: WhereCase[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      whereCase(rng.nextUint32(), {
        games: 1 + rng.below(5),
        latin1: (['none', 'all', 'some'] as const)[i % 3]!,
        newline: (['\n', '\r\n', '\r', 'mixed'] as const)[(i >> 2) % 4]!,
        bom: rng.below(2) === 0,
        sameLine: rng.below(3) === 0,
        longLines: rng.below(4) === 0,
      }),
    );
  }
  return out;
}

const CASES = [...fixedCases(), ...cases(240)];

/** A record reduced to what the expectation states. */
const got = (r: ReplayRecord): ExpectedGame => ({
  plies: r.plies,
  fen: r.fen ?? '',
  result: r.result,
  error: r.error === null ? null : { kind: r.error.kind, line: r.error.line, column: r.error.column, san: r.error.san ?? '' },
});

/** Chunks of the given sizes, cycled, as Buffers of their own. */
function chunked(bytes: Uint8Array, sizes: readonly number[]): Readable {
  const parts: Buffer[] = [];
  for (let i = 0, n = 0; i < bytes.length; n++) {
    const size = sizes[n % sizes.length]!;
    parts.push(Buffer.from(bytes.subarray(i, i + size)));
    i += size;
  }
  return Readable.from(parts);
}

const CHUNKINGS: readonly (readonly number[])[] = [[1], [2], [3], [7], [4096]];

const randomSizes = (rng: Rng): number[] => Array.from({ length: 16 }, () => 1 + rng.below(rng.below(2) === 0 ? 8 : 300));

async function collect(it: AsyncIterable<ReplayRecord>): Promise<ExpectedGame[]> {
  const out: ExpectedGame[] = [];
  for await (const r of it) out.push(got(r));
  return out;
}

test('replayPgnSync: every game as chessops plays it, the broken move at its line and column', () => {
  for (const c of CASES) assert.deepEqual(replayPgnSync(c.bytes).map(got), c.games, c.label);
});

test('parsePgn: the broken game at the same line and column, with its move text', () => {
  for (const c of CASES) {
    const games = parsePgn(c.bytes);
    assert.equal(games.length, c.games.length, c.label);
    games.forEach((g, i) => {
      const e = c.games[i]!.error;
      if (e === null) {
        assert.ok(g.ok, `${c.label}: game ${i + 1}: ${g.ok ? '' : g.error.message}`);
        assert.equal(g.value.moves.length, c.games[i]!.plies, c.label);
      } else {
        assert.ok(!g.ok, c.label);
        const { kind, line, column, san } = g.error;
        assert.deepEqual({ game: g.error.game, kind, line, column, san }, { game: i + 1, ...e }, c.label);
      }
    });
  }
});

test('replayPgn and readPgn in chunks of 1, 2, 3, 7, 4096 and random sizes: the same as whole', async () => {
  const rng = new Rng(seed ^ 0x77);
  for (const [n, c] of CASES.entries()) {
    // Every chunking for the first cases (chunks of 7 and more for long ones), one random
    // chunking for each of the others.
    const chunkings = n >= 40 ? [randomSizes(rng)] : c.bytes.length < 20_000 ? [...CHUNKINGS, randomSizes(rng)] : [[7], [4096], randomSizes(rng)];
    for (const sizes of chunkings) {
      const label = `${c.label} chunks ${sizes.join(',')}`;
      assert.deepEqual(await collect(replayPgn(chunked(c.bytes, sizes))), c.games, label);
      let i = 0;
      for await (const g of readPgn(chunked(c.bytes, sizes))) {
        const e = c.games[i++]!.error;
        if (e === null) assert.ok(g.ok, label);
        else assert.deepEqual(g.ok ? null : { kind: g.error.kind, line: g.error.line, column: g.error.column, san: g.error.san }, e, label);
      }
      assert.equal(i, c.games.length, label);
    }
  }
});

test('PgnReplayPool: the same records, in segments of any size', async () => {
  const rng = new Rng(seed ^ 0x99);
  const fixed = fixedCases().length;
  for (const [n, c] of CASES.slice(0, 80).entries()) {
    const sizes = randomSizes(rng);
    // The files written by hand in small segments too, so that cuts fall at every line's start.
    for (const segmentBytes of n < fixed ? [1, 16, 1 + rng.below(600)] : [1 + rng.below(600)]) {
      const label = `${c.label} chunks ${sizes.join(',')} segments ${segmentBytes}`;
      assert.deepEqual(await collect(pool.replay(chunked(c.bytes, sizes), { segmentBytes })), c.games, label);
    }
  }
});

const CLI = new URL('../../src/cli/main.js', import.meta.url).pathname;
const dir = tempDir('caissa-where-');
const cli = (args: string[], input?: Uint8Array): string => {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, maxBuffer: 1 << 28 });
  assert.ok(r.status === 0 || r.status === 1, r.stderr.toString());
  return r.stdout.toString('utf8');
};

test('caissa pgn replay --jsonl (file, .gz, stdin, threads) and pgn check: the same places', () => {
  // One file of many cases, each CLI run over it once (a run costs a Node start).
  const picked = CASES.filter((_, i) => i % 6 === 0);
  // Joined as `cat` joins files: a byte order mark may open a line past the start.
  const bytes = new Uint8Array(Buffer.concat(picked.map((c) => Buffer.concat([c.bytes, Buffer.from('\n\n')]))));
  const whole = replayPgnSync(bytes);
  const file = join(dir, 'all.pgn');
  writeFileSync(file, bytes);
  writeFileSync(file + '.gz', gzipSync(bytes));
  // The fixed interface: the error's line, column, message and san, no kind.
  const record = (r: ReplayRecord): string => {
    const e = r.error;
    return JSON.stringify({ ...r, error: e === null ? null : { line: e.line, column: e.column, message: e.message, san: e.san } });
  };
  const expected = whole.map(record).join('\n') + '\n';
  assert.ok(whole.some((r) => r.error !== null));
  for (const [args, input] of [
    [[file], undefined],
    [[file + '.gz'], undefined],
    [['-'], bytes],
    [[file, '--threads', '2'], undefined],
    [[file + '.gz', '--threads', '2'], undefined],
    [['-', '--threads', '2'], bytes],
  ] as const) {
    const out = cli(['pgn', 'replay', '--jsonl', ...args], input);
    assert.equal(out, expected, args.join(' '));
    for (const line of out.trim().split('\n')) {
      const r = JSON.parse(line) as ReplayRecord;
      if (r.error !== null) assert.deepEqual(Object.keys(r.error), ['line', 'column', 'message', 'san']);
    }
  }
  const check = whole.filter((r) => r.error !== null).map((r) => `${file}:${r.error!.line}:${r.error!.column}: game ${r.game}: ${r.error!.message}`);
  assert.equal(cli(['pgn', 'check', file]), check.join('\n') + '\n');
  // The tree reader finds the same faults (the variations written are legal) at the same places.
  assert.equal(cli(['pgn', 'check', '--variations', file]), check.join('\n') + '\n');
});

/**
 * An input for every way a game is refused or broken, with the kind its error has: each path of
 * the mainline replay (pgn-replay.ts) and of the tree reader, which agree.
 */
const KINDS: readonly (readonly [PgnErrorKind, string, string])[] = [
  ['syntax', 'no SAN move', '1. e4 Zz9 *'],
  ['syntax', "a ')' without a variation", '1. e4 ) e5 *'],
  ['syntax', 'a variation before any move', '( 1. d4 ) 1. e4 *'],
  ['syntax', 'an unterminated variation', '1. e4 ( 1. d4 e5 *'],
  ['syntax', 'an unterminated comment', '1. e4 { e5 *'],
  ['syntax', 'an invalid NAG', '1. e4 $256 *'],
  ['syntax', 'an invalid glyph', '1. e4 !!! *'],
  ['syntax', 'an unexpected character', '1. e4 @ *'],
  ['syntax', 'a broken tag pair', '[White "A" x]\n1. e4 *'],
  ['syntax', 'an unterminated tag value', '[White "A\n1. e4 *'],
  ['syntax', 'inner quotes in a tag value', '[White ""X""]\n1. e4 *'],
  ['illegal', 'an illegal move', '1. e4 e5 2. Ke3 *'],
  ['illegal', 'a null move in check', '[FEN "4k3/8/8/8/8/8/8/4R2K b - - 0 1"]\n1... -- *'],
  ['ambiguous', 'an ambiguous move', '[FEN "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1"]\n1. Nb3 *'],
  ['variant', 'an unsupported variant', '[Variant "Shogi"]\n1. e4 *'],
  ['fen', 'an invalid FEN tag', '[FEN "8/8/8 w - - 0 1"]\n1. e4 *'],
  ['fen', 'an illegal position', '[FEN "4k3/8/8/8/8/8/8/4K2k w - - 0 1"]\n1. e4 *'],
  ['fen', 'Chess960 without a FEN tag', '[Variant "Chess960"]\n1. e4 *'],
];

test('ReplayError.kind: every way a game is refused or broken, as the tree reader says; the same records in chunks and over threads', async () => {
  for (const [kind, label, pgn] of KINDS) {
    // After a good game, so that it is read where the replay is paused and where it is not.
    const text = `[Event "ok"]\n\n1. d4 d5 *\n\n${pgn}\n`;
    const kinds = (records: ReplayRecord[]): (string | null)[] => records.map((r) => r.error?.kind ?? null);
    const whole = replayPgnSync(text);
    assert.deepEqual(kinds(whole), [null, kind], label);
    assert.deepEqual(parsePgn(text).map((g) => (g.ok ? null : g.error.kind)), [null, kind], label);
    const bytes = new TextEncoder().encode(text);
    for (const sizes of [[1], [3], [4096]]) {
      const records: ReplayRecord[] = [];
      for await (const r of replayPgn(chunked(bytes, sizes))) records.push(r);
      assert.deepEqual(records, whole, `${label}, chunks of ${sizes.join()}`);
    }
    const pooled: ReplayRecord[] = [];
    for await (const r of pool.replay(chunked(bytes, [5]), { segmentBytes: 20 })) pooled.push(r);
    assert.deepEqual(pooled, whole, `${label}, threads`);
  }
  // The records of `pgn replay --jsonl` keep their fixed keys, kind not among them (some of the
  // games run into the next ones; an unterminated comment, left out, would run to the end).
  const file = join(dir, 'kinds.pgn');
  writeFileSync(file, KINDS.filter(([, label]) => label !== 'an unterminated comment').map(([, , pgn]) => `${pgn}\n\n`).join(''));
  for (const threads of ['1', '2']) {
    const records = cli(['pgn', 'replay', '--jsonl', '--threads', threads, file]).trim().split('\n').map((l) => JSON.parse(l) as ReplayRecord);
    const errors = records.filter((r) => r.error !== null);
    assert.ok(errors.length >= 10);
    for (const r of errors) assert.deepEqual(Object.keys(r.error!), ['line', 'column', 'message', 'san']);
  }
});
