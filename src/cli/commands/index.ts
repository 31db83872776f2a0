/** The registry of CLI commands: one line per command. */
import type { Command } from '../usage.js';
import { fenCommand } from './fen.js';
import { movesCommand } from './moves.js';
import { perftCommand } from './perft.js';

export const COMMANDS: readonly Command[] = [perftCommand, movesCommand, fenCommand];
