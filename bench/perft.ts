/**
 * `npm run bench:perft`: perft on the six chessprogramming.org positions with caissa (bulk
 * counting, single thread; also without bulk counting and with 2 threads), chessops (bulk counts
 * too), chess.js (smaller depths) and Stockfish's `go perft`, all in one run so the ratios hold on
 * a noisy shared machine. Options: `--quick` (one depth less everywhere).
 */
import { Chess as ChessJs } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { perft as opsPerft } from 'chessops/debug';
import { parseFen as opsParseFen } from 'chessops/fen';
import { readFen } from '../src/notation/fen.js';
import { perftThreaded } from '../src/node/perft-pool.js';
import { perft } from '../src/tools/perft.js';
import { findStockfish, StockfishProcess } from '../test/stockfish.js';

const quick = process.argv.includes('--quick');
const POSITIONS: { name: string; fen: string; depth: number; nodes: number }[] = [
  { name: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 6, nodes: 119060324 },
  { name: 'kiwipete', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 5, nodes: 193690690 },
  { name: 'position 3', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', depth: 7, nodes: 178633661 },
  { name: 'position 4', fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', depth: 5, nodes: 15833292 },
  { name: 'position 5', fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', depth: 5, nodes: 89941194 },
  { name: 'position 6', fen: 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', depth: 5, nodes: 164075551 },
];

interface Row { nodes: number; ms: number }
const table = new Map<string, Row[]>();
const record = (engine: string, row: Row): void => {
  table.set(engine, [...(table.get(engine) ?? []), row]);
};
const time = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
};
const mnps = (rows: Row[]): number => rows.reduce((s, r) => s + r.nodes, 0) / rows.reduce((s, r) => s + r.ms, 0) / 1000;

// Warm-up: JIT compilation dominates short runs.
{
  const pos = readFen(POSITIONS[1]!.fen);
  if (pos.ok) perft(pos.value, 4);
  const ops = OpsChess.fromSetup(opsParseFen(POSITIONS[1]!.fen).unwrap()).unwrap();
  opsPerft(ops, 3, false);
  new ChessJs(POSITIONS[1]!.fen).perft(2);
}

const stockfishPath = findStockfish();
const stockfish = stockfishPath ? new StockfishProcess(stockfishPath) : undefined;

console.log('position     depth        nodes   caissa  no-bulk 2-threads  chessops(d-1) chess.js(d-3)  stockfish   (Mnps)');
for (const p of POSITIONS) {
  const depth = quick ? p.depth - 1 : p.depth;
  const pos = readFen(p.fen);
  if (!pos.ok) throw new Error(pos.error.message);
  const [nodes, ms] = time(() => perft(pos.value, depth));
  if (!quick && nodes !== p.nodes) throw new Error(`${p.name}: perft ${nodes} ≠ ${p.nodes}`);
  record('caissa', { nodes, ms });
  const [nb, nbMs] = time(() => perft(pos.value, depth - 1, { bulk: false }));
  record('caissa no-bulk', { nodes: nb, ms: nbMs });
  const t2 = performance.now();
  const threaded = Number((await perftThreaded(pos.value, depth, 2)).reduce((s, l) => s + l.nodes, 0n));
  const t2ms = performance.now() - t2;
  if (threaded !== nodes) throw new Error(`${p.name}: threaded perft ${threaded} ≠ ${nodes}`);
  record('caissa 2 threads', { nodes: threaded, ms: t2ms });
  const ops = OpsChess.fromSetup(opsParseFen(p.fen).unwrap()).unwrap();
  const [opsNodes, opsMs] = time(() => opsPerft(ops, depth - 1, false));
  record('chessops', { nodes: opsNodes, ms: opsMs });
  const cj = new ChessJs(p.fen);
  const [cjNodes, cjMs] = time(() => cj.perft(depth - 3));
  record('chess.js', { nodes: cjNodes, ms: cjMs });
  let sfText = '        -';
  if (stockfish) {
    const t = performance.now();
    const sf = await stockfish.perft(p.fen, depth, false);
    const sfMs = performance.now() - t;
    if (sf.nodes !== nodes) throw new Error(`${p.name}: Stockfish ${sf.nodes} ≠ ${nodes}`);
    record('stockfish', { nodes: sf.nodes, ms: sfMs });
    sfText = (sf.nodes / sfMs / 1000).toFixed(1).padStart(9);
  }
  const f = (n: number, m: number): string => (n / m / 1000).toFixed(1).padStart(8);
  console.log(
    `${p.name.padEnd(12)} ${String(depth).padStart(5)} ${String(nodes).padStart(12)} ${f(nodes, ms)} ${f(nb, nbMs)} ${f(threaded, t2ms)}` +
      ` ${f(opsNodes, opsMs).padStart(14)} ${f(cjNodes, cjMs).padStart(13)} ${sfText}`,
  );
}
stockfish?.close();

console.log('\naggregate Mnps (total nodes / total time) and ratios:');
const ours = mnps(table.get('caissa')!);
for (const [engine, rows] of table) {
  const v = mnps(rows);
  console.log(`  ${engine.padEnd(18)} ${v.toFixed(2).padStart(8)} Mnps   caissa/${engine} = ${(ours / v).toFixed(2)}×`);
}
if (table.has('stockfish')) {
  const ratio = ours / mnps(table.get('stockfish')!);
  console.log(`\ntarget caissa ≥ 0.5× Stockfish: ${ratio.toFixed(2)}× ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
}
