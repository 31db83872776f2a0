/**
 * The `position` commands of a game analysed move by move: built by extending the last game sent,
 * each equals the command written out in full from the game's start, whatever order the games
 * come in (a longer game, a shorter one, another line, another start); a move of another
 * position is refused and leaves the builder as it was.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, type Move } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { PositionCommandBuilder } from '../../src/node/uci-position.js';
import { testSeed } from '../helpers.js';

function fen(text: string): Position {
  const pos = readFen(text);
  assert.ok(pos.ok, text);
  return pos.value;
}

/** A random line of up to `plies` moves from `start`. */
function randomLine(rng: Rng, start: Position, plies: number): Move[] {
  const line: Move[] = [];
  let pos = start;
  for (let i = 0; i < plies; i++) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    const move = moves[rng.below(moves.length)]!;
    line.push(move);
    pos = move.play();
  }
  return line;
}

/** The command written out in full, and the FEN of the position it reaches. */
function expected(start: Position, moves: readonly Move[]): { command: string; fen: string } {
  const fen = makeFen(start);
  const head = fen === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' ? 'position startpos' : `position fen ${fen}`;
  const command = moves.length === 0 ? head : `${head} moves ${moves.map((m) => m.uci).join(' ')}`;
  const end = moves.length === 0 ? start : moves[moves.length - 1]!.play();
  return { command, fen: makeFen(end) };
}

test('commands built by extension equal those written out in full, in any order of games', () => {
  const rng = new Rng(testSeed(43));
  const starts = [Position.standard(), fen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1')];
  const builder = new PositionCommandBuilder();
  for (let round = 0; round < 40; round++) {
    const start = starts[rng.below(starts.length)]!;
    const line = randomLine(rng, start, 30);
    // Every prefix in order (as analysis sends them), then a few prefixes at random.
    const lengths = [...Array.from({ length: line.length + 1 }, (_, i) => i), ...Array.from({ length: 5 }, () => rng.below(line.length + 1))];
    for (const n of lengths) {
      const built = builder.build({ start, moves: line.slice(0, n) });
      const want = expected(start, line.slice(0, n));
      assert.equal(built.command, want.command, `round ${round}, ${n} moves`);
      assert.equal(makeFen(built.position), want.fen, `round ${round}, ${n} moves`);
    }
  }
});

test('a position alone is sent as its FEN with no moves', () => {
  const builder = new PositionCommandBuilder();
  const pos = fen('8/8/8/4k3/8/8/8/4K2R w K - 0 1');
  assert.equal(builder.build(pos).command, 'position fen 8/8/8/4k3/8/8/8/4K2R w K - 0 1');
  assert.equal(builder.build(Position.standard()).command, 'position startpos');
});

test('a move of another position is refused, and the builder goes on as before', () => {
  const start = Position.standard();
  const e4 = start.legalMoves().find((m) => m.uci === 'e2e4')!;
  const d4 = start.legalMoves().find((m) => m.uci === 'd2d4')!;
  const e5 = e4.play().legalMoves().find((m) => m.uci === 'e7e5')!;
  const builder = new PositionCommandBuilder();
  assert.equal(builder.build({ start, moves: [e4, e5] }).command, 'position startpos moves e2e4 e7e5');
  assert.throws(() => builder.build({ start, moves: [e4, e5, d4] }), /move 3 \(d2d4\) is not a move of the position before it/);
  assert.throws(() => builder.build({ start, moves: [d4, e5] }), /move 2 \(e7e5\)/);
  assert.equal(builder.build({ start, moves: [e4, e5] }).command, 'position startpos moves e2e4 e7e5');
  assert.equal(builder.build({ start, moves: [d4] }).command, 'position startpos moves d2d4');
});
