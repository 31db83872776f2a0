/**
 * The page's Paco Ŝako game (src/web/paco/play.ts): a chain played action by action, undo, the
 * action JSON in and out, and Ŝako / Paco-now against the reference's labelled positions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readText } from '../../src/node/data.js';
import { fixturePath } from '../data.js';
import { actionName } from '../../src/variants/paco/action-text.js';
import { PacoPlay } from '../../src/web/paco/play.js';

const CHAIN_FEN = '8/5c2/8/5k2/2B5/8/8/4K3 w 0 - - -';

function game(fen: string): PacoPlay {
  const g = PacoPlay.fromFen(fen);
  assert.ok(g.ok, fen);
  return g.value;
}

test('a chain is played step by step: lift, place on a union, the freed piece carried on to the king', () => {
  const g = game(CHAIN_FEN);
  assert.deepEqual(g.threats(), { whiteInSako: false, blackInSako: true, canPacoNow: true });
  assert.deepEqual(g.shortestPaco()?.map(actionName), ['Lift(c4)', 'Place(f7)', 'Place(f5)']);
  assert.equal(g.step, 'lift');
  assert.deepEqual(g.liftSquares().sort((a, b) => a - b), [4, 26, 53]); // e1, c4, f7
  assert.equal(g.actionAt(26), 1 + 26);
  assert.ok(g.play(g.actionAt(26)!).ok);
  assert.equal(g.step, 'place');
  assert.deepEqual(g.hand, { color: 0, piece: 3, partner: -1, from: 26 }); // the bishop
  assert.ok(g.placeSquares().includes(53));
  assert.ok(g.play(g.actionAt(53)!).ok);
  // The bishop took the union's place; the white rook it freed is in hand, the chain goes on.
  assert.equal(g.step, 'place');
  assert.deepEqual(g.hand, { color: 0, piece: 1, partner: -1, from: 53 });
  assert.match(g.fen, /\^f7R/);
  assert.ok(g.play(g.actionAt(37)!).ok); // onto the king on f5: Paco
  assert.equal(g.step, 'over');
  assert.deepEqual(g.outcome, { winner: 'white', reason: 'paco' });
  assert.equal(g.actionsJson(), '[{"Lift":26},{"Place":53},{"Place":37}]');

  // Undo goes back one action at a time, and a whole turn at once.
  assert.ok(g.undo());
  assert.equal(g.step, 'place');
  assert.equal(g.undoTurn(), 2);
  assert.equal(g.fen, CHAIN_FEN);
  assert.equal(g.undo(), false);
});

test('action JSON in: played from the position; an illegal or malformed action plays nothing and says which', () => {
  const g = game(CHAIN_FEN);
  assert.deepEqual(g.playJson('[{"Lift":26},{"Place":53}]'), { ok: true, value: 2 });
  assert.equal(g.actions.length, 2);
  const bad = game(CHAIN_FEN);
  const r = bad.playJson('[{"Lift":26},{"Place":0}]');
  assert.ok(!r.ok);
  assert.match(r.error.message, /^action 1: Place\(a1\) is not legal/);
  assert.equal(bad.actions.length, 0, 'nothing played');
  const kinds = ['{', '{"Lift":26}', '[{"Jump":3}]', '[{"Lift":64}]'].map((t) => bad.playJson(t));
  assert.deepEqual(kinds.map((k) => k.ok), [false, false, false, false]);
  assert.match(!kinds[2]!.ok ? kinds[2]!.error.message : '', /action 0: unknown action kind 'Jump'/);
  assert.ok(!PacoPlay.fromFen('8/8/8 w 0 - - -').ok, 'a bad FEN is an error');
  assert.ok(PacoPlay.fromFen().ok, 'the start position by default');
});

test("Ŝako and Paco-now agree with the reference's labelled random positions", () => {
  const data = JSON.parse(readText(fixturePath('paco', 'sako_random_positions.json'))) as {
    positions: {
      fen: string; in_sako: boolean; can_paco_now: boolean | null; to_move: string; required_action: string;
      shortest_paco_sequence_actions?: number | null;
    }[];
  };
  let checked = 0;
  for (const p of data.positions.slice(0, 300)) {
    const g = game(p.fen);
    const t = g.threats();
    assert.equal(p.to_move === 'white' ? t.whiteInSako : t.blackInSako, p.in_sako, p.fen);
    if (p.can_paco_now !== null) assert.equal(t.canPacoNow, p.can_paco_now, p.fen);
    if (p.can_paco_now && typeof p.shortest_paco_sequence_actions === 'number') {
      // The page's sequence starts from the state itself, a pending promotion included (the
      // reference's count leaves it out).
      const seq = g.shortestPaco()!;
      assert.equal(seq.length, p.shortest_paco_sequence_actions + (p.required_action === 'PromoteThenLift' ? 1 : 0), p.fen);
      const mover = g.player === 0 ? 'white' : 'black';
      for (const code of seq) assert.ok(g.play(code).ok, p.fen);
      assert.deepEqual(g.outcome, { winner: mover, reason: 'paco' }, p.fen);
    }
    checked++;
  }
  assert.equal(checked, 300);
});
