/**
 * Fuzz: mutated variant FENs (pockets, `~`, `3+3`, `+1+0`, the pocket as a ninth rank) and
 * random drop SANs and UCIs give typed results, never a throw or a hang; every position a
 * variant accepts plays its moves, writes a FEN that reads back as itself and keeps its key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../../src/core/rng.js';
import { FEN_FIELDS } from '../../../src/notation/fen.js';
import {
  parseVariantSan, parseVariantUci, VARIANT_POSITION_ISSUES, VARIANT_RULES, variantPerft, VariantPosition, type VariantRules,
} from '../../../src/variants/lichess/index.js';
import { FULL, mutateText, testSeed } from '../../helpers.js';

const SEEDS: readonly [VariantRules, string][] = [
  ['crazyhouse', 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QPPnp] w KQkq - 2 3'],
  ['crazyhouse', '4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1'],
  ['crazyhouse', 'r1b1k2r/ppp2ppp/2n5/3q4/1b1P4/2N2N2/PP3PPP/R1BQKB1R/PNpp w KQkq - 0 9'],
  ['3check', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2'],
  ['3check', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0'],
  ['atomic', 'rnbqkb1r/pp1ppppp/5n2/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'],
  ['antichess', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2'],
  ['horde', 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'],
  ['kingofthehill', 'rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2'],
  ['racingkings', '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1'],
];
const ALPHABET = 'pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123+[]~e3';
const SAN_ALPHABET = 'PNBRQK@abcdefgh12345678x=+#-O0 ~';
const COUNT = FULL ? 100000 : 20000;

test(`${COUNT} mutated variant FENs give typed results; accepted ones play, write and read back`, () => {
  const rng = new Rng(testSeed(4242));
  let accepted = 0;
  for (let i = 0; i < COUNT; i++) {
    const [seedRules, seedFen] = SEEDS[i % SEEDS.length]!;
    const fen = mutateText(rng, seedFen, ALPHABET);
    // Read as its own variant, and now and then as another.
    const rules = i % 7 === 0 ? VARIANT_RULES[rng.below(VARIANT_RULES.length)]! : seedRules;
    const read = VariantPosition.fromFen(rules, fen);
    if (!read.ok) {
      const e = read.error;
      if (e.kind === 'fen') assert.ok(([...FEN_FIELDS, 'fen'] as string[]).includes(e.field), fen);
      else {
        assert.equal(e.kind, 'invalidPosition');
        assert.ok(e.issues.length > 0 && e.issues.every((issue) => (VARIANT_POSITION_ISSUES as readonly string[]).includes(issue)), fen);
      }
      assert.ok(e.message.length > 0);
      continue;
    }
    accepted++;
    const pos = read.value;
    const again = VariantPosition.fromFen(rules, pos.fen());
    assert.ok(again.ok, `${rules} ${fen} → ${pos.fen()}`);
    assert.equal(again.value.fen(), pos.fen(), `${rules} ${fen}`);
    assert.equal(again.value.key(), pos.key(), `${rules} ${fen}`);
    assert.equal(variantPerft(pos, 2), pos.legalMoves().reduce((n, m) => n + m.play().countLegalMoves(), 0), `${rules} ${fen}`);
    pos.outcome();
  }
  assert.ok(accepted > COUNT / 50, `${accepted} accepted`);
});

test(`${COUNT} random SANs and UCIs, drops among them, give typed results`, () => {
  const rng = new Rng(testSeed(777));
  const positions = SEEDS.map(([rules, fen]) => VariantPosition.fromFen(rules, fen)).filter((r) => r.ok).map((r) => r.value);
  assert.equal(positions.length, SEEDS.length);
  let played = 0;
  for (let i = 0; i < COUNT; i++) {
    const pos = positions[i % positions.length]!;
    const length = 1 + rng.below(8);
    let text = '';
    for (let k = 0; k < length; k++) text += SAN_ALPHABET[rng.below(SAN_ALPHABET.length)];
    // Half of them shaped as drops.
    if (i % 2 === 0) text = `${'PNBRQK'[rng.below(6)]}@${'abcdefghi'[rng.below(9)]}${rng.below(10)}`;
    const san = parseVariantSan(pos, text);
    if (san.ok) {
      played++;
      assert.ok(pos.legalMoves().some((m) => m.code === san.value.code), text);
    } else {
      assert.ok(['syntax', 'illegal', 'ambiguous'].includes(san.error.kind), `${text}: ${san.error.kind}`);
      assert.ok(san.error.message.length > 0);
    }
    const uci = parseVariantUci(pos, text);
    if (!uci.ok) assert.ok(['syntax', 'illegal'].includes(uci.error.kind), `${text}: ${uci.error.kind}`);
  }
  assert.ok(played > 0, 'some drops play');
});
