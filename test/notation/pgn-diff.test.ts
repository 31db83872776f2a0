/**
 * Differential test against chessops (independent implementation, dev-dependency): every game of
 * ../shared/data/games/*.pgn.gz is replayed by us and by chessops' PGN module (`PgnParser`,
 * `startingPosition`, `parseSan`); the final positions (FEN) and ply counts must be equal, a game
 * chessops rejects must be reported by us as broken at the same ply, and games of other variants
 * (which chessops plays under their own rules) must be refused by us with the line of their
 * Variant tag. Our tree reader's games (moves, variations, comments, NAGs, tags) must equal
 * chessops' trees.
 *
 * The lichess files are parsed whole by both readers, so chessops also checks where games begin
 * and end; so is the lichess file with variations and more comments written in, replayed the way
 * the CLI does (`replayPgnSync`: the splitter pauses and the replayer reads the game). The
 * masters file is compared game by game (each game's text, as our splitter cut it, handed to
 * chessops), on every 8th game by default and on all games with CAISSA_FULL=1: parsed whole,
 * chessops splits one truncated game (game 3249, which stops at `113` with no result and runs
 * into the next game's tags) into two, which would shift every later game by one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { parsePgn as opsParsePgn, type ChildNode, type Game, type PgnNodeData } from 'chessops/pgn';
import type { Result } from '../../src/core/result.js';
import { Rng } from '../../src/core/rng.js';
import { sharedPath } from '../../src/node/data.js';
import { decodeText } from '../../src/notation/pgn-lex.js';
import { tagValue, type PgnGame, type PgnMove } from '../../src/notation/pgn-game.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { makePgn } from '../../src/notation/pgn-write.js';
import { GameReplayer, replayPgnSync, type ReplayRecord } from '../../src/notation/pgn-replay.js';
import type { GameSlice } from '../../src/notation/pgn-split.js';
import { pgnGamesSync } from '../../src/notation/pgn-source.js';
import { FULL, spread, testSeed } from '../helpers.js';
import { eventTagLines, gamesOf, type OpsOutcome } from './chessops-replay.js';
import { fixturePath, sharedSkip } from '../data.js';

/**
 * chessops' `toSetup` caps the halfmove clock at 150 (the 75-move rule's bound); we write the
 * true count, so ours is capped the same way before comparing.
 */
function capHalfmoves(fen: string | null): string | null {
  if (fen === null) return null;
  const f = fen.split(' ');
  // The halfmove clock is the last field but one (a three-check FEN has its checks before it);
  // a crazyhouse pocket's letters in chessops' order.
  f[f.length - 2] = String(Math.min(150, Number(f[f.length - 2])));
  f[0] = f[0]!.replace(/\[([A-Za-z]*)\]/, (_, p: string) => `[${[...p].sort().join('')}]`);
  return f.join(' ');
}

function compare(ours: ReplayRecord, theirs: OpsOutcome, where: string): void {
  const label = `${where} game ${ours.game}`;
  if (theirs.kind === 'ok') {
    assert.equal(ours.error, null, `${label}: we report ${JSON.stringify(ours.error)}, chessops plays it`);
    assert.equal(ours.plies, theirs.plies, label);
    assert.equal(capHalfmoves(ours.fen), capHalfmoves(theirs.fen!), label);
  } else if (theirs.kind === 'rejected') {
    assert.notEqual(ours.error, null, `${label}: chessops rejects it, we do not`);
    assert.equal(ours.plies, theirs.plies, `${label}: error at another ply`);
  } else {
    assert.notEqual(ours.error, null, `${label}: a variant game must be refused`);
    assert.match(ours.error!.message, /variant/, label);
  }
}

/** Every PGN file of ../shared/data/games (not tricky/, which pgn-read.test.ts walks): a file added there is compared too. */
/** Why the tests of the large games files are skipped (false: they run). */
const noGames = sharedSkip('games');
const FILES = noGames ? [] : readdirSync(sharedPath('games')).filter((n) => /\.pgn(\.gz)?$/.test(n)).sort();

const readGames = (file: string): Buffer => {
  const bytes = readFileSync(sharedPath('games', file));
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
};

test('the games folder holds the files its README lists', { skip: noGames }, () => {
  for (const file of ['lichess-standard-13k', 'lichess-chess960-370', 'lichess-from-position-440', 'lichess-other-variants-133', 'masters-pgnmentor-105k']) {
    assert.ok(FILES.includes(`${file}.pgn.gz`), file);
  }
});

for (const file of FILES) {
  // PGN Mentor's master files go game by game (see the module comment); the others whole.
  const sampled = file.startsWith('masters');
  const step = FULL ? 1 : 8;
  test(`final positions equal chessops' on ${file}${sampled ? ` (game by game, every ${step})` : ''}`, () => {
    const bytes = readGames(file);
    const replayer = new GameReplayer();
    let compared = 0;
    let refused = 0;
    if (sampled) {
      let n = 0;
      for (const slice of pgnGamesSync(bytes)) {
        n++;
        if (n % step !== 1 % step && !isGelfandGareev(slice.buf, slice.start, slice.end)) continue;
        const ours = replayer.replay(slice, n);
        const theirs = gamesOf(slice.buf.subarray(slice.start, slice.end));
        assert.equal(theirs.length, 1, `game ${n}: chessops sees ${theirs.length} games`);
        compare(ours, theirs[0]!, file);
        compared++;
        if (ours.error) refused++;
      }
      assert.equal(n, eventTagLines(bytes), 'games (by their [Event] tags)');
    } else {
      const theirs = gamesOf(bytes);
      let n = 0;
      for (const slice of pgnGamesSync(bytes)) {
        const ours = replayer.replay(slice, ++n);
        assert.ok(n <= theirs.length, `we see more games than chessops (${theirs.length})`);
        compare(ours, theirs[n - 1]!, file);
        compared++;
        if (ours.error) refused++;
      }
      assert.equal(n, theirs.length, 'game count');
    }
    assert.ok(compared > 0);
    // The lichess variants (pgn-variant.ts) play as chessops plays them.
    if (file.startsWith('lichess-other')) assert.equal(refused, 0);
  });
}

/**
 * The lichess standard file with more written in before some move numbers: a variation holding a
 * comment and a nested variation, a glyph and a comment with parentheses, a NAG and a comment
 * over three lines. 3,000 games spread over the file, or all with CAISSA_FULL.
 */
function annotatedLichess(): Uint8Array {
  const text = new TextDecoder().decode(readGames('lichess-standard-13k.pgn.gz'));
  const rng = new Rng(testSeed(5));
  const annotated = text.replace(/\} (\d+)\.(\.\.)? /g, (m: string, n: string, dots: string | undefined) => {
    const no = `${n}.${dots ?? ''}`;
    switch (rng.below(10)) {
      case 0: return `} (${no} Nf3 { alt } (${no} e4) Nc6) { [%eval 0.31] } ${no} `;
      case 1: return `}?! { Inaccuracy. (best was x) } ${no} `;
      case 2: return `} $6 {\n[%eval #-3]\n} ${no} `;
      default: return m;
    }
  });
  const games = annotated.split(/\n\n(?=\[Event )/);
  return new TextEncoder().encode(FULL ? annotated : spread(games, 3000).join('\n\n'));
}

test("annotated lichess games (variations, evaluations, glyphs, NAGs added), as replayPgnSync reads them: chessops' final positions", { skip: noGames }, () => {
  // The games take replayPgnSync's paused path (comments and variations read in the move runs),
  // which the CLI runs; chessops parses the same text.
  const bytes = annotatedLichess();
  const ours = replayPgnSync(bytes);
  const theirs = gamesOf(bytes);
  assert.equal(ours.length, theirs.length, 'game count');
  assert.ok(ours.length >= 3000, `${ours.length} games`);
  for (let i = 0; i < ours.length; i++) compare(ours[i]!, theirs[i]!, 'annotated lichess');
});

/** Our comments: runs of white space made one space, ends trimmed (pgn-parse.ts). */
const normalized = (comments: string[] | undefined): string[] => (comments ?? []).map((c) => c.replace(/\s+/g, ' ').trim());

/**
 * Our line from move `j` in chessops' shape, where a node's children are the next move and then
 * every alternative to it: the first moves of its variations, and theirs in turn.
 */
function asChildren(line: readonly PgnMove[], j: number): { move: PgnMove; line: readonly PgnMove[]; at: number }[] {
  if (j >= line.length) return [];
  const out = [{ move: line[j]!, line, at: j }];
  for (const variation of line[j]!.variations) out.push(...asChildren(variation, 0));
  return out;
}

function sameTree(ours: readonly PgnMove[], at: number, theirs: ChildNode<PgnNodeData>[], where: string): void {
  const kids = asChildren(ours, at);
  assert.equal(kids.length, theirs.length, `${where}: moves and alternatives`);
  for (let k = 0; k < kids.length; k++) {
    const { move, line, at: i } = kids[k]!;
    const data = theirs[k]!.data;
    const label = `${where}, ${move.san}`;
    assert.equal(move.san, data.san, label);
    assert.deepEqual(move.nags, data.nags ?? [], label);
    assert.deepEqual(move.comments, normalized(data.comments), label);
    assert.deepEqual(move.startingComments, normalized(data.startingComments), label);
    sameTree(line, i + 1, theirs[k]!.children, label);
  }
}

function sameGame(ours: Result<PgnGame, unknown>, theirs: Game<PgnNodeData>, where: string): void {
  assert.ok(ours.ok, where);
  assert.deepEqual(ours.value.tags, [...theirs.headers], where);
  assert.deepEqual(ours.value.comments, normalized(theirs.comments), where);
  sameTree(ours.value.moves, 0, theirs.moves.children, where);
}

test("game trees (moves, variations, comments, NAGs, tags) equal chessops': annotated lichess games, and every games file game by game", { skip: noGames }, () => {
  const bytes = annotatedLichess();
  const ours = parsePgn(bytes, { validate: false });
  const theirs = opsParsePgn(new TextDecoder().decode(bytes), () => new Map());
  assert.equal(ours.length, theirs.length, 'game count');
  for (let i = 0; i < ours.length; i++) sameGame(ours[i]!, theirs[i]!, `annotated lichess game ${i + 1}`);
  // As in the final-position test above, each file goes game by game (chessops cuts one truncated
  // masters game differently): about 2,000 games a file spread over it, or all with CAISSA_FULL.
  // Games of the variants the checked tree reader does not play (the lichess ones) are left out.
  let compared = 0;
  for (const file of FILES) {
    const slices = [...pgnGamesSync(readGames(file))];
    const step = FULL ? 1 : Math.max(1, Math.floor(slices.length / 2000));
    for (let n = 0; n < slices.length; n += step) {
      const slice = slices[n]!;
      const text = decodeText(slice.buf, slice.start, slice.end);
      const [checked] = parsePgn(text);
      if (!checked!.ok && checked!.error.kind === 'variant') continue;
      const [their] = opsParsePgn(text, () => new Map());
      sameGame(parsePgn(text, { validate: false })[0]!, their!, `${file} game ${n + 1}`);
      compared++;
    }
  }
  assert.ok(compared >= 5000, `${compared} games compared`);
});

test("written PGN, as chessops reads it, is the tree written: moves, variations, comments, NAGs, tags", { skip: noGames }, () => {
  // The writer checked by another reader than ours: annotated lichess games, and games from every
  // file (SAN as the files spell it: chessops reads `0-0` and `Z0` as `O-O` and `--`, so the
  // tricky files are left to the round trip through our reader in pgn-read.test).
  const texts = [new TextDecoder().decode(annotatedLichess())];
  for (const file of FILES) {
    const slices = [...pgnGamesSync(readGames(file))];
    texts.push(spread(slices, 300).map((sl) => decodeText(sl.buf, sl.start, sl.end)).join('\n\n'));
  }
  let compared = 0;
  for (const text of texts) {
    for (const [i, game] of parsePgn(text, { validate: false }).entries()) {
      if (!game.ok) continue;
      const where = `game ${i + 1} of ${text.slice(0, 60)}`;
      const [back] = opsParsePgn(makePgn(game.value), () => new Map());
      // Every tag pair of ours is there with its value (the Seven Tag Roster comes first, and a
      // missing one of those is written as `?`).
      const tags = new Map(back!.headers);
      for (const [name] of game.value.tags) assert.equal(tags.get(name), tagValue(game.value, name), `${where}: ${name}`);
      assert.deepEqual(normalized(back!.comments), game.value.comments, where);
      sameTree(game.value.moves, 0, back!.moves.children, where);
      compared++;
    }
  }
  assert.ok(compared >= 3000 + 5 * 250, `${compared} games compared`);
});

function isGelfandGareev(buf: Uint8Array, start: number, end: number): boolean {
  const head = decodeText(buf, start, Math.min(end, start + 400));
  return head.includes('Gelfand') && head.includes('Gareev') && head.includes('2019.12.29');
}

test('Gelfand–Gareev 2019: 31.Qxe1 is illegal, reported with its line and column', () => {
  const text = readFileSync(fixturePath('pgn', 'tricky', 'extracted-from-data', 'illegal-move-gelfand-gareev-2019-blitz.pgn'));
  const records = [...pgnGamesSync(text)].map((s, i) => new GameReplayer().replay(s, i + 1));
  assert.equal(records.length, 1);
  const r = records[0]!;
  assert.equal(r.plies, 60);
  assert.deepEqual(r.error, { kind: 'illegal', line: 16, column: 15, message: "illegal move 'Qxe1'", san: 'Qxe1' });
  // Check the reported place against the text itself.
  const line = text.toString('latin1').split(/\r?\n/)[15]!;
  assert.equal(line.slice(14, 18), 'Qxe1');
});

test('Gelfand–Gareev inside the masters file: broken at 31.Qxe1 with the right line; every other broken game chessops rejects too', { skip: noGames }, () => {
  const bytes = readGames('masters-pgnmentor-105k.pgn.gz');
  const replayer = new GameReplayer();
  const broken: { record: ReplayRecord; slice: GameSlice }[] = [];
  let n = 0;
  for (const slice of pgnGamesSync(bytes)) {
    const r = replayer.replay(slice, ++n, { fen: false });
    if (r.error) broken.push({ record: r, slice });
  }
  assert.equal(n, eventTagLines(bytes), 'games (by their [Event] tags)');
  const gelfand = broken.filter(({ slice }) => isGelfandGareev(slice.buf, slice.start, slice.end));
  assert.equal(gelfand.length, 1, 'Gelfand–Gareev 2019 is broken');
  const e = gelfand[0]!.record.error!;
  assert.equal(e.san, 'Qxe1');
  // The reported line of the file holds the move at the reported column.
  const text = bytes.toString('latin1');
  let at = 0;
  for (let l = 1; l < e.line; l++) at = text.indexOf('\n', at) + 1;
  const lineText = text.slice(at, text.indexOf('\n', at));
  assert.equal(lineText.slice(e.column - 1, e.column + 3), 'Qxe1', lineText);
  assert.match(lineText, /^30\.Bg5 Nf6 31\.Qxe1/);
  // Any other broken game is one chessops rejects too, at the same ply.
  for (const { record, slice } of broken) {
    const theirs = gamesOf(slice.buf.subarray(slice.start, slice.end));
    assert.equal(theirs.length, 1, `game ${record.game}: chessops sees ${theirs.length} games`);
    compare(record, theirs[0]!, 'masters');
  }
});

test('games of a variant we do not play are refused at the line and column of their Variant tag', { skip: noGames }, () => {
  const bytes = Buffer.from(readGames('lichess-other-variants-133.pgn.gz').toString('latin1').replace(/^\[Variant "[^"]*"\]/gm, '[Variant "Shogi"]'), 'latin1');
  const text = bytes.toString('utf8').split(/\r?\n/);
  const replayer = new GameReplayer();
  let n = 0;
  for (const slice of pgnGamesSync(bytes)) {
    const r = replayer.replay(slice, ++n);
    assert.ok(r.error !== null);
    assert.equal(r.fen, null);
    assert.match(text[r.error.line - 1]!.slice(r.error.column - 1), /^\[Variant "/);
  }
  assert.equal(n, eventTagLines(bytes));
});
