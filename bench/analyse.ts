/**
 * `npm run bench:analyse [-- --games N --nodes N --engine PATH]`: `caissa analyse`'s work (the
 * same `analyseGames` and PGN writer) on the first 100 games of the lichess standard file at
 * `--nodes 1000` with Stockfish, once with one engine and once with two (`--jobs 2`).
 *
 * The peer is the engine itself: the client's overhead is the wall time beyond the engine's own
 * time, as a share of that time. The engine's own time is its CPU time (children's user + system
 * time from /proc/self/stat, counted once they have exited) less what starting and quitting an
 * engine costs (measured apart, in the same run): the engine computes all the time it is given
 * a search, so its CPU time is its search time, read to the clock tick over the whole run. The
 * sum of the `time` each search reports is printed too, but cannot serve: it is in whole
 * milliseconds, a search at 1000 nodes takes one or two, and Stockfish adds 1 ms to the time it
 * reports (its UCI `pv` output). The ratio of the two wall times is the speed-up of `--jobs 2`.
 *
 * A second peer is the floor of any client: bench/peers/uci-replay.c (built with gcc here) sends
 * the same commands, block by block, and reads nothing but the line that ends each block. Its
 * wall time holds the engine's own waits (pipe wake-ups, its threads' hand-overs) that no client
 * can remove; caissa's wall time beyond it is the overhead that is the client's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { analyseGames } from '../src/node/game-analysis.js';
import { UciEngine } from '../src/node/uci-engine.js';
import { PositionCommandBuilder } from '../src/node/uci-position.js';
import { gameStartingPosition, playLine } from '../src/notation/pgn-walk.js';
import { sharedPath } from '../src/node/data.js';
import type { PgnGame } from '../src/notation/pgn-game.js';
import { parsePgn } from '../src/notation/pgn-read.js';
import { makePgn } from '../src/notation/pgn-write.js';
import { findStockfish } from '../test/stockfish.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const GAMES = Number(arg('games', '100'));
const NODES = Number(arg('nodes', '1000'));
const ENGINE = arg('engine', findStockfish() ?? '/usr/games/stockfish');

const bytes = gunzipSync(readFileSync(sharedPath('games', 'lichess-standard-13k.pgn.gz'))).subarray(0, 4_000_000);
const games: PgnGame[] = [];
for (const g of parsePgn(bytes)) {
  if (g.ok && !g.value.tags.some(([n]) => n === 'FEN')) games.push(g.value);
  if (games.length === GAMES) break;
}

/** Children's CPU seconds so far (reaped children only), from /proc/self/stat. */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
  // Fields after the command: index 13 and 14 are cutime and cstime (fields 16 and 17 of proc(5)).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function run(jobs: number): Promise<{ wall: number; engineMs: number; engineCpu: number; clientCpu: number; positions: number }> {
  let engineMs = 0;
  let positions = 0;
  let chars = 0;
  const cpu0 = childrenCpu();
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  await analyseGames(games, { engine: ENGINE, limits: { nodes: NODES }, jobs }, (_, analysed) => {
    engineMs += analysed.engineMs;
    positions += analysed.searched;
    chars += makePgn(analysed.game).length;
  });
  const wall = performance.now() - t0;
  const own = process.cpuUsage(own0);
  if (chars === 0) throw new Error('no output');
  return { wall, engineMs, engineCpu: childrenCpu() - cpu0, clientCpu: (own.user + own.system) / 1e6, positions };
}

/** CPU seconds one engine takes to start (handshake) and quit: the median of five. */
async function startupCpu(): Promise<number> {
  const costs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const cpu0 = childrenCpu();
    await (await UciEngine.start(ENGINE)).quit();
    costs.push(childrenCpu() - cpu0);
  }
  return costs.sort((a, b) => a - b)[2]!;
}

/** The commands analyseGame sends for `games`, in blocks (a blank line after each answer awaited). */
function commandScript(): string {
  const blocks: string[] = [];
  const builder = new PositionCommandBuilder();
  for (const game of games) {
    const start = gameStartingPosition(game);
    const steps = start.ok ? playLine(start.value, game.moves) : undefined;
    if (!start.ok || steps === undefined || !steps.ok) throw new Error('a game of the bench does not play');
    const nullAt = steps.value.findIndex((s) => s.move === null);
    const played = (nullAt < 0 ? steps.value : steps.value.slice(0, nullAt)).map((s) => s.move!);
    blocks.push('ucinewgame\nisready');
    for (let i = 0; i <= played.length; i++) {
      const { position, command } = builder.build({ start: start.value, moves: played.slice(0, i) });
      if (position.countLegalMoves() > 0) blocks.push(`${command}\ngo nodes ${NODES}`);
    }
  }
  return blocks.join('\n\n') + '\n\n';
}

/** Wall seconds of the minimal C client replaying the script (the median of three), or undefined without gcc. */
function floorSeconds(): number | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-uci-replay-'));
  try {
    const binary = join(dir, 'uci-replay');
    try {
      execFileSync('gcc', ['-O2', '-o', binary, fileURLToPath(new URL('../../bench/peers/uci-replay.c', import.meta.url))], { stdio: 'pipe' });
    } catch {
      console.log('uci-replay: gcc unavailable, the minimal client is not run');
      return undefined;
    }
    const script = join(dir, 'script.txt');
    writeFileSync(script, commandScript());
    const times = [0, 1, 2].map(() => Number(execFileSync(binary, [ENGINE, script], { encoding: 'utf8' }).trim()));
    return times.sort((a, b) => a - b)[1]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`analyse: ${games.length} games, --nodes ${NODES}, ${ENGINE}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
await run(1); // warm-up: the engine's binary in the page cache, our code compiled
const startup = await startupCpu();
const one = await run(1);
const two = await run(2);
const floor = floorSeconds();
for (const [name, r, jobs] of [['--jobs 1', one, 1], ['--jobs 2', two, 2]] as const) {
  const own = (r.engineCpu - jobs * startup) / jobs; // per engine, as they run side by side
  console.log(
    `${name}: ${r.positions} positions in ${(r.wall / 1000).toFixed(2)} s wall (${((1000 * r.positions) / r.wall).toFixed(0)} positions/s); ` +
      `engine CPU ${r.engineCpu.toFixed(2)} s (less ${jobs} × ${startup.toFixed(2)} s to start and quit), client CPU ${r.clientCpu.toFixed(2)} s; ` +
      `reported search times ${(r.engineMs / 1000).toFixed(2)} s; wall beyond the engine's own time ${((100 * (r.wall / 1000 - own)) / own).toFixed(1)}%`,
  );
}
const own1 = one.engineCpu - startup;
console.log(`client overhead (--jobs 1, wall beyond the engine's own time): ${((100 * (one.wall / 1000 - own1)) / own1).toFixed(1)}% (target ≤ 10%)`);
if (floor !== undefined) {
  console.log(`minimal C client (the floor): ${floor.toFixed(2)} s wall; caissa --jobs 1 beyond it: ${((100 * (one.wall / 1000 - floor)) / floor).toFixed(1)}%`);
}
console.log(`client CPU per position: ${((1e6 * one.clientCpu) / one.positions).toFixed(0)} µs; engine CPU per position: ${((1e6 * own1) / one.positions).toFixed(0)} µs`);
console.log(`--jobs 2 / --jobs 1 speed-up: ${(one.wall / two.wall).toFixed(2)}× (target ≥ 1.7× on 2 cores)`);
