/**
 * The 133 lichess variant games of ../shared/data/games/lichess-other-variants-133.pgn.gz
 * (atomic, antichess, crazyhouse, king of the hill, racing kings, three-check) replayed with the
 * variants' SAN to the final position chessops reaches (its own PGN reader and SAN), FEN for FEN.
 * The games are read unchecked by our PGN reader, except the crazyhouse ones: that reader
 * refuses a drop (`N@f3`) unchecked, so their tags and moves are taken from chessops' reading.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeFen as opsMakeFen } from 'chessops/fen';
import { parsePgn as opsParsePgn, startingPosition as opsStart } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';
import { readText, sharedPath } from '../../../src/node/data.js';
import { parsePgn } from '../../../src/notation/pgn-read.js';
import type { PgnGame } from '../../../src/notation/pgn-game.js';
import { pgnVariant, replayVariantGame } from '../../../src/variants/lichess/index.js';
import { sharedSkip } from '../../data.js';

const FILE = sharedPath('games', 'lichess-other-variants-133.pgn.gz');

/** The pocket letters sorted, the halfmove clock at most 150 (chessops' forms; see chessops-diff.test.ts). */
function normalFen(fen: string): string {
  const fields = fen.split(' ');
  fields[0] = fields[0]!.replace(/\[([A-Za-z]*)\]/, (_, p: string) => `[${[...p].sort().join('')}]`);
  const h = fields.length - 2;
  fields[h] = String(Math.min(Number(fields[h]), 150));
  return fields.join(' ');
}

test('the 133 lichess variant games replay to chessops\' final positions', { skip: sharedSkip('games', 'lichess-other-variants-133.pgn.gz') }, () => {
  const text = readText(FILE);
  const games = parsePgn(text, { validate: false });
  const theirs = opsParsePgn(text);
  assert.equal(games.length, 133);
  assert.equal(theirs.length, 133);
  const seen = new Set<string>();
  let fromChessops = 0;
  for (const [i, read] of games.entries()) {
    const headers = theirs[i]!.headers;
    let game: PgnGame;
    if (read.ok) game = read.value;
    else {
      assert.equal(headers.get('Variant'), 'Crazyhouse', `game ${i + 1}: ${read.error.message}`);
      game = { tags: [...headers], comments: [], moves: [...theirs[i]!.moves.mainline()].map((n) => ({ san: n.san, nags: [], startingComments: [], comments: [], variations: [] })), result: undefined };
      fromChessops++;
    }
    const rules = pgnVariant(game);
    assert.ok(rules !== undefined, `game ${i + 1}: variant`);
    seen.add(rules);
    const ours = replayVariantGame(game);
    assert.ok(ours.ok, `game ${i + 1}: ${ours.ok ? '' : `ply ${ours.error.ply}: ${ours.error.message}`}`);
    const ops = opsStart(theirs[i]!.headers).unwrap();
    for (const node of theirs[i]!.moves.mainline()) {
      const move = opsParseSan(ops, node.san);
      assert.ok(move, `game ${i + 1}: chessops reads ${node.san}`);
      ops.play(move);
    }
    assert.equal(normalFen(ours.value.fen()), normalFen(opsMakeFen(ops.toSetup())), `game ${i + 1} (${rules})`);
  }
  assert.deepEqual([...seen].sort(), ['3check', 'antichess', 'atomic', 'crazyhouse', 'kingofthehill', 'racingkings']);
  assert.ok(fromChessops <= 23, `${fromChessops} games read by chessops`);
});
