/**
 * Fuzz: 20,000 mutated progressive positions (the FRI course's problems and the full text form)
 * give a typed error naming the field, or a position whose written text reads back (leniently)
 * and writes again to that same text, and that plays on without a throw. The accepted input is
 * not compared with the written text: a mutation may be read in a form the writer normalises.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../../src/core/rng.js';
import { readText } from '../../../src/node/data.js';
import { progressiveGame } from '../../../src/variants/progressive/game.js';
import type { ProgressivePosition } from '../../../src/variants/progressive/position.js';
import { ok, type Result } from '../../../src/core/result.js';
import { makeProgressive, parseCourseProblem, parseProgressive, type ProgressiveTextError } from '../../../src/variants/progressive/text.js';
import { mutateText, testSeed } from '../../helpers.js';
import { fixturePath } from '../../data.js';

const ALPHABET = 'pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789italnscoh960';
const FULL_FORMS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1 1 italian',
  'r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 3 3 2 scottish',
  'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq c6e3 1 3 3',
  'rqnnkbbr/pppppppp/8/8/8/8/PPPPPPPP/RQNNKBBR w KQkq - 1 1 1 italian chess960',
];

/** The position of a course problem line. */
function courseStart(line: string): Result<ProgressivePosition, ProgressiveTextError> {
  const r = parseCourseProblem(line);
  return r.ok ? ok(r.value.position) : r;
}

test('20,000 mutated progressive positions: typed errors, or positions whose written text is stable and that play on', () => {
  const course = readText(fixturePath('progressive', 'fri-problems.csv')).split('\n').slice(1).filter((l) => l !== '').map((l) => l.split(',')[1]!);
  const rng = new Rng(testSeed(41));
  const actions = new Int32Array(4096);
  let state = progressiveGame.newState();
  let next = progressiveGame.newState();
  let accepted = 0;
  for (let n = 0; n < 20000; n++) {
    const isCourse = n % 2 === 0;
    const text = mutateText(rng, isCourse ? course[rng.below(course.length)]! : FULL_FORMS[rng.below(FULL_FORMS.length)]!, ALPHABET, 2);
    const r = isCourse ? courseStart(text) : parseProgressive(text);
    if (!r.ok) {
      assert.ok(['fen', 'invalidPosition', 'progressive'].includes(r.error.kind), text);
      assert.ok(r.error.message.length > 0, text);
      continue;
    }
    accepted++;
    const pos = r.value;
    const written = makeProgressive(pos);
    const back = parseProgressive(written, { lenient: true });
    assert.ok(back.ok, `${text} → ${written}`);
    assert.equal(makeProgressive(back.value), written, text);
    state.set(pos.words);
    for (let ply = 0; ply < 40 && progressiveGame.outcome(state) === undefined; ply++) {
      const count = progressiveGame.legalActions(state, actions);
      if (count === 0) break;
      progressiveGame.play(state, actions[rng.below(count)]!, next);
      [state, next] = [next, state];
    }
  }
  assert.ok(accepted > 500, `only ${accepted} accepted: the mutations are too destructive`);
});
