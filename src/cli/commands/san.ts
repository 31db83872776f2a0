/**
 * `caissa san FEN MOVE…` and `caissa uci FEN MOVE…`: play a sequence of moves (each in SAN or
 * UCI) from a position and print them in SAN, or in UCI, space-separated on one line. FEN may be
 * `startpos`. A move that is not legal stops with exit code 2 and names the move.
 */
import { parseArgs } from 'node:util';
import { Position, type Move } from '../../chess/position.js';
import { readFen } from '../../notation/fen.js';
import { makeSan } from '../../notation/san.js';
import { readMove } from '../move-arg.js';
import { EXIT_OK, InputError, UsageError, type Command } from '../usage.js';

/** The position of a FEN argument (`startpos` = the standard start). */
function startArg(fen: string, chess960: boolean): Position {
  if (fen === 'startpos') return Position.standard();
  const pos = readFen(fen, { chess960: chess960 ? true : 'auto' });
  if (!pos.ok) throw new InputError(pos.error.message);
  return pos.value;
}

/** Converts the moves with `write` after playing them one by one. */
export function convertMoves(fen: string, moves: string[], chess960: boolean, write: (m: Move) => string): string[] {
  let pos = startArg(fen, chess960);
  return moves.map((text, i) => {
    const move = readMove(pos, text, i);
    const out = write(move);
    pos = move.play();
    return out;
  });
}

export const makeConvertCommand = (name: 'san' | 'uci', write: (m: Move) => string): Command => ({
  name,
  summary: `convert moves (SAN or UCI) from a position to ${name.toUpperCase()}`,
  usage: `caissa ${name} FEN|startpos MOVE… [--chess960]`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { chess960: { type: 'boolean', default: false } },
    });
    if (positionals.length < 1) throw new UsageError('expected a FEN (or startpos) and moves');
    const [fen, ...moves] = positionals;
    // A FEN given as separate words (unquoted) is joined back up to its move list.
    let fenText = fen!;
    let rest = moves;
    if (fenText !== 'startpos' && fenText.trim().split(/\s+/).length === 1) {
      // The FEN fields after the board, in order: turn, castling, en passant, two clocks.
      const FIELDS = [/^[wb]$/, /^(-|[KQkqA-Ha-h]+)$/, /^(-|[a-h][36])$/, /^\d+$/, /^\d+$/];
      let k = 0;
      while (k < FIELDS.length && k < rest.length && FIELDS[k]!.test(rest[k]!)) k++;
      fenText = [fenText, ...rest.slice(0, k)].join(' ');
      rest = rest.slice(k);
    }
    console.log(convertMoves(fenText, rest, values.chess960, write).join(' '));
    return EXIT_OK;
  },
});

export const sanCommand: Command = makeConvertCommand('san', makeSan);
