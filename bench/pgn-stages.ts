/**
 * `npm run bench -- pgn-stages`: where single-threaded PGN replay spends its time, stage by
 * stage, on ../shared/data/games/masters-pgnmentor-105k.pgn.gz decompressed into memory first
 * (so gunzip is out of the picture): splitting into games, splitting and tokenizing, and the
 * whole replay as the library does it (`replayPgnSync`: splitting, reading each game for the
 * replay visitor, resolving SAN, playing the moves). Each stage runs five times and its least
 * CPU time counts; the differences between the stages are the cost of each. Then the replay of
 * texts with comments and variations: the lichess file (a clock comment after every move), and
 * the masters text's first 10 MB with a comment and a two-level variation written in before
 * every fourth move number.
 * A breakdown for profiling work, not a comparison: `bench:pgn` compares with the peers.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { sharedPath } from '../src/node/data.js';
import { PgnLexer, T_END } from '../src/notation/pgn-lex.js';
import { replayPgnSync } from '../src/notation/pgn-replay.js';
import { PgnSplitter } from '../src/notation/pgn-split.js';

const text = new Uint8Array(gunzipSync(readFileSync(sharedPath('games', 'masters-pgnmentor-105k.pgn.gz'))));

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** Least CPU milliseconds of five runs of `f`. */
function leastCpu(f: () => void): number {
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const t = cpuMs();
    f();
    best = Math.min(best, cpuMs() - t);
  }
  return best;
}

let games = 0;
let tokens = 0;
const split = leastCpu(() => {
  games = 0;
  const s = PgnSplitter.whole(text);
  for (let g = s.take(); g !== undefined; g = s.take()) games++;
});
const lexer = new PgnLexer();
const splitTokenize = leastCpu(() => {
  tokens = 0;
  const s = PgnSplitter.whole(text);
  for (let g = s.take(); g !== undefined; g = s.take()) {
    lexer.reset(g.buf, g.start, g.end);
    while (lexer.next() !== T_END) tokens++;
  }
});
/** Least CPU of replaying `bytes` as replayPgnSync and replayPgnBatches do, and its plies. */
function replayCpu(bytes: Uint8Array): { cpu: number; plies: number } {
  let plies = 0;
  const cpu = leastCpu(() => {
    plies = 0;
    for (const r of replayPgnSync(bytes, { fen: false })) plies += r.plies;
  });
  return { cpu, plies };
}

const { cpu: replay, plies } = replayCpu(text);

console.log(`bench:pgn-stages  ${(text.length / 1e6).toFixed(1)} MB of text, ${games} games, ${tokens} tokens, ${plies} plies  (node ${process.version})`);
console.log(`split into games               ${split.toFixed(0).padStart(6)} ms CPU`);
console.log(`tokenize (the difference)      ${(splitTokenize - split).toFixed(0).padStart(6)} ms`);
console.log(`whole replay                   ${replay.toFixed(0).padStart(6)} ms CPU  ${(plies / (replay / 1000) / 1e6).toFixed(2)}M moves per CPU-s  (replayPgnSync: what bench:pgn and the CLI run)`);

/** The replay of another text, in one line. */
function replayLine(name: string, bytes: Uint8Array): void {
  const r = replayCpu(bytes);
  console.log(`${name.padEnd(30)} ${(bytes.length / 1e6).toFixed(1).padStart(5)} MB ${r.plies} plies: ${r.cpu.toFixed(0)} ms CPU`);
}

replayLine('lichess file', new Uint8Array(gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz')))));
const masters10 = new TextDecoder('latin1').decode(text.subarray(0, 10_000_000));
const annotated = masters10.replace(/ (\d+)\.(?=[A-Za-z])/g, (m: string, n: string) =>
  Number(n) % 4 === 0 ? ` (${n}.Nf3 {an idea} Nf6 ${Number(n) + 1}.g3 (${Number(n) + 1}.c4)) ${n}.` : m,
);
replayLine('masters, 10 MB, annotated', Buffer.from(annotated, 'latin1'));
