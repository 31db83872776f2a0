/**
 * The 133 lichess variant games of ../shared/data/games/lichess-other-variants-133.pgn.gz
 * (atomic, antichess, crazyhouse, king of the hill, racing kings, three-check) replayed with the
 * variants' SAN to the final position chessops reaches (its own PGN reader and SAN), FEN for FEN:
 * from our tree reader unchecked (`replayVariantGame`), through the mainline replay of the
 * library (`replayPgn`, pgn-variant.ts) and through `caissa pgn replay --jsonl`.
 */
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { makeFen as opsMakeFen } from 'chessops/fen';
import { parsePgn as opsParsePgn, startingPosition as opsStart } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';
import { readText, sharedPath } from '../../../src/node/data.js';
import { parsePgn } from '../../../src/notation/pgn-read.js';
import { replayPgn, type ReplayRecord } from '../../../src/notation/pgn-replay.js';
import { pgnVariant, replayVariantGame } from '../../../src/variants/lichess/index.js';
import { sharedSkip } from '../../data.js';
import { Rng } from '../../../src/core/rng.js';
import { testSeed } from '../../helpers.js';
import { normalFen } from './chessops-pgn.js';

const FILE = sharedPath('games', 'lichess-other-variants-133.pgn.gz');


const CLI = new URL('../../../src/cli/main.js', import.meta.url).pathname;

test('the 133 lichess variant games replay to chessops\' final positions', { skip: sharedSkip('games', 'lichess-other-variants-133.pgn.gz') }, async () => {
  const text = readText(FILE);
  const games = parsePgn(text, { validate: false });
  const theirs = opsParsePgn(text);
  assert.equal(games.length, 133);
  assert.equal(theirs.length, 133);
  const seen = new Set<string>();
  const replayed: ReplayRecord[] = [];
  for await (const record of replayPgn(text)) replayed.push(record);
  assert.equal(replayed.length, 133);
  const cli = spawnSync(process.execPath, [CLI, 'pgn', 'replay', '--jsonl', FILE], { maxBuffer: 1 << 26 });
  assert.equal(cli.status, 0, cli.stderr.toString());
  const lines = cli.stdout.toString().trim().split('\n').map((l) => JSON.parse(l) as { fen: string | null; error: unknown; plies: number });
  assert.equal(lines.length, 133);
  for (const [i, read] of games.entries()) {
    // Unchecked, a drop (`N@f3`) reads as one move (readsAsOneMove).
    assert.ok(read.ok, `game ${i + 1}: ${read.ok ? '' : read.error.message}`);
    const game = read.value;
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
    const expected = normalFen(opsMakeFen(ops.toSetup()));
    assert.equal(normalFen(ours.value.fen()), expected, `game ${i + 1} (${rules})`);
    const record = replayed[i]!;
    assert.equal(record.error, null, `game ${i + 1}: replayPgn: ${JSON.stringify(record.error)}`);
    assert.equal(record.plies, game.moves.length, `game ${i + 1}: replayPgn`);
    assert.equal(normalFen(record.fen!), expected, `game ${i + 1} (${rules}): replayPgn`);
    assert.deepEqual([lines[i]!.error, lines[i]!.fen], [null, record.fen], `game ${i + 1}: caissa pgn replay`);
  }
  assert.deepEqual([...seen].sort(), ['3check', 'antichess', 'atomic', 'crazyhouse', 'kingofthehill', 'racingkings']);
});

test('makeVariantPgn writes [Variant] with lichess\' name, the FEN of another start, drops; pgn replay reads it back', async () => {
  const { makeVariantPgn, VariantPosition: Pos } = await import('../../../src/variants/lichess/index.js');
  const rng = new Rng(testSeed(12));
  for (const rules of ['crazyhouse', '3check', 'atomic', 'antichess', 'horde', 'kingofthehill', 'racingkings'] as const) {
    for (const start of [Pos.default(rules), Pos.default(rules).legalMoves()[0]!.play()]) {
      const moves = [];
      let pos = start;
      for (let ply = 0; ply < 80; ply++) {
        const legal = pos.legalMoves();
        if (legal.length === 0) break;
        // Drops first when there are any, so that crazyhouse games hold some.
        const drops = legal.filter((m) => m.drop !== undefined);
        const move = drops.length > 0 && rng.below(2) === 0 ? drops[rng.below(drops.length)]! : legal[rng.below(legal.length)]!;
        moves.push(move);
        pos = move.play();
      }
      const text = makeVariantPgn(start, moves, { White: 'A', Black: 'B' });
      assert.match(text, new RegExp(`\\[Variant "${{ crazyhouse: 'Crazyhouse', '3check': 'Three-check', atomic: 'Atomic', antichess: 'Antichess', horde: 'Horde', kingofthehill: 'King of the Hill', racingkings: 'Racing Kings' }[rules]}"\\]`));
      assert.equal(text.includes('[FEN '), start !== Pos.default(rules) && start.fen() !== Pos.default(rules).fen(), rules);
      if (rules === 'crazyhouse') assert.match(text, /[PNBRQ]@[a-h][1-8]/);
      const [record] = [...await collect(replayPgn(text))];
      assert.equal(record!.error, null, `${rules}: ${JSON.stringify(record!.error)}\n${text}`);
      assert.equal(record!.plies, moves.length);
      assert.equal(record!.fen, pos.fen(), rules);
    }
  }
  assert.throws(() => makeVariantPgn(Pos.default('atomic'), [Pos.default('crazyhouse').legalMoves()[0]!, Pos.default('crazyhouse').legalMoves()[0]!]), RangeError);
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
