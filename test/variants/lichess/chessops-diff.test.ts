/**
 * The variants against chessops (`chessops/variant`, GPL, a dev-dependency used as a reference
 * only) over random play: at every position of ≥ 10,000 per variant (40,000 with CAISSA_FULL),
 * the same legal moves (origin–target pairs, castling as king takes rook, drops by role and
 * square, and the count with promotions), the same check, the same outcome (winner, or none),
 * and the same FEN (pockets, promoted pieces, remaining checks, castling, legal en passant, clocks);
 * and the same SAN (suffixes included; chessops writes a pawn drop `@e4`, lichess and we `P@e4`),
 * each side reading the other's back to the same move: every move of every 8th position, and the
 * move played at every position.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setupPosition } from 'chessops/variant';
import { parseFen as opsParseFen, makeFen as opsMakeFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
import { makeSan as opsMakeSan, parseSan as opsParseSan } from 'chessops/san';
import type { Position as OpsPosition } from 'chessops/chess';
import type { Move as OpsMove, Role as OpsRole } from 'chessops/types';
import { Rng } from '../../../src/core/rng.js';
import { makeVariantSan, parseVariantSan, VariantPosition, VARIANT_RULES, type VariantMove, type VariantRules } from '../../../src/variants/lichess/index.js';
import { FULL, testSeed } from '../../helpers.js';

const POSITIONS = FULL ? 40_000 : 10_000;
const MAX_PLIES = 300;

function opsPosition(rules: VariantRules, fen: string): OpsPosition {
  const setup = opsParseFen(fen);
  if (setup.isErr) throw new Error(`chessops cannot read ${fen}: ${setup.error.message}`);
  const pos = setupPosition(rules, setup.value);
  if (pos.isErr) throw new Error(`chessops refuses ${fen}: ${pos.error.message}`);
  return pos.value;
}

/** Our legal moves as chessops' dests: `from-to` (castling to the rook), drops as `R@to`. */
function ourDests(moves: readonly VariantMove[]): string[] {
  const out = new Set<string>();
  for (const m of moves) out.add(m.drop !== undefined ? `${m.drop}@${m.to}` : `${m.from}-${m.castlingRook ?? m.to}`);
  return [...out].sort();
}

function opsDests(pos: OpsPosition): string[] {
  const out: string[] = [];
  const ctx = pos.ctx();
  for (const [from, tos] of pos.allDests(ctx)) for (const to of tos) out.push(`${from}-${to}`);
  if (pos.pockets) {
    const drops = pos.dropDests(ctx);
    for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen'] as const) {
      if (pos.pockets[pos.turn][role] <= 0) continue;
      for (const to of drops) {
        if (role === 'pawn' && (to < 8 || to >= 56)) continue;
        out.push(`${role}@${to}`);
      }
    }
  }
  return out.sort();
}

/**
 * A FEN with the pocket's letters sorted and the halfmove clock capped at 150: chessops writes the
 * pocket pawns first (we write queens first, as lichess' examples do) and stops its clock at 150
 * in `toSetup`.
 */
function normalFen(fen: string): string {
  const fields = fen.split(' ');
  fields[0] = fields[0]!.replace(/\[([A-Za-z]*)\]/, (_, p: string) => `[${[...p].sort().join('')}]`);
  const h = fields.length - 2;
  fields[h] = String(Math.min(Number(fields[h]), 150));
  return fields.join(' ');
}

/** Our SAN against chessops', and each read back by the other. */
function checkSan(ops: OpsPosition, move: VariantMove, where: string): void {
  const ours = makeVariantSan(move);
  const theirs = opsMakeSan(ops, opsMove(move)).replace(/^@/, 'P@');
  assert.equal(ours, theirs, `SAN of ${move.uci} in ${where}`);
  const back = parseVariantSan(move.position, theirs);
  assert.ok(back.ok && back.value.code === move.code, `${theirs} read back in ${where}`);
  // Fields left undefined (chessops' `promotion` of a normal move) do not count.
  const plain = (m: OpsMove | undefined): string => JSON.stringify(m);
  assert.equal(plain(opsParseSan(ops, ours)), plain(opsMove(move)), `chessops reads ${ours} in ${where}`);
}

function opsMove(m: VariantMove): OpsMove {
  if (m.drop !== undefined) return { role: m.drop as OpsRole, to: m.to };
  const move = { from: m.from, to: m.castlingRook ?? m.to };
  return m.promotion === undefined ? move : { ...move, promotion: m.promotion as OpsRole };
}

for (const [index, rules] of VARIANT_RULES.entries()) {
  test(`${rules}: random play agrees with chessops on moves, check, outcome and FEN`, () => {
    const rng = new Rng(testSeed(4200 + index));
    let positions = 0;
    let ended = 0;
    let checks = 0;
    while (positions < POSITIONS) {
      let pos = VariantPosition.default(rules);
      const ops = opsPosition(rules, pos.fen());
      for (let ply = 0; ply < MAX_PLIES && positions < POSITIONS; ply++) {
        positions++;
        const where = `${rules} ${pos.fen()}`;
        assert.equal(normalFen(pos.fen()), normalFen(opsMakeFen(ops.toSetup())), `FEN after ${ply} plies`);
        const moves = pos.legalMoves();
        assert.deepEqual(ourDests(moves), opsDests(ops), `moves of ${where}`);
        assert.equal(moves.length, opsPerft(ops, 1, false), `move count of ${where}`);
        assert.equal(pos.countLegalMoves(), moves.length, `counted moves of ${where}`);
        assert.equal(pos.isCheck(), ops.isCheck(), `check in ${where}`);
        if (pos.isCheck()) checks++;
        const ours = pos.outcome();
        const theirs = ops.outcome();
        assert.equal(ours === undefined, theirs === undefined, `outcome of ${where}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
        if (ours !== undefined) {
          const winner = ours.winner;
          assert.equal(winner, theirs!.winner, `winner of ${where}`);
          ended++;
          break;
        }
        if (moves.length === 0) break;
        if (positions % 8 === 0) for (const m of moves) checkSan(ops, m, where);
        const move = moves[rng.below(moves.length)]!;
        checkSan(ops, move, where);
        ops.play(opsMove(move));
        pos = move.play();
      }
    }
    // The walk must have reached the variant's ends and checks, not only openings.
    assert.ok(ended >= 5, `${ended} games ended`);
    if (rules !== 'antichess' && rules !== 'racingkings') assert.ok(checks >= 50, `${checks} checks`);
  });
}
