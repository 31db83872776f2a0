/**
 * Reading PGN into game trees: an async iterator over any source (streamed; one game in memory
 * at a time) and a synchronous variant for a whole text. A broken game yields its error, with
 * game number, line and column, and reading goes on with the next game.
 */
import type { Result } from '../core/result.js';
import type { PgnError, PgnGame } from './pgn-game.js';
import { parseGame, type ParseGameOptions } from './pgn-parse.js';
import { pgnGames, pgnGamesSync, type PgnChunk, type PgnSource } from './pgn-source.js';

/**
 * The games of a source as trees, in order.
 *
 * ```ts
 * for await (const g of readPgn(response.body)) if (g.ok) console.log(g.value.moves.length);
 * ```
 */
export async function* readPgn(source: PgnSource, options: ParseGameOptions = {}): AsyncGenerator<Result<PgnGame, PgnError>> {
  let n = 0;
  for await (const slice of pgnGames(source, options.maxGameBytes)) yield parseGame(slice, ++n, options);
}

/** The games of a whole text or buffer as trees. */
export function parsePgn(source: PgnChunk, options: ParseGameOptions = {}): Result<PgnGame, PgnError>[] {
  const out: Result<PgnGame, PgnError>[] = [];
  let n = 0;
  for (const slice of pgnGamesSync(source, options.maxGameBytes)) out.push(parseGame(slice, ++n, options));
  return out;
}
