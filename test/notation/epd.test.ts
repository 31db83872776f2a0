/**
 * EPD lines (PGN standard §16.2): the four FEN fields, operations ended by semicolons, the
 * clocks as the `hmvc` and `fmvn` operations (0 and 1 when absent), or as the two FEN fields
 * that perft suites write. Expected values are written out by hand from the standard. Writing
 * (`makeEpd`) is read back to the same position and operations, line by line, over the EPD files
 * of test/fixtures/perft (every line) and ../shared/data/positions (5,000 lines each; every line
 * with CAISSA_FULL).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeEpd, parseEpd } from '../../src/notation/epd.js';
import { makeFen, readFen, STARTING_FEN } from '../../src/notation/fen.js';
import { readText, sharedPath } from '../../src/node/data.js';
import { FULL, noPositions } from '../helpers.js';
import { fixturePath } from '../data.js';

const BOARD = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -';

test('EPD: the clocks come from hmvc and fmvn, else from the FEN fields, else 0 and 1', () => {
  const cases: [string, string][] = [
    [`${BOARD} hmvc 12; fmvn 7;`, `${BOARD} 12 7`],
    [`${BOARD} bm Qxa6; hmvc 3;`, `${BOARD} 3 1`],
    [`${BOARD} fmvn 40;`, `${BOARD} 0 40`],
    [`${BOARD} ;D1 48 ;D2 2039`, `${BOARD} 0 1`],
    [`${BOARD} 5 20 ;D1 48`, `${BOARD} 5 20`],
    [`${BOARD} 5 20 ;hmvc 9`, `${BOARD} 9 20`],
  ];
  for (const [line, fen] of cases) {
    const r = parseEpd(line);
    assert.ok(r.ok, `${line}: ${!r.ok && r.error.message}`);
    assert.equal(r.value.fen, fen, line);
    const [half, full] = fen.split(' ').slice(4).map(Number);
    assert.equal(r.value.setup.halfmoves, half, line);
    assert.equal(r.value.setup.fullmoves, full, line);
  }
});

test('EPD: operations in order, string operands unquoted and unescaped, a semicolon inside a string kept', () => {
  const r = parseEpd(`${BOARD} bm Qxa6 e6; id "kiwipete; the second"; c0 "a \\"b\\" c"; c1 "back\\\\slash"; D1 48;`);
  assert.ok(r.ok, !r.ok ? r.error.message : '');
  assert.deepEqual([...r.value.operations], [
    ['bm', 'Qxa6 e6'],
    ['id', 'kiwipete; the second'],
    ['c0', 'a "b" c'],
    ['c1', 'back\\slash'],
    ['D1', '48'],
  ]);
  // python-chess's test_epd: a string left open at the end of the line ends there (`id "`: empty).
  const open = parseEpd(`${BOARD} id "`);
  assert.ok(open.ok && open.value.operations.get('id') === '');
  // A backslash escapes the character after it (PGN §7); at the end of the line there is none, and
  // it is kept as written.
  const trailing = parseEpd(`${BOARD} id "a\\`);
  assert.ok(trailing.ok && trailing.value.operations.get('id') === 'a\\');
  // ERET writes a `-` for each clock it leaves out (python-chess's test_eret_epd).
  const eret = parseEpd('r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - - bm Rxf4; id "ERET 001 - Entlastung";');
  assert.ok(eret.ok, !eret.ok ? eret.error.message : '');
  assert.deepEqual([eret.value.fen, [...eret.value.operations]], [
    'r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - 0 1',
    [['bm', 'Rxf4'], ['id', 'ERET 001 - Entlastung']],
  ]);
});

test('EPD: bad clock operands and bad opcodes are typed errors naming them', () => {
  for (const [line, words] of [
    [`${BOARD} hmvc x;`, "hmvc needs a whole number, not 'x'"],
    [`${BOARD} hmvc -1;`, "hmvc needs a whole number, not '-1'"],
    [`${BOARD} fmvn 0;`, "fmvn needs a whole number from 1, not '0'"],
    // hmvc and fmvn take one integer operand each (PGN §16.2.5, their opcode list): none is no clock.
    [`${BOARD} hmvc;`, "hmvc needs a whole number, not ''"],
    [`${BOARD} bm e4; fmvn ;`, "fmvn needs a whole number from 1, not ''"],
    [`${BOARD} 1bad 3;`, "bad operation '1bad 3'"],
  ] as const) {
    const r = parseEpd(line);
    assert.ok(!r.ok, line);
    assert.equal(r.error.kind, 'fen');
    assert.ok(r.error.message.includes(words), `${line}: ${r.error.message}`);
  }
});

test('EPD: a line with fewer than the four FEN fields is refused as such (PGN §16.2.3), not blamed on clocks it does not hold', () => {
  const [board, turn, castling] = BOARD.split(' ');
  for (const [line, found] of [
    ['', 0],
    [`${board}`, 1],
    [`${board} ${turn}`, 2],
    [`${board} ${turn} ${castling}`, 3],
    [`${board} ${turn} ${castling} ;D1 48`, 3],
  ] as const) {
    const r = parseEpd(line);
    assert.ok(!r.ok, line);
    assert.deepEqual(r.error, {
      kind: 'fen',
      field: 'fen',
      reason: `expected the four FEN fields (board, turn, castling, en passant), found ${found}`,
      message: `invalid EPD: expected the four FEN fields (board, turn, castling, en passant), found ${found}`,
    }, line);
  }
});

test('EPD writing: string opcodes quoted and escaped, operands that would not read back bare quoted, clocks on request', () => {
  const start = readFen(STARTING_FEN);
  assert.ok(start.ok);
  const board = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
  assert.equal(makeEpd(start.value), board);
  assert.equal(
    makeEpd(start.value, [['bm', 'Nf3 Nc3'], ['id', 'test "1"; a\\b'], ['c0', ''], ['acd', ''], ['D1', '20'], ['pm', ' e4']]),
    `${board} bm Nf3 Nc3; id "test \\"1\\"; a\\\\b"; c0 ""; acd; D1 20; pm " e4";`,
  );
  assert.equal(makeEpd(start.value, [['fmvn', '3']], { clocks: true }), `${board} fmvn 3; hmvc 0;`);
  // A string operand's spaces read back as written, the first operation's too (it shares its
  // part of the line, up to the first semicolon, with the FEN fields).
  const spaced: [string, string][] = [['id', 'x  y'], ['c0', '  a\tb  ']];
  const back = parseEpd(makeEpd(start.value, spaced));
  assert.ok(back.ok);
  assert.deepEqual([...back.value.operations], spaced);
  assert.throws(() => makeEpd(start.value, [['1bad', 'x']]), RangeError);
  assert.throws(() => makeEpd(start.value, [['c0', 'two\nlines']]), RangeError);
});

test('EPD writing: the lines of the shared EPD files read back to the same position and operations', () => {
  let lines = 0;
  // The perft suites are fixtures; the positions files are large shared data, read when present.
  const dirs: [string, string][] = [['perft', fixturePath('perft')]];
  if (!noPositions()) dirs.push(['positions', sharedPath('positions')]);
  for (const [dir, path] of dirs) {
    for (const name of readdirSync(path).filter((n) => /\.epd(\.gz)?$/.test(n)).sort()) {
      const all = readText(join(path, name)).split(/\r?\n/);
      // Every line of the perft suites; 5,000 lines spread over each positions file (all with CAISSA_FULL).
      const step = dir === 'perft' || FULL ? 1 : Math.max(1, Math.floor(all.length / 5000));
      for (const [i, line] of all.entries()) {
        if (i % step !== 0 || line.trim() === '') continue;
        const where = `${dir}/${name}:${i + 1}`;
        const first = parseEpd(line);
        assert.ok(first.ok, `${where}: ${!first.ok && first.error.message}`);
        const pos = readFen(first.value.fen, { lenient: true });
        if (!pos.ok) continue;
        const written = makeEpd(pos.value, first.value.operations, { clocks: true });
        const again = parseEpd(written);
        assert.ok(again.ok, `${where}: ${written}: ${!again.ok && again.error.message}`);
        const back = readFen(again.value.fen, { lenient: true });
        assert.ok(back.ok, `${where}: ${written}`);
        assert.equal(makeFen(back.value), makeFen(pos.value), `${where}: ${written}`);
        assert.deepEqual([...again.value.operations].filter(([o]) => o !== 'hmvc' && o !== 'fmvn'), [...first.value.operations].filter(([o]) => o !== 'hmvc' && o !== 'fmvn'), `${where}: ${written}`);
        lines++;
      }
    }
  }
  assert.ok(lines > (noPositions() ? 4_000 : 30_000), `lines: ${lines}`);
});
