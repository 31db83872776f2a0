// The moves a board UI needs: for each square, where its piece may go, as square names.
// Run: node examples/board-ui-moves.mjs
import { chessgroundDests, makeSan, parseUci, readFen } from 'caissa';

const read = readFen('r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4');
if (!read.ok) throw new Error(read.error.message);
const pos = read.value;

// Castling is given both as king-two-squares (e1g1) and king-to-rook (e1h1), as chessground expects.
const dests = chessgroundDests(pos);
console.log(`e1 -> ${dests.get('e1').join(' ')}`);
console.log(`c4 -> ${dests.get('c4').join(' ')}`);

// The user drags the king from e1 to g1: a UCI move, checked against the position.
const move = parseUci(pos, 'e1g1');
if (!move.ok) throw new Error(move.error.message);
console.log(`played ${makeSan(move.value)}`);

// Prints:
// e1 -> f1 g1 h1 e2
// c4 -> f1 e2 b3 d3 b5 d5 a6 e6 f7
// played O-O
