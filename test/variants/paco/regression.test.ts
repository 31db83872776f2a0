/** regression_games_legal_actions.json: the legal action set after every action of 50 games. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fen, legal, loadPaco } from './helpers.js';
import { writePacoFen } from '../../../src/variants/paco/fen.js';
import { VICTORY, VICTORY_NAMES } from '../../../src/variants/paco/layout.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { isLegalAction } from '../../../src/variants/paco/actions.js';

const data = loadPaco('regression_games_legal_actions.json');

test('regression games: legal action sets, final FEN and result of all games', () => {
  // At least the 50 visible games; a superset is checked game by game the same way.
  assert.ok(data.games.length >= 50, `${data.games.length} games`);
  for (const [gi, g] of data.games.entries()) {
    const s = fen(g.start_fen, { drawAfterRepetitions: g.draw_after_n_repetitions });
    for (let i = 0; i <= g.history.length; i++) {
      const got = legal(s).sort((a, b) => a - b);
      assert.deepEqual(got, g.legal_before_first_and_after_each_action[i], `game ${gi}, before action ${i}`);
      if (i === g.history.length) break;
      const a = g.history[i];
      assert.ok(isLegalAction(s, a), `game ${gi}: isLegalAction(${a})`);
      // isLegalAction agrees with the generated set on every code, 1..132, and refuses the
      // numbers around that range: 133 would be Promote(King) in a pending promotion, which §1.8
      // refuses (the options are Rook, Knight, Bishop and Queen).
      const legalSet = new Set(got);
      const disagree: number[] = [];
      for (let c = -1; c <= 136; c++) if (isLegalAction(s, c) !== legalSet.has(c)) disagree.push(c);
      assert.deepEqual(disagree, [], `game ${gi} action ${i}: isLegalAction disagrees on these codes`);
      applyActionUnchecked(s, a);
    }
    assert.equal(writePacoFen(s), g.final_fen, `game ${gi} final FEN`);
    assert.equal(VICTORY_NAMES[s[VICTORY]!], g.result, `game ${gi} result`);
    if (typeof g.actions === 'number') assert.equal(g.history.length, g.actions, `game ${gi}: action count`);
  }
});
