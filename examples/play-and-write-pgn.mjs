// Play a game move by move, with the draw rules, take a move back, and write it as PGN.
// Run: node examples/play-and-write-pgn.mjs
import { GameRecord, lineText } from 'caissa';

const game = new GameRecord();
for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) {
  const played = game.playSan(san);
  if (!played.ok) throw new Error(played.error.message); // a typed SanError: what and why
}
console.log(`repetitions: ${game.repetitions()}, claim: ${game.claimableDraw()}`);
console.log(game.playSan('Ke2').ok ? 'played' : 'Ke2 is refused');
game.undo(); // takes back ...Ng8
game.playUci('f6e4'); // ...Ne4 instead
console.log(lineText(game.moves()));
console.log(game.toPgn({ Event: 'Example', White: 'A', Black: 'B', Result: '1/2-1/2' }).trim());

// Prints:
// repetitions: 3, claim: threefoldRepetition
// Ke2 is refused
// 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ne4
// [Event "Example"]
// [Site "?"]
// [Date "????.??.??"]
// [Round "?"]
// [White "A"]
// [Black "B"]
// [Result "1/2-1/2"]
//
// 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ne4 1/2-1/2
