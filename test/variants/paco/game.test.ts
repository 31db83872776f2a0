/** The `Game` implementation (src/core/game.ts) and random playouts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../../src/core/rng.js';
import { pacoGame, pacoOutcome, pacoStart } from '../../../src/variants/paco/game.js';
import { RandomPlayer } from '../../../src/variants/paco/random.js';
import { writePacoFen } from '../../../src/variants/paco/fen.js';
import { REPS, VICTORY, WORDS } from '../../../src/variants/paco/layout.js';
import { copyState } from '../../../src/variants/paco/state.js';
import { fen } from './helpers.js';
import { testSeed } from '../../helpers.js';

test('pacoGame: legal actions, play, player, hash, outcome over random games', () => {
  const rng = new Rng(testSeed(7));
  const acts = new Int32Array(64);
  const h1 = new Int32Array(2), h2 = new Int32Array(2);
  let s = pacoGame.newState();
  copyState(pacoStart(), s);
  let next = pacoGame.newState();
  let finished = 0;
  for (let game = 0; game < 30; game++) {
    copyState(pacoStart(), s);
    for (let ply = 0; ply < 3000; ply++) {
      const out = pacoGame.outcome(s);
      const n = pacoGame.legalActions(s, acts);
      if (out !== undefined) {
        finished++;
        if (out.reason === 'noLegalAction') assert.equal(n, 0);
        else assert.equal(n, 0, 'no actions once the game is over');
        break;
      }
      assert.ok(n > 0 && n <= 64);
      for (let i = 0; i < n; i++) assert.ok(acts[i]! >= 1 && acts[i]! <= pacoGame.actionCount);
      const a = acts[rng.below(n)]!;
      pacoGame.hash(s, h1);
      pacoGame.play(s, a, next);
      pacoGame.hash(s, h2);
      assert.deepEqual(h1, h2, 'play does not modify its input');
      [s, next] = [next, s];
      assert.ok(pacoGame.currentPlayer(s) === 0 || pacoGame.currentPlayer(s) === 1);
    }
  }
  assert.ok(finished >= 20, `finished games: ${finished}`);
  // Equal positions hash equal, different ones differently.
  const a = fen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -');
  const b = fen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah - -');
  pacoGame.hash(a, h1);
  pacoGame.hash(b, h2);
  assert.notDeepEqual(h1, h2);
  pacoGame.hash(fen(writePacoFen(a)), h2);
  assert.deepEqual(h1, h2);
});

test('random playouts end by Paco, a draw or a player without actions; repetition draws happen', () => {
  const rng = new Rng(testSeed(99));
  const player = new RandomPlayer();
  const s = new Int32Array(WORDS);
  const results = new Map<number, number>();
  for (let i = 0; i < 300; i++) {
    copyState(pacoStart(), s);
    const r = player.playout(s, rng);
    results.set(r, (results.get(r) ?? 0) + 1);
    if (r >= 0) assert.equal(s[VICTORY], r);
    if (r > 0) assert.notEqual(pacoOutcome(s), undefined);
  }
  assert.ok((results.get(1) ?? 0) + (results.get(2) ?? 0) > 100, JSON.stringify([...results]));
  assert.ok((results.get(5) ?? 0) + (results.get(6) ?? 0) > 0, 'some draws');
  const noRep = pacoStart(0);
  assert.equal(noRep[REPS], 0);
});

test('executeAction: legal actions apply, illegal ones give a typed error and change nothing', async () => {
  const { executeAction } = await import('../../../src/variants/paco/checked.js');
  const s = pacoStart();
  const before = s.slice();
  for (const bad of [0, 133, 1.5, 65 + 28, 129]) {
    const r = executeAction(s, bad, 3);
    assert.ok(!r.ok);
    if (!r.ok) assert.equal(r.error.index, 3);
    assert.deepEqual(s, before);
  }
  assert.ok(executeAction(s, 13).ok);
  assert.ok(executeAction(s, 65 + 28).ok);
  assert.equal(writePacoFen(s), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -');
  // A number that is no action code at all is named as such, in replays too.
  const { replayNotation } = await import('../../../src/variants/paco/replay.js');
  const { actionName } = await import('../../../src/variants/paco/action-text.js');
  for (const bad of [0, 133, 999, 1.5]) {
    const r = replayNotation(pacoStart(), [bad]);
    assert.ok(!r.ok && r.error.message.startsWith(`action 0: code ${bad} is not legal in `), JSON.stringify(r));
    assert.throws(() => actionName(bad), RangeError);
  }
  // The curated API's `paco.executeAction` is this checked one: lifting from an empty square fails.
  const { paco: { executeAction: pacoApplyAction } } = await import('../../../src/index.js');
  const after = s.slice();
  assert.ok(!pacoApplyAction(s, 1 + 27).ok);
  assert.deepEqual(s, after);
});
