/**
 * `VariantGameRecord`: a lichess variant's game played by SAN and UCI, taken back and forward,
 * written as PGN (`makeVariantPgn`'s form) and read back, as `GameRecord` is for chess.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GameRecord } from '../../../src/notation/game-record.js';
import { parsePgn } from '../../../src/notation/pgn-read.js';
import { makePgn } from '../../../src/notation/pgn-write.js';
import { parseVariantSan, replayVariantGame, VariantGameRecord, VariantPosition } from '../../../src/variants/lichess/index.js';
import { fixturePath } from '../../data.js';

test('VariantGameRecord plays SAN and UCI, drops included; undo, redo; toPgn reads back with fromPgn and parsePgn', () => {
  const game = new VariantGameRecord(VariantPosition.default('crazyhouse'));
  for (const san of ['e4', 'd5', 'exd5', 'Qxd5']) assert.ok(game.playSan(san).ok, san);
  assert.ok(game.playUci('P@e6').ok);
  assert.equal(game.playSan('N@f3').ok, false);
  assert.equal(game.playUci('e2e4').ok, false);
  assert.deepEqual(game.history(), ['e4', 'd5', 'exd5', 'Qxd5', 'P@e6']);
  assert.deepEqual(game.historyUci(), ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'P@e6']);
  assert.equal(game.rules, 'crazyhouse');
  const fen = game.current.fen();
  assert.equal(game.undo()?.uci, 'P@e6');
  assert.equal(game.undo()?.uci, 'd8d5');
  assert.equal(game.redo()?.uci, 'd8d5');
  assert.equal(game.redo()?.uci, 'P@e6');
  assert.equal(game.redo(), undefined);
  assert.equal(game.current.fen(), fen);
  // A new move forgets the moves taken back.
  game.undo();
  assert.ok(game.playSan('P@e5').ok);
  assert.equal(game.redo(), undefined);
  const text = game.toPgn({ White: 'A', Black: 'B' });
  assert.match(text, /\[Variant "Crazyhouse"\]/);
  assert.match(text, /\[White "A"\]/);
  assert.match(text, /3\. P@e5 \*/);
  const back = VariantGameRecord.fromPgn(text);
  assert.ok(back.ok, JSON.stringify(back));
  assert.deepEqual(back.value.history(), game.history());
  assert.equal(back.value.current.fen(), game.current.fen());
  const [tree] = parsePgn(text);
  assert.ok(tree?.ok && tree.value.moves.length === 5);
  // A move of another position is a RangeError; nothing is played.
  assert.throws(() => game.play(VariantPosition.default('crazyhouse').legalMoves()[0]!), RangeError);
  assert.equal(game.moves().length, 5);
  while (game.undo() !== undefined);
  assert.equal(game.undo(), undefined);
  assert.equal(game.current, game.start);
});

test('VariantGameRecord: another start is written as FEN; the outcome gives the result; repetitions are counted', () => {
  const first = parseVariantSan(VariantPosition.default('racingkings'), 'Kh3');
  assert.ok(first.ok);
  const start = first.value.play();
  const racing = new VariantGameRecord(start);
  assert.ok(racing.playSan('Ka3').ok);
  const text = racing.toPgn();
  assert.match(text, /\[Variant "Racing Kings"\]\n\[SetUp "1"\]\n\[FEN "[^"]+"\]/);
  const back = VariantGameRecord.fromPgn(text);
  assert.ok(back.ok, JSON.stringify(back));
  assert.equal(back.value.start.fen(), start.fen());
  assert.equal(back.value.current.fen(), racing.current.fen());

  // Atomic: 3. Nxf7# blows up the black king.
  const atomic = new VariantGameRecord(VariantPosition.default('atomic'));
  for (const san of ['Nf3', 'e6', 'Ne5', 'Qf6', 'Nxf7']) assert.ok(atomic.playSan(san).ok, san);
  assert.deepEqual(atomic.outcome(), { winner: 'white', reason: 'variantEnd' });
  assert.match(atomic.toPgn(), /\[Result "1-0"\][\s\S]*3\. Nxf7# 1-0/);
  assert.match(atomic.toPgn({ Result: '*' }), /3\. Nxf7# \*/);

  const kings = new VariantGameRecord(VariantPosition.default('3check'));
  for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3']) kings.playSan(san);
  assert.equal(kings.repetitions(), 2);
  assert.equal(kings.outcome(), undefined);
});

test('VariantGameRecord.fromPgn replays each fixture game\'s mainline; chess is GameRecord\'s, and each names the other', () => {
  const trees = parsePgn(readFileSync(fixturePath('pgn', 'lichess-variations.pgn')));
  for (const [i, tree] of trees.entries()) {
    assert.ok(tree.ok);
    const record = VariantGameRecord.fromPgn(makePgn(tree.value));
    assert.ok(record.ok, `game ${i + 1}: ${JSON.stringify(record)}`);
    const replayed = replayVariantGame(tree.value);
    assert.ok(replayed.ok);
    assert.equal(record.value.current.fen(), replayed.value.fen(), `game ${i + 1}`);
    assert.equal(record.value.moves().length, tree.value.moves.length);
    const chess = GameRecord.fromPgn(makePgn(tree.value));
    assert.ok(!chess.ok && chess.error.kind === 'variant' && /VariantGameRecord\.fromPgn/.test(chess.error.message), JSON.stringify(chess));
  }
  const chess = VariantGameRecord.fromPgn('1. e4 e5 *');
  assert.ok(!chess.ok && chess.error.kind === 'variant' && /GameRecord\.fromPgn reads chess/.test(chess.error.message));
  const broken = VariantGameRecord.fromPgn('[Variant "Atomic"]\n\n1. e4 e5 2. Ke3 *');
  assert.ok(!broken.ok);
  assert.deepEqual([broken.error.kind, broken.error.line, broken.error.column], ['illegal', 3, 13]);
  assert.deepEqual(VariantGameRecord.fromPgn('').ok, false);
});
