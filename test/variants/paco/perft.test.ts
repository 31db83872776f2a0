/**
 * perft_start.json, perft_special_positions.json, perft_random_positions.json: turn perft and
 * action perft counts, and the exact set of depth-1 turns (end FEN and a shortest path).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FULL, fen, loadPaco, code } from './helpers.js';
import { writePacoFen } from '../../../src/variants/paco/fen.js';
import { HAND_KIND, NO_PROGRESS, PLAYER, REPS, REQUIRED, REQUIRED_NAMES, VICTORY, VICTORY_NAMES, WORDS } from '../../../src/variants/paco/layout.js';
import { canPacoNow, canPacoNowAmazon, isInSako } from '../../../src/variants/paco/sako.js';
import { actionPerft, turnPerft } from '../../../src/variants/paco/perft.js';
import { TurnSearch } from '../../../src/variants/paco/search.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { actionName } from '../../../src/variants/paco/action-text.js';
import { isLegalAction } from '../../../src/variants/paco/actions.js';

const start = loadPaco('perft_start.json');

test('perft_start: turn perft (depth 5; 6 with CAISSA_FULL)', () => {
  const s = fen(start.fen, { drawAfterRepetitions: 0 }); // DenseBoard::new(): no repetition draws
  for (const { depth, count } of start.turn_perft) {
    if (depth > (FULL ? 6 : 5)) continue;
    assert.equal(turnPerft(s, depth), count, `depth ${depth}`);
  }
});

test('perft_start: action perft (depth 10; 12 with CAISSA_FULL)', () => {
  const s = fen(start.fen, { drawAfterRepetitions: 0 });
  for (const { depth, count } of start.action_perft) {
    if (depth > (FULL ? 12 : 10)) continue;
    assert.equal(actionPerft(s, depth), count, `depth ${depth}`);
  }
});

/** The depth-1 turns of `s` as end FEN → path, checked against the listed turns. */
function checkTurns(s: Int32Array, turns: { fen_after: string; path: string[]; required_action_after?: string; victory_after?: string }[], label: string): void {
  const search = new TurnSearch();
  const n = search.enumerate(s, true);
  assert.equal(n, turns.length, `${label}: number of turns`);
  const end = new Int32Array(WORDS);
  const mine = new Map<string, { path: number[]; required: string; victory: string }>();
  for (let e = 0; e < n; e++) {
    search.ends.load(e, end);
    const f = writePacoFen(end);
    assert.ok(!mine.has(f), `${label}: duplicate end FEN ${f}`);
    mine.set(f, { path: search.pathTo(e), required: REQUIRED_NAMES[end[REQUIRED]!]!, victory: VICTORY_NAMES[end[VICTORY]!]! });
  }
  for (const t of turns) {
    const m = mine.get(t.fen_after);
    assert.ok(m, `${label}: missing turn ${t.path.join(' ')} → ${t.fen_after}`);
    assert.equal(m.path.length, t.path.length, `${label}: shortest path length to ${t.fen_after}`);
    if (t.required_action_after) assert.equal(m.required, t.required_action_after);
    if (t.victory_after) assert.equal(m.victory, t.victory_after);
    // The reference's path replays to the same end state.
    const r = s.slice();
    for (const a of t.path) {
      const c = code(a);
      assert.ok(isLegalAction(r, c), `${label}: ${a} legal in ${writePacoFen(r)}`);
      applyActionUnchecked(r, c);
    }
    assert.equal(writePacoFen(r), t.fen_after);
  }
  void actionName;
}

test('perft_start: depth-1 divide', () => {
  const s = fen(start.fen, { drawAfterRepetitions: 0 });
  checkTurns(s, start.divide_depth1, 'start');
  const search = new TurnSearch();
  search.enumerate(s, true);
  const end = new Int32Array(WORDS);
  const byFen = new Map<string, Int32Array>();
  for (let e = 0; e < search.ends.count; e++) {
    search.ends.load(e, end);
    byFen.set(writePacoFen(end), end.slice());
  }
  for (const d of start.divide_depth1) assert.equal(turnPerft(byFen.get(d.fen_after)!, 1), d.turn_perft_1);
});

for (const file of ['perft_special_positions.json', 'perft_random_positions.json']) {
  const data = loadPaco(file);
  for (const [i, p] of data.positions.entries()) {
    test(`${file} #${i} (${p.label}): turn and action perft, depth-1 turns`, () => {
      const s = fen(p.fen);
      assert.equal(REQUIRED_NAMES[s[REQUIRED]!], p.required_action, 'required action inferred from the FEN');
      assert.equal(s[REPS], 3);
      const turnCounts: (number | null)[] = p.turn_perft.map((x: number | null | { count: number }) =>
        x === null || typeof x === 'number' ? x : x.count);
      turnCounts.forEach((count, d) => {
        if (count !== null) assert.equal(turnPerft(s, d + 1), count, `turn perft depth ${d + 1}`);
      });
      const actionCounts: number[] = p.action_perft_1_to_5 ?? p.action_perft.map((x: { count: number }) => x.count);
      actionCounts.forEach((count, d) => assert.equal(actionPerft(s, d + 1), count, `action perft depth ${d + 1}`));
      checkTurns(s, p.turns_depth1, p.label);
      if (typeof p.legal_turns === 'number') assert.equal(new TurnSearch().enumerate(s, false), p.legal_turns, 'legal turns');
      if (typeof p.can_paco_now === 'boolean') {
        assert.equal(canPacoNow(s), p.can_paco_now, 'can Paco now');
        assert.equal(canPacoNowAmazon(s), p.can_paco_now, 'can Paco now (amazon)');
      }
      if (typeof p.in_sako === 'boolean' && s[HAND_KIND] === 0) assert.equal(isInSako(s, s[PLAYER]!), p.in_sako, 'in Ŝako');
      if (typeof p.victory_state === 'string') assert.equal(VICTORY_NAMES[s[VICTORY]!], p.victory_state, 'victory state');
      if (typeof p.no_progress_half_moves === 'number') assert.equal(s[NO_PROGRESS], p.no_progress_half_moves, 'no-progress counter');
      if (typeof p.to_move === 'string') assert.equal(s[PLAYER] === 0 ? 'white' : 'black', p.to_move.toLowerCase(), 'to move');
    });
  }
}
