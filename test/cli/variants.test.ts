/**
 * `--variant NAME` of perft, moves, san, uci and fen check: the variants' counts, moves and
 * notation in the chess commands' formats, and bad names and inputs as usage or input errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { fenCommand } from '../../src/cli/commands/fen.js';
import { movesCommand } from '../../src/cli/commands/moves.js';
import { perftCommand } from '../../src/cli/commands/perft.js';
import { sanCommand } from '../../src/cli/commands/san.js';
import { uciCommand } from '../../src/cli/commands/uci.js';
import { sharedPath } from '../../src/node/data.js';
import { runCommand } from '../helpers.js';
import { sharedSkip } from '../data.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/perft/variants/', import.meta.url));

test('perft --variant counts each variant from its start, by chessops names and PGN names', async () => {
  const expected: [string, number][] = [
    ['atomic', 8902], ['antichess', 8067], ['crazyhouse', 8902], ['Horde', 1274],
    ['King of the Hill', 8902], ['racingkings', 11264], ['Three-check', 8902], ['chess', 8902],
  ];
  for (const [name, nodes] of expected) {
    const r = await runCommand(perftCommand, ['3', '--variant', name]);
    assert.equal(r.code, 0, name);
    assert.equal(r.out, `Nodes searched: ${nodes}\n`, name);
  }
  const divide = await runCommand(perftCommand, ['2', '--variant', 'crazyhouse', '--fen', '2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1', '--divide']);
  assert.match(divide.out, /^Q@a1: \d+$/m);
  assert.match(divide.out, /Nodes searched: 3083\n$/);
  const json = await runCommand(perftCommand, ['2', '--variant', 'atomic', '--json']);
  assert.match(json.out, /^\{"nodes":400,"ms":\d+,"nps":\d+\}\n$/);
});

test('perft --epd --variant checks a variant suite', async () => {
  const r = await runCommand(perftCommand, ['--epd', `${FIXTURES}3check.epd`, '--variant', '3check', '--max-nodes', '20000']);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /^62 passed, 0 failed$/m);
  // The same file read as another variant fails where the counts differ.
  const wrong = await runCommand(perftCommand, ['--epd', `${FIXTURES}3check.epd`, '--variant', 'kingofthehill', '--max-nodes', '20000']);
  assert.equal(wrong.code, 1);
});

test('perft --variant --threads: the same divide as on one thread, in every variant', async () => {
  const positions: [string, string][] = [
    ['atomic', 'rnbqkb1r/pp1ppppp/5n2/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'],
    ['antichess', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2'],
    ['crazyhouse', 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 2 3'],
    ['horde', 'startpos'],
    ['kingofthehill', 'startpos'],
    ['racingkings', 'startpos'],
    ['3check', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2'],
  ];
  for (const [rules, fen] of positions) {
    for (const depth of ['1', '3']) {
      const one = await runCommand(perftCommand, [depth, '--variant', rules, '--fen', fen, '--divide']);
      const two = await runCommand(perftCommand, [depth, '--variant', rules, '--fen', fen, '--divide', '--threads', '2']);
      assert.equal(one.code, 0, `${rules}: ${one.err}`);
      assert.equal(two.out, one.out, `${rules} depth ${depth}`);
    }
  }
  const json = await runCommand(perftCommand, ['3', '--variant', 'horde', '--threads', '2', '--json']);
  assert.match(json.out, /^\{"nodes":1274,"ms":\d+,"nps":\d+\}\n$/);
});

test('perft --epd --variant on the shared variant suites: every count within 10^5 passes', { skip: sharedSkip('perft', 'variants') }, async () => {
  for (const rules of ['atomic', 'antichess', 'crazyhouse', 'horde', 'kingofthehill', 'racingkings', '3check']) {
    const r = await runCommand(perftCommand, ['--epd', sharedPath('perft', 'variants', `${rules}.epd`), '--variant', rules, '--max-nodes', '100000']);
    assert.equal(r.code, 0, `${rules}: ${r.out}`);
    const m = /^(\d+) passed, 0 failed$/m.exec(r.out);
    assert.ok(m !== null && Number(m[1]) >= 60, `${rules}: ${r.out}`);
  }
});

test('moves, san, uci and fen check take --variant', async () => {
  const drops = await runCommand(movesCommand, ['--variant', 'crazyhouse', '--fen', '2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1']);
  assert.equal(drops.out.split('\n').filter((l) => l.startsWith('Q@')).length, 62);
  const san = await runCommand(sanCommand, ['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 2 3', 'P@d5', 'n@d4', '--variant', 'crazyhouse']);
  assert.equal(san.code, 2, 'a drop in UCI takes the upper-case letter');
  const ok = await runCommand(sanCommand, ['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 2 3', 'P@d5', 'N@d4', 'Nxd4', '--variant', 'crazyhouse']);
  assert.equal(ok.out, 'P@d5 N@d4 Nxd4\n');
  const uci = await runCommand(uciCommand, ['startpos', 'e4', 'd5', 'exd5', '--variant', 'atomic']);
  assert.equal(uci.out, 'e2e4 d7d5 e4d5\n');
  const koth = await runCommand(sanCommand, ['4k3/8/8/8/8/4K3/8/8 w - - 0 1', 'e3e4', '--variant', 'kingofthehill']);
  assert.equal(koth.out, 'Ke4#\n');
  const valid = await runCommand(fenCommand, ['check', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1+0', '--variant', '3check']);
  assert.equal(valid.out, 'valid: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1\n');
  const invalid = await runCommand(fenCommand, ['check', '8/8/8/8/8/8/8/K6k w - - 0 1', '--variant', 'horde']);
  assert.equal(invalid.code, 1);
  assert.equal(invalid.out, 'invalid: kings\n');
});

test('a bad variant name, or options the variants lack, are usage errors', async () => {
  const r = await runCommand(perftCommand, ['1', '--variant', 'shogi']);
  assert.equal(r.code, 2);
  assert.match(r.err, /unknown variant 'shogi'/);
  assert.equal((await runCommand(perftCommand, ['3', '--variant', 'atomic', '--checkpoint', 'x.journal'])).code, 2);
  assert.equal((await runCommand(perftCommand, ['3', '--variant', 'atomic', '--threads', '0'])).code, 2);
  assert.equal((await runCommand(movesCommand, ['--variant', 'atomic', '--fen', '8/8/8/8/8/8/8/8 w - - 0 1'])).code, 2);
});
