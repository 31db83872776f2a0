import { parseArgs } from 'node:util';
import { Position } from '../../chess/position.js';
import { makeFen, parseFen, STARTING_FEN } from '../../notation/fen.js';
import { excerpt } from '../../core/visible.js';
import { fenOrStart, oneFen } from '../position-arg.js';
import { EXIT_FAILED, EXIT_OK, InputError, UsageError, type Command } from '../usage.js';
import { runVariantFenCheck, variantArg } from '../variant-arg.js';

/** `caissa fen check FEN`: the validity report (every issue found, and what lenient mode says). */
export const fenCommand: Command = {
  name: 'fen',
  summary: 'check a FEN: syntax, then every reason the position is not playable',
  usage: 'caissa fen check [--fen] FEN|startpos [--json] [--variant NAME]',
  example: 'caissa fen check --fen "8/8/8/8/8/8/8/K6k w - - 0 1"',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { fen: { type: 'string' }, json: { type: 'boolean', default: false }, variant: { type: 'string' } } });
    const rules = variantArg(values.variant);
    const given = values.fen === undefined ? positionals.length - 1 : 1;
    if (positionals[0] !== 'check' || given < 1) {
      throw new UsageError(positionals[0] === undefined || positionals[0] === 'check' ? "expected 'check FEN'" : `expected 'check FEN', got '${excerpt(positionals[0])}'`);
    }
    // The FEN as one argument, its words as several (the form before --fen), or --fen's value.
    const fen = fenOrStart(oneFen(values.fen, positionals.length > 1 ? positionals.slice(1).join(' ') : undefined), STARTING_FEN);
    if (rules !== undefined) return runVariantFenCheck(rules, fen === STARTING_FEN ? 'startpos' : fen, values.json);
    const setup = parseFen(fen);
    if (!setup.ok) throw new InputError(setup.error.message);
    const strict = Position.fromSetup(setup.value);
    const lenient = strict.ok ? strict : Position.fromSetup(setup.value, { lenient: true });
    const issues = strict.ok ? [] : strict.error.issues;
    const normalized = lenient.ok ? makeFen(lenient.value) : undefined;
    if (values.json) {
      console.log(JSON.stringify({ valid: strict.ok, issues, playableLeniently: lenient.ok, fen: normalized ?? null }));
    } else if (strict.ok) {
      console.log(`valid: ${normalized}`);
    } else {
      for (const issue of issues) console.log(`invalid: ${issue}`);
      console.log(lenient.ok ? `lenient: playable as ${normalized}` : 'lenient: not playable');
    }
    return strict.ok ? EXIT_OK : EXIT_FAILED;
  },
};
