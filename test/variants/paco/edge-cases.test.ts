/**
 * edge_case_probes.json: the reference's behaviour at the edges, and our documented decisions
 * where we differ (docs/rules/paco-sako.md, decisions table):
 * - a knight in hand mid-turn: the reference's amazon search misses its Paco; ours marks the
 *   knight's tile as a starting tile and agrees with the exhaustive search (brute_force_bfs);
 * - turn enumeration from a mid-turn state finds the end states one action away (the reference's
 *   `determine_all_moves` does not);
 * - castling without the rook on its square, moving into Ŝako, dead-end chains, double steps
 *   from the first rank, carrying a pawn to its promotion rank, Paco on the promotion rank and en
 *   passant by a pawn freed in a chain: as the reference.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fen, legal, loadPaco, code, sqNames } from './helpers.js';
import { writePacoFen, tileName } from '../../../src/variants/paco/fen.js';
import { actionName } from '../../../src/variants/paco/action-text.js';
import { EP, PACO_BLACK, PACO_WHITE, PLAYER, REQUIRED, REQUIRED_NAMES, VICTORY, VICTORY_NAMES, WORDS } from '../../../src/variants/paco/layout.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { CHAIN, START, amazonTiles, canPacoNow, canPacoNowAmazon } from '../../../src/variants/paco/sako.js';
import { kingSquare } from '../../../src/variants/paco/state.js';
import { TurnSearch } from '../../../src/variants/paco/search.js';
import { pacoOutcome } from '../../../src/variants/paco/game.js';

const data = loadPaco('edge_case_probes.json');
const byId = new Map<string, any>(data.cases.map((c: any) => [c.id, c])); // eslint-disable-line @typescript-eslint/no-explicit-any

interface Step { action: string; fen_after: string; legal_next: string[]; required_action: string; to_move: string }

function replayTrace(s: Int32Array, trace: Step[], label: string): void {
  for (const st of trace) {
    assert.ok(legal(s).includes(code(st.action)), `${label}: ${st.action} legal`);
    applyActionUnchecked(s, code(st.action));
    assert.equal(writePacoFen(s), st.fen_after, `${label}: ${st.action}`);
    assert.deepEqual(legal(s).map(actionName), st.legal_next, `${label}: legal after ${st.action}`);
    assert.equal(REQUIRED_NAMES[s[REQUIRED]!], st.required_action);
    assert.equal(s[PLAYER] === 0 ? 'white' : 'black', st.to_move);
  }
}

for (const c of data.cases) {
  if (!c.trace) continue;
  test(`edge case trace: ${c.id}`, () => {
    const s = fen(c.fen);
    replayTrace(s, c.trace, c.id);
    if (c.after_castle) replayTrace(s, c.after_castle, c.id);
    if (c.victory) assert.equal(VICTORY_NAMES[s[VICTORY]!], c.victory);
    if ('en_passant_after' in c) assert.equal(s[EP]! >= 0 ? tileName(s[EP]!) : null, c.en_passant_after);
  });
}

test('edge case: castling_without_rook_on_rook_square offers g8 (reference behaviour, kept)', () => {
  const c = byId.get('castling_without_rook_on_rook_square');
  const s = fen(c.fen);
  for (const st of c.trace) applyActionUnchecked(s, code(st.action));
  assert.equal(legal(s).map(actionName).includes('Place(g8)'), c.castle_g8_offered);
});

test('edge case: pair_carries_opponent_pawn_to_its_promotion_rank, knight pair move', () => {
  const c = byId.get('pair_carries_opponent_pawn_to_its_promotion_rank');
  // The extra trace starts with the pair (white knight + black pawn) on g2.
  replayTrace(fen('4k3/8/8/8/8/8/6d1/4K3 w 0 - - -'), c.extra_trace_knight_pair_move, c.id);
});

test('edge case: en_passant_by_pawn_freed_in_chain', () => {
  const c = byId.get('en_passant_by_pawn_freed_in_chain');
  const s = fen(c.fen);
  applyActionUnchecked(s, code('Lift(c2)'));
  applyActionUnchecked(s, code('Place(c4)'));
  assert.equal(tileName(s[EP]!), c.en_passant_after_c2c4);
  const search = new TurnSearch();
  const n = search.enumerate(s, true);
  const end = new Int32Array(WORDS);
  for (const t of c.black_turns_using_c3) {
    let found = -1;
    for (let e = 0; e < n; e++) {
      search.ends.load(e, end);
      if (writePacoFen(end) === t.fen_after) found = e;
    }
    assert.ok(found >= 0, t.fen_after);
    assert.equal(search.pathTo(found).length, t.path.length);
  }
});

test('edge case: paco_on_promotion_rank ends the game without promotion', () => {
  const s = fen(byId.get('paco_on_promotion_rank').fen);
  applyActionUnchecked(s, code('Lift(d7)'));
  applyActionUnchecked(s, code('Place(e8)'));
  assert.equal(s[VICTORY], PACO_WHITE);
  assert.deepEqual(pacoOutcome(s), { winner: 'white', reason: 'paco' });
});

// Every probe of a mid-turn Ŝako (a state after `pre_actions`), the lifted-knight bug cases included.
for (const c of data.cases.filter((x: { fen_probe?: string }) => x.fen_probe !== undefined)) {
  test(`edge case (our decision): ${c.id}`, () => {
    const s = fen(c.fen);
    for (const st of c.pre_actions) applyActionUnchecked(s, code(st.action));
    assert.equal(writePacoFen(s), c.fen_probe);
    const truth = c.can_paco_now.brute_force_bfs;
    assert.equal(canPacoNow(s), truth);
    assert.equal(canPacoNowAmazon(s), truth, 'the amazon search agrees with the exhaustive search');
    amazonTiles(s, s[PLAYER]!, kingSquare(s, s[PLAYER]! ^ 1));
    const chain = sqNames(CHAIN[0]!, CHAIN[1]!);
    const start = sqNames(START[0]!, START[1]!);
    assert.deepEqual(chain, c.amazon_chaining_tiles);
    if (c.can_paco_now['reverse_amazon_search::is_sako'] === truth) {
      assert.deepEqual(start, c.amazon_starting_tiles);
    } else {
      // The reference's bug (a knight in hand): it finds no starting tile; ours is the hand's tile.
      assert.deepEqual(c.amazon_starting_tiles, []);
      assert.deepEqual(start, [c.fen_probe.split('^')[1].slice(0, 2)]);
    }
    // Our turn enumeration from the mid-turn state finds the Paco end state one action away.
    const search = new TurnSearch();
    const n = search.enumerate(s, true);
    const end = new Int32Array(WORDS);
    const win = s[PLAYER] === 0 ? PACO_WHITE : PACO_BLACK;
    let paco = 0;
    for (let e = 0; e < n; e++) {
      search.ends.load(e, end);
      if (end[VICTORY] === win) paco++;
    }
    assert.equal(paco > 0, truth);
  });
}

test('edge_case_probes: every probe is checked (a trace or a mid-turn Ŝako probe)', () => {
  for (const c of data.cases) assert.ok(c.trace !== undefined || c.fen_probe !== undefined, `${c.id}: a probe of a kind no test checks (${Object.keys(c).join(', ')})`);
});

test('no legal action at the start of a turn loses (our decision)', () => {
  // White's only piece is a pawn blocked by a black piece: nothing can be lifted.
  const s = fen('8/8/8/8/8/p7/P7/8 w 0 - - -');
  assert.deepEqual(legal(s), []);
  assert.deepEqual(pacoOutcome(s), { winner: 'black', reason: 'noLegalAction' });
});

test('amazon search, mid-turn: a pawn released on the double-stepped pawn\'s tile starts a chain (found by the cross-check)', () => {
  // Black's pawn was released on d4, which is also the tile of White's double-stepped pawn (ep d3).
  // The reference's marking looks at the en-passant tiles before the lifted tile and misses this.
  const s = fen('2rk3r/p3b1p1/5nPp/1ps1q3/2Ea1N2/Pa2aP2/4NKBP/RQ2R3^d4p b 10 - d3 -');
  assert.equal(canPacoNow(s), true);
  assert.equal(canPacoNowAmazon(s), true);
  amazonTiles(s, 1, kingSquare(s, 0));
  assert.deepEqual(sqNames(START[0]!, START[1]!), ['d4']);
});
