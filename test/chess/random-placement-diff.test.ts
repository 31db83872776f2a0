/**
 * Differential test on positions no game reaches: pieces dropped on random squares, with random
 * castling rights (standard and Chess960) and en-passant squares. Positions from play rarely
 * hold three rooks on a back rank, a triple check or an en-passant capture beside a pinned
 * pawn; these do. Against chessops: the same positions are playable (read leniently) and perft
 * 2 is equal; read strictly, we refuse all that chessops refuses. Against Stockfish: perft 3
 * divide is equal on a sample.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { perft, perftDivide } from '../../src/tools/perft.js';
import { findStockfish, StockfishProcess } from '../stockfish.js';
import { FULL, testSeed } from '../helpers.js';

const FILES = 'abcdefgh';
/** Roles of the pieces besides the kings, pawns and rooks weighted up. */
const ROLES = 'pppppnnbbrrrq';

/** A FEN of random placement: two kings, up to 25 more pieces, rights and an en-passant square where they could stand. */
function randomFen(rng: Rng): { fen: string; chess960: boolean } {
  const board: string[] = new Array<string>(64).fill('');
  const chess960 = rng.below(3) === 0;
  // A king is on its back rank half the time (on e1/e8 in standard chess), so castling can arise.
  for (const [king, rank] of [['K', 0], ['k', 7]] as const) {
    for (;;) {
      const s = rng.below(2) === 0 ? rank * 8 + (chess960 ? 1 + rng.below(6) : 4) : rng.below(64);
      if (board[s] !== '') continue;
      board[s] = king;
      break;
    }
  }
  for (let n = rng.below(26); n > 0; n--) {
    const role = ROLES[rng.below(ROLES.length)]!;
    const white = rng.below(2) === 0;
    // Half the rooks go to their own back rank, where they may carry castling rights.
    const s = role === 'r' && rng.below(2) === 0 ? (white ? 0 : 56) + rng.below(8) : rng.below(64);
    if (board[s] !== '' || (role === 'p' && (s < 8 || s >= 56))) continue;
    board[s] = white ? role.toUpperCase() : role;
  }
  const turn = rng.below(2) === 0 ? 'w' : 'b';
  // Castling rights: at most one rook each side of a king on its back rank.
  let castling = '';
  for (const [king, rook, rank] of [['K', 'R', 0], ['k', 'r', 7]] as const) {
    const k = board.indexOf(king);
    if (k >> 3 !== rank) continue;
    for (const dir of [-1, 1]) {
      const files: number[] = [];
      for (let f = (k & 7) + dir; f >= 0 && f < 8; f += dir) if (board[rank * 8 + f] === rook) files.push(f);
      if (files.length === 0 || rng.below(4) === 0) continue;
      const f = files[rng.below(files.length)]!;
      let right: string;
      if (chess960) right = FILES[f]!;
      else if (k === rank * 8 + 4 && (f === 0 || f === 7)) right = f === 7 ? 'k' : 'q';
      else continue;
      castling += king === 'K' ? right.toUpperCase() : right;
    }
  }
  // En passant: a pawn of the side not to move that could just have moved two squares, often
  // with a pawn beside it to take it.
  const candidates: number[] = [];
  const [pawn, from, over, pushed, taker] = turn === 'w' ? ['p', 48, 40, 32, 'P'] : ['P', 8, 16, 24, 'p'];
  for (let f = 0; f < 8; f++) {
    if (board[pushed + f] === pawn && board[over + f] === '' && board[from + f] === '') candidates.push(f);
  }
  let ep = '-';
  if (candidates.length > 0 && rng.below(3) !== 0) {
    const f = candidates[rng.below(candidates.length)]!;
    ep = FILES[f]! + (turn === 'w' ? '6' : '3');
    const beside = pushed + f + (rng.below(2) === 0 ? -1 : 1);
    if (rng.below(2) === 0 && beside >> 3 === pushed >> 3 && board[beside] === '') board[beside] = taker;
  }
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f]!;
      if (p === '') empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += p;
      }
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  return { fen: `${ranks.join('/')} ${turn} ${castling === '' ? '-' : castling} ${ep} 0 1`, chess960 };
}

const COUNT = FULL ? 200000 : 20000;

test(`perft 2 equals chessops' on ${COUNT} randomly placed positions; we refuse what chessops refuses`, () => {
  const rng = new Rng(testSeed(960));
  let compared = 0;
  let enPassant = 0;
  let castling = 0;
  for (let i = 0; i < COUNT; i++) {
    const { fen, chess960 } = randomFen(rng);
    const setup = opsParseFen(fen);
    assert.ok(setup.isOk, `chessops cannot parse ${fen}`);
    const theirs = Chess.fromSetup(setup.unwrap());
    const strict = readFen(fen, { chess960 });
    // Read strictly we refuse more (too much material, impossible checks chessops lets through,
    // castling rights no rook or king backs), never less.
    if (!theirs.isOk) assert.ok(!strict.ok, `we accept ${fen}; chessops: ${theirs.error.message}`);
    const lenient = readFen(fen, { chess960, lenient: true });
    assert.equal(lenient.ok, theirs.isOk, `playable? ${fen}: ours ${lenient.ok ? 'yes' : lenient.error.message}`);
    if (!lenient.ok || !theirs.isOk) continue;
    assert.equal(perft(lenient.value, 2), opsPerft(theirs.unwrap(), 2, false), fen);
    compared++;
    if (lenient.value.legalEpSquare() !== undefined) enPassant++;
    if (!lenient.value.castlingRooks.isEmpty()) castling++;
  }
  // The generator must keep producing the cases it is for.
  assert.ok(compared > COUNT * 0.4, `compared ${compared}`);
  assert.ok(enPassant > COUNT / 200, `only ${enPassant} positions with a legal en-passant capture`);
  assert.ok(castling > COUNT / 20, `only ${castling} positions with castling rights`);
});

const stockfish = findStockfish();

test('perft 3 divide equals Stockfish go perft 3 on randomly placed positions', { skip: stockfish === undefined && 'stockfish unavailable' }, async () => {
  const rng = new Rng(testSeed(961));
  const engine = new StockfishProcess(stockfish!);
  try {
    let compared = 0;
    while (compared < (FULL ? 10000 : 1000)) {
      const { fen, chess960 } = randomFen(rng);
      // Strictly legal positions only: Stockfish assumes a reachable position.
      const pos = readFen(fen, { chess960 });
      if (!pos.ok || pos.value.countLegalMoves() === 0) continue;
      const written = makeFen(pos.value, { epSquare: 'always', castling: chess960 ? 'shredder' : 'xfen' });
      const theirs = await engine.perft(written, 3, chess960);
      const ours = new Map(perftDivide(pos.value, 3).map((d) => [d.uci, d.nodes]));
      assert.deepEqual(ours, theirs.divide, written);
      compared++;
    }
  } finally {
    engine.close();
  }
});
