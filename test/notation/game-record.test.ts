/**
 * The game record (notation/game-record.ts): SAN and UCI play, undo and redo, PGN out and back in,
 * the mainline of a read game, movetext in SAN and LAN. PGN written is read back by chessops'
 * parser (an independent reader) as well as ours.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePgn as parseChessopsPgn, startingPosition as chessopsStart } from 'chessops/pgn';
import { parseSan as parseChessopsSan } from 'chessops/san';
import { makeFen as makeChessopsFen } from 'chessops/fen';
import { Position } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { GameRecord, lineText, mainline, makeLan } from '../../src/notation/game-record.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { testSeed } from '../helpers.js';

test('playSan and playUci play legal moves and refuse others with the typed error, nothing played', () => {
  const game = new GameRecord();
  assert.equal(game.playSan('e4').ok, true);
  assert.equal(game.playUci('e7e5').ok, true);
  const bad = game.playSan('Ke3');
  assert.ok(!bad.ok);
  assert.equal(bad.error.kind, 'illegal');
  const syntax = game.playUci('e2');
  assert.ok(!syntax.ok);
  assert.deepEqual(game.history(), ['e4', 'e5']);
  assert.deepEqual(game.historyUci(), ['e2e4', 'e7e5']);
  assert.equal(makeFen(game.current), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
});

test('undo and redo walk the moves; a new move forgets the moves taken back', () => {
  const game = new GameRecord();
  for (const san of ['e4', 'e5', 'Nf3']) assert.ok(game.playSan(san).ok);
  assert.equal(game.undo()?.uci, 'g1f3');
  assert.equal(game.undo()?.uci, 'e7e5');
  assert.deepEqual(game.history(), ['e4']);
  assert.equal(game.redo()?.uci, 'e7e5');
  assert.deepEqual(game.history(), ['e4', 'e5']);
  // Two moves taken back are played again in turn (each to the position the next is bound to).
  game.undo();
  assert.equal(game.redo()?.uci, 'e7e5');
  assert.equal(game.redo()?.uci, 'g1f3');
  assert.deepEqual(game.history(), ['e4', 'e5', 'Nf3']);
  assert.equal(game.current.turn, 'black');
  game.undo();
  assert.ok(game.playSan('Nc3').ok);
  assert.equal(game.redo(), undefined, 'Nf3 was forgotten');
  assert.deepEqual(game.history(), ['e4', 'e5', 'Nc3']);
  while (game.undo() !== undefined);
  assert.equal(game.undo(), undefined);
  assert.equal(makeFen(game.current), makeFen(Position.standard()));
  // The repetition rules follow undo and redo.
  const rep = new GameRecord();
  for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) assert.ok(rep.playSan(san).ok);
  assert.equal(rep.claimableDraw(), 'threefoldRepetition');
  rep.undo();
  assert.equal(rep.claimableDraw(), undefined);
  rep.redo();
  assert.equal(rep.repetitions(), 3);
});

test('toPgn writes the Seven Tag Roster, the result and the moves; fromPgn and chessops read it back', () => {
  const game = new GameRecord();
  for (const san of ['f3', 'e5', 'g4', 'Qh4#']) assert.ok(game.playSan(san).ok);
  const pgn = game.toPgn({ White: 'A', Black: 'B', Annotator: 'C' });
  assert.equal(pgn, [
    '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "A"]', '[Black "B"]', '[Result "0-1"]', '[Annotator "C"]',
    '', '1. f3 e5 2. g4 Qh4# 0-1', '',
  ].join('\n'));
  const back = GameRecord.fromPgn(pgn);
  assert.ok(back.ok);
  assert.deepEqual(back.value.history(), game.history());
  assert.deepEqual(back.value.outcome(), { winner: 'black', reason: 'checkmate' });
  // From a FEN: SetUp and FEN tags, and chessops replays the same moves to the same position.
  const start = readFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  assert.ok(start.ok);
  const rng = new Rng(testSeed(40));
  for (let g = 0; g < 30; g++) {
    const from: GameRecord = new GameRecord(g % 2 === 0 ? start.value : Position.standard());
    for (let ply = 0; ply < 60; ply++) {
      const moves = from.current.legalMoves();
      if (moves.length === 0) break;
      from.play(moves[rng.below(moves.length)]!);
    }
    const text = from.toPgn();
    const ours = GameRecord.fromPgn(text);
    assert.ok(ours.ok, text);
    assert.deepEqual(ours.value.history(), from.history());
    const [theirs] = parseChessopsPgn(text);
    const pos = chessopsStart(theirs!.headers).unwrap();
    for (const node of theirs!.moves.mainline()) pos.play(parseChessopsSan(pos, node.san)!);
    assert.equal(makeChessopsFen(pos.toSetup()), makeFen(from.current), text);
  }
});

test('fromPgn refuses text with no game or a game that does not play, with a typed error', () => {
  const none = GameRecord.fromPgn('');
  assert.ok(!none.ok);
  const illegal = GameRecord.fromPgn('1. e4 e5 2. Ke3 *');
  assert.ok(!illegal.ok);
  assert.equal(illegal.error.kind, 'illegal');
  assert.equal(illegal.error.san, 'Ke3');
});

test('mainline gives each mainline move with its positions, comments, clock and evaluation', () => {
  const [read] = parsePgn('1. e4 {[%clk 0:03:00]} e5 {Solid. [%eval 0.2] [%clk 0:02:58]} (1... c5 2. Nf3) 2. Nf3 *');
  assert.ok(read?.ok);
  const line = mainline(read.value);
  assert.ok(line.ok);
  assert.deepEqual(line.value.map((m) => [m.san, m.move?.uci, m.clock]), [['e4', 'e2e4', 180], ['e5', 'e7e5', 178], ['Nf3', 'g1f3', undefined]]);
  assert.deepEqual(line.value[1]!.eval, { pawns: 0.2 });
  assert.deepEqual(line.value[1]!.comments, ['Solid. [%eval 0.2] [%clk 0:02:58]']);
  assert.equal(makeFen(line.value[2]!.before), makeFen(line.value[1]!.after));
  assert.equal(makeFen(line.value[2]!.after), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
});

test('lineText writes numbered SAN or LAN movetext', () => {
  const game = new GameRecord();
  for (const san of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'd4', 'c6', 'Nf3', 'Bg4', 'Bf4', 'e6', 'h3', 'Bxf3', 'Qxf3', 'Bb4', 'Be2', 'Nd7', 'a3', 'O-O-O']) {
    assert.ok(game.playSan(san).ok, san);
  }
  assert.equal(lineText(game.moves().slice(0, 5)), '1. e4 d5 2. exd5 Qxd5 3. Nc3');
  assert.equal(lineText(game.moves().slice(1, 4)), '1... d5 2. exd5 Qxd5');
  assert.equal(lineText(game.moves().slice(0, 4), { notation: 'lan' }), '1. e2-e4 d7-d5 2. e4xd5 Qd8xd5');
  assert.equal(makeLan(game.moves()[19]!), 'O-O-O');
  const promo = readFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
  assert.ok(promo.ok);
  assert.equal(makeLan(promo.value.legalMoves().find((m) => m.uci === 'a7a8q')!), 'a7-a8=Q');
  assert.throws(() => lineText([game.moves()[0]!, game.moves()[2]!]), RangeError);
});
