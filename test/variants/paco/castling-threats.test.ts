/**
 * Castling safety (§1.7, `determine_all_threats`) in `legalActions`: the goal-directed threat
 * search and its travel filter must give the castling targets that the full threat search gives,
 * and must finish on union-dense positions where the full search ran out of memory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FULL, denseBoard, fen, legal, play, setStandardCastling, sqNames } from './helpers.js';
import { Rng } from '../../../src/core/rng.js';
import { enPassantCapturePossible, legalActions, setCastlingStateLimit, threatenedSquares } from '../../../src/variants/paco/actions.js';
import { actionName } from '../../../src/variants/paco/action-text.js';
import { parsePacoFen, writePacoFen } from '../../../src/variants/paco/fen.js';
import {
  CASTLING, HAND_EMPTY, HAND_KIND, HAND_PIECE, HAND_POS, HAND_SINGLE, HIST_LEN, PACO_KING, KING_SQ, LIFT_BASE, OCC, PLACE_BASE, PLAYER, PROMO,
  PROMOTE_BASE, REPS, REQUIRED, REQ_LIFT, REQ_PLACE, RUNNING, VICTORY, WORDS,
} from '../../../src/variants/paco/layout.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { pieceAt } from '../../../src/variants/paco/state.js';
import { pieceMayTravelTo } from '../../../src/variants/paco/reach.js';
import { CASTLE_MASK, CASTLE_SQ } from '../../../src/variants/paco/tables.js';
import { TARGETS, pieceTargets, threatTargets } from '../../../src/variants/paco/targets.js';
import { RandomPlayer } from '../../../src/variants/paco/random.js';
import { pacoStart } from '../../../src/variants/paco/game.js';
import { testSeed } from '../../helpers.js';

const CRASH = '1TRq1er1/1cDp1e2/sh3cB1/3a1B1i/1qd1B1Ps/1Cs4k/die1p1o1/1RFFK2P w 4 AHah - -';

/**
 * The full threat search as it was before the goal-directed one (the reference's
 * `determine_all_threats`): every state of `them`'s chains, keyed by the state's words (not the
 * position hash), and every square a single in hand threatens from there. Null past `limit` states.
 */
function fullThreats(s: Int32Array, them: number, limit = 2_000_000): [number, number] | null {
  const root = s.slice(0, WORDS);
  root[PLAYER] = them;
  root[HAND_KIND] = HAND_EMPTY;
  root[HAND_PIECE] = -1;
  root[HAND_POS] = -1;
  root[REQUIRED] = REQ_LIFT;
  root[VICTORY] = RUNNING;
  root[REPS] = 0;
  root[HIST_LEN] = 0;
  const queue: Int32Array[] = [];
  const seen = new Set<string>();
  for (let sq = 0; sq < 64; sq++) {
    const p = pieceAt(root, them, sq);
    if (p < 0 || p === PACO_KING) continue;
    const c = root.slice();
    applyActionUnchecked(c, LIFT_BASE + sq);
    queue.push(c);
  }
  const acts = new Int32Array(64);
  let lo = 0, hi = 0;
  for (let i = 0; i < queue.length; i++) {
    if (queue.length > limit) return null;
    const w = queue[i]!;
    if (w[PROMO]! < 0 && w[HAND_KIND] === HAND_SINGLE) {
      threatTargets(w, them, w[HAND_POS]!, w[HAND_PIECE]!);
      lo |= TARGETS[0]!;
      hi |= TARGETS[1]!;
    }
    const n = legalActions(w, acts);
    const ep = enPassantCapturePossible(w);
    for (let k = 0; k < n; k++) {
      const a = acts[k]!;
      if (a < PLACE_BASE) continue;
      if (a < PROMOTE_BASE) {
        const t = a - PLACE_BASE;
        if (!(pieceAt(w, 0, t) >= 0 && pieceAt(w, 1, t) >= 0) && !ep) continue;
      }
      const c = w.slice();
      applyActionUnchecked(c, a);
      if (c[HAND_KIND] === HAND_EMPTY) continue;
      const key = Array.from(c.subarray(0, VICTORY)).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(c);
    }
  }
  return [lo, hi];
}

/** Number of full threat searches `expectedKingTargets` has run. */
let fullSearches = 0;

/** Place targets of the lifted king (`s` has a single king in hand) by the full threat search. */
function expectedKingTargets(s: Int32Array, limit?: number): number[] | null {
  const me = s[PLAYER]!;
  pieceTargets(s, me, s[HAND_POS]!, PACO_KING, false);
  let lo = TARGETS[0]!, hi = TARGETS[1]!;
  const c = (s[CASTLING]! >>> (16 * me)) & 0xffff;
  const occLo = s[OCC]! | s[OCC + 2]!, occHi = s[OCC + 1]! | s[OCC + 3]!;
  let threats: [number, number] | null | undefined;
  for (let k = 0; k < 2; k++) {
    const id = (c >>> (8 * k)) & 0xff;
    if (id === 0) continue;
    const d = id & 0x7f;
    if (((CASTLE_MASK[4 * d]! & occLo) | (CASTLE_MASK[4 * d + 1]! & occHi)) !== 0) continue;
    if (threats === undefined) {
      threats = fullThreats(s, me ^ 1, limit);
      fullSearches++;
    }
    if (threats === null) return null;
    if (((CASTLE_MASK[4 * d + 2]! & threats[0]) | (CASTLE_MASK[4 * d + 3]! & threats[1])) !== 0) continue;
    const t = CASTLE_SQ[5 * d + 4]!;
    if (t < 32) lo |= 1 << t; else hi |= 1 << (t - 32);
  }
  const out: number[] = [];
  for (let t = 0; t < 64; t++) if ((((t < 32 ? lo : hi) >>> (t & 31)) & 1) !== 0) out.push(PLACE_BASE + t);
  return out;
}

test('castling safety: the union-dense position whose threat search ran out of memory answers at once (§1.7)', () => {
  // Lifting e1 and asking the place targets ended in "RangeError: Array buffer allocation
  // failed" after 2.5 GB. Run in a subprocess so that a hang or a crash fails the test.
  const actions = fileURLToPath(new URL('../../../src/variants/paco/actions.js', import.meta.url));
  const helpers = fileURLToPath(new URL('./helpers.js', import.meta.url));
  const script = `
    const { legalActions } = await import(${JSON.stringify(actions)});
    const { fen, play } = await import(${JSON.stringify(helpers)});
    const s = fen(${JSON.stringify(CRASH)});
    play(s, ['Lift(e1)']);
    const out = new Int32Array(64);
    const n = legalActions(s, out);
    console.log(JSON.stringify(Array.from(out.subarray(0, n))));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, `exit ${r.status} ${r.signal ?? ''}: ${r.stderr.slice(0, 400)}`);
  const got = JSON.parse(r.stdout) as number[];
  // Independently: Black's single pawn on e2 threatens f1 diagonally, a must-be-safe square of
  // the king-side castling (f1, g1 empty), so g1 is no target; the queen side has b1-d1 occupied.
  // The king's steps are its empty neighbours d2 and f1, f2.
  assert.deepEqual(got.map(actionName), ['Place(f1)', 'Place(d2)', 'Place(f2)']);
  const s = fen(CRASH);
  play(s, ['Lift(e1)']);
  assert.deepEqual(legal(s), got);
});

test('castling safety: the goal-directed threat search gives the full search\'s castling targets on random play', (t) => {
  // Two sources: the lifted king of random-play positions with castling rights (early play), and
  // union-dense later positions whose king stands on its home square, given both standard rights
  // (the targets depend only on the castling squares, §1.7). Positions the full search cannot
  // finish within its cap are left out (counted).
  const rng = new Rng(testSeed(20261124));
  const player = new RandomPlayer();
  const probe = new Int32Array(WORDS);
  let compared = 0, offered = 0, tooBig = 0, dense = 0;
  const check = (s: Int32Array, label: string): void => {
    const me = s[PLAYER]!;
    probe.set(s);
    applyActionUnchecked(probe, LIFT_BASE + s[KING_SQ + me]!);
    if (probe[HAND_KIND] !== HAND_SINGLE || probe[HAND_PIECE] !== PACO_KING) return;
    const want = expectedKingTargets(probe, 50_000);
    if (want === null) {
      tooBig++;
      return;
    }
    const got = legal(probe);
    assert.deepEqual(got, want, `castling targets differ at ${label} ${writePacoFen(s)}`);
    compared++;
    pieceTargets(probe, me, s[KING_SQ + me]!, PACO_KING, false);
    for (const a of got) {
      const t = a - PLACE_BASE;
      if ((((t < 32 ? TARGETS[0]! : TARGETS[1]!) >>> (t & 31)) & 1) === 0) offered++; // castling
    }
  };
  const copy = new Int32Array(WORDS);
  let turn = 0;
  const visit = (s: Int32Array): void => {
    if (s[REQUIRED] !== REQ_LIFT || s[HAND_KIND] !== HAND_EMPTY) return;
    turn++;
    const me = s[PLAYER]!;
    const king = s[KING_SQ + me]!;
    if (king < 0) return;
    if (((s[CASTLING]! >>> (16 * me)) & 0xffff) !== 0) check(s, 'with rights');
    else if (king === (me === 0 ? 4 : 60) && turn % 3 === 0) {
      copy.set(s);
      setStandardCastling(copy, me === 0 ? 'AH' : 'ah');
      dense++;
      check(copy, 'rights given');
    }
  };
  const games = FULL ? 3000 : 300;
  for (let g = 0; g < games; g++) {
    turn = 0;
    player.playout(pacoStart(), rng, 150, visit);
  }
  t.diagnostic(`${compared} positions compared (${dense} with rights given; ${fullSearches} needed a threat search), ${offered} castling targets offered, ${tooBig} too big`);
  // Coverage floors, not results: over seeds 1-40 and 431 the 300 games gave 8613-9475 positions
  // compared, 1182-1676 with rights given, 1258-1816 threat searches and 1025-1429 targets offered.
  assert.ok(compared >= 8000 && dense >= 900, `${compared} positions compared (${dense} with rights given, ${tooBig} too big)`);
  assert.ok(offered >= 500 && fullSearches >= 900, `${offered} castling targets offered, ${fullSearches} threat searches`);
  assert.ok(tooBig <= compared / 100, `${tooBig} positions too big for the full search`);
});

/**
 * A random union-dense FEN with White's king in hand from e1, f1 and g1 empty, a white rook on
 * h1 and the right `H` (pawns off the first and last ranks, Black's king on e8).
 */
function denseFen(rng: Rng): string {
  const density = 30 + rng.below(50);
  // e8: Black's king; h1: White's rook; e1 to g1 empty (the king in hand from e1).
  const board = denseBoard(rng, density, (sq) => (sq === 60 ? 'k' : sq === 7 ? 'R' : sq >= 4 && sq < 8 ? '' : undefined));
  return `${board}^e1K w 4 H - -`;
}

test('castling safety: union-dense random FENs give the full search\'s castling targets where it finishes', (t) => {
  const rng = new Rng(testSeed(20261126));
  const g1 = PLACE_BASE + 6;
  let compared = 0, offered = 0, tooBig = 0;
  for (let i = 0; i < (FULL ? 3000 : 300); i++) {
    const text = denseFen(rng);
    const r = parsePacoFen(text);
    // A pawn of a union on the last rank makes a pending promotion: no king placement then.
    if (!r.ok || r.value[REQUIRED] !== REQ_PLACE) continue;
    const want = expectedKingTargets(r.value, 5_000);
    const got = legal(r.value);
    if (want === null) {
      tooBig++;
      continue;
    }
    assert.deepEqual(got, want, text);
    compared++;
    if (got.includes(g1)) offered++;
  }
  t.diagnostic(`${compared} dense positions compared, castling offered in ${offered}, ${tooBig} too big for the full search`);
  assert.ok(compared >= 80 && offered >= 3, `${compared} compared, ${offered} offered`);
});

test('castling safety: a threat search over its state cap withholds castling (§1.7, README decision)', () => {
  // A random-play position where White's queen-side castling (c1) is offered: a black piece may
  // travel to threaten b1-e1 (pieceMayTravelTo), but no chain does (threat-plan.ts proves it).
  const s = fen('r2q1kr1/ppp1bp1p/2D1b1p1/4p3/2P3n1/2NB1PPN/PBQPa2P/R3KR2 w 1 A - -');
  play(s, ['Lift(e1)']);
  const c1 = PLACE_BASE + 2;
  assert.ok(legal(s).includes(c1));
  assert.deepEqual(legal(s), expectedKingTargets(s));
  // A union-dense FEN whose g1 is offered after a search of 54 chain states: under a cap of 10
  // it is withheld, the king's steps stay.
  const mid = fen('B1nNkN2/Jp1CCERI/1QeRRB2/1dFR3B/i7/v3NfP1/7y/2b4R^e1K w 4 H - -');
  assert.deepEqual(legal(mid), expectedKingTargets(mid));
  assert.ok(legal(mid).includes(PLACE_BASE + 6));
  const previous = setCastlingStateLimit(10);
  try {
    assert.deepEqual(legal(mid).map(actionName), ['Place(d1)', 'Place(f1)', 'Place(d2)', 'Place(e2)', 'Place(f2)']);
  } finally {
    setCastlingStateLimit(previous);
  }
  assert.ok(legal(mid).includes(PLACE_BASE + 6));
  // A union-dense FEN whose search still passes the default cap (uncapped, it ran over two
  // minutes without finding a threat to e1-g1): g1 is withheld, the king's steps stay.
  const dense = fen('bQ2k1YL/4r1SL/oNf1rNw1/iqI1aIo1/cpC1SJQ1/Rd1NpBNR/1bvBd1QO/QLvn3R^e1K w 4 H - -');
  assert.deepEqual(legal(dense).map(actionName), ['Place(f1)', 'Place(f2)']);
});

test('castling safety: a union-dense position past the old state cap is answered exactly (threat-plan.ts)', () => {
  // White may castle both ways: some black chain threatens a square of e1-g1, none threatens
  // c1-e1, so only c1 is offered. The unpruned search needs more than the 1,000,000 states of the cap
  // (castling was withheld); the full search agrees with the pruned one (threatenedSquares
  // without a cap: every square Black threatens).
  const text = '1sB1kLr1/f3vRvw/ErPHY2h/1Y1YRsq1/bPNwpeQ1/1BB1Qp2/3d1N1L/R6R^e1K w 4 AH - -';
  const s = fen(text);
  assert.deepEqual(legal(s).map(actionName), ['Place(c1)', 'Place(d1)', 'Place(f1)', 'Place(e2)']);
  const out = new Int32Array(2);
  threatenedSquares(s, 1, out, 0);
  const threatened = sqNames(out[0]!, out[1]!);
  assert.ok(!['c1', 'd1', 'e1'].some((q) => threatened.includes(q)), threatened.join(' '));
  assert.ok(['e1', 'f1', 'g1'].some((q) => threatened.includes(q)), threatened.join(' '));
});

test('threatenedSquares: past its state cap a RangeError, not an incomplete set or an allocation failure; uncapped and capped agree below it', () => {
  // The union-dense position whose full threat search ran out of memory (2.5 GB): Black's threats.
  const crash = fen(CRASH);
  const out = new Int32Array(2);
  assert.throws(() => threatenedSquares(crash, 1, out, 20_000), (e: unknown) => e instanceof RangeError && /more than 20000 chain states/.test(e.message));
  for (const bad of [-1, 1.5, NaN]) assert.throws(() => threatenedSquares(crash, 1, out, bad), RangeError, String(bad));
  // Where the search is small, the cap changes nothing: the full search of this test agrees.
  const s = fen('r2q1kr1/ppp1bp1p/2D1b1p1/4p3/2P3n1/2NB1PPN/PBQPa2P/R3KR2 w 1 A - -');
  for (const player of [0, 1]) {
    threatenedSquares(s, player, out);
    const capped = [out[0]!, out[1]!];
    threatenedSquares(s, player, out, 0);
    assert.deepEqual(capped, [out[0]!, out[1]!]);
    assert.deepEqual(capped, fullThreats(s, player));
  }
});

test('castling safety: the travel filter never rules out a square the full threat search finds threatened', (t) => {
  // Every square of random-play positions (late, union-dense ones included) as a one-square
  // goal: a square threatened by the full search must be a "maybe" of pieceMayTravelTo.
  const rng = new Rng(testSeed(20261125));
  const player = new RandomPlayer();
  let positions = 0, threatened = 0, ruledOut = 0, turn = 0;
  const visit = (s: Int32Array): void => {
    if (s[REQUIRED] !== REQ_LIFT || s[HAND_KIND] !== HAND_EMPTY || ++turn % 4 !== 0) return;
    const me = s[PLAYER]!;
    const full = fullThreats(s, me, 50_000);
    if (full === null) return;
    positions++;
    for (let sq = 0; sq < 64; sq++) {
      const lo = sq < 32 ? 1 << sq : 0, hi = sq < 32 ? 0 : 1 << (sq - 32);
      const may = pieceMayTravelTo(s, me, lo, hi, true);
      if (((full[0] & lo) | (full[1] & hi)) !== 0) {
        threatened++;
        assert.ok(may, `${writePacoFen(s)}: square ${sq} threatened, but the filter rules it out`);
      } else if (!may) ruledOut++;
    }
  };
  for (let g = 0; g < (FULL ? 200 : 20); g++) {
    turn = 0;
    player.playout(pacoStart(), rng, 200, visit);
  }
  t.diagnostic(`${positions} positions, ${threatened} threatened squares, ${ruledOut} unthreatened squares ruled out without a search`);
  assert.ok(positions >= 300 && ruledOut >= positions, `${positions} positions, ${ruledOut} ruled out`);
});

/**
 * A king in a union (a FEN's, read as a running game: README.md) is released into hand when a
 * chain of its side steps onto that union. The threat search used to follow that state and ask
 * for the king's castling targets, which ran the threat search inside itself over the same
 * scratch: wrong threat sets, castling withheld, and kings offered far squares (the other side's
 * castling target). The expected answers are the reference's (`kreibaum/pacosako` lib at
 * 5ecb8c1: `actions()` and `determine_all_threats`), for both colours, standard and Chess960.
 */
const KING_IN_UNION_CASES: readonly (readonly [string, string])[] = [
  // Black's h8 rook chains onto e8 (white knight + black king); Black may still castle a8.
  ['r3U2r/8/8/8/8/8/8/R6R^e1K w 0 AHah - -', 'Place(c1) Place(d1) Place(f1) Place(g1) Place(d2) Place(e2) Place(f2)'],
  ['r6r/8/8/8/8/8/8/R3u2R^e8k b 0 AHah - -', 'Place(d7) Place(e7) Place(f7) Place(c8) Place(d8) Place(f8) Place(g8)'],
  // Chess960 identifiers (the place target is the rook's square): b1 with the king from g1, g8 with the king from f8.
  ['1r1rX2r/8/3R4/8/8/8/8/QR6^g1K w 0 Bd - -', 'Place(b1) Place(f1) Place(h1) Place(f2) Place(g2) Place(h2)'],
  ['3r2r1/1Bb5/8/8/8/8/8/R2Rx2R^f8k b 0 AHdg - -', 'Place(e7) Place(f7) Place(g7) Place(e8) Place(g8)'],
];

test('castling safety: a chain releasing a king from a union does not run the threat search inside itself (reference answers)', () => {
  for (const [text, expected] of KING_IN_UNION_CASES) {
    assert.deepEqual(legal(fen(text)).map(actionName).join(' '), expected, text);
  }
  // Each side's rooks threaten their files up to the opponent's rooks and their own rank between them.
  const fileSquares = (file: string, from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `${file}${from + i}`);
  const whiteThreats = ['b1', 'c1', 'd1', 'e1', 'f1', 'g1', ...fileSquares('a', 2, 8), ...fileSquares('h', 2, 8)].sort();
  const blackThreats = ['b8', 'c8', 'd8', 'e8', 'f8', 'g8', ...fileSquares('a', 1, 7), ...fileSquares('h', 1, 7)].sort();
  const out = new Int32Array(2);
  for (const text of ['r3U2r/8/8/8/8/8/8/R3K2R w 0 AHah - -', 'r3k2r/8/8/8/8/8/8/R3u2R b 0 AHah - -']) {
    const s = fen(text);
    threatenedSquares(s, 0, out);
    assert.deepEqual(sqNames(out[0]!, out[1]!).sort(), whiteThreats, `${text}: White's threats`);
    threatenedSquares(s, 1, out);
    assert.deepEqual(sqNames(out[0]!, out[1]!).sort(), blackThreats, `${text}: Black's threats`);
  }
});

test('castling: a king lifted with its partner (a pair) is offered no castling (README decision; the reference offers it targets it cannot castle to)', () => {
  // The reference's legal places, then ours: its castling targets are the only difference (as
  // a pair the king would land two squares away with no rook moved, or be refused on a Chess960
  // rook's square, PlacePairFullPosition).
  const cases: readonly (readonly [string, string, string])[] = [
    ['r3k2r/8/8/8/8/8/8/R6R^e1u w 0 AHah - -', 'Place(c1) Place(d1) Place(f1) Place(g1) Place(d2) Place(e2) Place(f2)', 'Place(c1) Place(g1)'],
    ['1r1k2r1/8/8/8/8/8/8/1R4R1^e1u w 0 BGbg - -', 'Place(b1) Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)', 'Place(b1)'],
    ['1br1r2r/2n4p/8/7r/2N5/8/8/2Rm4^g8Z b 0 Ceh - -', 'Place(f7) Place(g7) Place(f8) Place(h8)', 'Place(h8)'],
  ];
  for (const [text, reference, castling] of cases) {
    const ours = legal(fen(text)).map(actionName);
    const dropped = castling.split(' ');
    assert.deepEqual(ours, reference.split(' ').filter((a) => !dropped.includes(a)), text);
  }
});

/**
 * Chains the pruning of the threat search (threat-plan.ts) must keep: each FEN's castling square
 * is threatened only through a chain with the named feature, and its twin without the union that
 * chain needs gets castling. Expected places are the reference's (`kreibaum/pacosako` lib at
 * 5ecb8c1, `actions()`); the full search of this file must agree.
 */
const PRUNING_CASES: readonly (readonly [string, string, string])[] = [
  // Black's g2 pawn promotes on h1 (a union); the knight released there goes to g3 and back to
  // h1, releasing the new queen (or rook), which threatens c1-e1 along the first rank.
  ['promotion inside a chain, re-entered', 'k7/8/8/8/8/6s1/6p1/R6o^e1K w 4 A - -', 'Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  ['(twin: no way back to h1)', 'k7/8/8/8/8/8/6p1/R6o^e1K w 4 A - -', 'Place(c1) Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  // The same for Black (a white pawn promotes on h8).
  ['promotion inside a chain, Black', 'r6o/6P1/6S1/8/8/8/8/K7^e8k b 4 a - -', 'Place(d7) Place(e7) Place(f7) Place(d8) Place(f8)'],
  ['(twin)', 'r6o/6P1/8/8/8/8/8/K7^e8k b 4 a - -', 'Place(d7) Place(e7) Place(f7) Place(c8) Place(d8) Place(f8)'],
  // Chess960 (king b1, target a1): the promoted piece threatens b1 and c1.
  ['promotion inside a chain, Chess960', 'k7/8/8/8/8/6s1/6p1/R6o^b1K w 4 A - -', 'Place(c1) Place(a2) Place(b2) Place(c2)'],
  ['(twin)', 'k7/8/8/8/8/8/6p1/R6o^b1K w 4 A - -', 'Place(a1) Place(c1) Place(a2) Place(b2) Place(c2)'],
  // Black's a3 rook is placed on f3, the bishop released there goes to d5 and back, releasing
  // the rook on f3, which threatens f1: a piece placed by the chain, released by it later.
  ['a deposit released on re-entry', 'k7/8/8/3S4/8/r4S2/8/7R^e1K w 4 H - -', 'Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  ['(twin)', 'k7/8/8/8/8/r4S2/8/7R^e1K w 4 H - -', 'Place(d1) Place(f1) Place(g1) Place(d2) Place(e2) Place(f2)'],
  // Both options: g1 threatened by the h3 knight at its lift, c1-e1 by the deposit chain over d3
  // and f5 (the search is planned again for the queen side alone).
  ['one option threatened at a lift, the other by a chain', 'k7/8/8/5S2/8/r2S3n/8/R6R^e1K w 4 AH - -', 'Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  ['(twin)', 'k7/8/8/8/8/r2S3n/8/R6R^e1K w 4 AH - -', 'Place(c1) Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  // g1 threatened one chain step deep (the h2 knight), c1-e1 three steps deep.
  ['one option threatened by a short chain, the other by a long one', 'k7/8/8/5S1r/8/r2S4/7o/R6R^e1K w 4 AH - -', 'Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  ['(twin)', 'k7/8/8/7r/8/r2S4/7o/R6R^e1K w 4 AH - -', 'Place(c1) Place(d1) Place(f1) Place(d2) Place(e2) Place(f2)'],
  // Chess960 king f1, rook g1: a pawn released on h2 threatens the rook's square g1.
  ['a must-be-safe square holding the rook', 'k7/8/8/4b3/8/8/7d/6R1^f1K w 4 G - -', 'Place(e1) Place(e2) Place(f2) Place(g2)'],
  ['(twin)', 'k7/8/8/4b3/8/8/8/6R1^f1K w 4 G - -', 'Place(e1) Place(g1) Place(e2) Place(f2) Place(g2)'],
];

test('castling safety: the pruned threat search keeps the chains that threaten a castling square (reference answers, threat-plan.ts)', () => {
  for (const [label, text, expected] of PRUNING_CASES) {
    const s = fen(text);
    const got = legal(s);
    assert.equal(got.map(actionName).join(' '), expected, `${label}: ${text}`);
    assert.deepEqual(got, expectedKingTargets(s), `${label}: the full search differs at ${text}`);
  }
});
