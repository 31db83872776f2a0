/**
 * The chess environment against the facts pgx (sotetsuk/pgx, Apache-2.0) states, in its tests
 * (tests/test_chess.py: `test_action`, `test_step`, `test_legal_action_mask`, `test_terminal`,
 * `test_buggy_samples`, `test_observe`) and in its code (pgx/_src/games/chess.py: the label
 * diagram and the displacement lists behind `FROM_PLANE`, `is_terminal`, `rewards`). Only the
 * facts are taken (positions, labels, counts, outcomes); the checks are ours. Facts already
 * checked elsewhere (label sets of pgx's buggy samples, single labels of `test_action`, the
 * observation's planes) are in chess-actions.test.ts and observation.test.ts.
 *
 * Where caissa differs from pgx on purpose (documented in src/env), the test says so and checks
 * caissa's side: repetitions compare positions in FIDE's sense (the e.p. square only when a
 * capture is legal), the step cap truncates instead of terminating, and a position set when
 * already over carries no rewards (rewards belong to the step that ended the game).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { BatchEnv } from '../../src/env/batch.js';
import { ChessKernel } from '../../src/env/chess-kernel.js';
import { CHESS_ACTIONS, decodeChessLabel, encodeChessMove } from '../../src/env/chess-actions.js';
import { DEFAULT_KERNEL_OPTIONS, DRAW, WHITE_WINS } from '../../src/env/kernel.js';
import { pacoKernelFactory } from '../../src/env/paco-encoder.js';
import { W_TURN } from '../../src/chess/layout.js';
import { Position } from '../../src/chess/position.js';
import { readFen } from '../../src/notation/fen.js';
import { parseUci } from '../../src/notation/uci.js';
import { boardFen } from '../random-placement.js';

function pos(fen: string): Position {
  const r = readFen(fen);
  assert.ok(r.ok, fen);
  return r.value;
}

interface Env {
  env: BatchEnv;
  kernel: ChessKernel;
}

/** One environment set to `fen` as pgx's `from_fen` does (a game starting there, step count 0). */
function envAt(fen: string, maxSteps = 512): Env {
  const kernel = new ChessKernel(1, false, DEFAULT_KERNEL_OPTIONS);
  const env = new BatchEnv(kernel, { autoReset: false, maxSteps });
  kernel.setPosition(0, pos(fen));
  env.refresh(0);
  return { env, kernel };
}

function step({ env }: Env, label: number): void {
  assert.equal(env.buffers.masks[label], 1, `label ${label} is legal`);
  env.step(Int32Array.of(label));
}

const maskCount = ({ env }: Env): number => env.buffers.masks.reduce((a, b) => a + b, 0);
/** 'wq', 'bk', … or '' for the piece on a square named like 'e4'. */
function on({ kernel }: Env, square: string): string {
  const sq = (Number(square[1]) - 1) * 8 + 'abcdefgh'.indexOf(square[0]!);
  const piece = kernel.position(0).pieceAt(sq);
  if (piece === undefined) return '';
  return piece.color[0]! + (piece.role === 'knight' ? 'n' : piece.role[0]!);
}

/** The status pgx's `is_terminal` and `rewards` give a position (WHITE_WINS, BLACK_WINS, DRAW or ONGOING). */
function statusOf({ env, kernel }: Env): number {
  const labels = new Int32Array(kernel.maxLegal);
  return kernel.status(0, env.buffers.legalCount[0]! > 0 ? kernel.generate(0, labels, 0) : 0);
}

/** File-major index (pgx: a1 = 0, a2 = 1, …, h8 = 63) of a square seen by the mover. */
const fm = (file: number, rank: number): number => file * 8 + rank;

/**
 * pgx/_src/games/chess.py, the label diagram and the lists `dr`, `dc` behind FROM_PLANE: the
 * plane of a displacement (rank delta dr, file delta dc, from the mover's side), written out
 * direction by direction.
 */
function pgxPlane(dr: number, dc: number): number {
  const d = Math.max(Math.abs(dr), Math.abs(dc));
  if (dc === 0 && dr > 0) return 15 + d; // up 1..7: 16..22
  if (dc === 0 && dr < 0) return 16 - d; // down 1..7: 15..9
  if (dr === 0 && dc < 0) return 30 - d; // towards the a-file 1..7: 29..23
  if (dr === 0 && dc > 0) return 29 + d; // towards the h-file 1..7: 30..36
  if (dr === dc && dr > 0) return 43 + d; // up-right: 44..50
  if (dr === dc && dr < 0) return 44 - d; // down-left: 43..37
  if (dr === -dc && dr > 0) return 58 - d; // up-left: 57..51
  if (dr === -dc && dr < 0) return 57 + d; // down-right: 58..64
  const knights = ['-1,-2', '1,-2', '-2,-1', '2,-1', '-1,2', '1,2', '-2,1', '2,1'];
  const k = knights.indexOf(`${dr},${dc}`);
  assert.ok(k >= 0, `no plane for (${dr}, ${dc})`);
  return 65 + k;
}

test('pgx FROM_PLANE: every queen and knight label of every square, both colours, encodes and decodes as pgx numbers it', () => {
  // A lone queen (or knight) on each square, the kings off its lines: all its displacements that
  // stay on the board are legal, and each must carry pgx's label, from either side.
  let checked = 0;
  for (const color of ['w', 'b'] as const) {
    for (const piece of ['q', 'n']) {
      for (let sq = 0; sq < 64; sq++) {
        const reach = (t: number): boolean => {
          const dr = (t >> 3) - (sq >> 3);
          const dc = (t & 7) - (sq & 7);
          return piece === 'q' ? dr === 0 || dc === 0 || Math.abs(dr) === Math.abs(dc) : dr * dr + dc * dc === 5;
        };
        const near = (a: number, b: number): boolean => Math.abs((a >> 3) - (b >> 3)) <= 1 && Math.abs((a & 7) - (b & 7)) <= 1;
        // Own king off the piece's lines, the other king off them and not next to the own one.
        const free = [...Array(64).keys()].filter((t) => t !== sq && !reach(t) && !near(t, sq));
        const own = free[0]!;
        const other = free.find((t) => !near(t, own))!;
        const board: string[] = Array(64).fill('');
        const up = (s: string): string => (color === 'w' ? s.toUpperCase() : s);
        const down = (s: string): string => (color === 'w' ? s : s.toUpperCase());
        board[sq] = up(piece);
        board[own] = up('k');
        board[other] = down('k');
        const p = pos(`${boardFen(board)} ${color} - - 0 1`);
        const turn = color === 'w' ? 0 : 1;
        // The mover's view: Black's board mirrored top to bottom (pgx `_flip`), files kept.
        const rel = (s: number): number => (turn === 1 ? s ^ 56 : s);
        const from = rel(sq);
        const expected = new Map<number, number>();
        for (let t = 0; t < 64; t++) {
          if (t === sq || !reach(t)) continue;
          const to = rel(t);
          expected.set(fm(from & 7, from >> 3) * 73 + pgxPlane((to >> 3) - (from >> 3), (to & 7) - (from & 7)), t);
        }
        const got = new Map<number, number>();
        for (const m of p.legalMoves()) if (m.from === sq) got.set(encodeChessMove(m.code, turn, false), m.to);
        assert.deepEqual(got, expected, `${piece} on ${sq}, ${color} to move`);
        for (const [label, to] of expected) {
          const code = decodeChessLabel(p.words, 0, label, false);
          assert.equal((code >> 6) & 63, to, `label ${label} decodes to ${to}`);
          checked++;
        }
      }
    }
  }
  // 1,456 queen moves and 336 knight moves over the 64 squares, for each colour.
  assert.equal(checked, 2 * (1456 + 336));
});

test('pgx under-promotions (planes 0..8, FROM_PLANE) for every file, both colours, and queen promotion on the plain planes', () => {
  // pgx: plane // 3 is rook, bishop, knight; plane % 3 is straight, towards the h-file (+9 in
  // its file-major numbering: one file up), towards the a-file (−7). A queen promotion is the
  // plain up-1 / diagonal move (test_step: b7 × 73 + 16 promotes to a queen).
  let checked = 0;
  for (const color of ['w', 'b'] as const) {
    for (let file = 0; file < 8; file++) {
      // A pawn on its 7th rank, enemy rooks on both diagonal squares ahead, the kings on the
      // side away from them (on the pawn's side of the board, three ranks apart).
      const row = Array(8).fill('1');
      row[file] = color === 'w' ? 'P' : 'p';
      const front = Array(8).fill('1');
      for (const df of [-1, 1]) if (file + df >= 0 && file + df < 8) front[file + df] = color === 'w' ? 'r' : 'R';
      const kings = Array(8).fill('1');
      const join = (cells: string[]): string => cells.join('').replace(/1+/g, (s) => String(s.length));
      const kingRow = (letter: string): string => {
        const cells = kings.slice();
        cells[file <= 3 ? 7 : 0] = letter;
        return join(cells);
      };
      const fen =
        color === 'w'
          ? `${join(front)}/${join(row)}/8/8/${kingRow('k')}/8/8/${kingRow('K')} w - - 0 1`
          : `${kingRow('k')}/8/8/${kingRow('K')}/8/8/${join(row)}/${join(front)} b - - 0 1`;
      const p = pos(fen);
      const sq = color === 'w' ? 48 + file : 8 + file;
      const toRank = color === 'w' ? 7 : 0;
      const base = fm(file, 6) * 73; // the 7th rank seen by the mover
      for (const [df, dir] of [[0, 0], [1, 1], [-1, 2]] as const) {
        if (file + df < 0 || file + df > 7) continue;
        const to = toRank * 8 + file + df;
        for (const [letter, index] of [['r', 0], ['b', 1], ['n', 2]] as const) {
          const m = parseUci(p, `${'abcdefgh'[file]}${color === 'w' ? 7 : 2}${'abcdefgh'[file + df]}${toRank + 1}${letter}`);
          assert.ok(m.ok && m.value.from === sq && m.value.to === to, fen);
          const label = base + 3 * index + dir;
          assert.equal(encodeChessMove(m.value.code, color === 'w' ? 0 : 1, false), label, `${fen} ${m.value.uci}`);
          assert.equal(decodeChessLabel(p.words, 0, label, false), m.value.code, `${fen} label ${label}`);
          checked++;
        }
        const q = parseUci(p, `${'abcdefgh'[file]}${color === 'w' ? 7 : 2}${'abcdefgh'[file + df]}${toRank + 1}q`);
        assert.ok(q.ok);
        assert.equal(encodeChessMove(q.value.code, color === 'w' ? 0 : 1, false), base + pgxPlane(1, df));
        assert.equal(decodeChessLabel(p.words, 0, base + pgxPlane(1, df), false), q.value.code);
      }
    }
  }
  assert.equal(checked, 2 * 3 * (3 * 8 - 2));
});

test('pgx test_step: what the board holds after a move, a promotion, castling and en passant', () => {
  // pgx plays 672 (b2b1) in 1k6/8/8/8/8/8/1Q6/7K w, where Black's king b8 stands in check with
  // White to move, a position our reader refuses; its test_action position has the same move.
  let e = envAt('k7/8/8/8/8/8/1Q6/7K w - - 0 1');
  step(e, 672);
  assert.equal(on(e, 'b1'), 'wq');
  e = envAt('r1r4k/1P6/8/8/8/8/P7/7K w - - 0 1');
  step(e, 1022);
  assert.equal(on(e, 'b8'), 'wr');
  e = envAt('r1r4k/1P6/8/8/8/8/P7/7K w - - 0 1');
  step(e, fm(1, 6) * 73 + 16);
  assert.equal(on(e, 'b8'), 'wq');
  e = envAt('1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1');
  step(e, fm(4, 0) * 73 + 28);
  assert.deepEqual([on(e, 'c1'), on(e, 'd1'), on(e, 'a1')], ['wk', 'wr', '']);
  e = envAt('1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1');
  step(e, fm(4, 0) * 73 + 31);
  assert.deepEqual([on(e, 'g1'), on(e, 'f1'), on(e, 'h1')], ['wk', 'wr', '']);
  // Black d4 × e3 e.p.: d4 is d5 seen by Black (p("d4", True) in pgx's test).
  e = envAt('1k6/8/8/8/3pP3/8/8/R3K2R b KQ e3 0 1');
  assert.equal(on(e, 'e4'), 'wp');
  step(e, fm(3, 4) * 73 + 44);
  assert.deepEqual([on(e, 'e3'), on(e, 'e4')], ['bp', '']);
  // A double push sets the e.p. square (e3 after e2e4, a6 after a7a5), capture possible or not.
  e = envAt('1k6/8/8/8/3p4/8/4P3/R3K2R w KQ - 0 1');
  step(e, fm(4, 1) * 73 + 17);
  assert.equal(e.kernel.position(0).epSquare, 20);
  e = envAt('1k6/p7/8/8/3p4/8/4P3/R3K2R b KQ - 0 1');
  step(e, fm(0, 1) * 73 + 17);
  assert.equal(e.kernel.position(0).epSquare, 40);
});

// pgx test_legal_action_mask: the number of legal labels, after the labels played first.
const PGX_MASK_COUNTS: [string, number[], number][] = [
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [], 20],
  ['7k/8/8/8/8/8/P7/K7 w - - 0 1', [], 4],
  ['7k/8/8/8/p7/8/P7/K7 w - - 0 1', [], 3],
  ['7k/8/8/8/8/P7/8/K7 w - - 0 1', [], 4],
  ['7k/8/8/8/p7/P7/8/K7 w - - 0 1', [], 3],
  ['7k/8/8/8/8/p1p5/1P6/K7 w - - 0 1', [], 6],
  ['b1r4k/1P6/8/8/8/8/8/K7 w - - 0 1', [], 15],
  ['7k/8/8/8/8/8/6p1/K4R1B b - - 0 1', [], 15],
  ['7k/8/8/8/8/8/Pp6/K7 w - - 0 1', [], 2],
  ['8/7k/7p/8/8/8/8/R3K2R w - - 0 1', [], 22],
  ['r3k2r/8/8/8/8/P7/K7/8 b - - 0 1', [], 22],
  ['8/7k/7p/8/8/8/8/RN2K1NR w KQ - 0 1', [], 23],
  ['rn2k1nr/8/8/8/8/P7/K7/8 b kq - 0 1', [], 23],
  ['2r3r1/7k/7p/8/8/8/8/R3K2R w KQ - 1 2', [], 22],
  ['r3k2r/8/8/8/8/P7/K7/2R3R1 b kq - 0 1', [], 22],
  ['8/7k/7p/8/8/8/4p3/R3K2R w KQ - 0 1', [], 20],
  ['r3k2r/8/4N3/8/8/P7/K7/8 b kq - 0 1', [], 20],
  ['8/7k/7p/8/8/8/3p4/R3K2R w KQ - 0 1', [], 5],
  ['r3k2r/8/3N4/8/8/P7/K7/8 b kq - 0 1', [], 4],
  ['6r1/7k/7p/8/8/8/8/R3K2R w KQ - 1 2', [], 23],
  ['r3k2r/8/8/8/8/P7/K7/2R5 b kq - 0 1', [], 23],
  ['8/7k/7p/8/8/3b4/8/R3K2R w KQ - 1 2', [], 21],
  ['r3k2r/8/3B4/8/8/P7/K7/8 b kq - 0 1', [], 21],
  ['q7/1r5k/7r/8/8/8/8/R3K2R w KQ - 0 1', [], 24],
  ['r3k2r/8/8/8/8/R7/1R6/6KQ b kq - 0 1', [], 24],
  ['8/7k/7p/8/8/8/8/R3K2R w KQ - 0 1', [], 24],
  ['r3k2r/8/8/8/8/P7/K7/8 b kq - 0 1', [], 24],
  ['7k/7p/8/6P1/8/8/8/K7 b - - 0 1', [4178], 5],
  ['7k/8/8/8/1p6/8/P7/K7 w - - 0 1', [90], 5],
  ['7k/4p3/8/3P1P2/8/8/8/K7 b - - 0 1', [2426], 7],
  ['7k/8/8/8/2p1p3/8/3P4/K7 w - - 0 1', [1842], 7],
  ['7k/8/8/8/8/8/8/KR5q w - - 0 1', [], 8],
  ['6rk/P7/8/8/8/8/8/K7 w - - 0 1', [454], 8],
  ['1q6/R2N3k/8/8/8/8/8/K7 w - - 0 1', [2260], 3],
  ['1q6/R4P1k/8/8/8/8/8/K7 w - - 0 1', [3364], 3],
];

test('pgx test_legal_action_mask: 35 mask sizes (castling through and out of check, e.p. both ways, pins, double checks)', () => {
  assert.equal(PGX_MASK_COUNTS.length, 35);
  for (const [fen, labels, count] of PGX_MASK_COUNTS) {
    const e = envAt(fen);
    for (const label of labels) step(e, label);
    assert.equal(maskCount(e), count, `${fen} after ${labels.join(' ')}`);
    assert.equal(e.env.buffers.legalCount[0], count, fen);
  }
});

test('pgx test_terminal: checkmate, stalemate, no-progress, dead material (set and reached by under-promotion)', () => {
  // Set when already over: terminated; the outcome pgx's rewards give (its from_fen also puts
  // them in `rewards`; here the rewards belong to the step that ends a game, src/env/batch.ts).
  const over: [string, number][] = [
    ['7k/7R/5N2/8/8/8/8/K7 b - - 0 1', WHITE_WINS],
    ['k7/8/1Q6/K7/8/8/8/8 b - - 0 1', DRAW],
    ['k7/8/8/8/8/8/8/7K w - - 0 1', DRAW],
    ['k7/8/8/8/8/8/8/6BK w - - 0 1', DRAW],
    ['kb6/8/8/8/8/8/8/7K w - - 0 1', DRAW],
    ['k7/8/8/8/8/8/8/6NK w - - 0 1', DRAW],
    ['kn6/8/8/8/8/8/8/7K w - - 0 1', DRAW],
    ['kb6/8/8/8/8/8/8/6BK w - - 0 1', DRAW],
    ['k1b1B3/8/8/8/8/8/8/7K w - - 0 1', DRAW],
    ['kbR5/pn6/P1B5/8/8/8/8/7K b - - 0 1', DRAW], // stalemate with a pin
  ];
  for (const [fen, status] of over) {
    const e = envAt(fen);
    assert.equal(e.env.buffers.terminated[0], 1, fen);
    assert.equal(statusOf(e), status, fen);
    assert.deepEqual([...e.env.buffers.rewards], [0, 0], fen);
  }
  // test_buggy_samples: K+P v K is not dead material.
  const alive = envAt('7k/8/5K2/8/P7/8/8/8 b - - 0 152');
  assert.equal(alive.env.buffers.terminated[0], 0);
  // Reached by a step: terminated with zero rewards.
  const reached: [string, number][] = [
    ['k7/7P/8/8/8/8/8/7K w - - 0 1', 4529], // h8=B: K+B v K
    ['k7/7P/8/8/8/8/8/7K w - - 0 1', 4532], // h8=N: K+N v K
    ['k1b5/4P3/8/8/8/8/8/7K w - - 0 1', 2777], // e8=B: bishops on light squares
    ['kb6/3P4/8/8/8/8/8/7K w - - 0 1', 2193], // d8=B: bishops on dark squares
    ['k1B5/4P3/8/8/8/8/8/7K w - - 0 1', 2777], // two white bishops, light
    ['kB6/3P4/8/8/8/8/8/7K w - - 0 1', 2193], // two white bishops, dark
  ];
  for (const [fen, label] of reached) {
    const e = envAt(fen);
    step(e, label);
    assert.equal(e.env.buffers.terminated[0], 1, `${fen} ${label}`);
    assert.deepEqual([...e.env.buffers.rewards], [0, 0]);
  }
  // 50-move rule: the 100th ply without capture or pawn move ends the game (pgx plays its lowest
  // legal label).
  const e = envAt('8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50');
  step(e, e.env.buffers.masks.indexOf(1));
  assert.equal(e.env.buffers.terminated[0], 1);
  assert.deepEqual([...e.env.buffers.rewards], [0, 0]);
});

test('pgx rewards: checkmate wins over the no-progress rule and over the step cap', () => {
  // pgx `rewards` looks only at mate; `is_terminal` ORs the draws in. A mate on the 100th ply:
  const e = envAt('7k/8/6K1/8/8/8/8/R7 w - - 99 80');
  step(e, fm(0, 0) * 73 + pgxPlane(7, 0)); // a1a8#
  assert.equal(e.env.buffers.terminated[0], 1);
  assert.deepEqual([...e.env.buffers.rewards], [1, -1]);
  // A mate on the capped step (pgx: MAX_TERMINATION_STEPS): terminated with its rewards, not cut.
  const capped = envAt('7k/8/6K1/8/8/8/8/R7 w - - 0 80', 1);
  step(capped, fm(0, 0) * 73 + pgxPlane(7, 0));
  assert.deepEqual([capped.env.buffers.terminated[0], capped.env.buffers.truncated[0]], [1, 0]);
  assert.deepEqual([...capped.env.buffers.rewards], [1, -1]);
  // Black mates: the mover's perspective labels, and the rewards the other way round.
  const black = envAt('r7/8/8/8/8/6k1/8/7K b - - 0 1');
  step(black, fm(0, 0) * 73 + pgxPlane(7, 0)); // a8a1 seen by Black is a1a8
  assert.deepEqual([...black.env.buffers.rewards], [-1, 1]);
  // Any other move on the capped step: pgx terminates (a draw at 512 steps); here it is cut
  // (truncated, no rewards), as src/env/batch.ts documents: a cut game is not a draw.
  const cut = envAt('7k/8/6K1/8/8/8/8/R7 w - - 0 80', 1);
  step(cut, fm(0, 0) * 73 + pgxPlane(1, 0));
  assert.deepEqual([cut.env.buffers.terminated[0], cut.env.buffers.truncated[0]], [0, 1]);
  assert.deepEqual([...cut.env.buffers.rewards], [0, 0]);
});

test('pgx test_terminal: perpetual check repeats, shows in the repetition planes, and draws at the third occurrence', () => {
  const e = envAt('7k/8/4r1pp/8/8/4q3/8/5Q1K w - - 0 1');
  const obs = e.env.buffers.observations;
  const planeIs = (p: number, v: number): boolean => {
    for (let c = 0; c < 64; c++) if (obs[c * 119 + p] !== v) return false;
    return true;
  };
  assert.ok(planeIs(12, 1) && planeIs(13, 0));
  for (const label of [2942, 4104, 3446, 4176]) {
    step(e, label);
    assert.ok(planeIs(12, 1) && planeIs(13, 0), `after ${label}`);
  }
  step(e, 3374);
  assert.ok(planeIs(12, 0) && planeIs(13, 1));
  for (const label of [4104, 3446, 4176]) {
    step(e, label);
    assert.equal(e.env.buffers.terminated[0], 0);
  }
  step(e, 3374);
  assert.equal(e.env.buffers.terminated[0], 1);
  assert.deepEqual([...e.env.buffers.rewards], [0, 0]);
});

test('pgx test_observe "with castling rights": positions before a lost castling right never repeat', () => {
  const e = envAt('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  const obs = e.env.buffers.observations;
  const rep = (slot: number): boolean => {
    for (let c = 0; c < 64; c++) if (obs[c * 119 + 14 * slot + 12] !== 0 || obs[c * 119 + 14 * slot + 13] !== 1) return false;
    return true;
  };
  const once = (slot: number): boolean => {
    for (let c = 0; c < 64; c++) if (obs[c * 119 + 14 * slot + 12] !== 1 || obs[c * 119 + 14 * slot + 13] !== 0) return false;
    return true;
  };
  for (const label of [30, 30, 613, 613]) step(e, label);
  assert.ok(once(0) && once(4));
  step(e, 30);
  assert.ok(once(0) && once(4));
  step(e, 30);
  assert.ok(rep(0) && rep(4));
  step(e, 613);
  assert.ok(rep(0) && rep(1) && rep(4) && rep(5));
});

test('pgx test_observe "en-passant position": pgx keeps the e.p. square of any double push in a position; caissa follows FIDE 9.2.2', () => {
  // After a2a4 no black pawn can take e.p.: for FIDE the position after the rook shuffle is the
  // same one. pgx's test expects "occurs once" at slots 0 and 4 here (its hash includes a3);
  // caissa documents the difference (src/env/chess-kernel.ts) and counts a repetition.
  const fide = envAt('r3k2r/8/8/8/8/8/P7/R3K2R w - - 0 1');
  for (const label of [90, 30, 30, 613, 613]) step(fide, label);
  assert.equal(fide.kernel.repetitionCount(0), 2);
  // With a black pawn that can take e.p., the positions differ for FIDE too.
  const e = envAt('r3k2r/8/8/8/1p6/8/P7/R3K2R w - - 0 1');
  for (const label of [90, 30, 30, 613, 613]) step(e, label);
  assert.equal(e.kernel.repetitionCount(0), 1);
});

test('no cap on the legal moves (pgx cut its move list at 200): the 218-move position from both sides, every label distinct', () => {
  for (const fen of ['R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1', 'Kbnn1kb1/PP1q4/q4q2/2q4q/4q3/1q4q1/3q4/r6r b - - 0 1']) {
    const e = envAt(fen);
    const p = pos(fen);
    const expected = new Set(p.legalMoves().map((m) => encodeChessMove(m.code, p.words[W_TURN]!, false)));
    assert.equal(expected.size, 218, fen);
    assert.equal(e.env.buffers.legalCount[0], 218, fen);
    for (let a = 0; a < CHESS_ACTIONS; a++) assert.equal(e.env.buffers.masks[a], expected.has(a) ? 1 : 0, `${fen} label ${a}`);
  }
});

test('observing from either player (pgx `observe(state, player_id)`: the state flipped for the other player)', () => {
  // pgx `_observe` with the player not to move observes `_flip(state)` with colour 1 − colour:
  // the board mirrored top to bottom with the colours swapped (history too), castling rights
  // swapped, the hash history (repetition planes) and the counters unchanged.
  for (const observation of ['alphazero', 'compact'] as const) {
    const P = observation === 'alphazero' ? 119 : 20;
    const kernel = new ChessKernel(1, false, { ...DEFAULT_KERNEL_OPTIONS, observation });
    const env = new BatchEnv(kernel, { autoReset: false });
    // Castling rights differing between the sides, an e.p. capture, a repetition in the history.
    kernel.setPosition(0, pos('rn2k2r/pppppppp/8/1P6/8/8/P1PPPPPP/R3K1NR w Kkq - 0 1'));
    env.refresh(0);
    const plays = ['g1f3', 'b8c6', 'f3g1', 'c6b8', 'g1f3', 'a7a5'];
    let p = kernel.position(0);
    for (const uci of plays) {
      const m = parseUci(p, uci);
      assert.ok(m.ok, uci);
      step({ env, kernel }, encodeChessMove(m.value.code, p.words[W_TURN]!, false));
      p = kernel.position(0);
    }
    assert.equal(p.legalEpSquare(), 40); // b5xa6 e.p.
    const mover = p.words[W_TURN]!;
    const own = new Float32Array(64 * P);
    const other = new Float32Array(64 * P);
    kernel.observeAs(0, mover, own, 0);
    assert.deepEqual(own, env.buffers.observations.subarray(0, 64 * P));
    // Through the batch, as a user asks it (the kernel's own is checked below).
    env.observeAs(0, mover ^ 1, other);
    // The history holds a repetition (after the 5th ply, the 1st again): its planes must carry over.
    if (observation === 'alphazero') assert.equal(own[14 + 13], 1);
    const swapCastling = (k: number, base: number): number => (k >= base && k < base + 4 ? base + ((k - base + 2) & 3) : k);
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        for (let k = 0; k < P; k++) {
          const got = other[(row * 8 + col) * P + k]!;
          const at = (r: number, kk: number): number => own[(r * 8 + col) * P + kk]!;
          let expected: number;
          const slot = observation === 'alphazero' ? k % 14 : k;
          if ((observation === 'alphazero' && k < 112 && slot < 12) || (observation === 'compact' && k < 12)) {
            expected = at(7 - row, k + (slot < 6 ? 6 : -6)); // own and opponent swapped, mirrored
          } else if (observation === 'compact' && k === 12) {
            expected = at(7 - row, 12); // the e.p. square, mirrored
          } else if (k === (observation === 'alphazero' ? 112 : 19)) {
            expected = 1 - at(row, k);
          } else {
            expected = at(row, swapCastling(k, observation === 'alphazero' ? 114 : 13));
          }
          assert.equal(got, expected, `${observation} row ${row} col ${col} plane ${k}`);
        }
      }
    }
  }
  // The start position seen by Black (pgx test_observe's Black planes): own pawns on row 6,
  // White's on row 1, colour 1.
  const kernel = new ChessKernel(1, false, DEFAULT_KERNEL_OPTIONS);
  const env = new BatchEnv(kernel, { autoReset: false });
  env.reset();
  const obs = new Float32Array(64 * 119);
  kernel.observeAs(0, 1, obs, 0);
  const rowOf = (plane: number, row: number): string => Array.from({ length: 8 }, (_, c) => obs[(row * 8 + c) * 119 + plane]).join('');
  assert.deepEqual([rowOf(0, 6), rowOf(6, 1), rowOf(5, 7), rowOf(11, 0), rowOf(112, 3)], ['11111111', '11111111', '00001000', '00001000', '11111111']);
  assert.throws(() => kernel.observeAs(0, 2, obs, 0), RangeError);
  assert.throws(() => kernel.observeAs(1, 0, obs, 0), RangeError);
});

test("BatchEnv.observeAs: the kernel's view at an offset; typed errors for what is not there", () => {
  const kernel = new ChessKernel(2, false, DEFAULT_KERNEL_OPTIONS);
  const env = new BatchEnv(kernel, { seed: 7 });
  env.reset();
  env.stepRandom(9);
  const size = 64 * 119;
  const out = new Float32Array(3 * size).fill(-1);
  const expected = new Float32Array(size);
  for (const player of [0, 1]) {
    env.observeAs(1, player, out, size);
    kernel.observeAs(1, player, expected, 0);
    assert.deepEqual(out.subarray(size, 2 * size), expected);
  }
  assert.ok(out.subarray(0, size).every((v) => v === -1) && out.subarray(2 * size).every((v) => v === -1), 'nothing written outside the slot');
  // The player to act's view is the buffer's.
  env.observeAs(0, env.buffers.currentPlayer[0]!, out, 0);
  assert.deepEqual(out.subarray(0, size), env.buffers.observations.subarray(0, size));
  assert.throws(() => env.observeAs(2, 0, out), RangeError);
  assert.throws(() => env.observeAs(0, -1, out), RangeError);
  assert.throws(() => env.observeAs(0, 0, out, 2 * size + 1), RangeError);
  assert.throws(() => env.observeAs(0, 0, new Float32Array(size - 1)), RangeError);
  const blind = new BatchEnv(new ChessKernel(1, false, { ...DEFAULT_KERNEL_OPTIONS, observation: 'none' }));
  blind.reset();
  assert.throws(() => blind.observeAs(0, 0, out), /no observations/);
  // Paco Ŝako's observation is the reference's, the player to act's only.
  const paco = new BatchEnv(pacoKernelFactory.create(1, DEFAULT_KERNEL_OPTIONS));
  paco.reset();
  assert.throws(() => paco.observeAs(0, 1, new Float32Array(paco.buffers.observationSize)), /player to act's only/);
});

test('the eight history boards of the alphazero observation after ten plies equal chess.js\' boards of those plies', () => {
  // pgx `_observe`: planes 14j..14j+11 hold the board j plies ago (mover's pieces P N B R Q K,
  // then the opponent's), seen from the player to move now. Ten plies fill the 8-slot ring and
  // wrap it, so each slot has been written and read after later plies were stored next to it.
  const kernel = new ChessKernel(1, false, { ...DEFAULT_KERNEL_OPTIONS, observation: 'alphazero' });
  const env = new BatchEnv(kernel, { autoReset: false });
  env.reset();
  const reference = new Chess();
  const boards = [reference.board()];
  for (const uci of ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4', 'f3d4', 'g8f6', 'b1c3', 'a7a6']) {
    const p = kernel.position(0);
    const m = parseUci(p, uci);
    assert.ok(m.ok, uci);
    step({ env, kernel }, encodeChessMove(m.value.code, p.words[W_TURN]!, false));
    reference.move({ from: uci.slice(0, 2), to: uci.slice(2, 4) });
    boards.push(reference.board());
  }
  const obs = env.buffers.observations;
  const roles = 'pnbrqk';
  for (let j = 0; j < 8; j++) {
    const board = boards[boards.length - 1 - j]!;
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        const piece = board[7 - rank]![file];
        // White to move: rank 8 is row 0.
        const cell = (7 - rank) * 8 + file;
        for (let k = 0; k < 12; k++) {
          const expected = piece !== null && piece !== undefined && k === (piece.color === 'w' ? 0 : 6) + roles.indexOf(piece.type) ? 1 : 0;
          assert.equal(obs[cell * 119 + 14 * j + k], expected, `history ${j} square ${'abcdefgh'[file]}${rank + 1} plane ${k}`);
        }
      }
    }
  }
});
