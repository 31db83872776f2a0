/**
 * `caissa analyse` and `caissa bestmove` with Stockfish from Debian: 20 lichess games at
 * `--nodes 2000` on two engines, every mainline move annotated and the output read back by the
 * PGN reader to the same moves; a run killed with SIGKILL and resumed gives the same file as one
 * never interrupted; the annotation rules on evaluations made by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { bestmoveCommand } from '../../src/cli/commands/bestmove.js';
import { sharedPath } from '../../src/node/data.js';
import { parseCommentCommands } from '../../src/notation/pgn-comment.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { pgnGamesSync } from '../../src/notation/pgn-source.js';
import { annotateGame, cpWinningChances, judge, winningChances } from '../../src/tools/annotate.js';
import { sharedSkip } from '../data.js';
import { runCommand, tempDir } from '../helpers.js';
import { findStockfish } from '../stockfish.js';

const STOCKFISH = findStockfish();
const GAMES_ABSENT = sharedSkip('games', 'lichess-standard-13k.pgn.gz');
const MAIN = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** The text of the first `count` games of the lichess standard file, as written there. */
function firstGames(count: number): string {
  const bytes = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz')));
  const decoder = new TextDecoder();
  const out: string[] = [];
  for (const slice of pgnGamesSync(bytes)) {
    out.push(decoder.decode(slice.buf.subarray(slice.start, slice.end)));
    if (out.length === count) break;
  }
  return out.join('\n');
}

const sans = (text: string): string[][] =>
  parsePgn(text).map((g) => {
    assert.ok(g.ok, JSON.stringify(!g.ok && g.error));
    return g.value.moves.map((m) => m.san);
  });

test('analyse: 20 games at --nodes 2000 on 2 engines, every move annotated; kill -9 and --resume give the same file', { skip: (STOCKFISH === undefined && 'Stockfish unavailable') || GAMES_ABSENT }, async () => {
  const dir = tempDir('caissa-analyse-');
  try {
    const input = join(dir, 'games.pgn');
    writeFileSync(input, firstGames(20));
    const args = (out: string, ...more: string[]) => [MAIN, 'analyse', input, '--engine', STOCKFISH!, '--nodes', '2000', '--jobs', '2', '--out', out, ...more];

    const full = spawnSync(process.execPath, args(join(dir, 'full.pgn')), { encoding: 'utf8' });
    assert.equal(full.status, 0, full.stderr);
    const text = readFileSync(join(dir, 'full.pgn'), 'utf8');
    assert.deepEqual(sans(text), sans(readFileSync(input, 'utf8')));
    const games = parsePgn(text);
    assert.equal(games.length, 20);
    for (const g of games) {
      assert.ok(g.ok);
      for (const [i, move] of g.value.moves.entries()) {
        const last = move.comments.at(-1);
        assert.ok(last !== undefined && parseCommentCommands(last).evaluation !== undefined, `game ${g.value.tags[0]}, move ${i + 1}: ${move.san} has no [%eval]`);
        assert.ok(parseCommentCommands(last).clock !== undefined, 'the clock comment is kept');
      }
      for (const name of ['WhiteACPL', 'BlackACPL', 'WhiteInaccuracies', 'WhiteMistakes', 'WhiteBlunders', 'BlackInaccuracies', 'BlackMistakes', 'BlackBlunders']) {
        assert.ok(g.value.tags.some(([n, v]) => n === name && /^\d+$/.test(v)), name);
      }
    }
    assert.ok(/\$[246]\b/.test(text), 'some move judged');
    assert.equal(existsSync(join(dir, 'full.pgn.journal')), false);

    // Killed once a few games are written, then resumed.
    const out = join(dir, 'part.pgn');
    const child = spawn(process.execPath, args(out), { stdio: 'ignore' });
    const journal = `${out}.journal`;
    const started = Date.now();
    while (!(existsSync(journal) && readFileSync(journal, 'utf8').split('\n').length >= 5)) {
      assert.ok(Date.now() - started < 120_000, 'no progress');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const done = readFileSync(journal, 'utf8').split('\n').length - 2;
    assert.ok(done >= 3 && done < 20, `killed after ${done} games`);
    const resumed = spawnSync(process.execPath, args(out, '--resume'), { encoding: 'utf8' });
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming after \d+ of 20 games/);
    assert.equal(readFileSync(out, 'utf8'), text);

    // A journal of another run is refused.
    writeFileSync(journal, '{"other":1}\n');
    const refused = spawnSync(process.execPath, args(out, '--resume'), { encoding: 'utf8' });
    assert.equal(refused.status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bestmove: the move in UCI on the last line, --json the last info', { skip: STOCKFISH === undefined && 'Stockfish unavailable' }, async () => {
  const text = await runCommand(bestmoveCommand, ['--engine', STOCKFISH!, '--fen', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', '--depth', '6']);
  assert.equal(text.code, 0);
  assert.equal(text.out.trim().split('\n').at(-1), 'a1a8');
  const json = await runCommand(bestmoveCommand, ['--engine', STOCKFISH!, 'startpos', '--moves', 'e4 e5 Nf3', '--nodes', '5000', '--json']);
  const info = JSON.parse(json.out) as { bestmove: string; pv: string[]; score: { type: string } };
  assert.equal(info.pv[0], info.bestmove);
  assert.ok(['cp', 'mate'].includes(info.score.type));
  const mated = await runCommand(bestmoveCommand, ['--engine', STOCKFISH!, '--fen', 'R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', '--depth', '3']);
  assert.equal(mated.out.trim().split('\n').at(-1), '(none)');
  const missing = await runCommand(bestmoveCommand, ['--engine', '/no/such/engine', '--depth', '3']);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /not found/);
  const twoLimits = await runCommand(bestmoveCommand, ['--engine', STOCKFISH!, '--depth', '3', '--nodes', '9']);
  assert.equal(twoLimits.code, 2);
});

test("annotation: lichess' winning chances and thresholds, ACPL, NAGs replaced, comments kept", () => {
  assert.equal(cpWinningChances(0), 0);
  assert.ok(Math.abs(cpWinningChances(100) - 0.1820) < 1e-3); // 2/(1+e^-0.368) − 1
  assert.ok(winningChances({ mate: 3 }) > cpWinningChances(1700) - 1e-9);
  assert.equal(winningChances({ mate: 0, mated: 'white' }), -1);
  assert.equal(judge(0.09), undefined);
  assert.equal(judge(0.1), 'inaccuracy');
  assert.equal(judge(0.2), 'mistake');
  assert.equal(judge(0.3), 'blunder');
  const node = (san: string, comments: string[] = [], nags: number[] = []) => ({ san, nags, startingComments: [], comments, variations: [] });
  const game = { tags: [['White', 'a'], ['WhiteACPL', '999']] as [string, string][], comments: [], moves: [node('e4', ['[%clk 0:01:00]'], [1]), node('e5'), node('Qh5'), node('Ke7')], result: '*' };
  // White: +0.30 → +0.20 (loss 10); Black: 0.20 → 0.30 (loss 10); White 0.30 → −2.00 (loss 230,
  // winning chances 0.055 → −0.352: a blunder); Black −2.00 → +9.00 (loss 1100, a blunder).
  const result = annotateGame(game, [{ cp: 30 }, { cp: 20 }, { cp: 30 }, { cp: -200, depth: 12 }, { cp: 900 }], true);
  const moves = result.game.moves;
  assert.deepEqual(result.judgements, [undefined, undefined, 'blunder', 'blunder']);
  assert.deepEqual(moves[0]!.nags, []); // the old `!` is a judgement NAG: replaced
  assert.equal(moves[0]!.comments[0], '[%eval 0.20] [%clk 0:01:00]');
  assert.equal(moves[2]!.comments[0], '[%eval -2.00,12]');
  assert.deepEqual(moves[2]!.nags, [4]);
  assert.equal(result.white.acpl, (10 + 230) / 2);
  assert.equal(result.black.acpl, (10 + 1100) / 2);
  assert.deepEqual(result.game.tags.filter(([n]) => n === 'WhiteACPL'), [['WhiteACPL', '120']]);
  // 0.00 → −0.60 drops 0.110 (an inaccuracy), 0.00 → −1.20 drops 0.217 (a mistake).
  assert.equal(annotateGame(game, [{ cp: 0 }, { cp: -60 }], true).judgements[0], 'inaccuracy');
  assert.equal(annotateGame(game, [{ cp: 0 }, { cp: -120 }], true).judgements[0], 'mistake');
});
