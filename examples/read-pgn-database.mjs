// Read a PGN database (plain or gzipped) and replay every game's mainline to its final position.
// Run: node examples/read-pgn-database.mjs [FILE.pgn[.gz]]   (default: the small file beside this one)
import { openPgn } from 'caissa/node';
import { replayPgn } from 'caissa';

const file = process.argv[2] ?? new URL('games.pgn', import.meta.url).pathname;
let games = 0;
let plies = 0;
for await (const record of replayPgn(openPgn(file))) {
  if (record.error !== null) {
    console.log(`game ${record.game}: ${record.error.message} (line ${record.error.line})`);
    continue;
  }
  games++;
  plies += record.plies;
  console.log(`game ${record.game}: ${record.plies} plies, ${record.result}, ${record.fen}`);
}
console.log(`${games} games, ${plies} plies`);

// Prints:
// game 1: 7 plies, 1-0, r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4
// game 2: 4 plies, 0-1, rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
// game 3: 2 plies, *, rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
// 3 games, 13 plies
