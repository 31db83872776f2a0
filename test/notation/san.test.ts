/**
 * SAN: for every legal move of ≥ 50,000 positions from ../shared/data/positions, our SAN equals
 * chessops' `makeSan` (independent implementation, dev-dependency) and parse(write(move)) = move;
 * reading agrees with chessops' `parseSan` on disambiguation variants and on mutated move texts;
 * plus the input forms real files contain and the three error kinds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Chess } from 'chessops/chess';
import { makeFen as opsMakeFen, parseFen as opsParseFen } from 'chessops/fen';
import { attacks as opsAttacks } from 'chessops/attacks';
import { makeSan as opsMakeSan, parseSan as opsParseSan } from 'chessops/san';
import { parseUci as opsParseUci } from 'chessops/util';
import { moveFrom, movePromotion, moveTo } from '../../src/chess/move.js';
import type { Position } from '../../src/chess/position.js';
import { ROLES } from '../../src/chess/types.js';
import { parseSquare, squareName } from '../../src/core/square.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { replayPgnSync } from '../../src/notation/pgn-replay.js';
import { makeSan, parseSan } from '../../src/notation/san.js';
import { parseUci } from '../../src/notation/uci.js';
import { Rng } from '../../src/core/rng.js';
import { epdFens, FULL, mutateText, positionFiles, spread, testSeed, noPositions } from '../helpers.js';
import { randomFen } from '../random-placement.js';
import { fixturePath } from '../data.js';

/** Positions sampled per file in the quick run (spread over the file); every file of the folder is read. */
const SAMPLE: Record<string, number> = {
  'UHO_4060_v3.epd.gz': 16000,
  'popularpos_lichess_v3.epd.gz': 14000,
  'endgames.epd.gz': 12000,
  'stalemates_200d30_v1.epd.gz': 2000,
  '3moves_FRC.epd.gz': 6000,
  'FRC_openings.epd.gz': 960,
};
const FILES = positionFiles();

/**
 * Checks SAN on every legal move of `fen` (read leniently): ours equals chessops' `makeSan` and
 * reads back to the same move; castling by `O-O`/`O-O-O` is read exactly when legal. Returns the
 * number of moves compared, or undefined when chessops refuses the position (nothing to compare).
 */
function sanAgreement(fen: string, chess960?: boolean): number | undefined {
  const setup = opsParseFen(fen);
  assert.ok(setup.isOk, fen);
  const ops = Chess.fromSetup(setup.unwrap());
  const pos = readFen(fen, { lenient: true, ...(chess960 === undefined ? {} : { chess960 }) });
  if (!ops.isOk) return undefined;
  assert.ok(pos.ok, `${fen}: chessops plays it, we refuse it even leniently: ${!pos.ok && pos.error.message}`);
  // Castling is resolved without the move generator: both sides checked against it, legal or not.
  for (const [san, hSide] of [['O-O', true], ['O-O-O', false]] as const) {
    const legal = pos.value.legalMoves().find((m) => m.isCastle && m.castlingRook! > m.from === hSide);
    const parsed = parseSan(pos.value, san);
    if (legal === undefined) assert.ok(!parsed.ok && parsed.error.kind === 'illegal', `${fen} ${san}`);
    else assert.ok(parsed.ok && parsed.value.code === legal.code, `${fen} ${san}`);
  }
  let moves = 0;
  for (const m of pos.value.legalMoves()) {
    const san = makeSan(m);
    const promo = movePromotion(m.code);
    const opsMove = {
      from: moveFrom(m.code),
      to: moveTo(m.code),
      ...(promo ? { promotion: ROLES[promo] } : {}),
    };
    assert.equal(san, opsMakeSan(ops.value, opsMove), `${fen} ${m.uci}`);
    const back = parseSan(pos.value, san);
    assert.ok(back.ok, `${fen} ${san}: ${back.ok ? '' : back.error.message}`);
    assert.equal(back.value.code, m.code, `${fen} ${san}`);
    moves++;
  }
  return moves;
}

let totalPositions = 0;
for (const file of FILES) {
  test(`SAN round trip and chessops makeSan on ${file}`, () => {
    const fens = spread(epdFens(file), FULL ? Infinity : SAMPLE[file] ?? 6000);
    let moves = 0;
    let refusedByChessops = 0;
    for (const fen of fens) {
      const compared = sanAgreement(fen);
      if (compared === undefined) refusedByChessops++;
      else {
        totalPositions++;
        moves += compared;
      }
    }
    assert.ok(moves > 0);
    assert.ok(refusedByChessops <= fens.length * 0.05, `chessops refuses ${refusedByChessops} of ${fens.length} positions`);
  });
}

test('at least 50,000 positions compared', { skip: noPositions() }, () => {
  assert.ok(totalPositions >= 50000, `only ${totalPositions}`);
});

test('SAN round trip and chessops makeSan on randomly placed positions (promoted pieces, three rooks a rank)', () => {
  const rng = new Rng(testSeed(962));
  let positions = 0;
  let moves = 0;
  for (let i = 0; i < (FULL ? 100000 : 10000); i++) {
    const { fen, chess960 } = randomFen(rng);
    const compared = sanAgreement(fen, chess960);
    if (compared === undefined) continue;
    positions++;
    moves += compared;
  }
  assert.ok(positions > 4000 && moves > 60000, `${positions} positions, ${moves} moves`);
});

/**
 * A FEN the lenient reader accepts (more material than promotions make): the side to move holds
 * up to 40 pieces mostly of one role (queens, knights, rooks or bishops), so that three or more
 * reach one square and SAN needs the file, the rank or the whole square (`Qh4e1`); the other side
 * a few pieces that pin and check.
 */
function denseRoleFen(rng: Rng): string {
  const board = new Array<string>(64).fill('');
  for (const king of ['K', 'k']) {
    for (;;) {
      const s = rng.below(64);
      if (board[s] !== '') continue;
      board[s] = king;
      break;
    }
  }
  const white = rng.below(2) === 0;
  const main = 'QNRB'[rng.below(4)]!;
  for (let n = 4 + rng.below(rng.below(2) === 0 ? 16 : 36); n > 0; n--) {
    const s = rng.below(64);
    if (board[s] !== '') continue;
    const role = rng.below(4) === 0 ? 'QNRBP'[rng.below(5)]! : main;
    if (role === 'P' && (s < 8 || s >= 56)) continue;
    const ours = rng.below(6) !== 0;
    board[s] = ours === white ? role : role.toLowerCase();
  }
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) ranks.push(board.slice(8 * r, 8 * r + 8).map((p) => p || '1').join('').replace(/1+/g, (m) => String(m.length)));
  return `${ranks.join('/')} ${white ? 'w' : 'b'} - - 0 1`;
}

test('SAN round trip and chessops makeSan on lenient positions dense in one role (three or more pieces to a square)', () => {
  const rng = new Rng(testSeed(963));
  let positions = 0;
  let moves = 0;
  let fullSquare = 0;
  for (let i = 0; i < (FULL ? 40000 : 4000); i++) {
    const fen = denseRoleFen(rng);
    const compared = sanAgreement(fen);
    // Mostly refused for the check the side to move gives (chessops refuses them too).
    if (compared === undefined) continue;
    positions++;
    moves += compared;
    const pos = readFen(fen, { lenient: true });
    assert.ok(pos.ok);
    for (const m of pos.value.legalMoves()) if (/^[NBRQ][a-h][1-8]x?[a-h][1-8]/.test(makeSan(m))) fullSquare++;
  }
  // The generator must produce what the test is for: many positions, and moves that need the whole
  // square. Over 100 seeds the counts ran 791–883 positions, 31.5k–36.6k moves and 132–252 such
  // moves; the bounds sit well below, so that only a broken generator trips them.
  assert.ok(positions > 600 && moves > 25000 && fullSquare > 60, `${positions} positions, ${moves} moves, ${fullSquare} with the origin square`);
});

const at = (fen: string) => {
  const pos = readFen(fen);
  assert.ok(pos.ok, fen);
  return pos.value;
};
const uciOf = (fen: string, san: string): string => {
  const r = parseSan(at(fen), san);
  assert.ok(r.ok, `${san}: ${r.ok ? '' : r.error.message}`);
  return r.value.uci;
};
const errorKind = (fen: string, san: string): string => {
  const r = parseSan(at(fen), san);
  assert.ok(!r.ok, `${san} should fail`);
  return r.error.kind;
};

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The position of `fen` for us (lenient) and for chessops, or undefined when either refuses it. */
function bothReaders(fen: string): [Position, Chess] | undefined {
  const pos = readFen(fen, { lenient: true });
  const ops = Chess.fromSetup(opsParseFen(fen).unwrap());
  return pos.ok && ops.isOk ? [pos.value, ops.value] : undefined;
}

test('input forms', () => {
  assert.equal(uciOf(START, 'Nf3'), 'g1f3');
  assert.equal(uciOf(START, 'Ng1f3'), 'g1f3');
  assert.equal(uciOf(START, 'Ng1-f3'), 'g1f3');
  assert.equal(uciOf(START, 'e4!?'), 'e2e4');
  assert.equal(uciOf(START, 'e2e4'), 'e2e4');
  assert.equal(uciOf(START, 'e4?!'), 'e2e4');
  assert.equal(uciOf(START, 'd4!!'), 'd2d4');
  assert.equal(uciOf(START, 'Nc3??'), 'b1c3');
  // Nbd7 and R1e2 style.
  const knights = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3';
  assert.equal(errorKind(knights, 'Ne2'), 'ambiguous');
  assert.equal(uciOf(knights, 'Nce2'), 'c3e2');
  assert.equal(uciOf(knights, 'Nge2'), 'g1e2');
  const rooks = '4k3/8/8/8/8/R7/8/R3K3 w - - 0 1';
  assert.equal(errorKind(rooks, 'Ra2'), 'ambiguous');
  assert.equal(uciOf(rooks, 'R1a2'), 'a1a2');
  assert.equal(uciOf(rooks, 'R3a2'), 'a3a2');
  // Full-square disambiguation (three queens).
  const queens = '4k3/8/8/8/7Q/8/8/4K2Q w - - 0 1';
  const three = '2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1';
  assert.equal(errorKind(three, 'Qe1'), 'ambiguous');
  assert.equal(errorKind(three, 'Qhe1'), 'ambiguous');
  assert.equal(errorKind(three, 'Q4e1'), 'ambiguous');
  assert.equal(uciOf(three, 'Qh4e1'), 'h4e1');
  assert.equal(uciOf(three, 'Qee1'), 'e4e1');
  assert.equal(uciOf(three, 'Q1e1'), 'h1e1');
  assert.equal(uciOf(queens, 'Qh4e4'), 'h4e4');
  // En passant, written with and without e.p.
  const ep = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
  assert.equal(uciOf(ep, 'exf6'), 'e5f6');
  assert.equal(uciOf(ep, 'exf6 e.p.'), 'e5f6');
  assert.equal(uciOf(ep, 'exf6e.p.'), 'e5f6');
  assert.equal(uciOf(ep, 'ef6'), 'e5f6');
  assert.equal(uciOf(ep, 'exf6ep'), 'e5f6');
  assert.equal(uciOf(ep, 'exf6ep+'), 'e5f6');
  // `ep` glued on without the capture sign, and by a pawn of the a- or h-file: the capture
  // chessops reads from the same text without `ep`.
  for (const [fen, text] of [
    [ep, 'ef6ep'],
    ['rnbqkbnr/pppppp1p/8/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3', 'hxg6ep'],
    ['rnbqkbnr/1ppppppp/8/8/pP6/8/P1PPPPPP/RNBQKBNR b KQkq b3 0 3', 'axb3ep'],
  ] as const) {
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    const move = opsParseSan(ops, text.slice(0, -2)) as { from: number; to: number };
    assert.equal(uciOf(fen, text), squareName(move.from) + squareName(move.to), text);
    // The PGN reader resolves the move on its bytes: the same capture.
    ops.play(move);
    const [record] = replayPgnSync(new TextEncoder().encode(`[SetUp "1"]\n[FEN "${fen}"]\n\n3${fen.includes(' w ') ? '.' : '...'} ${text} *\n`));
    assert.deepEqual([record!.error, record!.fen?.split(' ')[0]], [null, opsMakeFen(ops.toSetup()).split(' ')[0]], text);
  }
  assert.equal(errorKind(ep, 'exd6'), 'illegal');
  // Promotions.
  const promo = '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1';
  assert.equal(uciOf(promo, 'e8=Q'), 'e7e8q');
  assert.equal(uciOf(promo, 'e8Q'), 'e7e8q');
  assert.equal(uciOf(promo, 'e8=N+'), 'e7e8n');
  assert.equal(uciOf(promo, 'e8=q'), 'e7e8q');
  assert.equal(errorKind(promo, 'e8'), 'illegal');
  assert.equal(errorKind(promo, 'e8=K'), 'syntax');
  // Castling: O-O, 0-0, O-O-O, with suffixes.
  const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  assert.equal(uciOf(castle, 'O-O'), 'e1g1');
  assert.equal(uciOf(castle, '0-0'), 'e1g1');
  assert.equal(uciOf(castle, 'O-O-O+'), 'e1c1');
  assert.equal(uciOf(castle, '0-0-0'), 'e1c1');
  assert.equal(uciOf(castle, 'o-o'), 'e1g1');
  assert.equal(uciOf(castle, 'o-o-o'), 'e1c1');
  assert.equal(errorKind('r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1', 'O-O'), 'illegal');
  assert.equal(errorKind(castle, 'O-O-O-O'), 'syntax');
  assert.equal(errorKind(castle, 'O-0'), 'syntax');
  // Typographic dashes (en dash, non-breaking hyphen, minus sign), as copied from web pages.
  assert.equal(uciOf(castle, 'O\u2013O'), 'e1g1');
  assert.equal(uciOf(castle, 'O\u2011O\u2011O+'), 'e1c1');
  assert.equal(uciOf(castle, '0\u22120'), 'e1g1');
  assert.equal(errorKind(castle, 'O\u2013O\u2013O\u2013O'), 'syntax');
  assert.equal(errorKind(castle, 'O\u20130'), 'syntax');
  // Syntax errors.
  for (const bad of ['', 'Nf9', 'Zf3', 'e', 'xx', 'Nf3f3f3', 'e4 e5', 'O-0', 'Kf', 'Pe4']) assert.equal(errorKind(START, bad), 'syntax', bad);
  // Long text is a syntax error at once: the trailing `e.p.` search was quadratic in a run of spaces (2.8 s for 40,000).
  assert.equal(errorKind(START, `e4${' '.repeat(1_000_000)}x`), 'syntax');
  assert.equal(errorKind(START, `e4${' '.repeat(1_000_000)}e.p.`), 'syntax');
  // Illegal: pinned piece, own piece on the target, king into check.
  assert.equal(errorKind(START, 'Nd2'), 'illegal');
  assert.equal(errorKind('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1', 'Nc3'), 'illegal');
  assert.equal(errorKind('4k3/4r3/8/8/8/8/8/3K4 w - - 0 1', 'Ke1'), 'illegal');
});

test('Chess960 castling', () => {
  // King on b1, rook on a1 (a-side) and rook on h1: O-O-O puts the king on c1, the rook on d1.
  const pos = readFen('4k2r/8/8/8/8/8/8/RK5R w HA - 0 1', { chess960: true });
  assert.ok(pos.ok);
  const long = parseSan(pos.value, 'O-O-O');
  assert.ok(long.ok);
  assert.equal(long.value.uci, 'b1a1');
  assert.equal(makeSan(long.value), 'O-O-O');
  const short = parseSan(pos.value, 'O-O');
  assert.ok(short.ok);
  assert.equal(short.value.uci, 'b1h1');
  // The king does not move (already on g1), the rook does.
  const still = readFen('4k3/8/8/8/8/8/8/R5KR w HA - 0 1', { chess960: true });
  assert.ok(still.ok);
  const c = parseSan(still.value, 'O-O');
  assert.ok(c.ok);
  assert.equal(makeSan(c.value), 'O-O');
});

test('check and mate suffixes written', () => {
  const mate = readFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  assert.ok(mate.ok);
  const m = mate.value.legalMoves().find((x) => x.uci === 'a1a8')!;
  assert.equal(makeSan(m), 'Ra8#');
  const check = mate.value.legalMoves().find((x) => x.uci === 'a1a7')!;
  assert.equal(makeSan(check), 'Ra7');
  const c2 = readFen('6k1/8/8/8/8/8/8/R5K1 w - - 0 1');
  assert.ok(c2.ok);
  assert.equal(makeSan(c2.value.legalMoves().find((x) => x.uci === 'a1a8')!), 'Ra8+');
});

test("reading agrees with chessops' parseSan on SAN variants (ambiguous, over- and under-disambiguated)", { skip: noPositions() }, () => {
  // For each legal piece move: the SAN without disambiguation, with the origin file, rank or
  // square, and pawn captures without 'x'. chessops accepts exactly the same texts as we do (a
  // text is refused when it matches no legal move or more than one) and finds the same move.
  const fens = [...spread(epdFens('UHO_4060_v3.epd.gz'), 2500), ...spread(epdFens('endgames.epd.gz'), 2500)];
  let compared = 0;
  let refused = 0;
  for (const fen of fens) {
    const both = bothReaders(fen);
    if (both === undefined) continue;
    const [pos, ops] = both;
    const texts = new Set<string>();
    for (const m of pos.legalMoves()) {
      const san = makeSan(m).replace(/[+#]$/, '');
      const from = squareName(m.from);
      const m2 = /^([NBRQK])[a-h]?[1-8]?(x?)([a-h][1-8])$/.exec(san);
      if (m2) {
        const [, piece, x, to] = m2;
        for (const d of ['', from[0], from[1], from]) texts.add(`${piece}${d}${x}${to}`);
      } else if (/^[a-h]x/.test(san)) texts.add(san.replace('x', ''));
    }
    for (const text of texts) {
      const ours = parseSan(pos, text);
      const theirs = opsParseSan(ops, text);
      assert.equal(ours.ok, theirs !== undefined, `${fen} ${text}`);
      if (ours.ok) {
        assert.ok(theirs !== undefined && 'from' in theirs, text);
        assert.equal(moveFrom(ours.value.code), theirs.from, `${fen} ${text}`);
        assert.equal(moveTo(ours.value.code), theirs!.to, `${fen} ${text}`);
      } else {
        assert.notEqual(ours.error.kind, 'syntax', `${fen} ${text}`);
        refused++;
      }
      compared++;
    }
  }
  assert.ok(compared > 100000, `${compared}`);
  assert.ok(refused > 1000, `${refused} refused: no ambiguous texts were tried`);
});

/**
 * A move text with our extra forms rewritten into chessops' own: the spaces around it dropped
 * (`parseSan` trims its string), an `e.p.` after the move dropped, the check signs and annotation
 * glyphs at the end dropped (chessops does not check the signs, and leaves the glyphs to its PGN
 * reader), then an `ep` glued to a pawn's move to the third or sixth rank, `:` as the capture
 * sign written `x`, and castling with zeros (`0-0`) with letters. A move from square to square
 * without a piece letter (UCI's form) gets the letter of the piece on the origin, and a king's
 * step of two files or onto its own rook is written as castling.
 */
function inChessopsForm(text: string, ops: Chess): string {
  const t = text
    .trim()
    .replace(/(\S)\s*e\.?p\.?$/, '$1')
    .replace(/[+#!?]+$/, '')
    .replace(/^([a-h].+[36])ep$/, '$1')
    .replace(':', 'x')
    .replace(/^0-0(-0)?$/, (c) => c.replace(/0/g, 'O'));
  const m = /^([a-h][1-8])[-x]?([a-h][1-8])$/.exec(t);
  const from = m === null ? undefined : parseSquare(m[1]!)!;
  const piece = from === undefined ? undefined : ops.board.get(from);
  if (m === null || piece === undefined || piece.color !== ops.turn || piece.role === 'pawn') return t;
  const to = parseSquare(m[2]!)!;
  if (piece.role === 'king' && (from! ^ to) < 8 && (Math.abs((to & 7) - (from! & 7)) === 2 || ops.board.get(to)?.color === ops.turn)) {
    return to > from! ? 'O-O' : 'O-O-O';
  }
  return `${piece.role === 'knight' ? 'N' : piece.role[0]!.toUpperCase()}${t}`;
}

test("mutated move texts: read exactly as chessops' parseSan reads them, but for our extra forms", { skip: noPositions() }, () => {
  // Texts near real ones (one or two edits) must be refused, or read as chessops reads them once
  // rewritten by inChessopsForm. Lower-case castling is ours alone, and chessops writes castling
  // as the king taking its rook.
  const rng = new Rng(testSeed(31));
  const ALPHABET = 'abcdefgh12345678NBRQKOxX=-+#!?0 ep.:P';
  const fens = spread(epdFens('UHO_4060_v3.epd.gz'), 1500);
  let compared = 0;
  let read = 0;
  for (const fen of fens) {
    const both = bothReaders(fen);
    if (both === undefined) continue;
    const [pos, ops] = both;
    const near: string[] = [];
    for (const m of pos.legalMoves()) near.push(makeSan(m), `${makeSan(m).replace(/[+#]$/, '')}${'!?'.slice(rng.below(3))}`);
    for (let k = 0; k < 200; k++) {
      const text = mutateText(rng, near[rng.below(near.length)]!, ALPHABET, 2);
      const ours = parseSan(pos, text);
      const theirs = opsParseSan(ops, inChessopsForm(text, ops));
      compared++;
      if (!ours.ok) {
        assert.equal(theirs, undefined, `${fen} '${text}': chessops reads it, we say ${ours.error.message}`);
        continue;
      }
      read++;
      if (/^o-o(-o)?$/.test(inChessopsForm(text, ops))) continue;
      assert.ok(theirs !== undefined && 'from' in theirs, `${fen} '${text}': we read ${ours.value.uci}, chessops nothing`);
      // chessops moves the king onto its rook to castle; we write the king's move.
      const castle = ops.board.get(theirs.to)?.color === ops.turn;
      const to = castle ? (theirs.from & 56) + (theirs.to > theirs.from ? 6 : 2) : theirs.to;
      const promotion = theirs.promotion === undefined ? '' : theirs.promotion === 'knight' ? 'n' : theirs.promotion[0]!;
      assert.equal(ours.value.uci, squareName(theirs.from) + squareName(to) + promotion, `${fen} '${text}'`);
    }
  }
  assert.ok(compared > 200000, `${compared}`);
  assert.ok(read > 10000 && read < compared - 10000, `${read} of ${compared} read: mutations too mild or too wild`);
});

test('every move text of a piece to a square it attacks is read exactly when the move is legal (pins, checks)', { skip: noPositions() }, () => {
  // Positions in check come from playing each checking move of the sample positions. For each
  // piece of the side to move and each square it attacks or (pawns) may move to, the fully
  // disambiguated text (`Qh4e1`, `exd5`, `e8=Q`) must resolve to the legal move from the engine's
  // generator, or be refused as illegal when there is none; chessops must agree, and resolve it
  // to the same squares.
  const base = [...spread(epdFens('UHO_4060_v3.epd.gz'), 2000), ...spread(epdFens('endgames.epd.gz'), 2000)];
  const fens: string[] = [];
  for (const fen of base) {
    const pos = readFen(fen, { lenient: true });
    if (!pos.ok) continue;
    fens.push(fen);
    for (const m of pos.value.legalMoves()) {
      const next = m.play();
      if (next.isCheck() && !next.isCheckmate()) fens.push(makeFen(next));
    }
  }
  let inCheck = 0;
  let accepted = 0;
  let refused = 0;
  for (const fen of fens) {
    const both = bothReaders(fen);
    if (both === undefined) continue;
    const [pos, ops] = both;
    if (pos.isCheck()) inCheck++;
    const legal = new Set(pos.legalMoves().filter((m) => !m.isCastle).map((m) => `${moveFrom(m.code)}-${moveTo(m.code)}`));
    const board = ops.board;
    for (const from of ops.board[ops.turn]) {
      const piece = board.get(from)!;
      const targets = [...opsAttacks(piece, from, board.occupied)];
      if (piece.role === 'pawn') for (const d of [8, 16]) targets.push(from + (piece.color === 'white' ? d : -d));
      for (const to of targets) {
        if (to < 0 || to > 63 || board[ops.turn].has(to)) continue;
        const last = to >> 3 === 7 || to >> 3 === 0;
        const text: string =
          piece.role === 'pawn'
            ? ((from & 7) !== (to & 7) ? `${squareName(from)[0]}x` : '') + squareName(to) + (last ? '=Q' : '')
            : `${piece.role === 'knight' ? 'N' : piece.role[0]!.toUpperCase()}${squareName(from)}${squareName(to)}`;
        const ours = parseSan(pos, text);
        const theirs = opsParseSan(ops, text);
        // A push names no origin: it is the pawn move to `to` along the file, whichever pawn makes it.
        const push: boolean = piece.role === 'pawn' && (from & 7) === (to & 7);
        const origin: number = push ? [to - 8, to - 16, to + 8, to + 16].find((f) => board.get(f)?.role === 'pawn' && legal.has(`${f}-${to}`)) ?? from : from;
        const isLegal = legal.has(`${origin}-${to}`);
        assert.equal(ours.ok, isLegal, `${fen} ${text}`);
        assert.equal(theirs !== undefined, isLegal, `chessops: ${fen} ${text}`);
        if (ours.ok) {
          assert.deepEqual([moveFrom(ours.value.code), moveTo(ours.value.code)], [origin, to], `${fen} ${text}`);
          assert.ok(theirs !== undefined && 'from' in theirs, `chessops: ${fen} ${text}`);
          assert.deepEqual([theirs.from, theirs.to], [origin, to], `chessops: ${fen} ${text}`);
          accepted++;
        } else {
          assert.equal(ours.error.kind, 'illegal', `${fen} ${text}`);
          refused++;
        }
      }
    }
  }
  assert.ok(inCheck > 2000, `${inCheck} positions in check`);
  assert.ok(refused > 50000, `${refused} refused`);
  assert.ok(accepted > 100000, `${accepted} accepted`);
});

test('PGN replay reads the common move shapes in runs exactly as resolveSan reads them', { skip: noPositions() }, () => {
  // The replayer reads `e4`, `exd5`, `Nf3`, `Nxf3` (with `+`, `#`) forwards, without resolveSan's
  // parser. For each sample position, after one of its moves (the runs start at the second move),
  // every text of these shapes to every square is replayed as a game of two moves and must give
  // what parseSan gives: the same position after it, or the same error.
  const texts: string[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const to = squareName(sq);
    texts.push(to, `${to}+`);
    for (const p of 'NBRQK') texts.push(`${p}${to}`, `${p}x${to}#`);
    for (const f of 'abcdefgh') if (Math.abs(f.charCodeAt(0) - to.charCodeAt(0)) <= 1) texts.push(`${f}x${to}`);
  }
  let compared = 0;
  let legal = 0;
  for (const fen of spread(epdFens('UHO_4060_v3.epd.gz'), 150).concat(spread(epdFens('endgames.epd.gz'), 150))) {
    const read = readFen(fen, { lenient: true });
    if (!read.ok) continue;
    const first = read.value.legalMoves()[0];
    if (first === undefined) continue;
    const pos = first.play();
    const pgn = texts.map((t) => `[FEN "${fen}"]\n\n${makeSan(first)} ${t} *\n`).join('\n');
    const records = replayPgnSync(pgn);
    assert.equal(records.length, texts.length);
    for (let k = 0; k < texts.length; k++) {
      const r = records[k]!;
      const expected = parseSan(pos, texts[k]!);
      const where: string = `${fen} ${makeSan(first)} ${texts[k]}`;
      if (expected.ok) {
        assert.equal(r.error, null, where);
        assert.equal(r.fen, makeFen(expected.value.play()), where);
        legal++;
      } else assert.equal(r.error?.message, expected.error.message, where);
      compared++;
    }
  }
  assert.ok(compared > 200000 && legal > 5000, `${compared} texts, ${legal} legal`);
});

test('moves from square to square without a piece letter (UCI form) read as the move they name; castling by king or rook square', { skip: noPositions() }, () => {
  // python-chess reads `g1f3` and `e1g1` in movetext (its uci-moves.pgn, a CCRL game, ends on
  // the FEN its test states). Every legal move's UCI text, and for castling the king-takes-rook
  // form too, must come back as that move from the generator; and a text naming no legal move is
  // refused as illegal.
  const fens = [...spread(epdFens('UHO_4060_v3.epd.gz'), 1500), ...spread(epdFens('FRC_openings.epd.gz'), 300)];
  let castles = 0;
  let read = 0;
  for (const fen of fens) {
    const pos = readFen(fen, { lenient: true });
    if (!pos.ok) continue;
    const legal = new Set(pos.value.legalMoves().map((m) => m.code));
    for (const m of pos.value.legalMoves()) {
      const texts = [m.uci];
      if (m.isCastle) {
        texts.push(squareName(m.from) + squareName(m.castlingRook!));
        castles++;
      }
      for (const text of texts) {
        const back = parseSan(pos.value, text);
        // A Chess960 king step onto the square it castles to is also a normal king move: that comes first.
        if (back.ok && back.value.code !== m.code) assert.ok(m.isCastle && legal.has(back.value.code) && !back.value.isCastle, `${fen} ${text}`);
        else assert.ok(back.ok, `${fen} ${text}`);
        read++;
      }
    }
    const none = parseSan(pos.value, 'a1a1');
    assert.ok(!none.ok && none.error.kind === 'illegal', fen);
  }
  assert.ok(read > 50000 && castles > 100, `${read} texts, ${castles} castling moves`);
  const ccrl = replayPgnSync(readFileSync(fixturePath('pgn', 'tricky', 'python-chess', 'uci-moves.pgn')));
  assert.deepEqual(ccrl.map((r) => [r.fen, r.error]), [['8/8/2B5/4k3/4Pp2/1b6/1P3K2/8 b - - 0 57', null]]);
});

test('UCI: a square off the board is a syntax error, a promotion where none can be is illegal, the king-target form castles in Chess960, legality as chessops decides it', { skip: noPositions() }, () => {
  const start = readFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.ok(start.ok);
  // Squares are a1..h8 (UCI protocol); chessops' parseUci refuses the others too.
  for (const text of ['e0e1', 'e2e9', 'e9e8', 'i2i4', 'e2e4qq']) {
    assert.equal(opsParseUci(text), undefined, text);
    const r = parseUci(start.value, text);
    assert.ok(!r.ok && r.error.kind === 'syntax', text);
  }
  // FIDE 3.7.5: a pawn promotes on the last rank only, and only a pawn does.
  for (const text of ['e2e4q', 'e2e3n', 'g1f3r', 'b1a3b']) {
    const r = parseUci(start.value, text);
    assert.ok(!r.ok && r.error.kind === 'illegal', text);
    const s = parseSan(start.value, text);
    assert.ok(!s.ok && s.error.kind === 'illegal', text);
  }
  // Chess960 castling written as the king's move to its target (c- or g-file, FIDE 3.8.2 and
  // the Chess960 rules), where that is not also a legal normal king move: the castling chessops
  // plays as king takes rook.
  let castles = 0;
  for (const fen of [...epdFens('3moves_FRC.epd.gz', 1000), ...spread(epdFens('FRC_openings.epd.gz'), 960)]) {
    const pos = readFen(fen, { chess960: true });
    if (!pos.ok) continue;
    const moves = pos.value.legalMoves();
    for (const m of moves) {
      if (!m.isCastle) continue;
      const target = (m.from & 56) + (m.castlingRook! > m.from ? 6 : 2);
      if (moves.some((n) => !n.isCastle && n.from === m.from && n.to === target)) continue;
      const text = squareName(m.from) + squareName(target);
      const r = parseUci(pos.value, text);
      assert.ok(r.ok && r.value.isCastle, `${fen} ${text}`);
      const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
      ops.play({ from: m.from, to: m.castlingRook! });
      assert.equal(makeFen(r.value.play(), { epSquare: 'always' }).split(' ').slice(0, 3).join(' '), opsMakeFen(ops.toSetup()).split(' ').slice(0, 3).join(' '), `${fen} ${text}`);
      castles++;
    }
  }
  assert.ok(castles > 50, `${castles} castling moves`);
  // Every move text from a square holding a piece of the side to move to any other square: read
  // exactly when chessops finds the move legal, by parseUci and by parseSan alike.
  let compared = 0;
  for (const fen of spread(epdFens('UHO_4060_v3.epd.gz', 3000), 12)) {
    const pos = readFen(fen);
    if (!pos.ok) continue;
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    for (const from of ops.board[ops.turn]) {
      for (let to = 0; to < 64; to++) {
        if (to === from) continue;
        const text = squareName(from) + squareName(to);
        // chessops' isLegal also takes a king's move onto any of its own pieces for castling;
        // UCI castles by the king's two-square step, or onto its rook as in chessops' dests.
        const kingStep = ops.board.king.has(from) && !ops.dests(from).has(to);
        const legal = ops.isLegal({ from, to }) && (!kingStep || Math.abs(to - from) === 2);
        const u = parseUci(pos.value, text);
        const s = parseSan(pos.value, text);
        assert.equal(u.ok, legal, `${fen} ${text}`);
        assert.equal(s.ok, legal, `${fen} ${text}`);
        if (u.ok && s.ok) assert.equal(s.value.code, u.value.code, `${fen} ${text}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 10000, `${compared} texts`);
});

test('a move that uncovers an attack along the back rank or the en-passant rank is illegal, its twin without the attacker legal, as chessops reads them', () => {
  // FIDE 3.9: en passant removes two pawns from the fifth (fourth) rank, which may open it onto the
  // king; castling moves the rook that may have shielded the king's target square. Each case is
  // played by White and by Black, with its twin without the attacking piece.
  const cases: [string, string, boolean][] = [
    ['8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1', 'bxc6', true],
    ['8/8/8/KPp5/8/8/8/4k3 w - c6 0 1', 'bxc6', false],
    ['4K3/8/8/8/kPp4R/8/8/8 b - b3 0 1', 'cxb3', true],
    ['4K3/8/8/8/kPp5/8/8/8 b - b3 0 1', 'cxb3', false],
    ['Rr1k4/8/8/8/8/8/8/4K3 b b - 0 1', 'O-O-O', true],
    ['1r1k4/8/8/8/8/8/8/4K3 b b - 0 1', 'O-O-O', false],
    ['4k3/8/8/8/8/8/8/rR1K4 w B - 0 1', 'O-O-O', true],
    ['4k3/8/8/8/8/8/8/1R1K4 w B - 0 1', 'O-O-O', false],
    ['4k1rR/8/8/8/8/8/8/4K3 b g - 0 1', 'O-O', true],
    ['4k1r1/8/8/8/8/8/8/4K3 b g - 0 1', 'O-O', false],
  ];
  for (const [fen, san, attacked] of cases) {
    const ops = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    const opsMove = opsParseSan(ops, san);
    assert.equal(opsMove === undefined, attacked, `${fen} ${san}: chessops`);
    const pos = readFen(fen, { chess960: true });
    assert.ok(pos.ok, fen);
    const ours = parseSan(pos.value, san);
    assert.equal(ours.ok, !attacked, `${fen} ${san}`);
    if (ours.ok) {
      ops.play(opsMove!);
      assert.equal(makeFen(ours.value.play()).split(' ')[0], opsMakeFen(ops.toSetup()).split(' ')[0], `${fen} ${san}`);
    }
  }
});
