// Progressive chess: each side plays one more move per turn than the last. Find a mate in one series.
// Run: node examples/progressive-solver.mjs
import { solveSeries } from 'caissa';
import { makeCourseSolution, parseCourseProblem } from 'caissa/variants/progressive';

// Black to play a series of 4 moves that mates (problem 1 of the course set).
const problem = parseCourseProblem('rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b 4');
if (!problem.ok) throw new Error(problem.error.message);
const solved = solveSeries(problem.value.position, problem.value.n);
if (!solved.ok) throw new Error(solved.error.message);
console.log(`${solved.value.status}: ${makeCourseSolution(solved.value.solutionUci)}`);

// Prints:
// mate: d4-d3;d3-c2;c2-b1q;f8-b4
