// Paco Ŝako: pieces unite instead of capturing. Count its moves and check for Ŝako (check).
// Run: node examples/paco-sako.mjs
import { isInSako, legalActions, pacoStart, turnPerft, writePacoFen } from 'caissa/variants/paco';

const start = pacoStart();
console.log(writePacoFen(start));
const actions = new Int32Array(256);
console.log(`actions at the start: ${legalActions(start, actions)}`);
console.log(`turn perft 2: ${turnPerft(start, 2)}`);
console.log(`white in Ŝako: ${isInSako(start, 0)}`);

// Prints:
// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -
// actions at the start: 10
// turn perft 2: 400
// white in Ŝako: false
