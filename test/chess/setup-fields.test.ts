/**
 * `Position.fromSetup` refuses a setup whose side to move or clocks lie outside what a FEN can
 * say (PGN standard §16.1.3.2: `w` or `b`; §16.1.3.5: the halfmove clock a non-negative integer;
 * §16.1.3.6: the fullmove number a positive integer), up to the nine digits `parseFen` reads. A
 * FEN written from such a position is no FEN: chessops' reader refuses it (checked below).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen as opsParseFen } from 'chessops/fen';
import { boardWords } from '../../src/chess/board.js';
import { Position, positionFromRawSetup } from '../../src/chess/position.js';
import { makeFen, parseFen, readFen } from '../../src/notation/fen.js';
import type { Setup } from '../../src/chess/setup.js';

const BASE: Setup = (() => {
  const r = parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  assert.ok(r.ok);
  return r.value;
})();

test('a setup with a side to move other than white or black, or clocks no FEN can write, is refused', () => {
  const bad: [Partial<Setup>, string][] = [
    [{ turn: 0 as unknown as 'white' }, 'the side to move is 0, not white or black'],
    [{ turn: 'White' as 'white' }, 'the side to move is White, not white or black'],
    [{ board: undefined as unknown as Setup['board'] }, 'the board is not a Board'],
    [{ castlingRights: [0, 7] as unknown as Setup['castlingRights'] }, 'the castling rights are not a SquareSet'],
    [{ halfmoves: -5 }, 'halfmoves -5: expected an integer from 0 to 999999999'],
    [{ halfmoves: 1.5 }, 'halfmoves 1.5: expected an integer from 0 to 999999999'],
    [{ halfmoves: NaN }, 'halfmoves NaN: expected an integer from 0 to 999999999'],
    [{ halfmoves: 2 ** 32 }, 'halfmoves 4294967296: expected an integer from 0 to 999999999'],
    [{ fullmoves: 0 }, 'fullmoves 0: expected an integer from 1 to 999999999'],
    [{ fullmoves: -3 }, 'fullmoves -3: expected an integer from 1 to 999999999'],
    [{ fullmoves: 1e9 }, 'fullmoves 1000000000: expected an integer from 1 to 999999999'],
  ];
  for (const [fields, detail] of bad) {
    const setup = { ...BASE, ...fields };
    for (const lenient of [false, true]) {
      const r = Position.fromSetup(setup, { lenient });
      assert.ok(!r.ok, `${detail} accepted (lenient ${lenient}) as ${r.ok ? makeFen(r.value) : ''}`);
      assert.deepEqual(r.error, {
        kind: 'invalidPosition',
        issues: ['invalidSetupField'],
        details: [detail],
        message: `invalid position: ${detail}`,
      });
    }
  }
});

test('the engine form of a setup with a side to move other than 0 or 1 is refused', () => {
  const raw = { placement: boardWords(BASE.board) as Int32Array, castling: 0, epSquare: undefined, halfmoves: 0, fullmoves: 1 };
  for (const turn of [2, -1]) {
    const detail = `turn ${turn}: expected 0 (white) or 1 (black)`;
    for (const lenient of [false, true]) {
      const r = positionFromRawSetup({ ...raw, turn: turn as 0 }, { lenient });
      assert.ok(!r.ok);
      assert.deepEqual(r.error, { kind: 'invalidPosition', issues: ['invalidSetupField'], details: [detail], message: `invalid position: ${detail}` });
    }
  }
});

test('the bounds themselves are read, and what is read writes a FEN that reads back', () => {
  for (const fields of [{ turn: 'black' as const }, { halfmoves: 0, fullmoves: 1 }, { halfmoves: 9999, fullmoves: 9999 }]) {
    const r = Position.fromSetup({ ...BASE, ...fields });
    assert.ok(r.ok, JSON.stringify(fields));
    const fen = makeFen(r.value);
    assert.ok(opsParseFen(fen).isOk, fen); // chessops reads clocks of up to four digits
    const again = readFen(fen);
    assert.ok(again.ok, fen);
    assert.equal(makeFen(again.value), fen);
  }
  const widest = Position.fromSetup({ ...BASE, halfmoves: 999999999, fullmoves: 999999999 });
  assert.ok(widest.ok);
  assert.equal(makeFen(widest.value), '4k3/8/8/8/8/8/8/4K3 w - - 999999999 999999999');
  // The independent reader refuses what was written for the refused setups before.
  assert.ok(!opsParseFen('4k3/8/8/8/8/8/8/4K3 w - - -5 1').isOk);
  assert.ok(!opsParseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 -3').isOk);
});

test('clocks stop at their bound when a move passes it, so a position after any move writes a FEN that reads back', () => {
  // Before, Black's quiet move from 999,999,999 wrote `1000000000 1000000000`, which the reader refuses.
  const r = readFen('4k3/8/8/8/8/8/8/4K3 b - - 999999999 999999999');
  assert.ok(r.ok);
  const quiet = r.value.legalMoves().find((m) => m.uci === 'e8d8')!;
  const nullMove = r.value.playNullMove()!;
  for (const after of [quiet.play(), nullMove]) {
    const fen = makeFen(after);
    assert.equal(fen.split(' ').slice(4).join(' '), '999999999 999999999', fen);
    assert.ok(readFen(fen).ok, fen);
  }
  // Below the bound, the clocks count as ever.
  const below = readFen('4k3/8/8/8/8/8/8/4K3 b - - 999999998 999999998');
  assert.ok(below.ok);
  assert.equal(makeFen(below.value.legalMoves().find((m) => m.uci === 'e8d8')!.play()).split(' ').slice(4).join(' '), '999999999 999999999');
});

test('an en-passant square that is no square is invalid, not truncated to one', () => {
  const r = parseFen('4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1');
  assert.ok(r.ok);
  const e3 = Position.fromSetup(r.value);
  assert.ok(e3.ok);
  assert.equal(e3.value.epSquare, 20);
  for (const epSquare of [20.5, 20 + 1e-9, NaN, Infinity]) {
    const strict = Position.fromSetup({ ...r.value, epSquare });
    assert.ok(!strict.ok, `${epSquare} accepted as ${strict.ok ? makeFen(strict.value, { epSquare: 'always' }) : ''}`);
    assert.deepEqual(strict.error.issues, ['invalidEnPassant']);
    // Lenient reading drops an invalid en-passant square, as it drops one on the wrong rank.
    const lenient = Position.fromSetup({ ...r.value, epSquare }, { lenient: true });
    assert.ok(lenient.ok);
    assert.equal(lenient.value.epSquare, undefined, String(epSquare));
  }
});

test('a FEN clock of more than nine digits is refused with the limit, not as no integer', () => {
  // 99999999999 is a non-negative integer (PGN §16.1.3.5); what refuses it is the nine digits
  // parseFen reads (MAX_CLOCK), and the reason must say so.
  for (const [fen, field] of [
    ['4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1', 'halfmoves'],
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1000000000', 'fullmoves'],
  ] as const) {
    const r = parseFen(fen);
    assert.ok(!r.ok, fen);
    assert.equal(r.error.field, field);
    assert.match(r.error.reason, /at most 9 digits \(up to 999999999\)/, r.error.reason);
    assert.doesNotMatch(r.error.reason, /non-negative integer,/, r.error.reason);
  }
  // Not digits at all is still no integer.
  const x = parseFen('4k3/8/8/8/8/8/8/4K3 w - - x 1');
  assert.ok(!x.ok);
  assert.equal(x.error.reason, "expected a non-negative integer, found 'x'");
});
