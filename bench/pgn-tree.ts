/**
 * `npm run bench -- pgn-tree`: reading whole game trees (tags, moves, comments, NAGs,
 * variations), every move checked against its position, as an application that shows or edits
 * games does; not the mainline replay of `bench:pgn`. The text is decompressed into memory first.
 * caissa's `parsePgn` against chessops' `parsePgn` with every node played by `walk` and
 * `parseSan`, and chess.js' `loadPgn` on the first 500 games (their texts cut beforehand, not
 * timed). Each contender runs five times, interleaved, and its least CPU time counts.
 * Default file: the lichess standard file (13,000 games, a clock comment after every move);
 * `--file F` takes another `.pgn.gz`.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Chess as ChessJs } from 'chess.js';
import { parsePgn as opsParsePgn, startingPosition as opsStart, walk as opsWalk } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';
import { sharedPath } from '../src/node/data.js';
import { decodeText } from '../src/notation/pgn-lex.js';
import { parsePgn } from '../src/notation/pgn-read.js';
import { pgnGamesSync } from '../src/notation/pgn-source.js';
import type { PgnMove } from '../src/notation/pgn-game.js';

const fileArg = process.argv.indexOf('--file');
const FILE = fileArg >= 0 ? process.argv[fileArg + 1]! : sharedPath('games', 'lichess-standard-13k.pgn.gz');
const bytes = new Uint8Array(gunzipSync(readFileSync(FILE)));
const text = new TextDecoder().decode(bytes);

interface Count {
  games: number;
  /** Moves in the trees, variations included. */
  nodes: number;
  errors: number;
}

const countNodes = (moves: readonly PgnMove[]): number =>
  moves.reduce((n, m) => n + 1 + m.variations.reduce((v, line) => v + countNodes(line), 0), 0);

function caissa(): Count {
  const c: Count = { games: 0, nodes: 0, errors: 0 };
  for (const game of parsePgn(bytes)) {
    c.games++;
    if (game.ok) c.nodes += countNodes(game.value.moves);
    else c.errors++;
  }
  return c;
}

function chessops(): Count {
  const c: Count = { games: 0, nodes: 0, errors: 0 };
  for (const game of opsParsePgn(text)) {
    c.games++;
    const start = opsStart(game.headers);
    if (!start.isOk) {
      c.errors++;
      continue;
    }
    let broken = false;
    opsWalk(game.moves, start.value, (pos, node) => {
      const move = opsParseSan(pos, node.san);
      if (move === undefined) {
        broken = true;
        return false;
      }
      pos.play(move);
      c.nodes++;
      return true;
    });
    if (broken) c.errors++;
  }
  return c;
}

/** The texts of the first `count` games, as our splitter cuts them. */
function firstGames(count: number): string[] {
  const texts: string[] = [];
  for (const slice of pgnGamesSync(bytes)) {
    if (texts.length === count) break;
    texts.push(decodeText(slice.buf, slice.start, slice.end));
  }
  return texts;
}
const chessJsTexts = firstGames(500);

function chessJs(): Count {
  const c: Count = { games: 0, nodes: 0, errors: 0 };
  const chess = new ChessJs();
  for (const t of chessJsTexts) {
    c.games++;
    try {
      chess.loadPgn(t);
      c.nodes += chess.history().length;
    } catch {
      c.errors++;
    }
  }
  return c;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const contenders: [string, () => Count][] = [
  ['caissa', caissa],
  ['chessops', chessops],
  ['chess.js (500 games)', chessJs],
];
const best = new Map<string, { ms: number; count: Count }>();
for (let round = 0; round < 5; round++) {
  for (const [name, run] of contenders) {
    const t = cpuMs();
    const count = run();
    const ms = cpuMs() - t;
    const prev = best.get(name);
    if (prev === undefined || ms < prev.ms) best.set(name, { ms, count });
  }
}

console.log(`bench:pgn-tree  ${FILE}  ${(bytes.length / 1e6).toFixed(1)} MB  (node ${process.version})`);
const rate = (name: string): number => best.get(name)!.count.nodes / (best.get(name)!.ms / 1000);
for (const [name] of contenders) {
  const { ms, count } = best.get(name)!;
  const perSec = rate(name);
  console.log(
    `${name.padEnd(22)} ${String(count.games).padStart(6)} games ${String(count.nodes).padStart(8)} moves  errors ${count.errors}  CPU ${(ms / 1000).toFixed(2)} s  ${(perSec / 1e6).toFixed(2)}M moves/CPU-s`,
  );
}
console.log(`caissa / chessops moves per CPU-s:  ${(rate('caissa') / rate('chessops')).toFixed(2)}×`);
console.log(`caissa / chess.js moves per CPU-s:  ${(rate('caissa') / rate('chess.js (500 games)')).toFixed(1)}×`);
