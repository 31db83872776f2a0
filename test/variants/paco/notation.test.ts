/**
 * tests_notation_ai_repr.json and tests_full_games.json: replay notation, Ŝako annotations,
 * index representation, action codes; action JSON and ExchangeNotation round trips.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fen, loadPaco, code, play } from './helpers.js';
import { replayOpening } from '../../../src/variants/paco/opening.js';
import { replayNotation } from '../../../src/variants/paco/replay.js';
import { indexRepresentation } from '../../../src/variants/paco/ai-repr.js';
import { actionFromJson, actionName, actionToJson, parseActionName, viewpointCode } from '../../../src/variants/paco/action-text.js';
import { parseExchangeNotation, writeExchangeNotation } from '../../../src/variants/paco/exchange.js';
import { writePacoFen } from '../../../src/variants/paco/fen.js';
import { VICTORY, VICTORY_NAMES } from '../../../src/variants/paco/layout.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';

const data = loadPaco('tests_notation_ai_repr.json');
const byId = new Map<string, any>(data.cases.map((c: any) => [c.id, c])); // eslint-disable-line @typescript-eslint/no-explicit-any

/** Cases of a kind checked generically: replay notation, or blocked pawns. */
const isReplayCase = (c: any): boolean => 'full_replay_data_this_build' in c.expected || 'half_move_5_labels' in c.expected; // eslint-disable-line @typescript-eslint/no-explicit-any
const isBlockedPawnsCase = (c: any): boolean => 'white_blocked_pawns' in c.expected; // eslint-disable-line @typescript-eslint/no-explicit-any

test('every case of tests_notation_ai_repr.json is checked by one of these tests', () => {
  const special = new Set(['index_representation', 'action_index']);
  for (const c of data.cases) {
    assert.ok(isReplayCase(c) || isBlockedPawnsCase(c) || special.has(c.id), `case ${c.id}: expectations ${Object.keys(c.expected).join(', ')} that no test reads`);
  }
});

for (const c of data.cases) {
  const e = c.expected;
  if (!isReplayCase(c)) continue;
  test(`replay notation: ${c.id}`, () => {
    const r = replayNotation(fen(c.setup.fen), c.actions.map(code), true);
    assert.ok(r.ok);
    if (e.half_move_5_labels) {
      const hm = r.value[4]!;
      assert.deepEqual(hm.sections.map((x) => x.label), e.half_move_5_labels);
      assert.equal(hm.sections[hm.sections.length - 1]!.actionIndex, e.half_move_5_action_index);
      return;
    }
    const exp = e.full_replay_data_this_build.notation;
    assert.equal(r.value.length, exp.length);
    r.value.forEach((hm, i) => {
      const x = exp[i];
      assert.equal(hm.moveNumber, x.move_number);
      assert.equal(hm.player === 0 ? 'White' : 'Black', x.current_player);
      assert.deepEqual(hm.sections.map((s) => ({ action_index: s.actionIndex, label: s.label })), x.actions);
      assert.deepEqual(hm.actions.map(actionToJson), x.paco_actions);
      assert.equal(hm.metadata.givesSako, x.metadata.gives_sako);
      assert.equal(hm.metadata.missedPaco, x.metadata.missed_paco);
      assert.equal(hm.metadata.givesOpponentPacoOpportunity, x.metadata.gives_opponent_paco_opportunity);
    });
    assert.deepEqual(r.value.map((hm) => hm.sections.map((s) => s.label)), e.half_move_section_labels);
    assert.equal(replayOpening(fen(c.setup.fen), c.actions.map(code)), e.full_replay_data_this_build.opening);
  });
}

test('index representation vectors', () => {
  const e = byId.get('index_representation').expected;
  const start = fen(byId.get('index_representation').setup.fen);
  assert.deepEqual(indexRepresentation(start, 1), { ok: true, value: e['initial_default_opts(=1, relative perspective)'] });
  assert.deepEqual(indexRepresentation(start, 6), { ok: true, value: e['initial_opts=6(absolute, must_lift, must_promote)'] });
  const s = start.slice();
  play(s, ['Lift(e2)']);
  assert.deepEqual(indexRepresentation(s, 1), { ok: true, value: e['after_Lift(e2)'] });
  play(s, ['Place(e4)']);
  assert.deepEqual(indexRepresentation(s, 1), { ok: true, value: e['after_Lift(e2)_Place(e4)_black_to_move'] });
  const t = start.slice();
  play(t, ['Lift(c2)', 'Place(c4)']);
  assert.deepEqual(indexRepresentation(t, 6), { ok: true, value: e['after_Lc2_Pc4_opts=6'] });
  assert.ok(!indexRepresentation(fen('4k3/8/8/8/8/8/8/4K3 w 0 - - -')).ok);
});

test('action codes, viewpoint mirror, action JSON', () => {
  const e = byId.get('action_index').expected;
  assert.equal(code('Promote(Rook)'), e.Promote.Rook);
  assert.equal(code('Promote(Knight)'), e.Promote.Knight);
  assert.equal(code('Promote(Bishop)'), e.Promote.Bishop);
  assert.equal(code('Promote(Queen)'), e.Promote.Queen);
  assert.equal(viewpointCode(code('Lift(e7)'), 1), e['example_black_Lift(e7)']);
  for (let c = 1; c <= 132; c++) {
    assert.equal(viewpointCode(viewpointCode(c, 1), 1), c);
    assert.equal(viewpointCode(c, 0), c);
    assert.deepEqual(parseActionName(actionName(c)), { ok: true, value: c });
    assert.deepEqual(actionFromJson(JSON.parse(JSON.stringify(actionToJson(c)))), { ok: true, value: c });
  }
  assert.deepEqual(actionToJson(code('Lift(e2)')), { Lift: 12 });
  assert.deepEqual(actionToJson(code('Promote(Queen)')), { Promote: 'Queen' });
  assert.deepEqual(actionFromJson({ Place: 28, timestamp: 123 }), { ok: true, value: 65 + 28 });
  for (const bad of [{ Lift: 64 }, { Lift: -1 }, { Place: 'e4' }, { Promote: 'King' }, { Jump: 3 }, [], null, 7]) {
    const r = actionFromJson(bad, 5);
    assert.ok(!r.ok);
    if (!r.ok) assert.equal(r.error.index, 5);
  }
});

test('ExchangeNotation round trip and errors', () => {
  const s = fen('2b2b2/pr1pnkp1/1q2p3/1pp1Pp1C/PD1PQPa1/R1P2K2/8/1NB2BNR b 7 - g3 -');
  const text = writeExchangeNotation(s);
  assert.equal(text.split('\n')[4], 'P. PN .. P. Q. P. PP ..');
  const back = parseExchangeNotation(text);
  assert.ok(back.ok);
  if (back.ok) assert.equal(writePacoFen(back.value).split(' ')[0], writePacoFen(s).split(' ')[0]);
  const labelled = text.split('\n').map((l, i) => `${8 - i} ${l}`).join('\n');
  const back2 = parseExchangeNotation(labelled);
  assert.ok(back2.ok && writeExchangeNotation(back2.value) === text);
  assert.equal(writeExchangeNotation(fen('8/8/8/8/8/8/8/8 w 0 - - -')).split('\n')[0], '.. .. .. .. .. .. .. ..');
  const bad = parseExchangeNotation(text.replace('Q.', 'X.'));
  assert.ok(!bad.ok && bad.error.line === 5);
  assert.ok(!parseExchangeNotation('.. ..').ok);
});

test('ExchangeNotation: two kings of one colour are refused, on the line of the second', () => {
  // As the FEN reader (one king a side); with two, the reference's find_king and our king
  // square would aim the Ŝako searches at different kings.
  const rows = (r1: string, r8 = '.. .. .. .. .K .. .. ..'): string =>
    [r8, ...Array<string>(6).fill('.. .. .. .. .. .. .. ..'), r1].join('\n');
  for (const [text, line] of [
    [rows('.. .. .. K. K. .. .. ..'), 8],
    [rows('.. .. .. .. K. .. .. ..', '.. .. .. .. .K .. .K ..'), 1],
    [rows('K. .. .. .. KP .. .. ..'), 8], // the second in a union with a black pawn
  ] as const) {
    const r = parseExchangeNotation(text);
    assert.ok(!r.ok, text);
    if (!r.ok) assert.equal(r.error.line, line, r.error.message);
  }
  assert.ok(parseExchangeNotation(rows('.. .. .. .. K. .. .. ..')).ok);
  assert.ok(parseExchangeNotation(rows('.. .. .. .. KK .. .. ..', '.. .. .. .. .. .. .. ..')).ok); // K/K: as the reference reads it
});

const games = loadPaco('tests_full_games.json');
for (const g of games.cases) {
  test(`full game: ${g.id}`, () => {
    const start = fen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -');
    const actions = g.actions_json.map((j: unknown, i: number) => {
      const r = actionFromJson(j, i);
      assert.ok(r.ok);
      return r.ok ? r.value : 0;
    });
    assert.deepEqual(actions, g.actions.map(code));
    const r = replayNotation(start, actions, true);
    assert.ok(r.ok);
    const hms = r.value;
    const comp = g.computed;
    assert.equal(hms.length, comp.replay_labels_per_half_move.length);
    assert.deepEqual(hms.map((h) => h.label), comp.replay_labels_per_half_move);
    hms.forEach((h, i) => {
      const m = comp.replay_metadata_per_half_move[i];
      assert.deepEqual(
        [h.metadata.givesSako, h.metadata.missedPaco, h.metadata.givesOpponentPacoOpportunity],
        [m.gives_sako, m.missed_paco, m.gives_opponent_paco_opportunity], `half move ${i + 1} ${h.label}`);
    });
    assert.equal(hms[hms.length - 1]!.fen, comp.fen_final);
    assert.equal(replayOpening(start, actions), comp.opening);
    const s = start.slice();
    for (const a of actions) applyActionUnchecked(s, a);
    assert.equal(VICTORY_NAMES[s[VICTORY]!], comp.victory_final);
  });
}

test("openings named as the reference's replay names them (analysis/opening.rs)", () => {
  const start = fen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -');
  const game = (moves: string): number[] => moves.split(' ').flatMap((m) => [code(`Lift(${m.slice(0, 2)})`), code(`Place(${m.slice(2)})`)]);
  // The reference's test_rai: the h-rook to h3 by move 3, then to e3, no pawn on e4.
  const rai = game('d2d4 d7d5 h2h4 b8c6 h1h3 d8d6 b1c3 c8f5 h3e3 d6b4 c1d2 g8f6');
  assert.equal(replayOpening(start, rai), 'Rai');
  // A pawn in front of the rook spoils it; so does a rook that comes too late.
  assert.equal(replayOpening(start, game('e2e4 d7d5 h2h4 b8c6 h1h3 d8d6 b1c3 c8f5 h3e3 d6b4')), '');
  assert.equal(replayOpening(start, game('d2d4 d7d5 h2h4 b8c6 h1h3 d8d6 b1c3 c8f5 g1f3 a7a6 a2a3 a6a5 h3e3')), '');
  // Both rooks on the third rank: Double Rai, not Rai too; the knights on c3 and f4: Swedish Knights.
  assert.equal(replayOpening(start, game('h2h4 a7a6 a2a4 b7b6 h1h3 c7c6 a1a3 d7d6 h3e3 e7e6')), 'Double Rai');
  assert.equal(replayOpening(start, game('b1c3 a7a6 g1h3 b7b6 h3f4 c7c6')), 'Swedish Knights');
  // Only from the standard start.
  assert.equal(replayOpening(fen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 - - -'), rai), '');
});

test('replay: an illegal action is a typed error naming its index', () => {
  const r = replayNotation(fen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -'), [code('Lift(e2)'), code('Place(e5)')]);
  assert.ok(!r.ok);
  if (!r.ok) assert.equal(r.error.index, 1);
});

test('blocked pawns (AI auxiliary target)', async () => {
  const { blockedPawns } = await import('../../../src/variants/paco/ai-repr.js');
  const { sqNames } = await import('./helpers.js');
  for (const c of data.cases) {
    if (!isBlockedPawnsCase(c)) continue;
    const s = fen(c.setup.fen);
    play(s, c.actions, c.id);
    const out = new Int32Array(2);
    blockedPawns(s, 0, out);
    assert.deepEqual(sqNames(out[0]!, out[1]!).sort(), [...c.expected.white_blocked_pawns].sort(), c.id);
    blockedPawns(s, 1, out);
    assert.deepEqual(sqNames(out[0]!, out[1]!).sort(), [...c.expected.black_blocked_pawns].sort(), c.id);
  }
});
