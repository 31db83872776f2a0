/**
 * Comment commands (`parseCommentCommands`, `makeCommentCommands`) against chessops' `parseComment`
 * (dev-dependency, an independent implementation) on the comments of real files: every comment of
 * the tricky folder, of the lichess Chess960 and From Position files, and an eighth of the lichess
 * standard file's (all with CAISSA_FULL); then our writer, read back by us and by chessops.
 * The comments are cut from the raw text (`{…}`), not by our PGN reader.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseComment as opsParseComment } from 'chessops/pgn';
import { sharedPath } from '../../src/node/data.js';
import { makeCommentCommands, parseCommentCommands, type CommentCommands, type CommentShape } from '../../src/notation/pgn-comment.js';
import { Rng } from '../../src/core/rng.js';
import { FULL, mutateText, testSeed } from '../helpers.js';
import { fixturePath, sharedSkip } from '../data.js';

/** The `{…}` comments of a text (a `{` inside a `;` comment or a tag value gives a stray one: any text is input). */
function braceComments(text: string, keep: (i: number) => boolean = () => true): string[] {
  const out: string[] = [];
  let i = 0;
  for (let open = text.indexOf('{'); open >= 0; open = text.indexOf('{', open + 1)) {
    const close = text.indexOf('}', open + 1);
    if (close < 0) break;
    if (keep(i++)) out.push(text.slice(open + 1, close));
    open = close;
  }
  return out;
}

function trickyComments(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.pgn$/i.test(name)) out.push(...braceComments(readFileSync(path, 'latin1')));
    }
  };
  walk(fixturePath('pgn', 'tricky'));
  return out;
}

const gz = (name: string): string => gunzipSync(readFileSync(sharedPath('games', name))).toString('utf8');

/** Why the tests that need the lichess files (large shared data) are skipped; false: they run. */
const noGames = sharedSkip('games');

/**
 * Real comments: the tricky folder, the small lichess files whole, an eighth of the standard file's
 * (in runs of 40 comments: a game's stretch). Without the lichess files, the tricky folder's alone.
 */
const COMMENTS: string[] = [
  ...trickyComments(),
  ...(noGames
    ? []
    : [
        ...braceComments(gz('lichess-chess960-370.pgn.gz')),
        ...braceComments(gz('lichess-from-position-440.pgn.gz')),
        ...braceComments(gz('lichess-standard-13k.pgn.gz'), (i) => FULL || Math.floor(i / 40) % 8 === 0),
      ]),
];

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The shapes in the order our writer puts them: squares first, then arrows. */
const writtenOrder = (shapes: readonly CommentShape[]): CommentShape[] => [...shapes.filter((s) => s.from === s.to), ...shapes.filter((s) => s.from !== s.to)];

/**
 * Our reading and chessops' agree on every command chessops knows; `%egt`, which it does not
 * read, stays in its text. chessops reads a list of squares or arrows only with no space after
 * its commas, where we read `[%csl Yd4, Ye5]` (the tricky folder has some): it gets the lists
 * without those spaces.
 */
function assertSameAsChessops(comment: string, ours: CommentCommands, label: string): void {
  const ops = opsParseComment(comment.replace(/\[%c[sa]l [^\]]*\]/g, (list) => list.replace(/,\s+/g, ',')));
  assert.equal(ours.clock, ops.clock, `${label}: clock of ${JSON.stringify(comment)}`);
  assert.equal(ours.emt, ops.emt, `${label}: emt of ${JSON.stringify(comment)}`);
  const e = ours.evaluation;
  const oe = ops.evaluation;
  assert.equal(e === undefined, oe === undefined, `${label}: evaluation of ${JSON.stringify(comment)}`);
  if (e !== undefined && oe !== undefined) {
    assert.deepEqual(['mate' in e ? e.mate : undefined, 'pawns' in e ? e.pawns : undefined, e.depth], [
      'mate' in oe ? oe.mate : undefined,
      'pawns' in oe ? oe.pawns : undefined,
      oe.depth,
    ]);
  }
  assert.deepEqual(
    ours.shapes.map((s) => [s.color, s.from, s.to]),
    ops.shapes.map((s) => [s.color, s.from, s.to]),
    `${label}: shapes of ${JSON.stringify(comment)}`,
  );
  const opsText = ours.egt === undefined ? ops.text : ops.text.replace(/\[%egt [^\]]*\]/g, ' ');
  assert.equal(collapse(ours.text), collapse(opsText), `${label}: text of ${JSON.stringify(comment)}`);
}

test('the real comments are read as chessops reads them', { skip: noGames }, () => {
  const seen = { clock: 0, emt: 0, egt: 0, evaluation: 0, mate: 0, shapes: 0, text: 0 };
  for (const c of COMMENTS) {
    const ours = parseCommentCommands(c);
    assertSameAsChessops(c, ours, 'read');
    if (ours.clock !== undefined) seen.clock++;
    if (ours.emt !== undefined) seen.emt++;
    if (ours.egt !== undefined) seen.egt++;
    if (ours.evaluation !== undefined) seen.evaluation++;
    if (ours.evaluation !== undefined && 'mate' in ours.evaluation) seen.mate++;
    if (ours.shapes.length > 0) seen.shapes++;
    if (ours.text !== '') seen.text++;
  }
  // The files hold every kind of command: a reader that read none of one kind would pass the comparison above only if chessops did the same.
  for (const [kind, n] of Object.entries(seen)) assert.ok(n > 0, `no comment with ${kind} among ${COMMENTS.length}`);
  assert.ok(seen.clock > 100_000, `clocks read: ${seen.clock}`);
});

test('what we write is read back the same, by us and by chessops', () => {
  for (const c of COMMENTS) {
    const ours = parseCommentCommands(c);
    const written = makeCommentCommands(ours);
    const again = parseCommentCommands(written);
    assert.deepEqual(again, { ...ours, shapes: writtenOrder(ours.shapes) }, `round trip of ${JSON.stringify(c)} via ${JSON.stringify(written)}`);
    assertSameAsChessops(written, again, 'written');
  }
});

test('commands: values, fractions, repeats, and what stays text', () => {
  const p = parseCommentCommands;
  assert.deepEqual(p('Good move [%eval 0.17,20] [%clk 0:03:00]'), { text: 'Good move', shapes: [], evaluation: { pawns: 0.17, depth: 20 }, clock: 180 });
  assert.deepEqual(p('[%clk 1:02:03.25]'), { text: '', shapes: [], clock: 3723.25 });
  assert.deepEqual(p('[%emt 00:00:07] [%egt 1:25:42]'), { text: '', shapes: [], emt: 7, egt: 5142 });
  assert.deepEqual(p('[%eval #-3]'), { text: '', shapes: [], evaluation: { mate: -3 } });
  assert.deepEqual(p('[%eval -.5]').evaluation, { pawns: -0.5 });
  // Zero has no side: `#-0` (the side to move is mated) and `-0.00` read as 0, as they are written
  // back (seed 376 of the fuzz below wrote `#-0` as `#0`, which read back as another value).
  for (const zero of ['#-0', '#+0', '-0.00', '-.0']) {
    const e = p(`[%eval ${zero}]`).evaluation;
    assert.ok(e !== undefined && Object.is('mate' in e ? e.mate : e.pawns, 0), zero);
  }
  // A command given twice counts once, the last; shapes add up, squares and arrows in either command.
  assert.equal(p('[%clk 0:01:00] [%clk 0:00:59]').clock, 59);
  assert.deepEqual(p('[%eval 1.00] [%eval #2,30]').evaluation, { mate: 2, depth: 30 });
  assert.deepEqual(p('[%csl Ga1] [%cal Re2e4, Yh8]').shapes, [
    { color: 'green', from: 0, to: 0 },
    { color: 'red', from: 12, to: 28 },
    { color: 'yellow', from: 63, to: 63 },
  ]);
  // Text on both sides of a command is kept, joined by one space.
  assert.equal(p('  before [%clk 0:00:10]after  ').text, 'before after');
  // Unknown commands and values that do not read stay in the text as written.
  for (const c of ['[%ts 1700000000000]', '[%clk 3:00]', '[%eval mate]', '[%csl Xa1]', '[%cal Ga9a1]', '[%clk]', '[% clk 0:00:01]', '[%clk 0:00:01']) {
    assert.deepEqual(p(c), { text: c, shapes: [] }, c);
  }
});

test('long comments: a command left open before a long run of spaces (linear time), a list of 300,000 squares', () => {
  const open = `[%clk${' '.repeat(300_000)}x`;
  assert.deepEqual(parseCommentCommands(open), { text: open.trim(), shapes: [] });
  const many = '[%clk 0:00:01] '.repeat(50_000) + '[%eval 0.5';
  assert.equal(parseCommentCommands(many).clock, 1);
  const squares = `[%csl ${Array<string>(300_000).fill('Ga1').join(',')}]`;
  assert.equal(parseCommentCommands(squares).shapes.length, 300_000);
});

/** What reading back what we write of `c` gives: shapes in the order written, pawns to two decimals (`0.709` comes back as 0.71). */
function asWritten(c: CommentCommands): CommentCommands {
  const e = c.evaluation;
  const evaluation = e !== undefined && 'pawns' in e ? { ...e, pawns: Number(e.pawns.toFixed(2)) } : e;
  // Times are written to the millisecond (`[%clk 1:00:00.5174]` reads back as 3600.517).
  const times: { -readonly [K in 'clock' | 'emt' | 'egt']?: number } = {};
  for (const key of ['clock', 'emt', 'egt'] as const) if (c[key] !== undefined) times[key] = Math.round(c[key] * 1000) / 1000;
  return { ...c, ...(e === undefined ? {} : { evaluation }), ...times, shapes: writtenOrder(c.shapes) };
}

/**
 * The rule for a command nested in another, written the slow and plain way: read the commands
 * not nested (a value holds no bracket), cut them out, and read again what is left, until a
 * reading cuts nothing. Only the text is compared: when a command is given twice, which one the
 * passes read last is not the order of their closing brackets.
 */
function textLeftByRepeatedPasses(comment: string): string {
  for (;;) {
    const pieces: string[] = [];
    let last = 0;
    for (const m of comment.matchAll(/\[%([A-Za-z]+)\s([^[\]]*)\]/g)) {
      const alone = parseCommentCommands(m[0]);
      if (alone.text !== '') continue;
      pieces.push(comment.slice(last, m.index).trim());
      last = m.index + m[0].length;
    }
    if (last === 0) return comment.trim();
    pieces.push(comment.slice(last).trim());
    comment = pieces.filter((p) => p !== '').join(' ');
  }
}

test('a command nested in another: both are read, as cutting the inner one leaves the outer whole (seed 293)', () => {
  const p = parseCommentCommands;
  assert.deepEqual(p(' [%eval -1.67 [%clk 0:01:33] ]'), { text: '', shapes: [], clock: 93, evaluation: { pawns: -1.67 } });
  assert.deepEqual(p('[%csl [%clk 0:00:05]Ga1]'), { text: '', shapes: [{ color: 'green', from: 0, to: 0 }], clock: 5 });
  // The join is one space: `-1.67` and `5` do not make `-1.675`; a `[` then a space opens nothing.
  assert.deepEqual(p('[%eval -1.67[%clk 0:01:33]5]'), { text: '[%eval -1.67 5]', shapes: [], clock: 93 });
  assert.deepEqual(p('[[%clk 0:00:01]%eval 1]'), { text: '[ %eval 1]', shapes: [], clock: 1 });
  // An outer command that does not read stays text, and so does all before its `]`.
  assert.deepEqual(p('[%eval [%clk 0:00:01] x] [%clk 0:00:02]'), { text: '[%eval x]', shapes: [], clock: 2 });
  // The last to close counts.
  assert.deepEqual(p('[%eval 1 [%eval 2] ] [%eval 3]').evaluation, { pawns: 3 });
  assert.deepEqual(p('[%eval 1 [%eval 2] ]').evaluation, { pawns: 1 });
  // Deeply nested, in linear time (repeated passes would take 100,000 of them here).
  const deep = '[%eval 1 '.repeat(100_000) + '[%clk 0:00:01]' + ' ]'.repeat(100_000);
  assert.deepEqual(p(deep), { text: '', shapes: [], clock: 1, evaluation: { pawns: 1 } });
});

/** Commands with commands nested in their values (anywhere, even inside a number), some left open, among stray text. */
function randomNest(rng: Rng, depth: number): string {
  const commands: readonly (readonly [string, readonly string[]])[] = [
    ['eval', ['-1.67', '#2', '0.5,20']],
    ['clk', ['0:01:33', '1:00:00.5']],
    ['csl', ['Ga1', 'Ga1,Rb2']],
    ['cal', ['Re2e4']],
    ['ts', ['17']],
  ];
  const stray = ['[', ']', '%', ' ', '  ', 'x', '\n', ','];
  let out = '';
  for (let n = rng.below(4); n > 0; n--) {
    if (depth >= 4 || rng.below(3) === 0) {
      out += stray[rng.below(stray.length)]!;
      continue;
    }
    const [name, values] = commands[rng.below(commands.length)]!;
    const value = values[rng.below(values.length)]!;
    const cut = rng.below(value.length + 1);
    const space = rng.below(3) === 0 ? ' ' : '';
    out += `[%${name} ${value.slice(0, cut)}${space}${randomNest(rng, depth + 1)}${space}${value.slice(cut)}${rng.below(8) === 0 ? '' : ']'}`;
  }
  return out;
}

test('random nests of commands: the text left is what repeated passes leave, holds no command, and reads back the same', () => {
  const rng = new Rng(testSeed(37));
  for (let i = 0; i < (FULL ? 200_000 : 20_000); i++) {
    const c = randomNest(rng, 0);
    const ours = parseCommentCommands(c);
    assert.equal(ours.text, textLeftByRepeatedPasses(c), JSON.stringify(c));
    assert.deepEqual(parseCommentCommands(ours.text), { text: ours.text, shapes: [] }, JSON.stringify(c));
    assert.deepEqual(parseCommentCommands(makeCommentCommands(ours)), asWritten(ours), JSON.stringify(c));
  }
});

test('writing: times, evaluations, shapes; a value that cannot be written is a RangeError', () => {
  const m = makeCommentCommands;
  assert.equal(m({ text: 'x', clock: 180, evaluation: { pawns: 0.5, depth: 18 } }), 'x [%eval 0.50,18] [%clk 0:03:00]');
  assert.equal(m({ clock: 3723.25, emt: 0.1 }), '[%emt 0:00:00.1] [%clk 1:02:03.25]');
  assert.equal(m({ clock: 59.9996 }), '[%clk 0:01:00]');
  assert.equal(m({ evaluation: { mate: -2 } }), '[%eval #-2]');
  assert.equal(m({ shapes: [{ color: 'blue', from: 12, to: 28 }, { color: 'green', from: 0, to: 0 }] }), '[%csl Ga1] [%cal Be2e4]');
  assert.equal(m({}), '');
  assert.throws(() => m({ clock: -1 }), RangeError);
  assert.throws(() => m({ emt: Number.NaN }), RangeError);
  assert.throws(() => m({ evaluation: { pawns: Infinity } }), RangeError);
  assert.throws(() => m({ evaluation: { mate: 1.5 } }), RangeError);
  assert.throws(() => m({ evaluation: { pawns: 0, depth: -1 } }), RangeError);
  assert.throws(() => m({ shapes: [{ color: 'purple' as 'red', from: 0, to: 0 }] }), RangeError);
  assert.throws(() => m({ shapes: [{ color: 'red', from: 64, to: 64 }] }), RangeError);
});

test('fuzz: mutated comments never throw, and what is read is written and read back the same', () => {
  const rng = new Rng(testSeed(31));
  const sample = COMMENTS.filter((c) => c.includes('[%'));
  for (let i = 0; i < 20_000; i++) {
    const c = mutateText(rng, sample[rng.below(sample.length)]!, '[]%:.,#-+ 0123456789clkemtgvalsGRYBabcdefgh\n', 3);
    const ours = parseCommentCommands(c);
    assert.deepEqual(parseCommentCommands(makeCommentCommands(ours)), asWritten(ours), JSON.stringify(c));
  }
});
