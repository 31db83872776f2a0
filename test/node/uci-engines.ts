/**
 * UCI engines for the tests: real ones from Debian (installed when missing) and small fake ones,
 * written as Node scripts, that break the protocol in chosen ways.
 */
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { debianBinary } from '../debian.js';
import { findStockfish } from '../stockfish.js';
import { tempDir } from '../helpers.js';

/** The three real engines the tests drive, each undefined when it cannot be had. */
export const realEngines = (): { name: string; path: string | undefined }[] => [
  { name: 'Stockfish', path: findStockfish() },
  { name: 'Fairy-Stockfish', path: debianBinary('fairy-stockfish', ['/usr/games/fairy-stockfish', '/usr/bin/fairy-stockfish']) },
  { name: 'Ethereal', path: debianBinary('ethereal-chess', ['/usr/games/ethereal-chess', '/usr/bin/ethereal-chess']) },
];

/**
 * The body of a fake engine: `onLine(line)` is called for each command and answers through
 * `say(text)`. The handshake part (`uci`, `isready`) is shared unless `custom` handles it.
 */
const PRELUDE = `
const say = (t) => process.stdout.write(t + '\\n');
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) onLine(line.trim());
});
process.stdin.on('end', () => process.exit(0));
`;

/** Fake engines by the fault they show. */
export const FAKE_ENGINES = {
  /** Never says `uciok`. */
  mute: `function onLine(l) { if (l === 'uci') say('id name Mute'); }`,
  /** Answers the handshake, then prints an info line whose depth is no number. */
  garbage: `function onLine(l) {
    if (l === 'uci') { say('id name Garbage'); say('uciok'); }
    else if (l === 'isready') say('readyok');
    else if (l.startsWith('go')) { say('hello there'); say('info depth x score cp 12 pv e2e4'); say('bestmove e2e4'); }
  }`,
  /** A PV whose second move is illegal (the pawn cannot move twice), then a legal best move. */
  illegalPv: `function onLine(l) {
    if (l === 'uci') { say('id name IllegalPv'); say('option name MultiPV type spin default 1 min 1 max 4'); say('uciok'); }
    else if (l === 'isready') say('readyok');
    else if (l.startsWith('go')) { say('info depth 1 score cp 30 nodes 5 pv e2e4 e2e4 e7e5'); say('bestmove e2e4'); }
  }`,
  /** A best move that is not legal. */
  illegalBest: `function onLine(l) {
    if (l === 'uci') { say('id name IllegalBest'); say('uciok'); }
    else if (l === 'isready') say('readyok');
    else if (l.startsWith('go')) say('bestmove e2e5');
  }`,
  /** Writes to standard error and exits with code 3 when asked to search. */
  crash: `function onLine(l) {
    if (l === 'uci') { say('id name Crash'); say('uciok'); }
    else if (l === 'isready') say('readyok');
    else if (l.startsWith('go')) { process.stderr.write('assertion failed: board.cpp:42\\n'); process.exit(3); }
  }`,
  /** A malformed option line in the handshake. */
  badOption: `function onLine(l) {
    if (l === 'uci') { say('option name Hash type spin default lots min 1 max 4'); say('uciok'); }
    else if (l === 'isready') say('readyok');
  }`,
} as const;

/** A directory of the fake engines as executable scripts; `dispose` removes it. */
export function writeFakeEngines(): { dir: string; path(name: keyof typeof FAKE_ENGINES): string; dispose(): void } {
  const dir = tempDir('caissa-fake-uci-');
  for (const [name, body] of Object.entries(FAKE_ENGINES)) {
    const file = join(dir, name);
    writeFileSync(file, `#!${process.execPath}\n${PRELUDE}\n${body}\n`);
    chmodSync(file, 0o755);
  }
  return { dir, path: (name) => join(dir, name), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
