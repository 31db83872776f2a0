import { parseArgs } from 'node:util';
import { makeFen } from '../../notation/fen.js';
import { oneFen, positionArg } from '../position-arg.js';
import { visible } from '../../core/visible.js';
import { EXIT_OK, UsageError, type Command } from '../usage.js';
import { runVariantMoves, variantArg, variantPositionArg } from '../variant-arg.js';

export const movesCommand: Command = {
  name: 'moves',
  summary: 'list the legal moves of a position in UCI',
  usage: 'caissa moves [--fen FEN|startpos] [--json] [--variant NAME]   (or: caissa moves FEN|startpos)',
  example: 'caissa moves --fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" --json',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { fen: { type: 'string' }, json: { type: 'boolean', default: false }, variant: { type: 'string' } } });
    if (positionals.length > 1) throw new UsageError(`expected one position, got ${positionals.length} arguments (quote the FEN)`);
    const rules = variantArg(values.variant);
    if (rules !== undefined) return runVariantMoves(variantPositionArg(rules, oneFen(values.fen, positionals[0])), values.json);
    const pos = positionArg(oneFen(values.fen, positionals[0]));
    const moves = pos.legalMoves().map((m) => m.uci);
    if (values.json) console.log(JSON.stringify({ fen: makeFen(pos), moves }));
    else for (const m of moves) console.log(m);
    // An empty list is an answer, not an error (exit 0); say why there is none, beside the output.
    if (moves.length === 0) console.error(`caissa moves: no legal moves: ${pos.isCheck() ? 'checkmate' : 'stalemate'} (${visible(makeFen(pos))})`);
    return EXIT_OK;
  },
};
