/**
 * `caissa san FEN MOVE…` and `caissa uci FEN MOVE…`: play a sequence of moves (each in SAN or
 * UCI) from a position and print them in SAN, or in UCI, space-separated on one line (`--json`:
 * the start's FEN, the moves and the FEN after them). FEN may be `startpos`, and may be given as
 * `--fen FEN` (then every argument is a move). A move that is not legal stops with exit code 2
 * and names the move.
 *
 * The FEN may be one argument or its words, unquoted. Unquoted, the words after the board are
 * taken as its fields in FEN order (side to move, castling, en passant, halfmove clock, fullmove
 * number) as long as each has the form of the next field; fields left out take their defaults
 * (`w - - 0 1`) and the remaining words are the moves. The side, the castling field, `-` and the
 * two counters (digits) are never moves, so they cannot be misread. The one word that can be
 * either is a square on rank 3 or 6 right after the castling field (`d6` in `… b KQkq d6 e5`):
 * it is the en-passant field when the FEN with it is a valid position, and the first move when
 * the FEN with it is not valid, the FEN without it is, and it is a legal move there; otherwise
 * the FEN's error is reported. Both readings can never hold at once: a valid en-passant square
 * has the pawn that just pushed past it on the square a pawn push to it would start from.
 *
 * `--chess960`: castling is written and read as king-takes-rook (UCI `e1h1`), `startpos`
 * included (the standard start is Chess960 position 518).
 *
 * A null move (`--`, `Z0` or UCI's `0000`, dashes typographic too, as PGN reads them:
 * docs/pgn.md) passes the turn and is written `--` in SAN, `0000` in UCI; it is refused while the
 * side to move is in check. A `--` after the FEN is such a move, not the end of the options (no
 * FEN or move starts with `-`).
 * An `e.p.` (or `ep`) written apart, as the shell splits `exd6 e.p.`, belongs to the move before.
 */
import { parseArgs } from 'node:util';
import { Position, type Move } from '../../chess/position.js';
import { makeFen, readFen } from '../../notation/fen.js';
import { isNullMoveText, makeSan, parseSan } from '../../notation/san.js';
import { normalizeTypography } from '../../notation/typography.js';
import { joinEnPassantMarks, readMove } from '../move-arg.js';
import { runVariantConvert, variantArg, variantPositionArg } from '../variant-arg.js';
import { STARTPOS } from '../position-arg.js';
import { EXIT_OK, InputError, UsageError, type Command } from '../usage.js';

/** The Scharnagl number of the standard start among the Chess960 start positions. */
const STANDARD_CHESS960_START = 518;

/** The position of a FEN argument (`startpos` = the standard start, with Chess960 castling under `--chess960`). */
function startArg(fen: string, chess960: boolean): Position {
  if (fen === STARTPOS) return chess960 ? Position.chess960Start(STANDARD_CHESS960_START) : Position.standard();
  const pos = readFen(fen, { chess960: chess960 ? true : 'auto' });
  if (!pos.ok) throw new InputError(pos.error.message);
  return pos.value;
}

/** The forms of the FEN fields after the board, in order: side, castling, en passant, two clocks. */
const FEN_FIELDS = [/^[wb]$/, /^(-|[KQkqA-Ha-h]+)$/, /^(-|[a-h][36])$/, /^\d+$/, /^\d+$/];
/** How many words (board, side, castling) come before the en-passant field. */
const EP_WORD = 3;

/**
 * Splits the positional arguments into the start position and the moves: the FEN's words are
 * taken as described in the module comment.
 */
export function splitFenAndMoves(positionals: readonly string[], chess960: boolean): { start: Position; moves: string[] } {
  const [fen, ...rest] = positionals;
  if (fen === undefined) throw new UsageError('expected a FEN (or startpos) and moves');
  // `startpos` or a FEN given as one argument (quoted): every later word is a move.
  if (fen === STARTPOS || fen.trim().split(/\s+/).length !== 1) return { start: startArg(fen, chess960), moves: rest };
  let k = 0;
  while (k < FEN_FIELDS.length && k < rest.length && FEN_FIELDS[k]!.test(rest[k]!)) k++;
  const words = [fen, ...rest.slice(0, k)];
  const options = { chess960: chess960 ? true : ('auto' as const) };
  const longest = readFen(words.join(' '), options);
  if (longest.ok) return { start: longest.value, moves: rest.slice(k) };
  // The en-passant-looking word was the last one taken: it is the first move if the position
  // is valid without it and it is legal there.
  const word = words[EP_WORD];
  if (words.length === EP_WORD + 1 && word !== '-') {
    const shorter = readFen(words.slice(0, EP_WORD).join(' '), options);
    if (shorter.ok && parseSan(shorter.value, word!).ok) return { start: shorter.value, moves: rest.slice(EP_WORD - 1) };
  }
  throw new InputError(longest.error.message);
}

/** Plays the moves one by one from `start`, converting each with `write` (a null move to `nullText`). */
function playMoves(start: Position, moves: readonly string[], write: (m: Move) => string, nullText: string): { out: string[]; after: Position } {
  let pos = start;
  const out = moves.map((text, i) => {
    if (isNullMoveText(normalizeTypography(text))) {
      const after = pos.playNullMove();
      if (after === undefined) throw new InputError(`move ${i + 1}: null move '${text}' while in check`);
      pos = after;
      return nullText;
    }
    // A number is never a move: a FEN counter out of place (they follow the en-passant field).
    if (/^\d+$/.test(text)) {
      throw new InputError(`move ${i + 1}: '${text}' is a number, not a move (a FEN's move counters come after its castling and en-passant fields, '-' when none)`);
    }
    const move = readMove(pos, text, i);
    const written = write(move);
    pos = move.play();
    return written;
  });
  return { out, after: pos };
}

/** `--` standing for a null move while `parseArgs` reads the options (it would end them). */
const NULL_ARG = '\0--';

export const makeConvertCommand = (name: 'san' | 'uci', write: (m: Move) => string): Command => ({
  name,
  summary: `convert moves (SAN or UCI) from a position to ${name.toUpperCase()}`,
  usage: `caissa ${name} [--fen FEN|startpos] MOVE… [--chess960] [--json]
caissa ${name} FEN|startpos MOVE… [--chess960] [--json]
  FEN: one argument or its words; a rank-3/6 square after the castling field is the en-passant
    field if that FEN is valid, else the first move if legal (d6 in '… b KQkq d6 e5')
  --chess960: castling as king-takes-rook (e1h1), startpos too
  --json: {"fen":<start FEN>,"moves":[…],"after":<FEN after the moves>}
  a null move (--, Z0, 0000) passes the turn: written -- in SAN, 0000 in UCI
caissa ${name} [--fen FEN|startpos] MOVE… --variant NAME
  a lichess variant (atomic, antichess, crazyhouse, horde, kingofthehill, racingkings, 3check):
    without --fen the FEN as one argument; drops as N@f3`,
  example: name === 'san' ? 'caissa san --fen startpos e2e4 e7e5 g1f3' : 'caissa uci startpos e4 e5 Nf3',
  async run(args) {
    // A `--` after a positional (the FEN) is a null move; before one, the end of the options.
    const firstPositional = args.findIndex((a) => !a.startsWith('-'));
    const { values, positionals } = parseArgs({
      args: args.map((a, i) => (a === '--' && firstPositional >= 0 && i > firstPositional ? NULL_ARG : a)),
      allowPositionals: true,
      options: { fen: { type: 'string' }, chess960: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, variant: { type: 'string' } },
    });
    const words = positionals.map((p) => (p === NULL_ARG ? '--' : p));
    const rules = variantArg(values.variant);
    if (rules !== undefined) {
      const fen = values.fen ?? words.shift();
      if (fen === undefined) throw new UsageError('expected a FEN (or startpos) and moves');
      return runVariantConvert(variantPositionArg(rules, fen), words, name);
    }
    // With --fen every positional is a move; without it the first ones are the FEN (or startpos).
    const { start, moves } = values.fen !== undefined ? { start: startArg(values.fen, values.chess960), moves: words } : splitFenAndMoves(words, values.chess960);
    const { out, after } = playMoves(start, joinEnPassantMarks(moves), write, name === 'san' ? '--' : '0000');
    if (values.json) console.log(JSON.stringify({ fen: makeFen(start), moves: out, after: makeFen(after) }));
    else console.log(out.join(' '));
    return EXIT_OK;
  },
});

export const sanCommand: Command = makeConvertCommand('san', makeSan);
