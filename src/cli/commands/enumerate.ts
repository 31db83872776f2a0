import { availableParallelism, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { makeFen } from '../../notation/fen.js';
import { EnumerateError, runEnumeration } from '../../node/enumerate/run.js';
import { Progress } from '../../node/enumerate/progress.js';
import { searchSpaceThreaded } from '../../node/enumerate/search-space.js';
import { searchSpace } from '../../tools/enumerate/search-space.js';
import { parseIdentity } from '../../tools/enumerate/identity.js';
import { positionArg } from '../position-arg.js';
import { EXIT_FAILED, EXIT_OK, InputError, noteThreads, parseDepth, parseGigabytes, parseThreads, UsageError, type Command } from '../usage.js';
import { visible } from '../../core/visible.js';

const usage = `caissa enumerate --plies N [--fen F] [--within] [--identity fide|pseudo-ep|fen|diagram] [--workdir DIR] [--resume] [--threads K] [--memory GB] [--quiet] [--json]
caissa enumerate --search-space [--fen F] [--pseudo-legal] [--threads K] [--quiet] [--json]
  --pseudo-legal: ROECE's semantics (pseudo-legal moves, castling rights that never change) instead
  of FIDE's; --seed-semantics is its former name`;

export const enumerateCommand: Command = {
  name: 'enumerate',
  summary: 'count distinct positions after N plies (or in a search space), in memory or through disk',
  usage,
  example: 'caissa enumerate --plies 4 --fen startpos',
  async run(args) {
    const { values } = parseArgs({
      args,
      allowPositionals: false,
      options: {
        plies: { type: 'string' },
        fen: { type: 'string' },
        within: { type: 'boolean', default: false },
        identity: { type: 'string' },
        workdir: { type: 'string' },
        resume: { type: 'boolean', default: false },
        threads: { type: 'string' },
        memory: { type: 'string' },
        json: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'search-space': { type: 'boolean', default: false },
        'pseudo-legal': { type: 'boolean', default: false },
        'seed-semantics': { type: 'boolean', default: false },
      },
    });
    const pos = positionArg(values.fen);
    const pseudoLegal = values['pseudo-legal'] || values['seed-semantics'];
    const progress = new Progress(!values.quiet);
    const start = performance.now();
    if (values['search-space']) {
      if (values.plies !== undefined) throw new UsageError('--search-space takes no --plies');
      // Options of --plies only: refused rather than ignored (a search space has its own rules).
      for (const name of ['identity', 'within', 'workdir', 'resume', 'memory'] as const) {
        if (values[name] !== undefined && values[name] !== false) throw new UsageError(`--${name} counts positions by --plies, not with --search-space`);
      }
      progress.phase(pseudoLegal ? 'search space (pseudo-legal)' : 'search space', 0, 'positions expanded');
      const threads = parseThreads(values.threads, Math.min(2, availableParallelism()));
      noteThreads('enumerate', threads);
      const options = { pseudoLegal, onProgress: (e: number) => progress.update(e) };
      const stats = threads > 1 ? await searchSpaceThreaded(pos, options, threads, progress) : searchSpace(pos, options);
      progress.finishLine();
      const ms = Math.round(performance.now() - start);
      if (values.json) {
        console.log(JSON.stringify({ ...stats, ms }));
      } else {
        const rows: [string, number][] = [
          ['maximum moves in a position', stats.maxMoves],
          ['minimum moves in a position', stats.minMoves],
          ['moves generated', stats.moves],
          ['positions expanded', stats.expanded],
          ['white root collisions', stats.whiteRootCollisions],
          ['white domain collisions', stats.whiteDomainCollisions],
          ['black root collisions', stats.blackRootCollisions],
          ['black domain collisions', stats.blackDomainCollisions],
          ['new roots', stats.newRoots],
          ['new positions', stats.newPositions],
        ];
        for (const [label, v] of rows) console.log(`${label.padEnd(30)} ${v}`);
        console.log(`${'time'.padEnd(30)} ${ms} ms`);
      }
      return EXIT_OK;
    }
    if (values.plies === undefined) throw new UsageError('expected --plies N or --search-space');
    if (pseudoLegal) {
      throw new UsageError(`--${values['pseudo-legal'] ? 'pseudo-legal' : 'seed-semantics'} is for --search-space, not with --plies`);
    }
    const plies = parseDepth('--plies', values.plies, 0);
    const identity = parseIdentity(values.identity ?? 'fide');
    if (!identity.ok) throw new UsageError(`--identity: ${identity.error.message}`);
    if (values.resume && values.workdir === undefined) throw new UsageError('--resume needs --workdir');
    // The work directory holds one identity's positions level by level: neither the levels seen
    // before (--within) nor diagrams, which are projected from FIDE positions in memory.
    if (values.workdir !== undefined && values.within) throw new UsageError('--within is computed in memory only (no --workdir)');
    if (values.workdir !== undefined && identity.value === 'diagram') throw new UsageError('the diagram identity runs in memory only (no --workdir)');
    const threads = parseThreads(values.threads, Math.min(2, availableParallelism()));
    noteThreads('enumerate', threads);
    let result;
    try {
      result = await runEnumeration({
        pos,
        fen: makeFen(pos),
        plies,
        identity: identity.value,
        within: values.within,
        threads,
        memoryBytes: parseGigabytes('--memory', values.memory, Math.min(8, totalmem() / 2 ** 31)),
        ...(values.workdir !== undefined ? { workdir: values.workdir } : {}),
        resume: values.resume,
        progress,
      });
    } catch (e) {
      // Another run's work directory is bad input (exit 2), as perft's checkpoint of another count.
      if (e instanceof EnumerateError && e.input) throw new InputError(e.message);
      if (e instanceof EnumerateError) {
        console.error(`caissa enumerate: ${visible(e.message)}`);
        return EXIT_FAILED;
      }
      throw e;
    }
    const ms = Math.round(performance.now() - start);
    const final = result.levels[result.levels.length - 1]!;
    const positions = values.within ? final.within! : final.positions;
    if (values.json) {
      for (const l of result.levels) console.log(JSON.stringify(l));
    } else {
      const head = ['ply', 'positions', ...(values.within ? ['first reached', 'within'] : []), 'paths (perft)'];
      console.log(head.join('\t'));
      for (const l of result.levels) {
        console.log([l.ply, l.positions, ...(values.within ? [l.firstReached, l.within] : []), l.paths].join('\t'));
      }
      console.log(`${values.within ? 'within' : 'after exactly'} ${plies} plies (${identity.value}, ${result.mode}): ${positions} positions, ${ms} ms`);
    }
    if (values.json) console.log(JSON.stringify({ positions, plies, ms }));
    return EXIT_OK;
  },
};
