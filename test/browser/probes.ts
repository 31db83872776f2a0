/**
 * What browser.test.ts runs in headless Chromium, and in Node for comparison: a pass over every
 * layer below src/node (move generation, notation, PGN streaming, both variants, a solver, the
 * environment, diagrams) through the public entry points only, as a web page using caissa would.
 * Nothing here may use Node: the input comes through `ProbeIo`, which each side builds with its
 * own APIs (fetch and DecompressionStream in the page, files and zlib in Node).
 */
import { env as environments, paco, progressive as progressiveChess, Position, makeFen, polyglotKey, makePgn, makeSan, perft, parsePgn, readFen, replayPgn, solveSeries } from '../../src/index.js';
import { tagValue } from '../../src/notation/index.js';
import { chessDiagram } from '../../src/tools/index.js';

export interface ProbeInput {
  /** `.pgn.gz` files of ../shared/data/games to replay. */
  readonly pgnFiles: readonly string[];
  /** Lines of test/fixtures/progressive/fri-problems.csv (`<board> <w|b> <N>`). */
  readonly problems: readonly string[];
}

export interface ProbeIo {
  /** The decompressed bytes of a `.pgn.gz` file, in the chunks the platform's stream gives. */
  pgn(file: string): AsyncIterable<Uint8Array>;
}

export interface ProbeResults {
  readonly perft: { readonly start4: number; readonly kiwipete3: number; readonly chess960: readonly number[] };
  readonly polyglotStart: string;
  readonly kiwipeteSan: readonly string[];
  readonly afterE4: string;
  readonly fenError: string;
  /** Per file: one `[game, plies, fen, result, error line, error column, error message]` per game. */
  readonly replays: readonly (readonly (string | number | null)[])[][];
  readonly pgnWritten: string;
  /** The White tag of a game written in Latin-1 (read through the UTF-8 → Latin-1 fallback). */
  readonly latin1White: string | undefined;
  readonly pacoTurnPerft3: number;
  readonly progressive: readonly (readonly string[] | null)[];
  readonly envDigest: string;
  readonly diagramDigest: string;
}

export const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** Chess960 start positions whose perft 3 the probes count (numbered as in Position.chess960Start). */
export const CHESS960_STARTS = [0, 518, 959];

/** A game with every movetext element the tree reader keeps: comments, NAGs, nested variations. */
const ANNOTATED = `[Event "probe"]
[Site "?"]
[Date "2026.11.23"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {king's pawn} e5 $1 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 Nc6 3. Bc4 Nf6?? 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 1-0
`;

/** FNV-1a (32-bit) over bytes: a digest both sides compute the same way. */
function fnv1a(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193) >>> 0;
  return h;
}

const view = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

export async function runProbes(input: ProbeInput, io: ProbeIo): Promise<ProbeResults> {
  const kiwipete = readFen(KIWIPETE);
  if (!kiwipete.ok) throw new Error(kiwipete.error.message);
  const fenError = readFen('8/8/8/8/8/8/8/8 w - - 0 1');

  const replays: (string | number | null)[][][] = [];
  for (const file of input.pgnFiles) {
    const records: (string | number | null)[][] = [];
    for await (const r of replayPgn(io.pgn(file))) {
      records.push([r.game, r.plies, r.fen, r.result, r.error?.line ?? null, r.error?.column ?? null, r.error?.message ?? null]);
    }
    replays.push(records);
  }

  const [annotated] = parsePgn(ANNOTATED);
  if (annotated === undefined || !annotated.ok) throw new Error('the annotated game did not parse');

  // 'Müller' with ü as the single byte 0xFC: not UTF-8, so the reader falls back to Latin-1.
  const latin1Game = Uint8Array.from('[White "M\xfcller"]\n\n1. e4 *\n', (c) => c.charCodeAt(0));
  const [latin1] = parsePgn(latin1Game);

  const progressive = input.problems.map((line) => {
    const problem = progressiveChess.parseCourseProblem(line);
    if (!problem.ok) throw new Error(problem.error.message);
    const solved = solveSeries(problem.value.position, problem.value.n);
    if (!solved.ok) throw new Error(solved.error.message);
    return solved.value.solutionUci ?? null;
  });

  const env = new environments.BatchEnv(new environments.ChessKernel(4, false), { seed: 11 });
  env.reset();
  env.stepRandom(300);
  const b = env.buffers;
  let envDigest = 0x811c9dc5;
  for (const field of [b.observations, b.masks, b.rewards, b.legalCount, b.stepCount, b.terminated, b.truncated]) {
    envDigest = fnv1a(view(field), envDigest);
  }

  const start = Position.standard();
  return {
    perft: {
      start4: perft(start, 4),
      kiwipete3: perft(kiwipete.value, 3),
      chess960: CHESS960_STARTS.map((n) => perft(Position.chess960Start(n), 3)),
    },
    polyglotStart: polyglotKey(start).toString(16),
    kiwipeteSan: kiwipete.value.legalMoves().map((m) => `${m.uci} ${makeSan(m)}`),
    afterE4: makeFen(start.legalMoves().find((m) => m.uci === 'e2e4')!.play()),
    fenError: fenError.ok ? 'accepted' : fenError.error.message,
    replays,
    pgnWritten: makePgn(annotated.value),
    latin1White: latin1?.ok ? tagValue(latin1.value, 'White') : undefined,
    pacoTurnPerft3: paco.turnPerft(paco.pacoStart(0), 3),
    progressive,
    envDigest: envDigest.toString(16),
    diagramDigest: fnv1a(new TextEncoder().encode(chessDiagram(kiwipete.value, { arrows: [{ from: 4, to: 6 }] }))).toString(16),
  };
}
