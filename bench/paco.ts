/**
 * `npm run bench:paco`: Paco Ŝako speed, single-threaded, against the reference's published
 * figures (test/fixtures/paco/README.md; the reference itself is Rust and cannot run here):
 * - Ŝako checks/s on the opening-book positions, reverse amazon search and exhaustive search
 *   (reference amazon: mean 0.77 µs ≈ 1.2M checks/s; unpruned threat search 3.2 µs);
 * - mean and p99 per check on the union-heavy random-play positions (reference amazon 613 µs,
 *   exhaustive with early exit 43 µs);
 * - random playouts/s at the action level with threefold repetition on (reference ≈ 3,950/s);
 * - turn perft 5 and action perft 10 from the start position.
 * Rates and means are per CPU-second of this process (`process.cpuUsage`), as the reference's
 * figures are, so that other load on a shared machine distorts them less; p99 is wall time per
 * check. Options: `--quick` (shorter runs).
 */
import { readText } from '../src/node/data.js';
import { Rng } from '../src/core/rng.js';
import { parsePacoFen } from '../src/variants/paco/fen.js';
import { PLAYER, WORDS } from '../src/variants/paco/layout.js';
import { canPacoNow, canPacoNowAmazon, isInSako, isInSakoAmazon } from '../src/variants/paco/sako.js';
import { RandomPlayer } from '../src/variants/paco/random.js';
import { pacoStart } from '../src/variants/paco/game.js';
import { copyState } from '../src/variants/paco/state.js';
import { actionPerft, turnPerft } from '../src/variants/paco/perft.js';
import { fixturePath } from '../test/data.js';

const quick = process.argv.includes('--quick');
const seconds = quick ? 0.5 : 2;

function load(name: string): Int32Array[] {
  const data = JSON.parse(readText(fixturePath('paco', name))) as { positions: { fen: string }[] };
  return data.positions.map((p) => {
    const r = parsePacoFen(p.fen);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  });
}

const book = load('sako_opening_book_positions.json');
const random = load('sako_random_positions.json');

/** CPU milliseconds (user + system) of this process. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Checks per CPU-second of `check` over `states`, repeated for about `seconds`. */
function rate(states: Int32Array[], check: (s: Int32Array) => boolean): number {
  let n = 0;
  let sink = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    for (const s of states) if (check(s)) sink++;
    n += states.length;
    t = cpuMs();
  }
  if (sink < 0) console.log(sink);
  return (n * 1000) / (t - t0);
}

/**
 * Mean (CPU µs per check over whole passes) and p99 (wall µs of single checks) over `states`.
 */
function latency(states: Int32Array[], check: (s: Int32Array) => boolean, rounds: number): { mean: number; p99: number } {
  const times: number[] = [];
  const c0 = cpuMs();
  for (let r = 0; r < rounds; r++) {
    for (const s of states) {
      const t = performance.now();
      check(s);
      times.push((performance.now() - t) * 1000);
    }
  }
  const mean = ((cpuMs() - c0) * 1000) / times.length;
  times.sort((a, b) => a - b);
  return { mean, p99: times[Math.floor(times.length * 0.99)]! };
}

const sakoAmazon = (s: Int32Array): boolean => isInSakoAmazon(s, s[PLAYER]!);
const sakoExhaustive = (s: Int32Array): boolean => isInSako(s, s[PLAYER]!);

// Warm-up.
rate(book, sakoAmazon);
rate(book, sakoExhaustive);
latency(random, sakoAmazon, 1);
latency(random, sakoExhaustive, 1);
latency(random, canPacoNowAmazon, 1);
latency(random, canPacoNow, 1);

const f = (x: number, d = 0): string => x.toFixed(d).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
console.log(`Paco Ŝako, Node ${process.version}, single thread, per CPU-second${quick ? ' (--quick)' : ''}`);
console.log('');
const am = rate(book, sakoAmazon);
const ex = rate(book, sakoExhaustive);
console.log(`opening book (${book.length} positions), Ŝako of the side to move:`);
console.log(`  amazon      ${f(am).padStart(10)} checks/s  (${(1e6 / am).toFixed(2)} µs; target ≥ 1,200,000/s, reference 0.77 µs)`);
console.log(`  exhaustive  ${f(ex).padStart(10)} checks/s  (${(1e6 / ex).toFixed(2)} µs; amazon/exhaustive ${(am / ex).toFixed(2)}×)`);
console.log('');
const rounds = quick ? 1 : 3;
console.log(`random-play positions (${random.length}, union-heavy), per check (µs):`);
for (const [name, check] of [
  ['Ŝako, amazon', sakoAmazon], ['Ŝako, exhaustive', sakoExhaustive],
  ['Paco-now, amazon', canPacoNowAmazon], ['Paco-now, exhaustive', canPacoNow],
] as const) {
  const { mean, p99 } = latency(random, check, rounds);
  console.log(`  ${name.padEnd(22)} mean ${mean.toFixed(1).padStart(7)}   p99 ${p99.toFixed(1).padStart(8)}`);
}
console.log('  (target: mean ≤ 40 µs; reference amazon 613 µs mean / 13 ms p99, its exhaustive search 43 µs)');
console.log('');
{
  const rng = new Rng(42);
  const player = new RandomPlayer();
  const start = pacoStart(3);
  const s = new Int32Array(WORDS);
  for (let i = 0; i < 200; i++) {
    copyState(start, s);
    player.playout(s, rng);
  }
  let games = 0;
  let actions = 0;
  const t0 = cpuMs();
  let t = t0;
  while (t - t0 < seconds * 2000) {
    copyState(start, s);
    player.playout(s, rng);
    actions += player.actions;
    games++;
    t = cpuMs();
  }
  const gps = (games * 1000) / (t - t0);
  console.log(`random playouts (threefold repetition on): ${f(gps)} games/s, ${f((actions * 1000) / (t - t0))} actions/s`);
  console.log(`  (target ≥ 4,000 games/s; reference ≈ 3,950 games/s, 1.7M actions/s)`);
}
console.log('');
{
  const s = pacoStart(0);
  const t0 = cpuMs();
  const n = turnPerft(s, quick ? 4 : 5);
  const t1 = cpuMs();
  const m = actionPerft(s, quick ? 8 : 10);
  const t2 = cpuMs();
  console.log(`turn perft ${quick ? 4 : 5}: ${f(n)} in ${f(t1 - t0)} ms; action perft ${quick ? 8 : 10}: ${f(m)} in ${f(t2 - t1)} ms (${f((m * 1000) / (t2 - t1))} leaves/s)`);
}
