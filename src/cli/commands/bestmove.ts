/**
 * `caissa bestmove --engine PATH [--fen FEN | startpos] [--moves "MOVE …"] [--nodes N | --depth N
 * | --movetime MS] [--json]`: a UCI engine's best move. The position goes to the engine from its
 * start with the moves played, so that it sees repetitions. Prints the last scored info line,
 * then the move in UCI on the last line (`(none)` when there is no legal move); `--json` prints
 * the whole last info as one object instead, with the move and ponder move.
 */
import { parseArgs } from 'node:util';
import type { Move } from '../../chess/position.js';
import { UciEngine } from '../../node/uci-engine.js';
import type { UciInfo } from '../../node/uci-protocol.js';
import { joinEnPassantMarks, readMove } from '../move-arg.js';
import { positionArg } from '../position-arg.js';
import { EXIT_OK, UsageError, type Command } from '../usage.js';
import { engineFailure, limitsOf } from './analyse.js';

const usage = `caissa bestmove --engine PATH [--fen FEN | startpos] [--moves "MOVE …"] [--nodes N | --depth N | --movetime MS] [--json]
  the engine's best move in UCI on the last line (default --nodes 100000); --moves: SAN or UCI
  moves played from the position first; --json: the last info line as one object
examples:
  caissa bestmove --engine /usr/games/stockfish startpos --moves "e4 e5 Nf3" --depth 16
  caissa bestmove --engine stockfish --fen "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" --json`;

/** An info line as JSON: its fields, the PV in UCI. */
function infoJson(info: UciInfo | undefined, move: Move | null, ponder: Move | undefined): Record<string, unknown> {
  const { pv, pvUci, raw, ...fields } = info ?? { pv: [], pvUci: [], raw: undefined };
  void pvUci;
  void raw;
  return { ...fields, pv: pv.map((m) => m.uci), ...(info?.pvError === undefined ? {} : { pvError: info.pvError }), bestmove: move?.uci ?? null, ponder: ponder?.uci ?? null };
}

export const bestmoveCommand: Command = {
  name: 'bestmove',
  summary: "a UCI engine's best move for a position",
  usage,
  example: 'caissa bestmove --engine stockfish --fen startpos --depth 16 --json',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        engine: { type: 'string' },
        fen: { type: 'string' },
        moves: { type: 'string' },
        nodes: { type: 'string' },
        depth: { type: 'string' },
        movetime: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    if (values.engine === undefined) throw new UsageError('--engine PATH is required');
    if (positionals.length > 1 || (positionals.length === 1 && positionals[0] !== 'startpos')) throw new UsageError(`unexpected argument '${positionals.at(-1)}'`);
    if (positionals.length === 1 && values.fen !== undefined) throw new UsageError('give the position once: --fen FEN or startpos');
    const start = positionArg(values.fen === 'startpos' ? undefined : values.fen);
    const moves: Move[] = [];
    let pos = start;
    for (const [i, text] of joinEnPassantMarks((values.moves ?? '').split(/\s+/).filter((w) => w !== '')).entries()) {
      const move = readMove(pos, text, i);
      moves.push(move);
      pos = move.play();
    }
    const limits = limitsOf(values);
    let engine: UciEngine | undefined;
    try {
      engine = await UciEngine.start(values.engine);
      const best = await engine.bestMove({ start, moves }, limits);
      if (values.json) console.log(JSON.stringify(infoJson(best.info, best.move, best.ponder)));
      else {
        if (best.info !== undefined) console.log(best.info.raw);
        console.log(best.move?.uci ?? '(none)');
      }
      return EXIT_OK;
    } catch (e) {
      return engineFailure('bestmove', e);
    } finally {
      await engine?.quit();
    }
  },
};
