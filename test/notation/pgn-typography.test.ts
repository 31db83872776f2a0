/**
 * Typographic forms in PGN (typography.ts): termination markers and castling with dashes other
 * than `-` or with `½`, `ep` written onto a capture, and annotation glyphs for NAGs. The moves
 * and results are checked against chessops reading the same files with those forms written in
 * ASCII; the glyphs against kokopu's table of NAG symbols (test/fixtures/pgn/tricky/kokopu/nags.txt).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makeFen as opsMakeFen } from 'chessops/fen';
import { PgnParser, startingPosition as opsStart, type Game, type PgnNodeData } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';
import { Rng } from '../../src/core/rng.js';
import { readText, sharedPath } from '../../src/node/data.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { replayPgn, replayPgnSync } from '../../src/notation/pgn-replay.js';
import { testSeed } from '../helpers.js';
import { fixturePath, sharedSkip } from '../data.js';

const TRICKY = fixturePath('pgn', 'tricky');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : name.endsWith('.pgn') ? [p] : [];
  });
}

/** Typographic dashes (U+2010–U+2015, U+2212) and the fraction ½: written into the test by code point. */
const TYPOGRAPHIC = /[\u2010-\u2015\u2212\u00bd]/;

/**
 * The text with its typographic forms in ASCII, as this test writes them, independently of the
 * library: dashes as `-`, `½` as `1/2`, an `ep` glued to a capture dropped.
 */
const inAscii = (text: string): string =>
  text.replace(/[\u2010-\u2015\u2212]/g, '-').replace(/\u00bd/g, '1/2').replace(/(x[a-h][36])ep\b/g, '$1');

interface OpsGame {
  readonly plies: number;
  readonly fen: string | null;
  readonly result: string;
}

/** chessops' reading of each game: its mainline replayed (null FEN where a move is refused), its result. */
function opsGames(text: string): OpsGame[] {
  const out: OpsGame[] = [];
  const replay = (game: Game<PgnNodeData>): OpsGame => {
    const result = game.headers.get('Result') ?? '*';
    const start = opsStart(game.headers);
    if (start.isErr) return { plies: 0, fen: null, result };
    const pos = start.unwrap();
    let plies = 0;
    for (const node of game.moves.mainline()) {
      const move = opsParseSan(pos, node.san);
      if (move === undefined) return { plies, fen: null, result };
      pos.play(move);
      plies++;
    }
    return { plies, fen: opsMakeFen(pos.toSetup()), result };
  };
  new PgnParser((game, err) => out.push(err ? { plies: 0, fen: null, result: '*' } : replay(game))).parse(text);
  return out;
}

test('typographic markers, castling dashes and a glued `ep` read as chessops reads them written in ASCII', () => {
  const files = filesUnder(TRICKY).filter((f) => {
    const text = readFileSync(f, 'utf8');
    return TYPOGRAPHIC.test(text) || /x[a-h][36]ep\b/.test(text);
  });
  // scalachess' fixtures hold results `½-½`, `1–0`, `1/2–1/2`, castling `O‑O` and `exf6ep`.
  assert.ok(files.length >= 6, `files with typographic forms: ${files.length}`);
  let compared = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const ours = replayPgnSync(new Uint8Array(readFileSync(file)));
    const theirs = opsGames(inAscii(text));
    assert.equal(ours.length, theirs.length, `${file}: games`);
    for (const [i, r] of ours.entries()) {
      const t = theirs[i]!;
      const where = `${file}, game ${i + 1}`;
      if (t.fen === null) {
        // chessops refuses a move (another variant's, in the crazyhouse files): so must we.
        assert.notEqual(r.error, null, where);
        continue;
      }
      assert.equal(r.error, null, `${where}: ${r.error?.message}`);
      assert.equal(r.plies, t.plies, where);
      assert.equal(r.fen, t.fen, where);
      assert.equal(r.result, t.result, where);
      compared++;
    }
    // The tree reader reads them the same way, and keeps the moves in ASCII.
    for (const [i, g] of parsePgn(new Uint8Array(readFileSync(file))).entries()) {
      if (theirs[i]!.fen === null) continue;
      assert.ok(g.ok, `${file}, game ${i + 1}: ${g.ok ? '' : g.error.message}`);
      assert.equal(g.value.result ?? '*', theirs[i]!.result, `${file}, game ${i + 1}`);
      for (const m of g.value.moves) assert.ok(!TYPOGRAPHIC.test(m.san), m.san);
    }
  }
  assert.ok(compared >= 6, `games compared: ${compared}`);
});

/**
 * kokopu's NAG symbol table: `nags.txt` lists the symbols kokopu writes for these NAGs, in this
 * order (the list of its test). Where one symbol stands for two NAGs (`=` 10 and 11, `□` 7 and
 * 8), the reader gives the first.
 */
const KOKOPU_NAG_ORDER = [3, 1, 5, 6, 2, 4, 20, 18, 16, 14, 10, 11, 13, 15, 17, 19, 21, 7, 8, 9, 22, 32, 36, 40, 44, 132, 138, 140, 141, 142, 143, 145, 146];

test("annotation glyphs read as the NAGs of kokopu's symbol table, apart from the move or, for move assessments, on it", () => {
  const symbols = readText(join(TRICKY, 'kokopu', 'nags.txt')).trim().split(/\s+/);
  assert.ok(symbols.length >= KOKOPU_NAG_ORDER.length, `nags.txt: ${symbols.length} symbols`);
  const expected = new Map<string, number>();
  for (const [i, nag] of KOKOPU_NAG_ORDER.entries()) if (!expected.has(symbols[i]!)) expected.set(symbols[i]!, nag);
  for (const [symbol, nag] of expected) {
    const texts = [`1. e4 ${symbol} e5 *`];
    if (nag <= 6) texts.push(`1. e4${symbol} e5 *`);
    for (const text of texts) {
      const [game] = parsePgn(new TextEncoder().encode(text));
      assert.ok(game?.ok, `${text}: ${game?.ok === false ? game.error.message : ''}`);
      assert.deepEqual(game.value.moves.map((m) => [m.san, m.nags]), [['e4', [nag]], ['e5', []]], text);
      const [record] = replayPgnSync(new TextEncoder().encode(text));
      assert.equal(record!.error, null, text);
      assert.equal(record!.plies, 2, text);
    }
  }
});

test('errors after typographic characters point at the right column (characters, not bytes)', () => {
  const cases: [string, number, string][] = [
    // A glyph of three UTF-8 bytes is one column; the illegal king move is at column 19.
    ['1. e4 ⩱ e5 2. Nf3 Ke3 *', 19, 'Ke3'],
    // Castling with en dashes where it is illegal: the move as written.
    ['1. e4 e5 2. O–O *', 13, 'O–O'],
  ];
  for (const [text, column, san] of cases) {
    const [record] = replayPgnSync(new TextEncoder().encode(text));
    assert.deepEqual([record!.error?.line, record!.error?.column, record!.error?.san], [1, column, san], text);
    const [game] = parsePgn(new TextEncoder().encode(text));
    assert.ok(game !== undefined && !game.ok, text);
    assert.deepEqual([game.error.line, game.error.column], [1, column], text);
  }
});

test("Windows-1252's en and em dashes (bytes 0x96, 0x97) in a Latin-1 file read as '-', as chessops reads the ASCII text", () => {
  const ascii = '[Event "Caf?"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O 1-0\n';
  // The same game in Windows-1252: é in the tag, then dashes 0x96 and 0x97 in castling and the marker.
  const bytes = Buffer.from(ascii.replace('?', '\u00e9'), 'latin1');
  const cp1252 = new Uint8Array(bytes);
  const dashes = [...ascii.matchAll(/O-O|1-0/g)].map((m) => m.index! + 1);
  for (const [k, at] of dashes.entries()) cp1252[at] = k % 2 === 0 ? 0x96 : 0x97;
  const [record] = replayPgnSync(cp1252);
  const [theirs] = opsGames(ascii);
  assert.equal(record!.error, null);
  assert.deepEqual([record!.plies, record!.fen, record!.result], [theirs!.plies, theirs!.fen, theirs!.result]);
  const [tree] = parsePgn(cp1252);
  assert.ok(tree?.ok);
  assert.deepEqual(tree.value.moves.slice(-2).map((m) => m.san), ['O-O', 'O-O']);
  assert.equal(tree.value.tags.find(([name]) => name === 'Event')?.[1], 'Café');
});

/** Spaces beyond ASCII that text pasted from web pages and word processors holds between tokens. */
const SPACES = ['\u00a0', '\u2009', '\u202f', '\u3000', '\u200b', '\ufeff'];

test('spaces beyond ASCII between tokens (no-break, thin, ideographic, zero-width, a byte order mark) read as spaces', { skip: sharedSkip('games') }, () => {
  // The movetext of lichess games (comments, results) with some of its spaces replaced, one
  // character for one: every record is the same, error lines and columns included.
  const text = gunzipSync(readFileSync(join(sharedPath('games'), 'lichess-standard-13k.pgn.gz'))).toString('utf8').split('\n').slice(0, 12_000);
  const rng = new Rng(testSeed(2026));
  const spaced = text.map((line) => (line.startsWith('[') ? line : line.replace(/ /g, (s) => (rng.below(3) === 0 ? SPACES[rng.below(SPACES.length)]! : s)))).join('\n');
  const plain = text.join('\n');
  assert.ok(spaced.length === plain.length && spaced !== plain);
  const records = replayPgnSync(new TextEncoder().encode(plain));
  assert.ok(records.length > 100 && records.filter((r) => r.error !== null).length === 0);
  assert.deepEqual(replayPgnSync(new TextEncoder().encode(spaced)), records);
  const trees = parsePgn(new TextEncoder().encode(spaced));
  assert.deepEqual(trees.map((g) => (g.ok ? g.value.moves.map((m) => m.san).join(' ') : g.error.message)), parsePgn(new TextEncoder().encode(plain)).map((g) => (g.ok ? g.value.moves.map((m) => m.san).join(' ') : g.error.message)));
  // Latin-1's no-break space is the byte 0xA0 alone; there the error columns count it as one.
  const latin1 = Uint8Array.from([...new TextEncoder().encode('1. e4\u00a0e5 2. Nf3 Nf6??')].flatMap((b, i, all) => (b === 0xc2 && all[i + 1] === 0xa0 ? [] : [b])));
  latin1[latin1.length - 1] = 0xe9; // é: not UTF-8, so the text is Latin-1
  assert.deepEqual(replayPgnSync(latin1).map((r) => [r.plies, r.error?.line, r.error?.column]), [[4, 1, 21]]); // at the é
});

test('files concatenated with their byte order marks (`cat a.pgn b.pgn`): the games of each, in order', () => {
  const files = [join(TRICKY, 'python-chess', 'utf8-bom.pgn'), join(TRICKY, 'kokopu', 'pgns', 'bom', 'database.pgn'), join(TRICKY, 'python-chess', 'utf8-bom.pgn')];
  const parts = files.map((f) => new Uint8Array(readFileSync(f)));
  for (const p of parts) assert.deepEqual([...p.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const one = (bytes: Uint8Array) => replayPgnSync(bytes).map((r) => [r.plies, r.fen, r.result, r.error]);
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (whole.set(p, at), at + p.length), 0);
  assert.deepEqual(one(whole), parts.flatMap(one));
  assert.deepEqual(parsePgn(whole).map((g) => g.ok), parts.flatMap((p) => parsePgn(p).map((g) => g.ok)));
});

/** The termination markers in typographic forms: dashes U+2013, U+2014, U+2212, U+2010, and `½`. */
const TYPOGRAPHIC_MARKERS: Readonly<Record<string, readonly string[]>> = {
  '1-0': ['1\u20130', '1\u20140', '1\u22120', '1\u20100'],
  '0-1': ['0\u20131', '0\u20141', '0\u22121'],
  '1/2-1/2': ['\u00bd-\u00bd', '\u00bd\u2013\u00bd', '1/2\u20131/2', '\u00bd\u2212\u00bd'],
};

test('typographic termination markers end a game where the ASCII ones do: no blank line, a comment, a move glued before', { skip: sharedSkip('games') }, async () => {
  // Lichess games, some without their tags and the blank line before the next game, some with a
  // comment after the marker or the marker glued to the last move (`Qxf7#1-0`): the ASCII text,
  // and the same text with each marker in a typographic form, must read alike.
  const text = gunzipSync(readFileSync(join(sharedPath('games'), 'lichess-standard-13k.pgn.gz'))).toString('utf8');
  const games = text.split(/\n\n(?=\[Event )/).slice(0, 1500);
  const rng = new Rng(testSeed(2027));
  let ascii = '';
  let typographic = '';
  let glued = 0;
  for (const game of games) {
    const blank = game.indexOf('\n\n');
    let movetext = game.slice(blank + 2).trim();
    const marker = /(1-0|0-1|1\/2-1\/2|\*)$/.exec(movetext)?.[1];
    assert.ok(marker !== undefined && blank > 0, game);
    movetext = movetext.slice(0, -marker.length).trimEnd();
    // 0: tags, blank line; 1: no tags, next game on the next line; 2: a comment after the marker; 3: glued.
    // A game of no moves keeps its tags: its lone marker on the line after another game's would
    // be that game's second marker (docs/pgn.md), no game of its own.
    let kind = rng.below(4);
    if (kind === 1 && movetext === '') kind = 0;
    const head = kind === 1 ? '' : game.slice(0, blank + 2);
    // Glued: the last move's clock comment dropped, so that the marker follows the move itself.
    if (kind === 3) movetext = movetext.replace(/\s*\{[^}]*\}$/, '');
    const sep = kind === 3 && /[1-8#+QRBNO]$/.test(movetext) ? '' : ' ';
    if (sep === '') glued++;
    const tail = kind === 2 ? ' {after the game}\n' : '\n';
    const alt = TYPOGRAPHIC_MARKERS[marker]?.[rng.below(TYPOGRAPHIC_MARKERS[marker]!.length)] ?? marker;
    ascii += `${head}${movetext}${sep}${marker}${tail}${kind === 1 ? '' : '\n'}`;
    typographic += `${head}${movetext}${sep}${alt}${tail}${kind === 1 ? '' : '\n'}`;
  }
  assert.ok(glued > 200, `games with the marker glued to the last move: ${glued}`);
  const summary = (records: { plies: number; fen: string | null; result: string; error: unknown }[]) =>
    records.map((r) => [r.plies, r.fen, r.result, r.error === null]);
  const expected = summary(replayPgnSync(new TextEncoder().encode(ascii)));
  assert.equal(expected.length, games.length);
  assert.ok(expected.every((r) => r[3] === true));
  const bytes = new TextEncoder().encode(typographic);
  assert.deepEqual(summary(replayPgnSync(bytes)), expected);
  // Streamed in pieces of every size up to 40 bytes: a marker cut anywhere.
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const n = 1 + rng.below(40);
    chunks.push(bytes.subarray(at, at + n));
    at += n;
  }
  const streamed = [];
  for await (const r of replayPgn(chunks)) streamed.push(r);
  assert.deepEqual(summary(streamed), expected);
  // The tree reader: the same moves and results.
  const trees = (t: string) => parsePgn(new TextEncoder().encode(t)).map((g) => (g.ok ? [g.value.moves.map((m) => m.san).join(' '), g.value.result, g.value.comments] : g.error.message));
  assert.deepEqual(trees(typographic), trees(ascii));
});

test('in a Latin-1 file, markers with the bytes 0x96 and 0x97 for dashes and 0xBD for ½ end a game', () => {
  const ascii = '1. e4 e5 2. Nf3 Nc6 1-0\n1. d4 d5 1/2-1/2 {agreed}\n1. c4 e5 0-1\n1. Nf3 *\n';
  const latin1 = Buffer.from('1. e4 e5 2. Nf3 Nc6 1\x960\n1. d4 d5 \xbd-\xbd {agreed}\n1. c4 e5 0\x971\n1. Nf3 *\n', 'latin1');
  const read = (bytes: Uint8Array) => replayPgnSync(bytes).map((r) => [r.plies, r.fen, r.result, r.error]);
  assert.deepEqual(read(new Uint8Array(latin1)), read(new TextEncoder().encode(ascii)));
  assert.equal(read(new Uint8Array(latin1)).length, 4);
});

test('an error on a move with typographic characters quotes it as written, in both readers', () => {
  // Texts whose error is at a move holding a typographic dash or `½`: the mainline replay and the
  // tree reader report the same line, column, message and move text (the tree reader once
  // quoted its ASCII form, `1/2-1/2Bb5`).
  const texts = ['1. e4 e5 \u00bd-\u00bdBb5 *', '1. e4 e5 2. O\u2011O *', '1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O\u2013O\u2013O *', '1. e4 e5 2. 0\u22120 *'];
  for (const text of texts) {
    const [replayed] = replayPgnSync(text);
    const [tree] = parsePgn(text);
    assert.ok(replayed?.error !== null && replayed?.error !== undefined && tree !== undefined && !tree.ok, text);
    const written = text.split(' ').find((word) => /[\u00bd\u2011\u2013\u2212]/.test(word));
    assert.equal(replayed.error.san, written, text);
    assert.deepEqual([tree.error.line, tree.error.column, tree.error.message, tree.error.san], [replayed.error.line, replayed.error.column, replayed.error.message, replayed.error.san], text);
  }
});
