/**
 * FEN reading and writing. Reading has two stages, neither of which throws (docs/architecture.md, "Parsing never throws"): `parseFen` checks the
 * syntax and returns a Setup or a FenError naming the field; `Position.fromSetup` (or `readFen`,
 * both stages in one call) decides whether the setup is a playable position.
 *
 * Castling accepts standard `KQkq`, X-FEN (`K`/`Q` = the outermost rook on that side, a file
 * letter for an inner rook) and Shredder-FEN (file letters `HAha`). Missing trailing fields take
 * their defaults (`w - - 0 1`), as many real files omit the clocks.
 */
import { err, ok, type Result } from '../core/result.js';
import { parseSquare } from '../core/square.js';
import { Position, type PositionError, type PositionOptions } from '../chess/position.js';
import { boardFromWords } from '../chess/board.js';
import { outermostRookFile } from '../chess/fen-write.js';
import { castlingSquares, MAX_CLOCK, placePiece, type Setup } from '../chess/setup.js';
import { BLACK, ROLE_LETTERS, WHITE } from '../chess/types.js';

/** The six fields of a FEN, in order. */
export const FEN_FIELDS = ['board', 'turn', 'castling', 'epSquare', 'halfmoves', 'fullmoves'] as const;
/** A FEN field a `FenError` names, or `fen` for the string as a whole (its number of fields). */
export type FenField = (typeof FEN_FIELDS)[number] | 'fen';

/** Why a FEN (or an EPD line) does not read: the field at fault and the reason. */
export interface FenError {
  /** Always `fen`: tells a FenError from a PositionError in `readFen`'s result. */
  readonly kind: 'fen';
  /** The field at fault (`fen` for the string as a whole). */
  readonly field: FenField;
  /** What is wrong with the field (`expected 8 ranks, got 7`). */
  readonly reason: string;
  /** The field and the reason as one sentence. */
  readonly message: string;
}

const fenError = (field: FenField, reason: string): Result<never, FenError> =>
  err({ kind: 'fen', field, reason, message: `invalid FEN ${field}: ${reason}` });

/** The FEN of the standard starting position. */
export const STARTING_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** FEN's piece letters: white's in ROLE_LETTERS order, then black's. */
const PIECE_LETTERS = ROLE_LETTERS.toUpperCase() + ROLE_LETTERS;

/** Parses the board field into a placement. */
function parseBoard(board: string): Result<Int32Array, FenError> {
  const placement = new Int32Array(16);
  const ranks = board.split('/');
  if (ranks.length !== 8) return fenError('board', `expected 8 ranks, found ${ranks.length}`);
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    for (const ch of ranks[i]!) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
      } else {
        // The ASCII letters only (PGN §16.1.3.1): toLowerCase would also turn the Kelvin sign into k.
        const letter = PIECE_LETTERS.indexOf(ch);
        if (letter < 0) return fenError('board', `unexpected character '${ch}' in rank ${rank + 1}`);
        if (file > 7) return fenError('board', `rank ${rank + 1} has more than 8 squares`);
        placePiece(placement, letter < 6 ? WHITE : BLACK, letter % 6, rank * 8 + file);
        file++;
      }
      if (file > 8) return fenError('board', `rank ${rank + 1} has more than 8 squares`);
    }
    if (file !== 8) return fenError('board', `rank ${rank + 1} has ${file} squares, expected 8`);
  }
  return ok(placement);
}

/** Resolves castling letters against the board into rook-file bits (see RawSetup.castling). */
function parseCastling(field: string, placement: Int32Array): Result<number, FenError> {
  if (field === '-') return ok(0);
  let rights = 0;
  for (const ch of field) {
    // ASCII letters only (PGN §16.1.3.3, X-FEN, Shredder-FEN), as in the board field.
    if (!/^[KQA-Hkqa-h]$/.test(ch)) return fenError('castling', `unexpected character '${ch}'`);
    const color = ch === ch.toUpperCase() ? WHITE : BLACK;
    const lower = ch.toLowerCase();
    const file = lower === 'k' || lower === 'q' ? outermostRookFile(placement, color, lower === 'k') : lower.charCodeAt(0) - 97;
    const bit = 1 << (8 * color + file);
    if (rights & bit) return fenError('castling', `right '${ch}' given twice`);
    rights |= bit;
  }
  return ok(rights);
}

function parseCount(field: 'halfmoves' | 'fullmoves', text: string | undefined, fallback: number): Result<number, FenError> {
  if (text === undefined) return ok(fallback);
  // Nine digits at most: MAX_CLOCK, the bound Position.fromSetup holds setups to.
  if (!/^\d+$/.test(text)) return fenError(field, `expected a non-negative integer, found '${text}'`);
  if (text.length > 9) return fenError(field, `expected an integer of at most 9 digits (up to ${MAX_CLOCK}), found '${text}'`);
  return ok(Number(text));
}

/** Parses the syntax of a FEN (or the first four fields of an EPD) into a Setup. */
export function parseFen(fen: string): Result<Setup, FenError> {
  const parts = fen.trim().split(/\s+/);
  if (parts.length === 0 || parts[0] === '') return fenError('fen', 'empty');
  if (parts.length > 6) return fenError('fen', `expected at most 6 fields, found ${parts.length}`);
  const board = parseBoard(parts[0]!);
  if (!board.ok) return board;
  const turnText = parts[1] ?? 'w';
  if (turnText !== 'w' && turnText !== 'b') return fenError('turn', `expected 'w' or 'b', found '${turnText}'`);
  const castling = parseCastling(parts[2] ?? '-', board.value);
  if (!castling.ok) return castling;
  const epText = parts[3] ?? '-';
  let epSquare: number | undefined;
  if (epText !== '-') {
    epSquare = parseSquare(epText);
    if (epSquare === undefined) return fenError('epSquare', `expected a square or '-', found '${epText}'`);
  }
  const halfmoves = parseCount('halfmoves', parts[4], 0);
  if (!halfmoves.ok) return halfmoves;
  const fullmoves = parseCount('fullmoves', parts[5], 1);
  if (!fullmoves.ok) return fullmoves;
  return ok({
    board: boardFromWords(board.value),
    turn: turnText === 'w' ? 'white' : 'black',
    castlingRights: castlingSquares(castling.value),
    epSquare,
    halfmoves: halfmoves.value,
    // Some writers put 0 here; the count starts at 1 (PGN standard 16.1.3.6).
    fullmoves: Math.max(1, fullmoves.value),
  });
}

/** Both stages: a FEN string to a validated position. */
export function readFen(fen: string, options?: PositionOptions): Result<Position, FenError | PositionError> {
  const setup = parseFen(fen);
  if (!setup.ok) return setup;
  return Position.fromSetup(setup.value, options);
}

export { makeBoardFen, makeFen, type FenOptions } from '../chess/fen-write.js';
