/**
 * Fuzz: 100,000 mutated PGN snippets give typed results — never a throw, a hang or a crash —
 * from the mainline replay and the tree reader, which agree on every sound game; splitting and
 * replay are the same whatever the chunking;
 * every tree read back from the writer is the same tree, with the tags and marker the export
 * format gives it (pgn-same-tree.ts), validated or not (a quarter of the snippets for the latter).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { makeFen } from '../../src/notation/fen.js';
import { tagValue, type PgnError, type PgnGame } from '../../src/notation/pgn-game.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { GameReplayer, replayPgnSync, SplitReplay, type ReplayRecord } from '../../src/notation/pgn-replay.js';
import { pgnGamesSync } from '../../src/notation/pgn-source.js';
import { PgnSplitter } from '../../src/notation/pgn-split.js';
import { makePgn } from '../../src/notation/pgn-write.js';
import { isNullMoveText, parseSan } from '../../src/notation/san.js';
import { startingPosition } from '../../src/notation/pgn-start.js';
import { variantGameStart } from '../../src/notation/pgn-variant.js';
import { parseVariantSan } from '../../src/variants/lichess/san.js';
import { testSeed } from '../helpers.js';
import { assertReadsBackAs } from './pgn-same-tree.js';
import { mutate, SEEDS } from './pgn-snippets.js';

const KINDS = new Set(['syntax', 'illegal', 'ambiguous', 'variant', 'fen']);

function checkError(e: PgnError, where: string): void {
  assert.ok(KINDS.has(e.kind), where);
  assert.ok(Number.isInteger(e.line) && e.line >= 1, where);
  assert.ok(Number.isInteger(e.column) && e.column >= 1, where);
  assert.equal(typeof e.message, 'string', where);
}

function splitSizes(bytes: Uint8Array, cut: number): number[] {
  const s = new PgnSplitter();
  const out: number[] = [];
  const take = () => {
    for (let g = s.take(); g !== undefined; g = s.take()) out.push(g.end - g.start, g.line);
  };
  s.push(bytes.subarray(0, cut));
  take();
  s.push(bytes.subarray(cut));
  take();
  s.finish();
  take();
  return out;
}

/**
 * A sound game's mainline replay (tokens read in runs by the replayer) against its tree (every
 * token read by the lexer, every move by `parseSan` on a `Position`): same plies, result and FEN.
 */
function sameAsTree(r: ReplayRecord, game: PgnGame, where: string): void {
  assert.equal(r.error, null, where);
  assert.equal(r.plies, game.moves.length, where);
  // The replay reads a Result tag's typographic marker (`½-½`) as the marker; the tree keeps tags as written.
  const tag = tagValue(game, 'Result');
  const tagMarker = tag?.replace(/\u00bd/g, '1/2').replace(/[\u2010-\u2015\u2212]/g, '-');
  const marker = tagMarker !== undefined && ['1-0', '0-1', '1/2-1/2', '*'].includes(tagMarker) ? tagMarker : tag;
  assert.equal(r.result, game.result ?? marker ?? '*', where);
  const variant = variantGameStart(tagValue(game, 'Variant'), tagValue(game, 'FEN'));
  if (variant !== undefined) {
    // A lichess variant's game, played by its rules (pgn-variant.ts).
    assert.ok(variant.ok, where);
    let at = variant.value;
    for (const m of game.moves) {
      const move = parseVariantSan(at, m.san);
      assert.ok(move.ok, where);
      at = move.value.play();
    }
    assert.equal(r.fen, at.fen(), where);
    return;
  }
  const start = startingPosition(tagValue(game, 'Variant'), tagValue(game, 'FEN'));
  assert.ok(start.ok, where);
  let pos = start.value;
  for (const m of game.moves) {
    if (isNullMoveText(m.san)) {
      const after = pos.playNullMove();
      assert.ok(after !== undefined, where);
      pos = after;
      continue;
    }
    const move = parseSan(pos, m.san);
    assert.ok(move.ok, where);
    pos = move.value.play();
  }
  assert.equal(r.fen, makeFen(pos), where);
}

/** Replays `bytes` pushed in two chunks, cut at `cut`. */
function replayInTwo(bytes: Uint8Array, cut: number): ReplayRecord[] {
  const replays = new SplitReplay(new PgnSplitter(16));
  const out = [];
  replays.splitter.push(bytes.subarray(0, cut));
  out.push(...replays.drain());
  replays.splitter.push(bytes.subarray(cut));
  out.push(...replays.drain());
  replays.splitter.finish();
  out.push(...replays.drain());
  return out;
}

test('100,000 mutated PGN snippets: typed results, no throw, no hang', () => {
  const rng = new Rng(testSeed(20261122));
  const encoder = new TextEncoder();
  let errors = 0;
  let games = 0;
  let slowest = 0;
  let slowestWhere = '';
  let sound = 0;
  for (let n = 0; n < 100000; n++) {
    const text = mutate(rng, SEEDS[rng.below(SEEDS.length)]!);
    const where = `snippet ${n}: ${JSON.stringify(text)}`;
    const t0 = performance.now();
    const records: ReplayRecord[] = replayPgnSync(text);
    // The same records as cutting every game first, then replaying it.
    const replayer = new GameReplayer();
    assert.deepEqual(records, [...pgnGamesSync(text)].map((slice, i) => replayer.replay(slice, i + 1)), where);
    for (const r of records) {
      games++;
      if (r.error !== null) {
        errors++;
        assert.ok(r.error.line >= 1 && r.error.column >= 1, where);
      } else assert.equal(typeof r.fen, 'string', where);
    }
    const trees = parsePgn(text);
    assert.equal(trees.length, records.length, where);
    for (let i = 0; i < trees.length; i++) {
      const t = trees[i]!;
      if (t.ok) {
        sameAsTree(records[i]!, t.value, where);
        sound++;
      } else {
        // The same fault found by both readers (the tree's may lie earlier, in a variation) is of the same kind.
        const e = records[i]!.error;
        if (e !== null && e.line === t.error.line && e.column === t.error.column && e.message === t.error.message) assert.equal(e.kind, t.error.kind, where);
      }
    }
    for (const t of trees) {
      if (!t.ok) checkError(t.error, where);
      else {
        const back = parsePgn(makePgn(t.value));
        assert.equal(back.length, 1, where);
        assert.ok(back[0]!.ok, where);
        assertReadsBackAs(back[0]!.value, t.value, where);
      }
    }
    if (n % 4 === 0) {
      // Without validation too: the writer takes every tree the reader gives, and it reads back the same.
      for (const t of parsePgn(text, { validate: false })) {
        if (!t.ok) checkError(t.error, where);
        else {
          const back = parsePgn(makePgn(t.value), { validate: false });
          assert.equal(back.length, 1, where);
          assert.ok(back[0]!.ok, where);
          assertReadsBackAs(back[0]!.value, t.value, where);
        }
      }
    }
    if (n % 10 === 0) {
      const bytes = encoder.encode(text);
      const cut = rng.below(bytes.length + 1);
      assert.deepEqual(splitSizes(bytes, cut), splitSizes(bytes, bytes.length), where);
      assert.deepEqual(replayInTwo(bytes, cut), records, where);
    }
    const ms = performance.now() - t0;
    if (ms > slowest) [slowest, slowestWhere] = [ms, where];
  }
  assert.ok(games > 100000, `${games} games`);
  assert.ok(errors > 1000, `${errors} errors: mutations too mild`);
  assert.ok(sound > 10000, `${sound} sound games compared with their trees`);
  assert.ok(slowest < 1000, `slowest snippet took ${slowest} ms: ${slowestWhere}`);
});
