/** `caissa uci FEN MOVE…`: moves (SAN or UCI) to UCI; see `san.ts`. */
import { makeUci } from '../../notation/uci.js';
import type { Command } from '../usage.js';
import { makeConvertCommand } from './san.js';

export const uciCommand: Command = makeConvertCommand('uci', makeUci);
