import { parseArgs } from 'node:util';
import type { ObservationKind } from '../../env/kernel.js';
import { KERNEL_FACTORIES } from '../../env/registry.js';
import { CHECKPOINT_MS, runSelfplay, SelfplayBusyError, SelfplayRunError, type SelfplayPolicy } from '../../node/env-selfplay.js';
import { EXIT_FAILED, EXIT_OK, InputError, parseIntOption, parseThreads, UsageError, type Command } from '../usage.js';
import { visible } from '../../core/visible.js';

/**
 * Bounds that keep a mistyped count from an allocation error: a search tree reserves a node per
 * simulation with room for 256 edges, about 5 KB (512 MB at the bound); a batch holds an
 * environment's buffers per game, about 36 KB with AlphaZero observations (a run at the bound
 * peaked at 733 MB).
 */
const MAX_SIMULATIONS = 100_000;
const MAX_BATCH = 16_384;
/** A day: a longer time between checkpoints is as good as none, and most likely a slip. */
const MAX_CHECKPOINT_MS = 86_400_000;

/** System error codes that say --out cannot hold the run (the user's path, not a failed run). */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EROFS', 'ENOENT', 'ENAMETOOLONG', 'ELOOP']);

const usage = `caissa selfplay [--game chess|chess960|paco] --games N --out DIR
    [--policy random|mcts] [--sims K] [--value material|rollout] [--batch B] [--threads T]
    [--observation alphazero|compact] [--max-steps S] [--seed S] [--repeatable] [--resume | --force]
    [--checkpoint-ms MS] [--quiet] [--json]
  --game: chess unless given; the others' defaults: --policy random, --sims 64, --value material
    (paco: rollout), --batch the smaller of N and 64, --threads 1, --observation alphazero,
    --max-steps 512, --seed 0
  --seed: the run plays the same games whatever --threads and --batch; they are written as they
    finish, in an order that depends on --batch and, with more than one thread, on timing
  --repeatable: games are written in order, so the files depend on the options only, not on
    --threads, --batch, timing or a kill and --resume (a kill also loses the games waiting for
    an earlier one)
  --resume: continue the run in DIR (checkpointed every --checkpoint-ms) up to N games in all,
    with the options it was started with; a kill loses at most the games since the last checkpoint
  --force: start afresh in a DIR that holds a run, removing its files (without --resume or
    --force, such a DIR is refused)
  --checkpoint-ms: milliseconds between checkpoints, 1000 unless given (0: after every game); it
    never changes the files, and a run may be resumed with another
  chess: 4672 AlphaZero actions (pgx numbering), observation alphazero (8x8x119) or compact (8x8x20);
  paco: 132 actions, the reference's 30-layer observation, flags.npy with the Ŝako/Paco-in-one labels`;

/** `[#####-----] 12/100 games  3456 samples  1234 samples/s` */
function progressLine(games: number, total: number, samples: number, ms: number): string {
  const width = 24;
  const done = Math.min(width, Math.round((games / Math.max(1, total)) * width));
  const rate = ms > 0 ? Math.round((samples * 1000) / ms) : 0;
  return `[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${games}/${total} games  ${samples} samples  ${rate} samples/s`;
}

export const selfplayCommand: Command = {
  name: 'selfplay',
  summary: 'generate self-play training data (.npy files and a JSON manifest)',
  usage,
  example: 'caissa selfplay --games 8 --out selfplay-run',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        game: { type: 'string', default: 'chess' },
        games: { type: 'string' },
        policy: { type: 'string', default: 'random' },
        sims: { type: 'string' },
        value: { type: 'string' },
        batch: { type: 'string' },
        threads: { type: 'string' },
        out: { type: 'string' },
        observation: { type: 'string' },
        'max-steps': { type: 'string' },
        seed: { type: 'string' },
        resume: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        repeatable: { type: 'boolean', default: false },
        'checkpoint-ms': { type: 'string' },
        quiet: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const game = values.game!;
    if (!KERNEL_FACTORIES.has(game)) throw new UsageError(`--game: expected one of ${[...KERNEL_FACTORIES.keys()].join(', ')}, got '${game}'`);
    if (values.games === undefined) throw new UsageError('--games N is required');
    if (values.out === undefined) throw new UsageError('--out DIR is required');
    const policy = values.policy as SelfplayPolicy;
    if (policy !== 'random' && policy !== 'mcts') throw new UsageError(`--policy: expected random or mcts, got '${values.policy}'`);
    const value = values.value ?? (game === 'paco' ? 'rollout' : 'material');
    if (value !== 'material' && value !== 'rollout') throw new UsageError(`--value: expected material or rollout, got '${value}'`);
    if (game === 'paco' && value === 'material') throw new UsageError('--value material: chess only (Paco Ŝako uses rollout)');
    const observation = values.observation ?? 'alphazero';
    if (observation !== 'alphazero' && observation !== 'compact') throw new UsageError(`--observation: expected alphazero or compact, got '${observation}'`);
    // Paco Ŝako's one observation is the reference's: a chess kind given for it would be ignored.
    if (game === 'paco' && values.observation !== undefined) throw new UsageError("--observation: chess only (Paco Ŝako has the reference's 30 layers)");
    if (values.sims !== undefined && policy !== 'mcts') throw new UsageError('--sims needs --policy mcts');
    // The value function rates the search's leaves: the random policy has none, and would ignore it.
    if (values.value !== undefined && policy !== 'mcts') throw new UsageError('--value needs --policy mcts');
    if (values.resume && values.force) throw new UsageError('--resume and --force: give one (continue the run, or start afresh)');
    const games = parseIntOption('--games', values.games, 1, 1);
    const options = {
      game,
      games,
      policy,
      simulations: parseIntOption('--sims', values.sims, 64, 1, MAX_SIMULATIONS),
      value: value as 'material' | 'rollout',
      batch: parseIntOption('--batch', values.batch, Math.min(games, 64), 1, MAX_BATCH),
      threads: parseThreads(values.threads, 1),
      out: values.out,
      // The environments' generators take 32-bit seeds: a larger one would alias a smaller.
      seed: parseIntOption('--seed', values.seed, 0, 0, 0xffffffff),
      observation: observation as ObservationKind,
      maxSteps: parseIntOption('--max-steps', values['max-steps'], 512, 1),
      resume: values.resume,
      force: values.force,
      repeatable: values.repeatable,
      checkpointMs: parseIntOption('--checkpoint-ms', values['checkpoint-ms'], CHECKPOINT_MS, 0, MAX_CHECKPOINT_MS),
    };
    let last = 0;
    const show = !values.quiet;
    let result: Awaited<ReturnType<typeof runSelfplay>>;
    try {
      result = await runSelfplay(options, (p) => {
        const now = performance.now();
        if (show && (now - last > 200 || p.games === games)) {
          last = now;
          process.stderr.write(`\r${progressLine(p.games, games, p.samples, p.elapsedMs)}`);
        }
      });
    } catch (e) {
      if (e instanceof SelfplayRunError) throw new InputError(e.message);
      // As caissa perft --checkpoint and caissa enumerate do for their work in use: exit 1.
      if (e instanceof SelfplayBusyError) {
        console.error(`caissa selfplay: ${visible(e.message)}`);
        return EXIT_FAILED;
      }
      const code = (e as { code?: string }).code;
      if (code !== undefined && UNWRITABLE.has(code)) {
        throw new InputError(`--out ${options.out}: cannot write there (${(e as Error).message})`);
      }
      console.error(`caissa selfplay: ${visible((e as Error).message)}`);
      return EXIT_FAILED;
    }
    if (show) process.stderr.write('\n');
    // A run resumed with fewer games than it holds plays none and keeps them all: say so.
    if (result.games > games) console.error(`caissa selfplay: ${visible(options.out)} already holds ${result.games} games, more than --games ${games}: none played, none removed`);
    const rate = Math.round((result.samples * 1000) / Math.max(1, result.elapsedMs));
    if (values.json) console.log(JSON.stringify({ games: result.games, samples: result.samples, out: options.out, samplesPerSecond: rate }));
    else console.log(`wrote ${result.samples} samples of ${result.games} games to ${visible(options.out)} (${rate} samples/s)`);
    return EXIT_OK;
  },
};
