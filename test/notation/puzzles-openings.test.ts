/**
 * The lichess puzzles and opening names of ../shared/data/positions, against chessops
 * (independent implementation, dev-dependency): every puzzle's UCI moves are legal for both from
 * its FEN, the final positions (FEN) are equal, and a puzzle whose themes say mate ends in
 * checkmate for both, in as many moves as `mateInN` says; every opening's SAN movetext replays to
 * chessops' final position. Every row is read (a few thousand each); a row that cannot be read
 * fails the test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Chess } from 'chessops/chess';
import { makeFen as opsMakeFen, parseFen as opsParseFen } from 'chessops/fen';
import { parseSan as opsParseSan } from 'chessops/san';
import { parseUci as opsParseUci } from 'chessops/util';
import type { Position } from '../../src/chess/position.js';
import { positionOutcome } from '../../src/chess/outcome.js';
import { readText, sharedPath } from '../../src/node/data.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { parseSan } from '../../src/notation/san.js';
import { parseUci } from '../../src/notation/uci.js';
import { sharedSkip } from '../data.js';

/** chessops' position of a FEN; it must read every position of these files. */
function opsAt(fen: string, where: string): Chess {
  const pos = Chess.fromSetup(opsParseFen(fen).unwrap());
  assert.ok(pos.isOk, `${where}: chessops refuses ${fen}`);
  return pos.value;
}

function ourAt(fen: string, where: string): Position {
  const pos = readFen(fen);
  assert.ok(pos.ok, `${where}: ${!pos.ok && pos.error.message}`);
  return pos.value;
}

/** chessops' FEN, our halfmove clock capped at its 150 (as in the PGN differential test). */
function sameFen(ours: Position, theirs: Chess, where: string): void {
  const fen = makeFen(ours).split(' ');
  fen[4] = String(Math.min(150, Number(fen[4])));
  assert.equal(fen.join(' '), opsMakeFen(theirs.toSetup()), where);
}

/** The puzzle files: the one with a header row names its columns, the other is FEN, Moves, Rating. */
const noPositions = sharedSkip('positions');
const PUZZLE_FILES = noPositions ? [] : readdirSync(sharedPath('positions')).filter((n) => /^lichess-puzzles.*\.csv$/.test(n)).sort();

test('the positions folder holds both puzzle files', { skip: noPositions }, () => {
  assert.ok(PUZZLE_FILES.includes('lichess-puzzles-1499.csv') && PUZZLE_FILES.includes('lichess-puzzles-10k.csv'), PUZZLE_FILES.join(' '));
});

for (const file of PUZZLE_FILES) {
  test(`puzzles of ${file}: moves legal, final position and mates as chessops`, () => {
    const lines = readText(sharedPath('positions', file)).split(/\r?\n/).filter((l) => l.trim() !== '');
    const header = lines[0]!.startsWith('PuzzleId,') ? lines.shift()!.split(',') : ['FEN', 'Moves', 'Rating'];
    const column = (name: string): number => {
      const i = header.indexOf(name);
      assert.ok(i >= 0, `${file}: no ${name} column`);
      return i;
    };
    const [fenAt, movesAt, themesAt] = [column('FEN'), column('Moves'), header.indexOf('Themes')];
    let mates = 0;
    for (const [i, line] of lines.entries()) {
      const fields = line.split(',');
      const where = `${file} row ${i + 1}`;
      // lichess writes no quoted fields, so a comma count other than the header's is a bad row.
      assert.equal(fields.length, header.length, `${where}: ${line}`);
      const fen = fields[fenAt]!;
      const moves = fields[movesAt]!.split(' ');
      let ours = ourAt(fen, where);
      const theirs = opsAt(fen, where);
      for (const uci of moves) {
        const move = parseUci(ours, uci);
        assert.ok(move.ok, `${where}: ${uci}: ${!move.ok && move.error.message}`);
        const opsMove = opsParseUci(uci);
        assert.ok(opsMove !== undefined && theirs.isLegal(opsMove), `${where}: chessops finds ${uci} illegal`);
        ours = move.value.play();
        theirs.play(opsMove);
      }
      sameFen(ours, theirs, where);
      assert.equal(positionOutcome(ours)?.reason === 'checkmate', theirs.isCheckmate(), where);
      const themes = themesAt >= 0 ? fields[themesAt]!.split(' ') : [];
      if (themes.includes('mate')) {
        assert.ok(theirs.isCheckmate(), `${where}: themed mate, chessops sees none`);
        const n = themes.map((t) => /^mateIn(\d)$/.exec(t)).find((m) => m !== null);
        // The opponent's move first, then the solver's N moves and the N - 1 replies.
        if (n) assert.equal(moves.length, 2 * Number(n[1]), `${where}: ${n[0]}`);
        mates++;
      }
    }
    assert.ok(lines.length > 0);
    if (themesAt >= 0) assert.ok(mates > 0, `${file}: no mate puzzle`);
  });
}

test('openings: every SAN movetext of openings/*.tsv replays to chessops\' final position', { skip: noPositions }, () => {
  const dir = sharedPath('positions', 'openings');
  const files = readdirSync(dir).filter((n) => n.endsWith('.tsv')).sort();
  assert.ok(files.length >= 5, files.join(' '));
  let rows = 0;
  for (const file of files) {
    const [head, ...lines] = readText(`${dir}/${file}`).split(/\r?\n/).filter((l) => l.trim() !== '');
    assert.equal(head, 'eco\tname\tpgn', file);
    for (const [i, line] of lines.entries()) {
      const where = `${file} row ${i + 1}`;
      const fields = line.split('\t');
      assert.equal(fields.length, 3, `${where}: ${line}`);
      assert.match(fields[0]!, /^[A-E]\d\d$/, where);
      let ours = ourAt('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', where);
      const theirs = Chess.default();
      // Move numbers (`1.`, `1...`) are dropped; every other token is a SAN move.
      for (const san of fields[2]!.split(/\s+/).filter((t) => !/^\d+\.+$/.test(t))) {
        const move = parseSan(ours, san);
        assert.ok(move.ok, `${where}: ${san}: ${!move.ok && move.error.message}`);
        const opsMove = opsParseSan(theirs, san);
        assert.ok(opsMove !== undefined, `${where}: chessops cannot play ${san}`);
        ours = move.value.play();
        theirs.play(opsMove);
      }
      sameFen(ours, theirs, where);
      rows++;
    }
  }
  assert.ok(rows > 0);
});
