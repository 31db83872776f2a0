/**
 * `npm run bench -- pgn-stages`: where single-threaded PGN replay spends its time, stage by
 * stage, on ../shared/data/games/masters-pgnmentor-105k.pgn.gz decompressed into memory first
 * (so gunzip is out of the picture): splitting into games, splitting and tokenizing, and the
 * whole replay (splitting, tokenizing, resolving SAN, playing the moves) with the games cut
 * first; then the whole replay as the library does it (the splitter pauses at each game and the
 * replayer reads a plain game itself). Each stage runs five times and its least CPU time counts;
 * the differences between the first stages are the cost of each. Then the same two ways of
 * replaying on texts with comments and variations: the lichess file (a clock comment after every
 * move), and the masters text's first 10 MB with a comment and a two-level variation written in
 * before every fourth move number.
 * A breakdown for profiling work, not a comparison: `bench:pgn` compares with the peers.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { sharedPath } from '../src/node/data.js';
import { PgnLexer, T_END } from '../src/notation/pgn-lex.js';
import { GameReplayer, replayPgnSync } from '../src/notation/pgn-replay.js';
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
/**
 * Least CPU of replaying `bytes` with the games cut first (`cut`) and as replayPgnSync and
 * replayPgnBatches go (`paused`: the splitter pauses at each game, and a plain game is read once,
 * by the replayer, not by the splitter first); and the plies, which must agree.
 */
function twoWays(name: string, bytes: Uint8Array): { cut: number; paused: number; plies: number } {
  let cutPlies = 0;
  const cut = leastCpu(() => {
    const r = new GameReplayer();
    let n = 0;
    const s = PgnSplitter.whole(bytes);
    for (let g = s.take(); g !== undefined; g = s.take()) r.replay(g, ++n, { fen: false });
    cutPlies = r.plies;
  });
  let pausedPlies = 0;
  const paused = leastCpu(() => {
    pausedPlies = 0;
    for (const r of replayPgnSync(bytes, { fen: false })) pausedPlies += r.plies;
  });
  if (pausedPlies !== cutPlies) throw new Error(`${name}: plies differ: ${pausedPlies} and ${cutPlies}`);
  return { cut, paused, plies: cutPlies };
}

const { cut: replay, paused, plies } = twoWays('masters', text);

console.log(`bench:pgn-stages  ${(text.length / 1e6).toFixed(1)} MB of text, ${games} games, ${tokens} tokens, ${plies} plies  (node ${process.version})`);
console.log(`split into games               ${split.toFixed(0).padStart(6)} ms CPU`);
console.log(`tokenize (the difference)      ${(splitTokenize - split).toFixed(0).padStart(6)} ms`);
console.log(`resolve SAN and play (the rest) ${(replay - splitTokenize).toFixed(0).padStart(5)} ms`);
console.log(`whole replay, games cut first  ${replay.toFixed(0).padStart(6)} ms CPU  ${(plies / (replay / 1000) / 1e6).toFixed(2)}M moves per CPU-s`);
console.log(`whole replay, paused splitter  ${paused.toFixed(0).padStart(6)} ms CPU  ${(plies / (paused / 1000) / 1e6).toFixed(2)}M moves per CPU-s  (replayPgnSync: what bench:pgn and the CLI run)`);

/** The two ways on another text, in one line. */
function twoWaysLine(name: string, bytes: Uint8Array): void {
  const r = twoWays(name, bytes);
  console.log(`${name.padEnd(30)} ${(bytes.length / 1e6).toFixed(1).padStart(5)} MB ${r.plies} plies: games cut first ${r.cut.toFixed(0)} ms, paused splitter ${r.paused.toFixed(0)} ms CPU`);
}

twoWaysLine('lichess file', new Uint8Array(gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz')))));
const masters10 = new TextDecoder('latin1').decode(text.subarray(0, 10_000_000));
const annotated = masters10.replace(/ (\d+)\.(?=[A-Za-z])/g, (m: string, n: string) =>
  Number(n) % 4 === 0 ? ` (${n}.Nf3 {an idea} Nf6 ${Number(n) + 1}.g3 (${Number(n) + 1}.c4)) ${n}.` : m,
);
twoWaysLine('masters, 10 MB, annotated', Buffer.from(annotated, 'latin1'));
