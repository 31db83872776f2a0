/** The registry of CLI commands: one line per command. */
import type { Command } from '../usage.js';
import { clusterCommand } from './cluster.js';
import { enumerateCommand } from './enumerate.js';
import { fenCommand } from './fen.js';
import { movesCommand } from './moves.js';
import { pacoCommand } from './paco.js';
import { perftCommand } from './perft.js';
import { progressiveCommand } from './progressive.js';
import { pgnCommand } from './pgn.js';
import { sanCommand } from './san.js';
import { selfplayCommand } from './selfplay.js';
import { svgCommand } from './svg.js';
import { uciCommand } from './uci.js';

export const COMMANDS: readonly Command[] = [perftCommand, movesCommand, fenCommand, pgnCommand, sanCommand, uciCommand, pacoCommand, selfplayCommand, progressiveCommand, enumerateCommand, clusterCommand, svgCommand];
