/**
 * The registry of CLI commands: one line per command. A command's module is loaded when it runs,
 * so that a small command does not load what the others need (the environment, enumeration,
 * the solvers): `caissa san` starts in about half the time it takes to load them all.
 */
import type { Command } from '../usage.js';

/** A command's name, and its module's loader. */
export interface CommandEntry {
  readonly name: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'perft', load: async () => (await import('./perft.js')).perftCommand },
  { name: 'moves', load: async () => (await import('./moves.js')).movesCommand },
  { name: 'fen', load: async () => (await import('./fen.js')).fenCommand },
  { name: 'pgn', load: async () => (await import('./pgn.js')).pgnCommand },
  { name: 'san', load: async () => (await import('./san.js')).sanCommand },
  { name: 'uci', load: async () => (await import('./uci.js')).uciCommand },
  { name: 'paco', load: async () => (await import('./paco.js')).pacoCommand },
  { name: 'selfplay', load: async () => (await import('./selfplay.js')).selfplayCommand },
  { name: 'progressive', load: async () => (await import('./progressive.js')).progressiveCommand },
  { name: 'enumerate', load: async () => (await import('./enumerate.js')).enumerateCommand },
  { name: 'cluster', load: async () => (await import('./cluster.js')).clusterCommand },
  { name: 'svg', load: async () => (await import('./svg.js')).svgCommand },
  { name: 'book', load: async () => (await import('./book.js')).bookCommand },
  { name: 'analyse', load: async () => (await import('./analyse.js')).analyseCommand },
  { name: 'bestmove', load: async () => (await import('./bestmove.js')).bestmoveCommand },
  { name: 'serve', load: async () => (await import('./serve.js')).serveCommand },
];

/** Every command, loaded (for the list of commands that help prints). */
export const loadAllCommands = (): Promise<Command[]> => Promise.all(COMMANDS.map((c) => c.load()));
