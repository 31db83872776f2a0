import { parseArgs } from 'node:util';
import { makeFen } from '../../notation/fen.js';
import { positionArg } from '../position-arg.js';
import { EXIT_OK, type Command } from '../usage.js';

export const movesCommand: Command = {
  name: 'moves',
  summary: 'list the legal moves of a position in UCI',
  usage: 'caissa moves [--fen FEN] [--json]',
  async run(args) {
    const { values } = parseArgs({ args, options: { fen: { type: 'string' }, json: { type: 'boolean', default: false } } });
    const pos = positionArg(values.fen);
    const moves = pos.legalMoves().map((m) => m.uci);
    if (values.json) console.log(JSON.stringify({ fen: makeFen(pos), moves }));
    else for (const m of moves) console.log(m);
    return EXIT_OK;
  },
};
