// Read a game, add a variation, promote it to the mainline, walk the tree with a cursor and
// come back to a stored path.
// Run: node examples/edit-pgn-tree.mjs
import { PgnCursor, addVariation, deleteVariation, makeFen, makePgn, parsePath, parsePgn, promoteToMainline } from 'caissa';

const [read] = parsePgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
if (!read.ok) throw new Error(read.error.message);
const game = read.value;

// After 1. e4 (path [0]), try 1... c5 2. Nf3 d6: checked move by move.
const added = addVariation(game, [0], ['c5', 'Nf3', 'd6']);
if (!added.ok) throw new Error(added.error.message);
console.log(`added at ${added.value.join('.')}`);
console.log(addVariation(game, [0], ['c5', 'Ke3']).ok ? 'added' : 'Ke3 is refused'); // nothing changes

const show = () => makePgn(game, { width: Infinity }).split('\n\n')[1].trim();
console.log(show());

// The Sicilian becomes the mainline; the old mainline a variation.
promoteToMainline(game, added.value);
console.log(show());

// Walk: forward into the main continuation or an alternative, back, to the end.
const cursor = PgnCursor.at(game).value;
cursor.forward();
console.log(cursor.children().map((m) => m.san).join(' or '));
cursor.forward(1);
cursor.toEnd();
const stored = cursor.pathText; // store it anywhere as text
cursor.toStart();
cursor.goto(parsePath(stored).value);
console.log(`${stored}: ${makeFen(cursor.position)}`);

deleteVariation(game, parsePath(stored).value.slice(0, 2)); // 1... e5 and all after it
console.log(show());

// Prints:
// added at 0.1.0.0
// Ke3 is refused
// 1. e4 e5 ( 1... c5 2. Nf3 d6 ) 2. Nf3 Nc6 3. Bb5 *
// 1. e4 c5 ( 1... e5 2. Nf3 Nc6 3. Bb5 ) 2. Nf3 d6 *
// c5 or e5
// 0.1.0.0.0: r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3
// 1. e4 c5 2. Nf3 d6 *
