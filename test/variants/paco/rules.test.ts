/** tests_rules.json: the reference's rule tests as vectors (§1.3–§1.10). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fen, legal, loadPaco, play, code, sq, sqNames, setStandardCastling } from './helpers.js';
import { writePacoFen } from '../../../src/variants/paco/fen.js';
import { actionName, PIECE_NAMES } from '../../../src/variants/paco/action-text.js';
import {
  EP, HAND_KIND, NO_PROGRESS, PACO_BLACK, PACO_WHITE, PLAYER, PROMO, REPS, REQUIRED, REQUIRED_NAMES, VICTORY,
  VICTORY_NAMES,
} from '../../../src/variants/paco/layout.js';
import { TurnSearch } from '../../../src/variants/paco/search.js';
import { canPacoNow, canPacoNowAmazon } from '../../../src/variants/paco/sako.js';
import { threatenedSquares } from '../../../src/variants/paco/actions.js';
import { pieceAt } from '../../../src/variants/paco/state.js';
import { tileName } from '../../../src/variants/paco/fen.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { WORDS } from '../../../src/variants/paco/layout.js';

const data = loadPaco('tests_rules.json');

function setup(c: { setup: { fen: string; constructed_by?: string } }): Int32Array {
  const s = fen(c.setup.fen);
  const by = c.setup.constructed_by ?? '';
  if (by.startsWith('DenseBoard::from_squares')) setStandardCastling(s, c.setup.fen.split(' ')[3]!);
  if (by.includes('draw_after_n_repetitions = 0') || by === 'DenseBoard::new()') s[REPS] = 0;
  return s;
}

const epName = (s: Int32Array): string | null => (s[EP]! >= 0 ? tileName(s[EP]!) : null);

/** Number of distinct end states of the turn in which the mover unites with the opponent's king. */
function pacoEndStates(s: Int32Array): number {
  const search = new TurnSearch();
  const n = search.enumerate(s, true);
  const end = new Int32Array(WORDS);
  let count = 0;
  const win = s[PLAYER] === 0 ? PACO_WHITE : PACO_BLACK;
  for (let e = 0; e < n; e++) {
    search.ends.load(e, end);
    if (end[VICTORY] === win) count++;
  }
  return count;
}

/** `find_last_checkpoint_index`: actions up to the last change of control (all if the game is over). */
function lastCheckpoint(start: Int32Array, actions: string[]): number {
  const s = start.slice();
  let last = 0;
  let player = s[PLAYER];
  actions.forEach((a, i) => {
    applyActionUnchecked(s, code(a));
    if (s[PLAYER] !== player) {
      last = i + 1;
      player = s[PLAYER];
    }
  });
  return s[VICTORY] !== 0 ? actions.length : last;
}

const pieceName = (t: number): string | null => (t < 0 ? null : PIECE_NAMES[t]!);

/** Every `expected` key some branch below compares (`d3_after` is the union the `fen_after` shows). */
const CHECKED = new Set([
  'white_can_paco_before', 'repeat_25_times', 'first_repeat_23_times', 'distinct_settled_end_states_with_opponent_king_in_union',
  'en_passant_sequence', 'en_passant_after_Pe5', 'en_passant_after_Pc6', 'no_progress_counter_trace', 'fen_after',
  'en_passant_after_Pd4', 'legal_after_Le4_includes', 'd3_after', 'last_checkpoint_index', 'running_before_last_action',
  'en_passant_after', 'victory_after', 'required_action_after', 'legal_actions_after', 'legal_actions_in_order',
  'promotion_square', 'required_action', 'to_move', 'threatened_squares_by_side_to_move', 'side_to_move',
  'king_place_targets_include', 'king_place_targets_exclude', 'then', 'black_distinct_settled_end_states_with_white_king_in_union',
  'black_can_paco_after',
]);

for (const c of data.cases) {
  test(`tests_rules: ${c.id}`, () => {
    const e = c.expected;
    // A vector with an expectation no branch reads would pass without being checked.
    assert.deepEqual(Object.keys(e).filter((k) => !CHECKED.has(k)), [], `${c.id}: expected values no test compares`);
    const s = setup(c);
    const ctx = c.id as string;
    if ('white_can_paco_before' in e) {
      assert.equal(canPacoNow(s), e.white_can_paco_before);
      assert.equal(canPacoNowAmazon(s), e.white_can_paco_before);
    }
    if ('repeat_25_times' in e) for (let i = 0; i < 25; i++) play(s, e.repeat_25_times, ctx);
    if ('first_repeat_23_times' in e) for (let i = 0; i < 23; i++) play(s, e.first_repeat_23_times, ctx);
    if ('distinct_settled_end_states_with_opponent_king_in_union' in e) {
      assert.equal(pacoEndStates(s), e.distinct_settled_end_states_with_opponent_king_in_union);
    }
    const actions: string[] = c.actions;
    // Per-prefix checks.
    if ('en_passant_sequence' in e) {
      for (let i = 0; i < e.en_passant_sequence.length; i++) {
        play(s, actions.slice(2 * i, 2 * i + 2), ctx);
        assert.equal(epName(s), e.en_passant_sequence[i].en_passant, e.en_passant_sequence[i].after);
      }
      return;
    }
    if ('en_passant_after_Pe5' in e) {
      play(s, actions.slice(0, 2), ctx);
      assert.equal(epName(s), e.en_passant_after_Pe5);
      play(s, actions.slice(2), ctx);
      assert.equal(epName(s), e.en_passant_after_Pc6);
      return;
    }
    if ('no_progress_counter_trace' in e) {
      for (const step of e.no_progress_counter_trace) {
        play(s, step.after, ctx);
        if (step.no_progress_half_moves !== null) assert.equal(s[NO_PROGRESS], step.no_progress_half_moves, step.after.join(' '));
      }
      assert.equal(writePacoFen(s), e.fen_after);
      return;
    }
    if ('en_passant_after_Pd4' in e) {
      play(s, actions.slice(0, 2), ctx);
      assert.equal(epName(s), e.en_passant_after_Pd4);
      play(s, actions.slice(2, 3), ctx);
      assert.ok(legal(s).includes(code(e.legal_after_Le4_includes)));
      play(s, actions.slice(3), ctx);
      assert.equal(pieceAt(s, 0, sq('d3')), 0);
      assert.equal(pieceAt(s, 1, sq('d3')), 0);
      assert.equal(writePacoFen(s), e.fen_after);
      return;
    }
    const checkpoint = 'last_checkpoint_index' in e ? lastCheckpoint(s, actions) : -1;

    if ('running_before_last_action' in e) {
      play(s, actions.slice(0, -1), ctx);
      assert.equal(s[VICTORY] === 0, e.running_before_last_action);
      play(s, actions.slice(-1), ctx);
    } else {
      play(s, actions, ctx);
    }
    if ('fen_after' in e) assert.equal(writePacoFen(s), e.fen_after);
    if ('en_passant_after' in e) assert.equal(epName(s), e.en_passant_after);
    if ('victory_after' in e) assert.equal(VICTORY_NAMES[s[VICTORY]!], e.victory_after);
    if ('required_action_after' in e) assert.equal(REQUIRED_NAMES[s[REQUIRED]!], e.required_action_after);
    if ('legal_actions_after' in e) assert.equal(legal(s).length, e.legal_actions_after);
    if (checkpoint >= 0) assert.equal(checkpoint, e.last_checkpoint_index);
    if ('legal_actions_in_order' in e) {
      assert.deepEqual(legal(s).map(actionName), e.legal_actions_in_order);
      assert.equal(tileName(s[PROMO]!), e.promotion_square);
      assert.equal(REQUIRED_NAMES[s[REQUIRED]!], e.required_action);
      assert.equal(s[PLAYER] === 0 ? 'white' : 'black', e.to_move);
    }
    if ('threatened_squares_by_side_to_move' in e) {
      assert.equal(s[PLAYER] === 0 ? 'white' : 'black', e.side_to_move);
      const out = new Int32Array(2);
      threatenedSquares(s, s[PLAYER]!, out);
      assert.deepEqual(sqNames(out[0]!, out[1]!).sort(), [...e.threatened_squares_by_side_to_move].sort());
    }
    if ('king_place_targets_include' in e) {
      assert.equal(s[HAND_KIND], 1, 'the king is in hand');
      const targets = legal(s).map(actionName);
      for (const t of e.king_place_targets_include) assert.ok(targets.includes(`Place(${t})`), `${t} offered`);
      for (const t of e.king_place_targets_exclude) assert.ok(!targets.includes(`Place(${t})`), `${t} not offered`);
      if (e.then) {
        play(s, e.then.action, ctx);
        assert.equal(writePacoFen(s), e.then.fen_after);
        assert.equal(pieceName(pieceAt(s, 0, sq(e.then.square))), e.then.white_piece);
        assert.equal(pieceName(pieceAt(s, 1, sq(e.then.square))), e.then.black_piece);
      }
    }
    if ('black_distinct_settled_end_states_with_white_king_in_union' in e) {
      assert.equal(s[PLAYER], 1);
      assert.equal(pacoEndStates(s), e.black_distinct_settled_end_states_with_white_king_in_union);
    }
    if ('black_can_paco_after' in e) {
      assert.equal(canPacoNow(s), e.black_can_paco_after);
      assert.equal(canPacoNowAmazon(s), e.black_can_paco_after);
    }
  });
}
