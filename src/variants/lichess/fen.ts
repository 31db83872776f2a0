/**
 * FEN of the variants in lichess' dialect (as chessops writes it), on top of the chess FEN
 * (`notation/fen.ts`):
 * - crazyhouse: the pockets in brackets after the board (`…/RNBQKB1R[Qnp]`, `[]` when empty),
 *   and the older form with the pocket as a ninth rank (`…/RNBQKB1R/Qnp`); a piece letter
 *   followed by `~` is a promoted piece;
 * - three-check: the checks each side still has to give as a field after the en-passant square
 *   (`3+3`, white's first), and the older form of checks already given after the clocks (`+0+0`).
 * Reading never throws: a FenError names the field.
 */
import { err, ok, type Result } from '../../core/result.js';
import { SquareSet } from '../../core/bitboard.js';
import type { Pockets, Setup } from '../../chess/setup.js';
import { BLACK, ROLE_LETTERS, WHITE } from '../../chess/types.js';
import { makeBoardFen, parseFen, type FenError } from '../../notation/fen.js';

/**
 * A variant setup: the public `Setup` (board, turn, castling rights, en-passant square, clocks,
 * and its `pockets` and `remainingChecks`, undefined when the FEN writes none), plus the promoted
 * pieces of crazyhouse; not yet checked (`VariantPosition.fromSetup`).
 */
export interface VariantSetup extends Setup {
  /** Crazyhouse: the squares of promoted pieces (`~`), which go back to a pocket as pawns when taken. */
  readonly promoted?: SquareSet | undefined;
}

const fenError = (field: FenError['field'], reason: string): Result<never, FenError> =>
  err({ kind: 'fen', field, reason, message: `invalid FEN ${field}: ${reason}` });

/** At most this many of one piece in a pocket (more than a board holds). */
const MAX_POCKET = 64;

function parsePocket(text: string): Result<number[][], FenError> {
  const pockets = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]];
  for (const ch of text) {
    const role = ROLE_LETTERS.indexOf(ch.toLowerCase());
    if (role < 0 || role > 4 || !/^[A-Za-z]$/.test(ch)) return fenError('board', `unexpected character '${ch}' in the pocket`);
    const color = ch === ch.toUpperCase() ? WHITE : BLACK;
    if (++pockets[color]![role]! > MAX_POCKET) return fenError('board', `more than ${MAX_POCKET} '${ch}' in the pocket`);
  }
  return ok(pockets);
}

/**
 * Splits the board field into the board proper (no `~`), the promoted squares and the pocket
 * text (undefined when there is none).
 */
function splitBoard(field: string): Result<{ board: string; promoted: [number, number]; pocket: string | undefined }, FenError> {
  let board = field;
  let pocket: string | undefined;
  const open = field.indexOf('[');
  if (open >= 0) {
    if (!field.endsWith(']') || field.indexOf('[', open + 1) >= 0) return fenError('board', 'a pocket must be written as [pieces] at the end of the board');
    pocket = field.slice(open + 1, -1);
    board = field.slice(0, open);
  } else {
    const ranks = field.split('/');
    if (ranks.length === 9) {
      pocket = ranks[8]!;
      board = ranks.slice(0, 8).join('/');
    }
  }
  // Promoted markers: the square of the letter before each `~`.
  const promoted: [number, number] = [0, 0];
  const ranks = board.split('/');
  if (ranks.length !== 8) return fenError('board', `expected 8 ranks, found ${ranks.length}`);
  const clean: string[] = [];
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    let text = '';
    let last = '';
    for (const ch of ranks[i]!) {
      if (ch === '~') {
        if (!/^[A-Za-z]$/.test(last) || file === 0) return fenError('board', `'~' must follow a piece letter (rank ${rank + 1})`);
        const sq = rank * 8 + file - 1;
        promoted[sq >> 5]! |= 1 << (sq & 31);
      } else {
        text += ch;
        if (ch >= '1' && ch <= '8') file += ch.charCodeAt(0) - 48;
        else file++;
      }
      last = ch;
    }
    clean.push(text);
  }
  return ok({ board: clean.join('/'), promoted, pocket });
}

/** Reads `a+b` (0..3 each) as a pair, or undefined. */
function checkPair(text: string): [number, number] | undefined {
  const m = /^(\d)\+(\d)$/.exec(text);
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a <= 3 && b <= 3 ? [a, b] : undefined;
}

/**
 * Parses a variant FEN (any of the forms above; a chess FEN too) into a VariantSetup. Fields may
 * be missing from the end as in `parseFen`.
 */
export function parseVariantFen(fen: string): Result<VariantSetup, FenError> {
  const parts = fen.trim().split(/\s+/);
  if (parts.length === 0 || parts[0] === '') return fenError('fen', 'empty');
  const split = splitBoard(parts[0]!);
  if (!split.ok) return split;
  let remaining: [number, number] | undefined;
  const rest = parts.slice(1);
  // lichess: the remaining checks right after the en-passant square (`3+3`).
  if (rest.length >= 4 && rest[3]!.includes('+') && !rest[3]!.startsWith('+')) {
    remaining = checkPair(rest[3]!);
    if (remaining === undefined) return fenError('fen', `expected remaining checks as 'W+B' (0..3), found '${rest[3]}'`);
    rest.splice(3, 1);
  }
  // The older form: the checks given, after the clocks (`+1+0`).
  const lastField = rest[rest.length - 1];
  if (lastField !== undefined && lastField.startsWith('+') && rest.length >= 4) {
    const given = checkPair(lastField.slice(1));
    if (given === undefined) return fenError('fen', `expected checks given as '+W+B' (0..3), found '${lastField}'`);
    if (remaining !== undefined) return fenError('fen', 'checks written twice');
    remaining = [3 - given[0], 3 - given[1]];
    rest.pop();
  }
  const chess = parseFen([split.value.board, ...rest].join(' '));
  if (!chess.ok) return chess;
  let pockets: number[][] | undefined;
  if (split.value.pocket !== undefined) {
    const parsed = parsePocket(split.value.pocket);
    if (!parsed.ok) return parsed;
    pockets = parsed.value;
  }
  const byRole = (n: readonly number[]): Pockets['white'] => ({ pawn: n[0]!, knight: n[1]!, bishop: n[2]!, rook: n[3]!, queen: n[4]!, king: 0 });
  return ok({
    ...chess.value,
    pockets: pockets === undefined ? undefined : { white: byRole(pockets[WHITE]!), black: byRole(pockets[BLACK]!) },
    remainingChecks: remaining === undefined ? undefined : { white: remaining[0], black: remaining[1] },
    promoted: new SquareSet(split.value.promoted[0], split.value.promoted[1]),
  });
}

/** The FEN letters of a pocket: white's, then black's, queens first (as lichess writes them). */
export function makePocket(pockets: readonly (readonly number[])[]): string {
  let out = '';
  for (const color of [WHITE, BLACK]) {
    for (let role = 4; role >= 0; role--) {
      const letter = ROLE_LETTERS[role]!;
      out += (color === WHITE ? letter.toUpperCase() : letter).repeat(pockets[color]![role]!);
    }
  }
  return out;
}

/** The board field with `~` after promoted pieces. */
export function makeVariantBoardFen(placement: Int32Array, promotedLo: number, promotedHi: number): string {
  if ((promotedLo | promotedHi) === 0) return makeBoardFen(placement);
  const plain = makeBoardFen(placement);
  // Walk the plain field square by square and mark promoted pieces.
  let out = '';
  let rank = 7;
  let file = 0;
  for (const ch of plain) {
    if (ch === '/') {
      rank--;
      file = 0;
      out += ch;
      continue;
    }
    out += ch;
    if (ch >= '1' && ch <= '8') {
      file += ch.charCodeAt(0) - 48;
      continue;
    }
    const sq = rank * 8 + file;
    if ((((sq < 32 ? promotedLo : promotedHi) >>> (sq & 31)) & 1) !== 0) out += '~';
    file++;
  }
  return out;
}
