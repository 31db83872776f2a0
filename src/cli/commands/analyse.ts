/**
 * `caissa analyse FILE… --engine PATH …`: every position of every game's mainline searched by a
 * UCI engine, the games written back as PGN with `[%eval]` after each move, NAGs `?!` `?` `??`
 * from the drop in winning chances, and per-side summary tags (see `tools/annotate.ts`).
 *
 * With `--out FILE`, a journal beside it (`FILE.journal`) records after each game the games
 * done and the output's length; `--resume` cuts the output back to the last such record and
 * goes on from the next game, so that an interrupted run (even by `kill -9`) resumed gives the
 * same file as a run never interrupted (at a fixed `--nodes` or `--depth` with one thread: the
 * engine clears its tables at each game's `ucinewgame`). The journal goes when the run ends.
 */
import { shownMessage, visible } from '../../core/visible.js';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, rmSync, statSync, writeSync, appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PgnGame } from '../../notation/pgn-game.js';
import { readPgn } from '../../notation/pgn-read.js';
import { makePgn } from '../../notation/pgn-write.js';
import { analyseGames } from '../../node/game-analysis.js';
import { openPgn, PgnInputError } from '../../node/pgn-files.js';
import { UciEngineError } from '../../node/uci-engine.js';
import type { UciLimits } from '../../node/uci-protocol.js';
import { EXIT_FAILED, EXIT_OK, InputError, parseIntOption, parseThreads, UsageError, type Command } from '../usage.js';

const usage = `caissa analyse FILE… --engine PATH [--nodes N | --depth N | --movetime MS] [--multipv K]
    [--jobs J] [--threads T] [--hash MB] [--out FILE] [--resume]
  searches every position of every game's mainline (default --nodes 100000) and writes the games
  as PGN: [%eval] after each move, ?! ? ?? by the drop in winning chances (lichess' thresholds),
  tags WhiteACPL, WhiteInaccuracies, WhiteMistakes, WhiteBlunders and Black's; J engines at once
  (games stay in input order), each with T threads and MB of hash; --resume goes on from where an
  interrupted run with the same arguments and --out stopped
examples:
  caissa analyse games.pgn --engine /usr/games/stockfish --nodes 200000 --out analysed.pgn
  caissa analyse a.pgn b.pgn.gz --engine stockfish --depth 14 --jobs 2 --out out.pgn --resume`;

/** The search limit of the options (exactly one, or the default). */
export function limitsOf(values: { nodes?: string; depth?: string; movetime?: string }): UciLimits {
  const given = (['nodes', 'depth', 'movetime'] as const).filter((k) => values[k] !== undefined);
  if (given.length > 1) throw new UsageError(`give one limit: --${given.join(' or --')}`);
  if (values.depth !== undefined) return { depth: parseIntOption('--depth', values.depth, 0, 1, 1000) };
  if (values.movetime !== undefined) return { movetime: parseIntOption('--movetime', values.movetime, 0, 1) };
  return { nodes: parseIntOption('--nodes', values.nodes, 100_000, 1) };
}

/** Maps an engine's fault to the CLI's: a path that is no engine is bad input; the rest a failure. */
export function engineFailure(command: string, e: unknown): number {
  if (!(e instanceof UciEngineError)) throw e;
  if (e.kind === 'notFound' || e.kind === 'notExecutable') throw new InputError(e.message);
  console.error(`caissa ${command}: ${shownMessage(e.message)}`);
  return EXIT_FAILED;
}

interface Journal {
  readonly fingerprint: string;
  readonly games: number;
  readonly bytes: number;
}

/** The last complete record of a journal, if it belongs to this run. */
function readJournal(path: string, fingerprint: string): Journal | undefined {
  if (!existsSync(path)) return undefined;
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines[0] !== fingerprint) throw new InputError(`--resume: ${path} belongs to a run with other files, engine or limits`);
  let last: Journal = { fingerprint, games: 0, bytes: 0 };
  // A line cut by a kill has no newline after it, and does not parse: it is left out.
  for (const line of lines.slice(1, -1)) {
    const m = /^(\d+) (\d+)$/.exec(line);
    if (m !== null) last = { fingerprint, games: Number(m[1]), bytes: Number(m[2]) };
  }
  return last;
}

/** Writes a bar on standard error when it is a terminal: games, positions per second, time left. */
function progressBar(total: number, skipped: number): { position(): void; game(): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let positions = 0;
  let games = skipped;
  let shown = 0;
  const draw = (force: boolean): void => {
    const now = Date.now();
    if (!tty || (!force && now - shown < 200)) return;
    shown = now;
    const seconds = (now - started) / 1000;
    const rate = positions / Math.max(seconds, 1e-3);
    const done = games - skipped;
    const eta = done > 0 ? ((total - games) * seconds) / done : NaN;
    const width = 24;
    const filled = Math.round((width * games) / Math.max(total, 1));
    const etaText = Number.isFinite(eta) ? `${Math.floor(eta / 60)}:${String(Math.round(eta % 60)).padStart(2, '0')}` : '–';
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${games}/${total} games · ${rate.toFixed(0)} positions/s · ETA ${etaText} `);
  };
  return {
    position: () => (positions++, draw(false)),
    game: () => (games++, draw(true)),
    end: () => tty && process.stderr.write('\n'),
  };
}

export const analyseCommand: Command = {
  name: 'analyse',
  summary: 'annotate games with a UCI engine: [%eval], ?! ? ??, accuracy tags',
  usage,
  example: 'caissa analyse games.pgn --engine /usr/games/stockfish --nodes 200000 --out analysed.pgn',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        engine: { type: 'string' },
        nodes: { type: 'string' },
        depth: { type: 'string' },
        movetime: { type: 'string' },
        multipv: { type: 'string' },
        jobs: { type: 'string' },
        threads: { type: 'string' },
        hash: { type: 'string' },
        out: { type: 'string' },
        resume: { type: 'boolean', default: false },
      },
    });
    if (positionals.length === 0) throw new UsageError('expected PGN files');
    if (values.engine === undefined) throw new UsageError('--engine PATH is required');
    if (values.resume && values.out === undefined) throw new UsageError('--resume needs --out FILE');
    const limits = limitsOf(values);
    const multiPv = parseIntOption('--multipv', values.multipv, 1, 1, 500);
    const jobs = parseIntOption('--jobs', values.jobs, 1, 1, 256);
    const engineOptions: Record<string, number> = {};
    if (values.threads !== undefined) engineOptions.Threads = parseThreads(values.threads, 1);
    if (values.hash !== undefined) engineOptions.Hash = parseIntOption('--hash', values.hash, 16, 1);

    const games: PgnGame[] = [];
    let broken = 0;
    for (const file of positionals) {
      try {
        for await (const g of readPgn(openPgn(file))) {
          if (g.ok) games.push(g.value);
          else {
            broken++;
            console.error(`caissa analyse: ${visible(file)}: game ${g.error.game}, line ${g.error.line}: ${shownMessage(g.error.message)} (left out)`);
          }
        }
      } catch (e) {
        if (e instanceof PgnInputError) throw new InputError(e.message);
        throw e;
      }
    }

    // The run's identity: a journal resumes only the run it was written by.
    const fingerprint = JSON.stringify({
      files: positionals.map((f) => (f === '-' ? f : `${resolve(f)}:${statSync(f).size}`)),
      engine: values.engine,
      limits,
      multiPv,
      engineOptions,
    });
    const journalPath = values.out === undefined ? undefined : `${values.out}.journal`;
    let skip = 0;
    let fd: number | undefined;
    let bytes = 0;
    if (values.out !== undefined) {
      const journal = values.resume ? readJournal(journalPath!, fingerprint) : undefined;
      try {
        if (journal !== undefined && existsSync(values.out)) {
          fd = openSync(values.out, 'r+');
          ftruncateSync(fd, journal.bytes);
          skip = journal.games;
          bytes = journal.bytes;
        } else {
          fd = openSync(values.out, 'w');
          rmSync(journalPath!, { force: true });
          appendFileSync(journalPath!, `${fingerprint}\n`);
        }
      } catch (e) {
        if (e instanceof InputError) throw e;
        throw new InputError(`cannot write ${values.out}: ${(e as Error).message}`);
      }
      if (skip > 0) console.error(`caissa analyse: resuming after ${skip} of ${games.length} games`);
    }

    const progress = progressBar(games.length, skip);
    try {
      await analyseGames(
        games,
        { engine: values.engine, start: { options: engineOptions }, limits, multiPv, jobs, skip, onPosition: progress.position },
        async (index, analysed) => {
          const text = makePgn(analysed.game) + '\n';
          if (fd === undefined) {
            if (!process.stdout.write(text)) await new Promise<void>((r) => process.stdout.once('drain', () => r()));
          } else {
            const buffer = Buffer.from(text);
            writeSync(fd, buffer, 0, buffer.length, bytes);
            bytes += buffer.length;
            appendFileSync(journalPath!, `${index + 1} ${bytes}\n`);
          }
          progress.game();
        },
      );
    } catch (e) {
      progress.end();
      return engineFailure('analyse', e);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    progress.end();
    if (journalPath !== undefined) rmSync(journalPath, { force: true });
    return broken > 0 ? EXIT_FAILED : EXIT_OK;
  },
};
