/**
 * Mutated PGN snippets for fuzzing the readers: seed games that cover the grammar (tags with
 * escapes, Chess960 and FEN starts, games without tags or blank lines, `;` comments, `e.p.`,
 * escape lines, variations, glyphs, typographic forms), and random edits drawn from an alphabet
 * of the grammar's characters and their typographic forms (an en dash, a non-breaking hyphen, a
 * minus, ½, a glyph, spaces beyond ASCII).
 */
import type { Rng } from '../../src/core/rng.js';

export const SEEDS = [
  '[Event "A \\"quoted\\""]\n[Site "?"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {Ruy} a6 (3... Nf6 4. O-O $1) 4. Ba4 Nf6 5. O-O Be7 1-0\n',
  '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n[SetUp "1"]\n\n1. O-O O-O-O 2. Rab1 Rd2 3. Kh1 Rhd8 *\n',
  '[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n9. O-O O-O 10. e4 *\n',
  '1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 5.e3 O-O 6.Nf3 Nbd7 7.Rc1 c6 8.Bd3 dxc4 9.Bxc4 Nd5 1/2-1/2\r\n[Event "B"]\r\n1.e4 c5 ; comment\r\n2.Nf3 d6 0-1',
  '[Event "ep"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 4. d4 Qe7+ 5. Be2 Qxe2+ 6. Kxe2 Ng4 7. h3 Nxf2 8. Kxf2 Bxh3 9. a4 Bxg2 10. a5 b5 11. axb6 a5 12. b7 a4 13. bxa8=Q a3 14. Qxb8+ *\n',
  '% escape\n[Event "V"]\n{start} 1. e4!? (1. d4 (1. c4 c5) d5) 1... e5?! 2. Nf3!! Nc6?? $14 {x} (2... d6 {y}) 3. Bc4 *\n',
  '[Variant "Atomic"]\n\n1. e4 e5 *\n\n[Event "z"]\n1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kf4 Kf6 5. Kg4 Kg6 6. Kh4 Kh6 *',
  '[Result "\u00bd-\u00bd"]\n\n1. e4 \u2a71 d5 2. exd5 \u203c e5 3. dxe6ep Nf6 4. Nf3 Be7 5. Be2 O\u2011O 6. O\u2013O +\u2212 \u00bd\u2013\u00bd\n',
];
// With typographic forms (typography.ts): an en dash, a non-breaking hyphen, a minus, ½ and a glyph.
const ALPHABET = '[]{}()";%$!?.*-=+#/\\ \n\r\t0123456789abcdefghNBRQKOxPpqrnbke@Z~\u00e9\u2013\u2011\u2212\u00bd\u2a71\u00a0\ufeff\u3000';

/** `s` after one to four random edits: a character replaced, inserted, a run deleted, duplicated, the text cut, or spliced with a seed. */
export function mutate(rng: Rng, s: string): string {
  const ops = 1 + rng.below(4);
  for (let k = 0; k < ops; k++) {
    const i = rng.below(s.length + 1);
    switch (rng.below(6)) {
      case 0: // replace a character
        s = s.slice(0, i) + ALPHABET[rng.below(ALPHABET.length)]! + s.slice(i + 1);
        break;
      case 1: // insert one
        s = s.slice(0, i) + ALPHABET[rng.below(ALPHABET.length)]! + s.slice(i);
        break;
      case 2: // delete a run
        s = s.slice(0, i) + s.slice(i + 1 + rng.below(8));
        break;
      case 3: {
        // duplicate a run elsewhere
        const j = rng.below(s.length + 1);
        s = s.slice(0, i) + s.slice(j, j + rng.below(30)) + s.slice(i);
        break;
      }
      case 4: // truncate
        s = s.slice(0, i);
        break;
      default: // splice two seeds
        s = s.slice(0, i) + SEEDS[rng.below(SEEDS.length)]!.slice(rng.below(60));
    }
  }
  return s;
}
