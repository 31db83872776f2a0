/**
 * `node dist-test/bench/pgn-digest.js [fuzz] [tricky] [files]`: a digest of everything the PGN
 * readers give, to show that a change to how PGN is read changes nothing: run it before and after
 * and compare the lines. Over 80,000 mutated snippets (test/notation/pgn-snippets.ts) and the tricky
 * files (as bytes and as Latin-1 text), each a digest of the games' slices, the mainline records,
 * the trees (checked and unchecked), and every call to a visitor that takes everything (with the
 * variations read, then skipped) and to one that takes only the moves; over the lichess and
 * masters files of ../shared, the records whole, streamed in odd chunks and through a pool of
 * two worker threads, the trees and the visitor's calls. Not a benchmark: about a minute.
 */
import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Position } from '../src/chess/position.js';
import { Rng } from '../src/core/rng.js';
import { sharedPath } from '../src/node/data.js';
import { PgnReplayPool } from '../src/node/pgn-pool.js';
import { makeFen } from '../src/notation/fen.js';
import { parsePgn } from '../src/notation/pgn-read.js';
import { replayPgn, replayPgnSync } from '../src/notation/pgn-replay.js';
import { pgnGamesSync } from '../src/notation/pgn-source.js';
import { visitPgnSync, type PgnPosition, type PgnVisitor } from '../src/notation/pgn-visit.js';
import { fixturePath } from '../test/data.js';
import { mutate, SEEDS } from '../test/notation/pgn-snippets.js';

/** A digest of values, each as JSON, and how many. */
class Digest {
  private readonly hash: Hash = createHash('sha256');
  private n = 0;

  add(value: unknown): void {
    this.hash.update(JSON.stringify(value) + '\n');
    this.n++;
  }

  toString(): string {
    return `${this.hash.digest('hex').slice(0, 16)} (${this.n})`;
  }
}

/** A position a reader tells, as FEN: a chess one, or a lichess variant's. */
const fenOf = (pos: PgnPosition | null): string | null => (pos === null ? null : pos instanceof Position ? makeFen(pos) : pos.fen());

/** Every call a visitor gets, each as a small array: positions as FEN. */
function visitCalls(text: Uint8Array | string, variations: boolean, out: unknown[]): void {
  const visitor: PgnVisitor = {
    beginGame: (g) => void out.push(['game', g]),
    tag: (name, value) => void out.push(['tag', name, value]),
    endTags: (start) => void out.push(['start', fenOf(start)]),
    move: (san, after) => void out.push(['move', san, fenOf(after)]),
    nag: (nag) => void out.push(['nag', nag]),
    comment: (text) => void out.push(['comment', text]),
    beginVariation: () => {
      out.push(['(']);
      return variations;
    },
    endVariation: () => void out.push([')']),
    result: (marker) => void out.push(['result', marker]),
    endGame: (g) => void out.push(['end', g]),
    error: (e) => void out.push(['error', e]),
  };
  visitPgnSync(text, visitor);
}

const VIEWS = ['slices', 'replay', 'tree', 'unchecked', 'visit', 'visitMainline', 'visitMoves'] as const;
type Digests = Record<(typeof VIEWS)[number], Digest>;
const digests = (): Digests => Object.fromEntries(VIEWS.map((v) => [v, new Digest()])) as Digests;
const line = (name: string, d: Digests): string => `${name} ${VIEWS.map((v) => `${v}=${String(d[v])}`).join(' ')}`;

function readAll(text: Uint8Array | string, d: Digests): void {
  d.slices.add([...pgnGamesSync(text)].map((s) => [s.start, s.end, s.line, s.column, s.byteColumn, s.lineUtf8, s.tooLong, s.utf16]));
  d.replay.add(replayPgnSync(text));
  d.tree.add(parsePgn(text));
  d.unchecked.add(parsePgn(text, { validate: false }));
  const calls: unknown[] = [];
  visitCalls(text, true, calls);
  d.visit.add(calls);
  calls.length = 0;
  visitCalls(text, false, calls);
  d.visitMainline.add(calls);
  // Only the moves: the reader's fast path passes over glyphs and comments.
  const moves: unknown[] = [];
  visitPgnSync(text, { move: (san) => void moves.push(san), error: (e) => void moves.push(e), endGame: (g) => void moves.push(g) });
  d.visitMoves.add(moves);
}

const all = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wants = (what: string): boolean => all.length === 0 || all.includes(what);

if (wants('fuzz')) {
  const d = digests();
  for (const seed of [20261122, 777]) {
    const rng = new Rng(seed);
    for (let n = 0; n < 40000; n++) readAll(mutate(rng, SEEDS[rng.below(SEEDS.length)]!), d);
  }
  console.log(line('fuzz', d));
}

if (wants('tricky')) {
  const files = (dir: string): string[] => readdirSync(dir).sort().flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
  const d = digests();
  for (const f of files(fixturePath('pgn', 'tricky'))) {
    const bytes = readFileSync(f);
    readAll(new Uint8Array(bytes), d);
    readAll(bytes.toString('latin1'), d);
  }
  console.log(line('tricky', d));
}

if (wants('files')) {
  const dir = sharedPath('games');
  const pool = new PgnReplayPool(2);
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.pgn.gz')).sort()) {
    const bytes = new Uint8Array(gunzipSync(readFileSync(join(dir, f))));
    const chunks = async function* (): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < bytes.length; i += 65521) yield bytes.subarray(i, i + 65521);
    };
    const whole = new Digest();
    for (const r of replayPgnSync(bytes)) whole.add(r);
    const streamed = new Digest();
    for await (const r of replayPgn(chunks())) streamed.add(r);
    const pooled = new Digest();
    for await (const r of pool.replay(chunks())) pooled.add(r);
    const trees = new Digest();
    for (const t of parsePgn(bytes)) trees.add(t);
    const visited = new Digest();
    const calls: unknown[] = [];
    visitCalls(bytes, false, calls);
    for (const c of calls) visited.add(c);
    console.log(`${f} replay=${String(whole)} streamed=${String(streamed)} pool=${String(pooled)} tree=${String(trees)} visitMainline=${String(visited)}`);
  }
  await pool.close();
}
