/**
 * EPD lines (PGN standard §16.2): the four FEN fields, operations ended by semicolons, the
 * clocks as the `hmvc` and `fmvn` operations (0 and 1 when absent), or as the two FEN fields
 * that perft suites write. Expected values are written out by hand from the standard.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEpd } from '../../src/notation/epd.js';

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
    [`${BOARD} 1bad 3;`, "bad operation '1bad 3'"],
  ] as const) {
    const r = parseEpd(line);
    assert.ok(!r.ok, line);
    assert.equal(r.error.kind, 'fen');
    assert.ok(r.error.message.includes(words), `${line}: ${r.error.message}`);
  }
});
