// Count the leaf nodes of the legal-move tree (perft), the standard check of a move generator.
// Run: node examples/perft.mjs
import { Position, perft, perftDivide, readFen } from 'caissa';

console.log(`start, depth 4: ${perft(Position.standard(), 4)}`);
const kiwipete = readFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
if (!kiwipete.ok) throw new Error(kiwipete.error.message);
console.log(`kiwipete, depth 3: ${perft(kiwipete.value, 3)}`);
// Per root move, as Stockfish's `go perft` prints it.
const divide = perftDivide(Position.standard(), 2);
console.log(`e2e4: ${divide.find((d) => d.uci === 'e2e4').nodes}, root moves: ${divide.length}`);

// Prints:
// start, depth 4: 197281
// kiwipete, depth 3: 97862
// e2e4: 20, root moves: 20
