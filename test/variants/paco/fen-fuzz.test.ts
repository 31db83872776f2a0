/**
 * Fuzz: 20,000 mutated Paco Ŝako FENs (from the reference's random positions) give a typed error
 * naming the field, or a state whose written FEN reads back and writes again to that same FEN
 * (the accepted input itself is not compared with it), whose Ŝako the pruned (reverse amazon)
 * search and the exhaustive search agree on, and that plays on without a throw.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../../src/core/rng.js';
import { legalActions } from '../../../src/variants/paco/actions.js';
import { parsePacoFen, writePacoFen } from '../../../src/variants/paco/fen.js';
import { pacoOutcome } from '../../../src/variants/paco/game.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { checkSako, lastSearchExceeded, setSakoStateLimit } from '../../../src/variants/paco/sako.js';
import { mutateText, testSeed } from '../../helpers.js';
import { loadPaco } from './helpers.js';

const FIELDS = new Set(['fen', 'board', 'hand', 'turn', 'counter', 'castling', 'enPassant', 'lastUnion']);
const ALPHABET = 'prnbqkPRNBQKacdefghijlmostuACDEFGHIJLMOSTUvwxyz12345678/ -^0123456789';

test('20,000 mutated Paco Ŝako FENs: typed errors, or states whose written FEN is stable, agree on Ŝako and play on', () => {
  const fens: string[] = loadPaco('sako_random_positions.json').positions.map((p: { fen: string }) => p.fen);
  const rng = new Rng(testSeed(77));
  const actions = new Int32Array(1024);
  let accepted = 0;
  let sakoCompared = 0;
  setSakoStateLimit(100_000);
  try {
    for (let n = 0; n < 20000; n++) {
      const fen = mutateText(rng, fens[rng.below(fens.length)]!, ALPHABET, 3);
      const r = parsePacoFen(fen);
      if (!r.ok) {
        assert.equal(r.error.kind, 'fen', fen);
        assert.ok(FIELDS.has(r.error.field), fen);
        assert.ok(r.error.message.length > 0, fen);
        continue;
      }
      accepted++;
      const s = r.value;
      const written = writePacoFen(s);
      const back = parsePacoFen(written);
      assert.ok(back.ok, `${fen} → ${written}`);
      assert.equal(writePacoFen(back.value), written, fen);
      for (const side of [0, 1]) {
        const amazon = checkSako(s, side, 'amazon');
        const amazonCapped = lastSearchExceeded();
        const exhaustive = checkSako(s, side, 'exhaustive');
        if (!amazon.ok || !exhaustive.ok) {
          assert.equal(amazon.ok, exhaustive.ok, fen);
          continue;
        }
        if (amazonCapped || lastSearchExceeded()) continue;
        assert.equal(amazon.value, exhaustive.value, `Ŝako of side ${side}: ${fen}`);
        sakoCompared++;
      }
      for (let ply = 0; ply < 30 && pacoOutcome(s) === undefined; ply++) {
        const count = legalActions(s, actions);
        if (count === 0) break;
        applyActionUnchecked(s, actions[rng.below(count)]!);
      }
    }
  } finally {
    setSakoStateLimit(0);
  }
  assert.ok(accepted > 1000, `only ${accepted} accepted: the mutations are too destructive`);
  assert.ok(sakoCompared > 2000, `${sakoCompared} Ŝako answers compared`);
});
