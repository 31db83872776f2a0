/**
 * `caissa book FILE.bin [--fen FEN | startpos] [--json]`: a Polyglot book's moves for a position;
 * `caissa book make FILE.pgn… --out FILE.bin [--max-ply N] [--min-games K] [--uniform]`: a book
 * from games, counted as PolyGlot's `make-book` counts them.
 */
import { shownMessage, visible } from '../../core/visible.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { polyglotKey } from '../../chess/polyglot.js';
import { Position } from '../../chess/position.js';
import { readPgn } from '../../notation/pgn-read.js';
import { makeSan } from '../../notation/san.js';
import { openPgn } from '../../node/pgn-files.js';
import { PolyglotBookBuilder, readPolyglotBook } from '../../tools/polyglot-book.js';
import { positionArg } from '../position-arg.js';
import { EXIT_FAILED, EXIT_OK, InputError, parseIntOption, UsageError, type Command } from '../usage.js';

const usage = `caissa book FILE.bin [--fen FEN | startpos] [--json]
       caissa book make FILE.pgn… --out FILE.bin [--max-ply N] [--min-games K] [--uniform]
  lists the book's moves for the position (the start unless given) with weights and shares;
  --json: {"key":"<16 hex digits>","entries":[{"uci","san","weight","learn"}…]} in book order.
  make: PolyGlot's counting (a win 2, a draw 1, a loss 0 for the side moving); --max-ply plies
  per game (default 1024), --min-games games per move (default 3), --uniform weighs each move 1
examples:
  caissa book performance.bin startpos
  caissa book performance.bin --fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" --json
  caissa book make games.pgn.gz --out games.bin --max-ply 16 --min-games 2`;

/** The position of `--fen` or a positional `startpos` (the start unless given). */
function bookPosition(fen: string | undefined, rest: string[]): Position {
  if (rest.length > 1 || (rest.length === 1 && rest[0] !== 'startpos')) throw new UsageError(`unexpected argument '${rest.at(-1)}' (a FEN goes after --fen, in quotes)`);
  if (fen !== undefined && rest.length > 0) throw new UsageError('give the position once: --fen FEN or startpos');
  return fen === undefined || fen === 'startpos' ? Position.standard() : positionArg(fen);
}

async function make(files: string[], values: { out?: string; 'max-ply'?: string; 'min-games'?: string; uniform: boolean }): Promise<number> {
  if (files.length === 0) throw new UsageError('book make: expected PGN files');
  if (values.out === undefined) throw new UsageError('book make: --out FILE.bin is required');
  const builder = new PolyglotBookBuilder({
    maxPly: parseIntOption('--max-ply', values['max-ply'], 1024),
    minGames: parseIntOption('--min-games', values['min-games'], 3),
    uniform: values.uniform,
  });
  let broken = 0;
  for (const file of files) {
    for await (const game of readPgn(openPgn(file))) {
      if (game.ok) builder.add(game.value);
      else {
        broken++;
        console.error(`caissa book: ${visible(file)}: game ${game.error.game}, line ${game.error.line}: ${shownMessage(game.error.message)} (left out)`);
      }
    }
  }
  for (const s of builder.skipped) console.error(`caissa book: game ${s.index + 1}: ${shownMessage(s.message)} (left out)`);
  const book = builder.build();
  try {
    writeFileSync(values.out, book.toBytes());
  } catch (e) {
    throw new InputError(`cannot write ${values.out}: ${(e as Error).message}`);
  }
  console.error(`caissa book: ${book.size} entries written to ${visible(values.out)}`);
  return broken + builder.skipped.length > 0 ? EXIT_FAILED : EXIT_OK;
}

export const bookCommand: Command = {
  name: 'book',
  summary: 'look up a Polyglot opening book, or make one from PGN games',
  usage,
  example: 'caissa book performance.bin --fen startpos --json',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        fen: { type: 'string' },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
        'max-ply': { type: 'string' },
        'min-games': { type: 'string' },
        uniform: { type: 'boolean', default: false },
      },
    });
    if (positionals[0] === 'make') return make(positionals.slice(1), values);
    const [file, ...rest] = positionals;
    if (file === undefined) throw new UsageError('expected a book file (FILE.bin) or make');
    const pos = bookPosition(values.fen, rest);
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file);
    } catch (e) {
      throw new InputError(`cannot read ${file}: ${(e as Error).message}`);
    }
    const book = readPolyglotBook(bytes);
    if (!book.ok) throw new InputError(`${file}: ${book.error.message}`);
    const entries = book.value.entries(pos);
    const key = polyglotKey(pos).toString(16).padStart(16, '0');
    if (values.json) {
      console.log(JSON.stringify({ key, entries: entries.map((e) => ({ uci: e.move.uci, san: makeSan(e.move), weight: e.weight, learn: e.learn })) }));
      return EXIT_OK;
    }
    const total = entries.reduce((s, e) => s + e.weight, 0);
    if (entries.length === 0) console.log(`no book moves (key ${key})`);
    const sanWidth = Math.max(0, ...entries.map((e) => makeSan(e.move).length));
    for (const e of entries) {
      const share = total === 0 ? 0 : (100 * e.weight) / total;
      console.log(`${makeSan(e.move).padEnd(sanWidth)}  ${e.move.uci.padEnd(5)}  weight ${String(e.weight).padStart(5)}  ${share.toFixed(2).padStart(6)}%  learn ${e.learn}`);
    }
    return EXIT_OK;
  },
};
