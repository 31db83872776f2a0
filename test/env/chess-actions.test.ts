/**
 * The 4672 labels against pgx: pgx's own test vectors (tests/test_chess.py: label sets of
 * positions found by random play, the start position's mask, single labels from its
 * `test_action`), labels worked out by hand from pgx's description, and a round trip
 * label → move for every legal move of 10,000 positions (plus Chess960 positions).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { Position } from '../../src/chess/position.js';
import { readFen, makeFen } from '../../src/notation/fen.js';
import { parseUci } from '../../src/notation/uci.js';
import { CHESS_ACTIONS, chessLabelOf, chessMoveOf, decodeChessLabel, encodeChessMove } from '../../src/env/chess-actions.js';
import { epdFens, spread, noPositions } from '../helpers.js';

function pos(fen: string, chess960 = false): Position {
  const r = readFen(fen, { chess960 });
  assert.ok(r.ok, fen);
  return r.value;
}

const labelsOf = (p: Position): number[] =>
  p.legalMoves().map((m) => encodeChessMove(m.code, p.words[16]!, p.chess960)).sort((a, b) => a - b);

/** The label of a UCI move of a position. */
function labelOf(p: Position, uci: string): number {
  const m = parseUci(p, uci);
  assert.ok(m.ok, uci);
  return encodeChessMove(m.value.code, p.words[16]!, p.chess960);
}

// pgx tests/test_chess.py (Apache-2.0): legal label sets checked there against pgx.
const PGX_MASKS: [string, number[]][] = [
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [89, 90, 652, 656, 673, 674, 1257, 1258, 1841, 1842, 2425, 2426, 3009, 3010, 3572, 3576, 3593, 3594, 4177, 4178]],
  ['r1q1k1nr/2p2p1B/p3pb2/1p4pP/P1pBP3/5P1N/R2P2KP/1Nn2Q1R w kq - 4 23', [88, 89, 103, 104, 235, 263, 652, 656, 1841, 2012, 2013, 2014, 2015, 2016, 2026, 2027, 2028, 2029, 2030, 2031, 2571, 2936, 2947, 2948, 2949, 2950, 2975, 2976, 2977, 3082, 3592, 3593, 3606, 4117, 4299, 4300, 4301, 4302, 4396, 4568, 4569, 4583]],
  ['4r1nr/4k2B/2p5/p3P2P/Ppp3RP/3P1P2/3N4/R4K2 b - - 2 49', [892, 1330, 1476, 1504, 2362, 2363, 2364, 2365, 2366, 2425, 2438, 2439, 2452, 2467, 3572, 3576, 4104]],
  ['r3k1n1/p1q4r/2pb4/4PP1p/1BQ2p2/1P3NP1/5K1P/R1N2Q1R b q - 0 27', [30, 31, 32, 89, 90, 1256, 1270, 1271, 1272, 1273, 1274, 1284, 1297, 1298, 1299, 1330, 1942, 1954, 1955, 1956, 1957, 2352, 2364, 2365, 2366, 2393, 3256, 3570, 3572, 3576, 4176, 4177, 4187, 4188, 4189, 4190, 4323]],
  ['b5K1/5r1P/3k2n1/8/4p3/8/8/8 w - - 1 119', [4058, 4526, 4529, 4532, 4542]],
  ['3r2k1/5nbp/1p6/pPpr3P/2bppBp1/2P1NBP1/P1R5/2RK4 w - a6 0 43', [89, 90, 933, 1196, 1197, 1270, 1271, 1272, 1273, 1274, 1275, 1358, 1768, 1782, 2548, 2550, 2551, 2552, 2553, 2554, 3109, 3110, 3123, 3124, 3125, 3183, 3184, 3193, 3194, 3195, 3196, 4396]],
  ['rn6/1b6/8/p1Br1k1p/PPp1pPpP/NRp3P1/2B4R/2K5 b - f3 0 54', [16, 17, 263, 652, 654, 656, 701, 714, 715, 1517, 1984, 1985, 1986, 1987, 1988, 1989, 1990, 2000, 2001, 3154, 3182, 3197, 3853]],
];

test('legal label sets equal pgx test vectors', () => {
  for (const [fen, expected] of PGX_MASKS) assert.deepEqual(labelsOf(pos(fen)), expected, fen);
});

test('pgx steps: labels play the moves pgx plays', () => {
  // test_buggy_samples: black under-promotion to a bishop (label 1025), a bishop takes a rook
  // (3986), black castles king-side (2367) then 1796 gives a known label set.
  const cases: [string, number[], string][] = [
    ['8/3kr3/2R2R1P/p3P3/Pr3P1P/3P4/1p6/4K3 b - - 2 68', [1025], '8/3kr3/2R2R1P/p3P3/Pr3P1P/3P4/8/1b2K3 w - - 0 69'],
    ['rn1qkbr1/2pp1pp1/p3pn1p/PQ6/1P6/6P1/2PP1PbP/R1BNKBNR b KQq - 1 10', [3986], 'rn1qkbr1/2pp1pp1/p3pn1p/PQ6/1P6/6P1/2PP1P1P/R1BNKBNb w Qq - 0 11'],
  ];
  for (const [fen, labels, after] of cases) {
    let p = pos(fen);
    for (const label of labels) {
      const next = p.playCode(decodeChessLabel(p.words, 0, label, false));
      assert.ok(next !== undefined, `${fen} ${label}`);
      p = next;
    }
    assert.equal(makeFen(p), after);
  }
  let p = pos('r1b1k2r/2q2pp1/p1pbpn1p/2p5/2P2P2/1PNP4/P5PP/R1BQNR1K b kq - 0 15');
  for (const label of [2367, 1796]) p = p.playCode(decodeChessLabel(p.words, 0, label, false))!;
  assert.deepEqual(labelsOf(p), [16, 30, 162, 1212, 1225, 1269, 1270, 1271, 1272, 1284, 1297, 1298, 1299, 1942, 1943, 1956, 2498, 2948, 2949, 3131, 3132, 3133, 3134, 3135, 3136, 3138, 3534, 3548, 3593, 3594, 4250]);
});

test('single labels: pgx test_action and hand-derived ones', () => {
  // Queen b2 (pgx test_action): b2 is file-major 9 → base 657.
  const q = pos('k7/8/8/8/8/8/1Q6/7K w - - 0 1');
  const queen: [string, number][] = [['b2b1', 672], ['b2b3', 673], ['b2a2', 686], ['b2c2', 687], ['b2a1', 700], ['b2c3', 701], ['b2a3', 714], ['b2c1', 715]];
  for (const [uci, label] of queen) assert.equal(labelOf(q, uci), label, uci);
  // Knight c4 (file-major 19 → base 1387; knight planes 65..72).
  const n = pos('k7/8/8/8/2N5/8/P7/7K w - - 0 1');
  const knight: [string, number][] = [['c4a3', 1452], ['c4a5', 1453], ['c4b2', 1454], ['c4b6', 1455], ['c4e3', 1456], ['c4e5', 1457], ['c4d2', 1458], ['c4d6', 1459]];
  for (const [uci, label] of knight) assert.equal(labelOf(n, uci), label, uci);
  // Under-promotions from b7 (file-major 14 → 1022): rook 0..2, bishop 3..5, knight 6..8;
  // straight, towards h, towards a. Queen promotions use the plain planes: up 1 = plane 16,
  // up-right 1 = plane 44, up-left 1 = plane 57.
  const u = pos('r1r4k/1P6/8/8/8/8/P7/7K w - - 0 1');
  const promo: [string, number][] = [
    ['b7b8r', 1022], ['b7c8r', 1023], ['b7a8r', 1024],
    ['b7b8b', 1025], ['b7c8b', 1026], ['b7a8b', 1027],
    ['b7b8n', 1028], ['b7c8n', 1029], ['b7a8n', 1030],
    ['b7b8q', 1022 + 16], ['b7c8q', 1022 + 44], ['b7a8q', 1022 + 57],
  ];
  for (const [uci, label] of promo) assert.equal(labelOf(u, uci), label, uci);
  // Black under-promotion: g2 seen from Black is g7 (file-major 54 → 3942); h1 is "towards h".
  const b = pos('k7/8/8/8/8/8/6p1/K6R b - - 0 1');
  assert.equal(labelOf(b, 'g2g1n'), 3942 + 6);
  assert.equal(labelOf(b, 'g2h1n'), 3942 + 7);
  assert.equal(labelOf(b, 'g2h1r'), 3942 + 1);
  // Castling: the king's two-square move, e1 = file-major 32 → 2336; c1 is 2 files towards a
  // (plane 28), g1 two towards h (plane 31). The same labels for Black (board mirrored).
  const c = pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.equal(labelOf(c, 'e1c1'), 2364);
  assert.equal(labelOf(c, 'e1g1'), 2367);
  const cb = pos('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
  assert.equal(labelOf(cb, 'e8c8'), 2364);
  assert.equal(labelOf(cb, 'e8g8'), 2367);
  // Black moves mirror ranks only: d4d3 for Black is "up 1" from d5 (file-major 28), plane 16.
  const d = pos('k7/8/8/8/3q4/8/8/1R2K2R b K - 0 1');
  assert.equal(labelOf(d, 'd4d3'), 28 * 73 + 16);
  assert.equal(labelOf(d, 'd4c4'), 28 * 73 + 29);
  // En passant is a plain diagonal step: d4xe3 for Black = up-right 1 from d5 → plane 44.
  const ep = pos('7k/8/8/8/3pP3/8/8/4K3 b - e3 0 1');
  assert.equal(labelOf(ep, 'd4e3'), 28 * 73 + 44);
  assert.equal(decodeChessLabel(ep.words, 0, 28 * 73 + 44, false), parseUci(ep, 'd4e3').ok ? ep.legalMoves().find((m) => m.isEnPassant)!.code : -2);
});

test('Chess960 castling is king takes own rook', () => {
  // King b1, rooks a1 and h1 (Chess960 rights on both).
  const p = pos('r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1', true);
  const long = p.legalMoves().find((m) => m.isCastle && m.castlingRook === 0)!;
  const short = p.legalMoves().find((m) => m.isCastle && m.castlingRook === 7)!;
  // b1 = file-major 8; a1 is 1 towards a (plane 9 + 20 = 29); h1 is 6 towards h (plane 9 + 26 = 35).
  assert.equal(encodeChessMove(long.code, 0, true), 8 * 73 + 29);
  assert.equal(encodeChessMove(short.code, 0, true), 8 * 73 + 35);
  // Black king g8 castling h-side: king on g8 → g1 seen from Black (file-major 48), h one towards h.
  const blackShort = pos('r5kr/8/8/8/8/8/8/RK5R b HAha - 0 1', true).legalMoves().find((m) => m.isCastle && m.castlingRook === 63)!;
  assert.equal(encodeChessMove(blackShort.code, 1, true), 48 * 73 + 9 + 21);
  // And back: Black's castling rights are read from Black's byte (the 3-move Chess960 openings of
  // the round trip below have no castling to decode).
  const black = pos('r5kr/8/8/8/8/8/8/RK5R b HAha - 0 1', true);
  const castles = black.legalMoves().filter((m) => m.isCastle);
  assert.equal(castles.length, 2);
  for (const m of castles) assert.equal(decodeChessLabel(black.words, 0, encodeChessMove(m.code, 1, true), true), m.code, m.uci);
});

/** Every legal move encodes to a distinct label that decodes back to it; checked against chess.js' move count. */
function roundTrip(fens: string[], chess960: boolean, withChessJs: boolean): number {
  let moves = 0;
  for (const fen of fens) {
    const p = pos(fen, chess960);
    const seen = new Set<number>();
    for (const m of p.legalMoves()) {
      const label = encodeChessMove(m.code, p.words[16]!, chess960);
      assert.ok(label >= 0 && label < CHESS_ACTIONS, `${fen} ${m.uci}`);
      assert.ok(!seen.has(label), `${fen}: two moves share label ${label}`);
      seen.add(label);
      assert.equal(decodeChessLabel(p.words, 0, label, chess960), m.code, `${fen} ${m.uci} label ${label}`);
      moves++;
    }
    if (withChessJs) assert.equal(seen.size, new Chess(fen).moves().length, fen);
  }
  return moves;
}

test('labels round-trip for every legal move of 10,000 positions', { skip: noPositions() }, () => {
  const fens = spread(epdFens('popularpos_lichess_v3.epd.gz'), 5000).concat(spread(epdFens('endgames.epd.gz'), 5000));
  assert.equal(fens.length, 10000);
  const moves = roundTrip(fens, false, true);
  assert.ok(moves > 100000);
});

test('labels round-trip on Chess960 positions', { skip: noPositions() }, () => {
  roundTrip(spread(epdFens('3moves_FRC.epd.gz'), 3000).concat(epdFens('FRC_openings.epd.gz')), true, false);
});

test('edge helpers: label of a Move, Move of a label', () => {
  const p = pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  for (const m of p.legalMoves()) assert.equal(chessMoveOf(p, chessLabelOf(m))?.uci, m.uci);
  assert.equal(chessMoveOf(p, 2364)?.uci, 'e1c1');
  assert.equal(chessMoveOf(p, 89), undefined); // a2 is empty
  assert.equal(chessMoveOf(p, 9999), undefined);
});

test('decoding rejects labels that name no move', () => {
  const p = Position.standard();
  assert.equal(decodeChessLabel(p.words, 0, -1, false), -1);
  assert.equal(decodeChessLabel(p.words, 0, 4672, false), -1);
  assert.equal(decodeChessLabel(p.words, 0, 2 * 73 + 16, false), -1); // a3 is empty
  assert.equal(decodeChessLabel(p.words, 0, 1 * 73 + 0, false), -1); // a2 pawn under-promoting from rank 2
  assert.equal(decodeChessLabel(p.words, 0, 7 * 73 + 16, false), -1); // a8 is Black's
  assert.equal(decodeChessLabel(p.words, 0, 0 * 73 + 9, false), -1); // a1 down 7: off the board
  // Off the h-file edge, where a file of 8 would wrap onto the a-file of the next rank.
  assert.equal(decodeChessLabel(p.words, 0, 56 * 73 + 9 + 21, false), -1); // h1 rook, towards the h-file 1
  assert.equal(decodeChessLabel(p.words, 0, 48 * 73 + 9 + 56 + 5, false), -1); // g1 knight, (+1, +2)
});
