/**
 * `caissa pgn replay FILE… [--jsonl] [--threads N]` and `caissa pgn check FILE… [--threads N]`.
 *
 * replay --jsonl prints exactly one line per game, in file order (games numbered from 1 across
 * all files given):
 *   {"game":i,"plies":n,"fen":"<final FEN>","result":"1-0","error":null}
 *   {"game":i,"plies":n,"fen":…,"result":…,"error":{"line":L,"column":C,"message":"…","san":"…"}}
 * Without --jsonl: a progress line on stderr (when it is a terminal), each broken game on
 * stderr, and the summary `games G, plies P, errors E, seconds S` on stdout (`--json`: as JSON).
 * check prints only the broken games, one per line: `FILE:LINE:COLUMN: game I: MESSAGE` (the
 * file name's and message's control characters escaped: `visible`; `--json`: a JSON line each),
 * and exits with 1 when there is any. As
 * replay, it reads the mainlines; with --variations it reads every game whole with the tree
 * reader, so that a broken move or a syntax error inside a variation is reported too (on one
 * thread).
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { openPgn, PgnInputError } from '../../node/pgn-files.js';
import { PgnReplayPool } from '../../node/pgn-pool.js';
import { readPgn } from '../../notation/pgn-read.js';
import { replayPgnBatches, type ReplayRecord } from '../../notation/pgn-replay.js';
import { DEFAULT_MAX_GAME_BYTES } from '../../notation/pgn-split.js';
import { EXIT_FAILED, EXIT_OK, InputError, parseIntOption, parseThreads, UsageError, type Command } from '../usage.js';
import { boundedMessage, visible } from '../../core/visible.js';
import { noteStdinWait } from '../stdin.js';

const usage = `caissa pgn replay FILE… [--jsonl | --json] [--threads N] [--max-game-bytes N]   (FILE may be gzipped, or - for stdin)
caissa pgn check FILE… [--threads N | --variations] [--json] [--max-game-bytes N]   (--variations: variations checked too)
  replay --jsonl: one JSON line per game; --json: the summary as JSON
  check --json: one JSON line per broken game {"file","line","column","game","message"}
  --max-game-bytes N: a game longer than N bytes (default ${DEFAULT_MAX_GAME_BYTES}, 64 MiB) is an error,
    not read; memory stays bounded by it`;

async function* records(file: string, pool: PgnReplayPool | undefined, fen: boolean, firstGame: number, maxGameBytes: number): AsyncGenerator<ReplayRecord> {
  const input = openPgn(file);
  if (pool !== undefined) {
    for await (const r of pool.replay(input, { fen, maxGameBytes })) yield { ...r, game: r.game + firstGame - 1 };
    return;
  }
  for await (const batch of replayPgnBatches(input, { fen, maxGameBytes })) {
    for (const r of batch) yield firstGame === 1 ? r : { ...r, game: r.game + firstGame - 1 };
  }
}

/** The records of `caissa pgn check --variations`: every game read whole by the tree reader. */
async function* treeRecords(file: string, firstGame: number, maxGameBytes: number): AsyncGenerator<ReplayRecord> {
  for await (const g of readPgn(openPgn(file), { maxGameBytes })) {
    const game = firstGame++;
    if (g.ok) yield { game, plies: g.value.moves.length, fen: null, result: g.value.result ?? '*', error: null };
    else yield { game, plies: 0, fen: null, result: '*', error: { kind: g.error.kind, line: g.error.line, column: g.error.column, message: g.error.message, san: g.error.san } };
  }
}

/** Writes to stdout, waiting when the pipe is full (so a huge replay keeps memory flat). */
async function writeOut(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
}

const errorLine = (file: string, r: ReplayRecord): string =>
  `${visible(file)}:${r.error!.line}:${r.error!.column}: game ${r.game}: ${visible(boundedMessage(r.error!.message))}`;

export const pgnCommand: Command = {
  name: 'pgn',
  summary: 'replay or check the games of PGN files (.gz and stdin too)',
  usage,
  example: 'caissa pgn replay games.pgn.gz --jsonl',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        jsonl: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        threads: { type: 'string' },
        variations: { type: 'boolean', default: false },
        'max-game-bytes': { type: 'string' },
      },
    });
    const [action, ...files] = positionals;
    if (action !== 'replay' && action !== 'check') throw new UsageError("expected 'replay' or 'check'");
    if (files.length === 0) throw new UsageError('expected at least one file');
    if (action === 'check' && values.jsonl) throw new UsageError('--jsonl is for replay');
    if (values.json && values.jsonl) throw new UsageError('--json (the summary) or --jsonl (a line per game), not both');
    if (values.variations && (action !== 'check' || values.threads !== undefined)) throw new UsageError('--variations is for check, on one thread');
    const threads = parseThreads(values.threads, 1);
    const maxGameBytes = parseIntOption('--max-game-bytes', values['max-game-bytes'], DEFAULT_MAX_GAME_BYTES, 1);
    for (const f of files) {
      if (f === '-') {
        noteStdinWait('pgn', 'PGN');
        continue;
      }
      try {
        await stat(f);
      } catch (e) {
        throw new InputError(`cannot read ${f}: ${(e as Error).message}`);
      }
    }
    const jsonl = action === 'replay' && values.jsonl;
    const progress = action === 'replay' && !jsonl && !values.json && process.stderr.isTTY === true;
    const start = performance.now();
    let games = 0;
    let plies = 0;
    let errors = 0;
    let lastShown = start;
    let out = '';
    // One set of workers for all the files.
    const pool = threads > 1 ? new PgnReplayPool(threads) : undefined;
    try {
      for (const file of files) {
        for await (const r of values.variations ? treeRecords(file, games + 1, maxGameBytes) : records(file, pool, jsonl, games + 1, maxGameBytes)) {
          games++;
          plies += r.plies;
          if (jsonl) {
            // The error's fixed keys (its kind is for library users).
            const e = r.error;
            const error = e === null ? null : { line: e.line, column: e.column, message: e.message, san: e.san };
            out += JSON.stringify({ game: r.game, plies: r.plies, fen: r.fen, result: r.result, error }) + '\n';
            if (out.length > 1 << 16) {
              await writeOut(out);
              out = '';
            }
            continue;
          }
          if (r.error !== null) {
            errors++;
            if (action === 'check') {
              const e = r.error;
              out += (values.json ? JSON.stringify({ file, line: e.line, column: e.column, game: r.game, message: e.message }) : errorLine(file, r)) + '\n';
              await writeOut(out);
              out = '';
            } else process.stderr.write((progress ? '\r\x1b[K' : '') + errorLine(file, r) + '\n');
          }
          if (progress && (games & 1023) === 0) {
            const now = performance.now();
            if (now - lastShown > 200) {
              lastShown = now;
              const rate = plies / ((now - start) / 1000);
              process.stderr.write(`\r\x1b[K${games} games, ${plies} moves, ${(rate / 1e6).toFixed(2)}M moves/s`);
            }
          }
        }
      }
    } catch (e) {
      // The records read before an unreadable input (a truncated .gz) are printed first.
      if (!(e instanceof PgnInputError)) throw e;
      if (out !== '') await writeOut(out);
      throw new InputError(e.message);
    } finally {
      await pool?.close();
    }
    if (out !== '') await writeOut(out);
    if (progress) process.stderr.write('\r\x1b[K');
    if (action === 'replay' && !jsonl) {
      const seconds = (performance.now() - start) / 1000;
      if (values.json) console.log(JSON.stringify({ games, plies, errors, seconds: Number(seconds.toFixed(2)) }));
      else console.log(`games ${games}, plies ${plies}, errors ${errors}, seconds ${seconds.toFixed(2)}`);
    }
    return action === 'check' && errors > 0 ? EXIT_FAILED : EXIT_OK;
  },
};
