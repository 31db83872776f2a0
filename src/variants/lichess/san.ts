/**
 * SAN and UCI of variant moves, as lichess writes them: chess' SAN (PGN standard §8.2.3) plus
 * drops (`N@f3`, `P@e4`; a pawn drop is also read as `@e4`), promotion to a king in antichess
 * (`e8=K`), and `#` after any move that wins (mate, or the variant's own end: an explosion, the
 * hill, the third check, …), `+` after a check in the variant's sense. UCI: `e2e4`, `e7e8k`,
 * `N@f3`. Reading checks the move against the position's legal moves; errors are typed.
 */
import { err, ok, type Result } from '../../core/result.js';
import { parseSquare, squareName } from '../../core/square.js';
import type { SanError } from '../../notation/san.js';
import type { UciError } from '../../notation/uci.js';
import type { VariantMove, VariantPosition } from './position.js';

const LETTERS: Readonly<Record<string, string>> = { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };
const ROLE_OF: Readonly<Record<string, string>> = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

/** The SAN of `move` without `+` or `#`, disambiguated against the position's other legal moves. */
function sanBody(move: VariantMove, legal: readonly VariantMove[]): string {
  const drop = move.drop;
  if (drop !== undefined) return `${LETTERS[drop]}@${squareName(move.to)}`;
  if (move.isCastle) return move.castlingRook! > move.from ? 'O-O' : 'O-O-O';
  const role = move.role;
  const target = squareName(move.to);
  const capture = move.isCapture ? 'x' : '';
  const promotion = move.promotion !== undefined ? `=${LETTERS[move.promotion]}` : '';
  if (role === 'pawn') return `${capture ? squareName(move.from)[0] : ''}${capture}${target}${promotion}`;
  // Other pieces of the same role that can go to the same square.
  const others = legal.filter((m) => m !== move && m.drop === undefined && !m.isCastle && m.to === move.to && m.from !== move.from && m.role === role);
  let from = '';
  if (others.length > 0) {
    const name = squareName(move.from);
    const sameFile = others.some((m) => (m.from & 7) === (move.from & 7));
    const sameRank = others.some((m) => m.from >> 3 === move.from >> 3);
    if (!sameFile) from = name[0]!;
    else if (!sameRank) from = name[1]!;
    else from = name;
  }
  return `${LETTERS[role]}${from}${capture}${target}${promotion}`;
}

/** The SAN of a variant move, with `#` after a winning move and `+` after a check. */
export function makeVariantSan(move: VariantMove): string {
  const body = sanBody(move, move.position.legalMoves());
  const after = move.play();
  const outcome = after.outcome();
  if (outcome?.winner !== undefined) return `${body}#`;
  return after.isCheck() ? `${body}+` : body;
}

const SAN = /^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([NBRQK]))?$/;

/**
 * The legal move of `pos` written `san`: exact or over-disambiguated SAN, `0-0` for `O-O`, a
 * pawn drop as `P@e4` or `@e4`, suffixes `+ # ! ?` ignored. A typed SanError otherwise.
 */
export function parseVariantSan(pos: VariantPosition, san: string): Result<VariantMove, SanError> {
  const text = san.replace(/[+#!?]+$/, '');
  const legal = pos.legalMoves();
  const fail = (kind: SanError['kind'], why: string): Result<never, SanError> => err({ kind, san, message: `${why} '${san}'` });
  let candidates: VariantMove[];
  const drop = /^([PNBRQ])?@([a-h][1-8])$/.exec(text);
  if (drop) {
    const role = ROLE_OF[drop[1] ?? 'P'];
    const to = parseSquare(drop[2]!)!;
    candidates = legal.filter((m) => m.drop === role && m.to === to);
  } else if (/^[O0]-[O0](-[O0])?$/.test(text)) {
    const long = text.length === 5;
    candidates = legal.filter((m) => m.isCastle && (m.castlingRook! > m.from) !== long);
  } else {
    const m = SAN.exec(text);
    if (m === null) return fail('syntax', 'not SAN:');
    const role = m[1] ? ROLE_OF[m[1]] : 'pawn';
    const to = parseSquare(m[5]!)!;
    const file = m[2] ? m[2].charCodeAt(0) - 97 : -1;
    const rank = m[3] ? m[3].charCodeAt(0) - 49 : -1;
    const promotion = m[6] ? ROLE_OF[m[6]] : undefined;
    candidates = legal.filter((c) => c.drop === undefined && !c.isCastle && c.to === to && c.role === role &&
      (file < 0 || (c.from & 7) === file) && (rank < 0 || c.from >> 3 === rank) && c.promotion === promotion);
    // A king move written as castling's target (Kg1 for O-O) is not castling: only normal moves.
  }
  if (candidates.length === 1) return ok(candidates[0]!);
  if (candidates.length === 0) return fail('illegal', 'illegal move');
  return fail('ambiguous', 'ambiguous move');
}

/**
 * The legal move of `pos` written in UCI: `e2e4`, `e7e8q` (`k` in antichess), `N@f3` or `P@e4`
 * for a drop; castling as the king's target (`e1g1`) or king takes rook (`e1h1`).
 */
export function parseVariantUci(pos: VariantPosition, uci: string): Result<VariantMove, UciError> {
  const drop = /^([PNBRQ])@([a-h][1-8])$/.exec(uci);
  const normal = /^([a-h][1-8])([a-h][1-8])([nbrqk]?)$/.exec(uci);
  if (!drop && !normal) return err({ kind: 'syntax', uci, message: `not a UCI move: '${uci}'` });
  const legal = pos.legalMoves();
  let found: VariantMove | undefined;
  if (drop) {
    const role = ROLE_OF[drop[1]!];
    const to = parseSquare(drop[2]!)!;
    found = legal.find((m) => m.drop === role && m.to === to);
  } else {
    const from = parseSquare(normal![1]!)!;
    const to = parseSquare(normal![2]!)!;
    const promotion = normal![3] ? ROLE_OF[normal![3].toUpperCase()] : undefined;
    found = legal.find((m) => m.drop === undefined && !m.isCastle && m.from === from && m.to === to && m.promotion === promotion) ??
      legal.find((m) => m.isCastle && m.from === from && (m.to === to || m.castlingRook === to) && promotion === undefined);
  }
  return found !== undefined ? ok(found) : err({ kind: 'illegal', uci, message: `illegal move '${uci}'` });
}
