/**
 * Fuzz: 100,000 mutated FEN strings give a typed result — never a throw or a hang — and every
 * position accepted (strictly or leniently) can be searched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess as ChessJs } from 'chess.js';
import { Chess } from 'chessops/chess';
import { perft as opsPerft } from 'chessops/debug';
import { parseFen as opsParseFen } from 'chessops/fen';
import { Rng } from '../../src/core/rng.js';
import { Position } from '../../src/chess/position.js';
import { FEN_FIELDS, makeFen, parseFen } from '../../src/notation/fen.js';
import { perft } from '../../src/tools/perft.js';
import { mutateText, testSeed } from '../helpers.js';

const SEEDS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 4',
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
  '8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1',
];
const ALPHABET = 'pnbrqkPNBRQK12345678/ wb-KQkqabcdefghAH0123456789e3e6x;';

test('100,000 mutated FENs give typed results', () => {
  const rng = new Rng(testSeed(99));
  let accepted = 0;
  for (let i = 0; i < 100000; i++) {
    const fen = mutateText(rng, SEEDS[i % SEEDS.length]!, ALPHABET);
    const setup = parseFen(fen);
    if (!setup.ok) {
      assert.equal(setup.error.kind, 'fen');
      assert.ok(([...FEN_FIELDS, 'fen'] as string[]).includes(setup.error.field));
      assert.ok(setup.error.message.length > 0);
      continue;
    }
    for (const lenient of [false, true]) {
      const pos = Position.fromSetup(setup.value, { lenient });
      if (!pos.ok) {
        assert.ok(pos.error.issues.length > 0, fen);
        continue;
      }
      accepted++;
      // A playable position can be searched and written back.
      perft(pos.value, 2);
      assert.ok(parseFen(makeFen(pos.value)).ok);
    }
  }
  assert.ok(accepted > 1000, `only ${accepted} accepted: the mutations are too destructive to exercise the reader`);
});

test('FEN errors name the field and the reason', () => {
  const cases: [string, string][] = [
    ['', 'fen'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'board'],
    ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1', 'board'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'turn'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1', 'castling'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', 'epSquare'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1', 'halfmoves'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1', 'fullmoves'],
  ];
  for (const [fen, field] of cases) {
    const r = parseFen(fen);
    assert.ok(!r.ok, fen);
    assert.equal(r.error.field, field, fen);
  }
});

test('only the ASCII letters of FEN name pieces and castling rights (PGN standard §16.1.3.1, 16.1.3.3)', () => {
  // The Kelvin sign U+212A lower-cases to 'k' in JavaScript; chess.js refuses it in both fields.
  for (const [fen, field] of [
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ\u212aBNR w KQkq - 0 1', 'board'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w \u212aQkq - 0 1', 'castling'],
  ] as const) {
    assert.throws(() => new ChessJs(fen), fen);
    const r = parseFen(fen);
    assert.ok(!r.ok, `${fen} read`);
    assert.equal(r.error.field, field, fen);
    assert.equal(r.error.reason, `unexpected character '\u212a'${field === 'board' ? ' in rank 1' : ''}`);
  }
});

test('validation reports every reason found', () => {
  const issues = (fen: string): string[] => {
    const setup = parseFen(fen);
    assert.ok(setup.ok, fen);
    const pos = Position.fromSetup(setup.value);
    return pos.ok ? [] : [...pos.error.issues];
  };
  assert.deepEqual(issues('8/8/8/8/8/8/8/8 w - - 0 1'), ['missingKing']);
  assert.deepEqual(issues('k7/8/8/8/8/8/8/KK6 w - - 0 1'), ['tooManyKings']);
  assert.deepEqual(issues('P3k3/8/8/8/8/8/8/4K3 w - - 0 1'), ['pawnsOnBackrank']);
  assert.deepEqual(issues('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1'), ['oppositeCheck']);
  assert.deepEqual(issues('4k3/8/8/8/8/8/8/4K3 w K - 0 1'), ['invalidCastlingRights']);
  assert.deepEqual(issues('4k3/8/8/8/8/8/8/4K3 w - e6 0 1'), ['invalidEnPassant']);
  assert.deepEqual(issues('P3k3/4R3/8/8/8/8/8/8 w K e6 0 1'), [
    'missingKing', 'pawnsOnBackrank', 'invalidEnPassant', 'invalidCastlingRights',
  ].sort((a, b) => order(a) - order(b)));
  assert.deepEqual(issues('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), []);
});

test('standard chess read leniently keeps the castling rights it allows, drops the others', () => {
  // python-chess's test_invalid_castling_rights repairs `R3KR2 w KQkq` to `Q`: its K names the f1
  // rook (the outermost on the king's side), k no rook at all, q the b8 rook; only a1 remains.
  const setupOf = (fen: string) => {
    const setup = parseFen(fen);
    assert.ok(setup.ok, fen);
    return setup.value;
  };
  const lenient = (fen: string): string => {
    const pos = Position.fromSetup(setupOf(fen), { lenient: true, chess960: false });
    assert.ok(pos.ok, fen);
    return makeFen(pos.value);
  };
  assert.equal(lenient('1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1'), '1r2k3/8/8/8/8/8/8/R3KR2 w Q - 0 1');
  assert.equal(lenient('1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), '1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1');
  // In Chess960 the same rights are all valid (q: the b8 rook).
  const chess960 = Position.fromSetup(setupOf('1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), { chess960: true });
  assert.ok(chess960.ok && makeFen(chess960.value) === '1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
});

test('two castling rights on one side of a king: strictly refused, leniently the outermost rook keeps its right, as in chessops', () => {
  // X-FEN's K and Q name the outermost rook, and chessops' and shakmaty's Castles.fromSetup keep
  // the first rook on the a-side and the last on the h-side. The rook kept changes the moves: with
  // h1 keeping it, O-O is illegal (f1 is in the way); with f1, the king castles to g1.
  for (const fen of [
    '4k3/8/8/8/8/8/8/4KR1R w HF - 0 1',
    '4kr1r/8/8/8/8/8/8/4K3 b hf - 0 1',
    '4k3/8/8/8/8/8/8/R1R1K3 w AC - 0 1',
    'r1r1k3/8/8/8/8/8/8/4K3 b ac - 0 1',
    '1r1rk1rr/8/8/8/8/8/8/RR2K1RR w BAgh - 0 1',
  ]) {
    const setup = parseFen(fen);
    assert.ok(setup.ok, fen);
    const strict = Position.fromSetup(setup.value);
    assert.ok(!strict.ok && strict.error.issues.includes('invalidCastlingRights'), fen);
    const pos = Position.fromSetup(setup.value, { lenient: true });
    assert.ok(pos.ok, fen);
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    assert.deepEqual([...pos.value.castlingRooks], [...ops.castles.castlingRights], fen);
    assert.equal(perft(pos.value, 2), opsPerft(ops, 2, false), fen);
  }
});

const order = (issue: string): number =>
  ['missingKing', 'tooManyKings', 'pawnsOnBackrank', 'oppositeCheck', 'impossibleCheck', 'invalidEnPassant', 'invalidCastlingRights', 'tooMuchMaterial'].indexOf(issue);

test('written FEN has the en-passant square only when a legal capture exists', () => {
  const fen = (f: string, epSquare: 'legal' | 'always' = 'legal'): string => {
    const setup = parseFen(f);
    assert.ok(setup.ok);
    const pos = Position.fromSetup(setup.value);
    assert.ok(pos.ok, f);
    return makeFen(pos.value, { epSquare });
  };
  // No black pawn next to e4: no capture possible.
  assert.equal(fen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.equal(fen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', 'always'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  // A capture exists.
  assert.equal(fen('4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1'), '4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1');
  // The capturing pawn is pinned along the rank: the capture is illegal.
  assert.equal(fen('8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1'), '8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1');
});

test("X-FEN's K and Q name the outermost rook of their side, and a fullmove number 0 reads as 1, as chessops reads them", () => {
  // X-FEN: with two rooks on one side of the king, K (k) is the one nearest the h-file and Q (q)
  // the one nearest the a-file; the count of moves starts at 1 (PGN standard §16.1.3.6).
  for (const fen of [
    '4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1',
    '4k3/8/8/8/8/8/8/4K1RR w K - 0 1',
    'rr2k3/8/8/8/8/8/8/4K3 b q - 0 1',
    '4k1rr/8/8/8/8/8/8/4K3 b k - 0 1',
    'rrr1k1rr/8/8/8/8/8/8/RRR1K1RR w KQkq - 0 0',
    '1rr1k1r1/8/8/8/8/8/8/1R1RKR1R b KQkq - 3 0',
  ]) {
    const ours = parseFen(fen);
    assert.ok(ours.ok, fen);
    const ops = opsParseFen(fen).unwrap();
    const rookSquares = [...ours.value.castlingRights];
    assert.deepEqual(rookSquares, [...ops.castlingRights], fen);
    assert.equal(ours.value.fullmoves, ops.fullmoves, fen);
  }
});
