/**
 * chessops' PGN module (independent implementation, dev-dependency) as the reference for what a
 * PGN file holds: each game's outcome (played to the end, rejected at a ply, or of a variant
 * neither plays), its plies and final FEN (lichess' variants played by their rules). Shared by the PGN differential and CLI tests.
 */
import { makeFen as opsMakeFen } from 'chessops/fen';
import { PgnParser, parseVariant, startingPosition as opsStart, type Game, type PgnNodeData } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';

export interface OpsOutcome {
  readonly kind: 'ok' | 'rejected' | 'variant';
  readonly plies: number;
  readonly fen?: string;
}

/** One game's mainline, replayed by chessops. */
export function opsReplay(game: Game<PgnNodeData>): OpsOutcome {
  // chessops plays the lichess variants too (its names as lichess writes them); others are refused.
  const rules = parseVariant(game.headers.get('Variant'));
  if (rules === undefined) return { kind: 'variant', plies: 0 };
  const start = opsStart(game.headers);
  if (start.isErr) return { kind: 'rejected', plies: 0 };
  const pos = start.unwrap();
  let plies = 0;
  for (const node of game.moves.mainline()) {
    const move = opsParseSan(pos, node.san);
    if (move === undefined) return { kind: 'rejected', plies };
    pos.play(move);
    plies++;
  }
  return { kind: 'ok', plies, fen: opsMakeFen(pos.toSetup()) };
}

/** Every game of a PGN text as chessops splits and replays it. */
export const gamesOf = (bytes: Uint8Array): OpsOutcome[] => {
  const out: OpsOutcome[] = [];
  // Latin-1 bytes become U+FFFD for chessops; they only ever occur in tag values.
  const parser = new PgnParser((game, err) => out.push(err ? { kind: 'rejected', plies: 0 } : opsReplay(game)));
  parser.parse(new TextDecoder().decode(bytes));
  return out;
};

/**
 * The games of a PGN text counted by their `[Event ` tag lines, without any PGN reader: every
 * game of the shared files opens with one (games that run into the next included).
 */
export function eventTagLines(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.match(/^\[Event /gm)?.length ?? 0;
}
