/**
 * An independent referee for series, built on chess.js (which knows nothing of series): each
 * move of the series is played on a chess.js board after editing the FEN so that the series'
 * player is to move again, and the progressive conditions are checked on top:
 * - every move is legal for chess.js (own king never left in check; castling rights as chess.js
 *   tracks them);
 * - Italian: no move before the last gives check; the last gives check, and every legal reply of
 *   the defender — including en-passant captures of *every* pawn that double-stepped during the
 *   series and did not move again — gives check back or there is none ("Italian mate");
 * - Scottish: no move before the last gives check; the last checks and the defender has no legal
 *   reply at all (orthodox mate).
 * Nothing here imports caissa.
 */
import { Chess, type Square } from 'chess.js';

export type Verdict = { ok: true } | { ok: false; reason: string };

/** Castling letters the course format implies: king and rook on their home squares. */
export function inferCastling(board: string): string {
  const c = new Chess(`${board} w - - 0 1`, { skipValidation: true });
  const at = (sq: Square): string | undefined => {
    const p = c.get(sq);
    return p ? (p.color === 'w' ? p.type.toUpperCase() : p.type) : undefined;
  };
  let s = '';
  if (at('e1') === 'K') s += (at('h1') === 'R' ? 'K' : '') + (at('a1') === 'R' ? 'Q' : '');
  if (at('e8') === 'k') s += (at('h8') === 'r' ? 'k' : '') + (at('a8') === 'r' ? 'q' : '');
  return s || '-';
}

function withFields(fen: string, turn: string, ep: string): string {
  const parts = fen.split(' ');
  parts[1] = turn;
  parts[3] = ep;
  return parts.join(' ');
}

/**
 * Checks that `moves` (UCI) is a series by `side` from `board`/`castling` that mates.
 * `boundaryEp`: en-passant targets usable by the first move (rule fixtures; none in the course).
 */
export function refereeSeries(
  board: string,
  side: 'w' | 'b',
  castling: string,
  moves: readonly string[],
  rules: 'italian' | 'scottish' = 'italian',
  boundaryEp: readonly string[] = [],
): Verdict {
  const chess = new Chess(`${board} ${side} ${castling} - 0 1`, { skipValidation: true });
  const defender = side === 'w' ? 'b' : 'w';
  // Pending en-passant targets: target square -> square of the pawn that passed it.
  const pending = new Map<string, string>();
  for (let i = 0; i < moves.length; i++) {
    const uci = moves[i]!;
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const promotion = uci.length > 4 ? uci[4] : undefined;
    const ep = i === 0 && boundaryEp.includes(to) ? to : '-';
    chess.load(withFields(chess.fen(), side, ep), { skipValidation: true });
    let played;
    try {
      played = chess.move({ from, to, promotion });
    } catch {
      return { ok: false, reason: `move ${i + 1} ${uci} is illegal` };
    }
    for (const [target, pawn] of pending) if (pawn === from) pending.delete(target);
    if (played.flags.includes('b')) {
      const mid = `${from[0]}${(Number(from[1]) + Number(to[1])) / 2}`;
      pending.set(mid, to);
    }
    if (i < moves.length - 1 && chess.inCheck()) return { ok: false, reason: `move ${i + 1} ${uci} gives check before the last move` };
  }
  if (!chess.inCheck()) return { ok: false, reason: 'the last move does not give check' };
  // The defender's replies, with every pending en-passant target.
  const base = withFields(chess.fen(), defender, '-');
  const replies: { fen: string; from: string; to: string; promotion?: string }[] = [];
  const board0 = new Chess(base, { skipValidation: true });
  for (const m of board0.moves({ verbose: true })) replies.push({ fen: base, from: m.from, to: m.to, promotion: m.promotion });
  for (const target of pending.keys()) {
    if (board0.get(target as Square)) continue;
    const fen = withFields(chess.fen(), defender, target);
    const b = new Chess(fen, { skipValidation: true });
    for (const m of b.moves({ verbose: true })) if (m.flags.includes('e')) replies.push({ fen, from: m.from, to: m.to });
  }
  if (rules === 'scottish') {
    return replies.length === 0 ? { ok: true } : { ok: false, reason: `the defender can reply ${replies[0]!.from}${replies[0]!.to}` };
  }
  for (const r of replies) {
    const b = new Chess(r.fen, { skipValidation: true });
    b.move({ from: r.from, to: r.to, promotion: r.promotion });
    if (!b.inCheck()) return { ok: false, reason: `the defender escapes with ${r.from}${r.to} without giving check` };
  }
  return { ok: true };
}

/**
 * Series perft by chess.js (Italian rules): the series of `depth` moves by the side to move in
 * `fen`, `left` moves of its `series` still to play (`depth` ≤ `left`), with the side put back to
 * move by editing the FEN between moves; no move but the last may give check; `boundaryEp`
 * targets are usable by the series' first move only.
 */
export function chessJsSeriesPerft(fen: string, series: number, left: number, depth: number, boundaryEp: string[]): number {
  const side = fen.split(' ')[1]!;
  if (depth === 0) return 1;
  let total = 0;
  const first = left === series;
  const fens = first && boundaryEp.length > 0 ? boundaryEp.map((t) => ({ fen: withFields(fen, side, t), epOnly: true })) : [];
  fens.unshift({ fen: withFields(fen, side, '-'), epOnly: false });
  for (const f of fens) {
    const c = new Chess(f.fen, { skipValidation: true });
    for (const m of c.moves({ verbose: true })) {
      if (f.epOnly !== m.flags.includes('e')) continue;
      const b = new Chess(f.fen, { skipValidation: true });
      b.move({ from: m.from, to: m.to, promotion: m.promotion });
      if (left > 1 && b.inCheck()) continue; // Italian: no check before the last move
      if (left > 1) {
        const parts = b.fen().split(' ');
        parts[1] = side;
        total += chessJsSeriesPerft(parts.join(' '), series, left - 1, depth - 1, []);
      } else {
        // The series ends; the opponent's targets are our double steps (tracked only for depth 1 here).
        total += depth === 1 ? 1 : NaN;
      }
    }
  }
  return total;
}
