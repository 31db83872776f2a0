/**
 * Enumeration from a position the lenient reader accepts with more legal moves than any legal
 * position has (218): 262, from 30 white queens. Every move list of the enumerators must hold
 * them all (MAX_MOVES_ANY), checked against chessops' move generation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Chess as ChessopsChess } from 'chessops/chess';
import { makeFen as chessopsFen, parseFen as chessopsParse } from 'chessops/fen';
import type { Position as ChessopsPosition } from 'chessops/chess';
import { readFen } from '../../../src/notation/fen.js';
import { EntrySet } from '../../../src/tools/enumerate/entry-set.js';
import { KEY_WORDS, REC_WORDS } from '../../../src/tools/enumerate/record.js';
import { enumeratePlies } from '../../../src/tools/enumerate/plies.js';
import { SpaceCounters, SpaceExpander, spaceSetup } from '../../../src/tools/enumerate/search-space.js';

const FEN = 'KBQQQQQQ/1Q5Q/Q6Q/Q6Q/Q6Q/Q5QQ/Q4Qrr/QQQQQQrk w - - 0 1';

function chessopsChildren(pos: ChessopsPosition): ChessopsPosition[] {
  const out: ChessopsPosition[] = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const child = pos.clone();
      child.play({ from, to });
      out.push(child);
    }
  }
  return out;
}

/** The board, turn, castling and en-passant fields: the positions' identity here (no pawns, no rights). */
const identity = (pos: ChessopsPosition): string => chessopsFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');

test('enumeratePlies counts every move of a lenient position with 262 of them (chessops brute force, 2 plies)', () => {
  const start = ChessopsChess.fromSetup(chessopsParse(FEN).unwrap()).unwrap();
  const ply1 = chessopsChildren(start);
  const ply2 = ply1.flatMap(chessopsChildren);
  assert.equal(ply1.length, 262);
  const r = readFen(FEN, { lenient: true });
  assert.ok(r.ok);
  const levels = enumeratePlies(r.value, 2).levels;
  assert.deepEqual(levels.map((l) => l.paths), [1, ply1.length, ply2.length]);
  assert.deepEqual(levels.map((l) => l.positions), [1, new Set(ply1.map(identity)).size, new Set(ply2.map(identity)).size]);
});

test('a search space expands every move of a lenient position with 262 of them: domain children and roots as chessops splits them', () => {
  const start = ChessopsChess.fromSetup(chessopsParse(FEN).unwrap()).unwrap();
  let captures = 0;
  for (const [, dests] of start.allDests()) for (const to of dests) if (start.board.occupied.has(to)) captures++;
  const r = readFen(FEN, { lenient: true });
  assert.ok(r.ok);
  const setup = spaceSetup(r.value);
  const domain = EntrySet.forCount(REC_WORDS, 1024, false, 0.75);
  const roots = EntrySet.forCount(KEY_WORDS, 1024, false, 0.75);
  domain.add(setup.startRec, 0, 0);
  const counters = new SpaceCounters();
  let fresh = 0;
  new SpaceExpander(setup).expand(domain, domain.lastOffset, roots, counters, () => fresh++);
  assert.equal(counters.maxMoves, 262);
  // No pawns: a capture is a root, any other move a new domain position.
  assert.equal(counters.pieceCaptures, captures);
  assert.equal(roots.count, captures);
  assert.equal(fresh, 262 - captures);
});
