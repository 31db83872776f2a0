/**
 * `npm run bench:env [-- --quick | --headline]`: steps per second of the batched environment, random legal
 * actions (picked by the caller from each environment's legal label list, as a policy would),
 * at batch 1, 64, 1024 and 4096, on one and two threads, with masks only and with observations
 * (AlphaZero 119 planes, compact 20 planes; Paco Ŝako: the reference's 30 layers). Every step of every environment counts as one step
 * (pgx's convention: steps/s over the batch). Peers cannot run here (pgx needs JAX); its
 * published figures are printed for comparison. Other processes share the cores: the load
 * average is printed, and steps per CPU-second (all threads of this process) say what one free
 * core delivers whatever the load.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Rng } from '../src/core/rng.js';
import type { ObservationKind } from '../src/env/kernel.js';
import { ThreadedBatchEnv } from '../src/node/env-pool.js';

const quick = process.argv.includes('--quick');
// `--headline`: only chess with masks at batch 64 and 1024 (the target's configuration).
const headline = process.argv.includes('--headline');
const seconds = quick ? 0.3 : 1.5;
// Worker threads start cold: warm up long enough for their JIT (and page faults of the buffers).
const warmup = quick ? 150 : 1000;

interface Row {
  game: string;
  observation: ObservationKind;
  batch: number;
  threads: number;
  /** `step(actions)` with actions picked by the caller from the legal lists. */
  stepsPerSecond: number;
  /** `stepRandom(k)`: random legal actions drawn inside each thread, one barrier per k steps. */
  randomStepsPerSecond: number;
  /** The same per second of CPU time used by the process (all threads): what free cores give. */
  randomStepsPerCpuSecond: number;
}

/** Runs `body` (which returns the steps it made) for `ms`, returns [steps/s, steps/CPU-s]. */
function timed(ms: number, body: () => number): [number, number] {
  let steps = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    steps += body();
    now = performance.now();
  }
  const used = process.cpuUsage(cpu);
  return [(steps * 1000) / (now - start), steps / ((used.user + used.system) / 1e6)];
}

async function measure(game: string, observation: ObservationKind, batch: number, threads: number): Promise<Row> {
  const env = await ThreadedBatchEnv.create({ game, size: batch, threads, kernel: { observation }, batch: { seed: 1 } });
  env.reset();
  const b = env.buffers;
  const rng = new Rng(12345);
  const l = b.maxLegal;
  const stepOnce = (): number => {
    for (let i = 0; i < batch; i++) b.actions[i] = b.legalLabels[i * l + rng.below(b.legalCount[i]!)]!;
    env.step();
    return batch;
  };
  const k = Math.max(1, Math.floor(16384 / batch));
  const stepMany = (): number => {
    env.stepRandom(k);
    return k * batch;
  };
  // Worker threads start cold: warm up both paths (JIT, page faults of the buffers).
  timed(warmup / 2, stepOnce);
  timed(warmup / 2, stepMany);
  const [stepsPerSecond] = timed(seconds * 1000, stepOnce);
  const [randomStepsPerSecond, randomStepsPerCpuSecond] = timed(seconds * 1000, stepMany);
  await env.close();
  return { game, observation, batch, threads, stepsPerSecond, randomStepsPerSecond, randomStepsPerCpuSecond };
}

const rows: Row[] = [];
const fmt = (x: number): string => (x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : `${(x / 1e3).toFixed(0)}k`);
const load = (): string => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
};
console.log(`cores: ${availableParallelism()}, load average before: ${load()}`);
console.log('game      observation  batch  threads  step(actions)  stepRandom  stepRandom/CPU-s   (steps per second)');
// For Paco Ŝako any observation but 'none' is the reference's 30 layers.
const configs: [string, ObservationKind][] = [
  ['chess', 'none'],
  ['chess', 'compact'],
  ['chess', 'alphazero'],
  ['chess960', 'none'],
  ['paco', 'none'],
  ['paco', 'alphazero'],
];
for (const [game, observation] of headline ? configs.filter(([g, o]) => g === 'chess' && o === 'none') : configs) {
  for (const batch of headline ? [64, 1024] : [1, 64, 1024, 4096]) {
    for (const threads of [1, 2]) {
      if (threads > batch) continue;
      const row = await measure(game, observation, batch, threads);
      rows.push(row);
      const obs = game === 'paco' && observation !== 'none' ? 'reference' : observation;
      console.log(
        `${game.padEnd(9)} ${obs.padEnd(12)} ${String(batch).padStart(5)}  ${String(threads).padStart(7)}  ${fmt(row.stepsPerSecond).padStart(13)}  ${fmt(row.randomStepsPerSecond).padStart(10)}  ${fmt(row.randomStepsPerCpuSecond).padStart(16)}`,
      );
    }
  }
}
const top = (game: string, threads: number, key: 'stepsPerSecond' | 'randomStepsPerSecond'): Row =>
  rows.filter((r) => r.game === game && r.observation === 'none' && r.threads === threads).reduce((a, r) => (r[key] > a[key] ? r : a));
console.log(`load average after: ${load()}`);
for (const key of ['stepsPerSecond', 'randomStepsPerSecond'] as const) {
  const two = top('chess', 2, key);
  const one = top('chess', 1, key);
  console.log(
    `chess with masks, ${key === 'stepsPerSecond' ? 'step(actions)' : 'stepRandom'}: best ${fmt(two[key])} steps/s on 2 threads (batch ${two.batch}), ${fmt(one[key])} on 1 (batch ${one.batch}); target 1.00M on 2 cores`,
  );
}
if (!headline) {
  const paco = top('paco', 2, 'stepsPerSecond');
  const paco1 = top('paco', 1, 'stepsPerSecond');
  console.log(`Paco Ŝako with masks, step(actions): best ${fmt(Math.max(paco.stepsPerSecond, paco1.stepsPerSecond))} steps/s; target 100k`);
}
console.log('pgx (published, env.md): chess 6.6–11k steps/s on CPU (batch 256/1024), 0.51–0.75M on an NVIDIA GB10 GPU');
console.log(`ratio of our best chess step(actions) to pgx's best GPU figure (0.75M): ${(Math.max(top('chess', 2, 'stepsPerSecond').stepsPerSecond, top('chess', 1, 'stepsPerSecond').stepsPerSecond) / 750_450).toFixed(2)}×`);
