/**
 * Lichess variant games as chessops reads and plays them (its own PGN reader, starting position
 * and SAN), for the tests that compare caissa's readers with it: FENs in a form both write alike.
 */
import { makeFen as opsMakeFen } from 'chessops/fen';
import { parsePgn as opsParsePgn, startingPosition as opsStart, type Node, type PgnNodeData } from 'chessops/pgn';
import { parseSan as opsParseSan } from 'chessops/san';
import type { Position as OpsPosition } from 'chessops/chess';

/** The pocket letters sorted, the halfmove clock at most 150 (chessops' forms; see chessops-diff.test.ts). */
export function normalFen(fen: string): string {
  const fields = fen.split(' ');
  fields[0] = fields[0]!.replace(/\[([A-Za-z]*)\]/, (_, p: string) => `[${[...p].sort().join('')}]`);
  const h = fields.length - 2;
  fields[h] = String(Math.min(Number(fields[h]), 150));
  return fields.join(' ');
}

/**
 * Each game's positions as chessops plays its whole tree: the FEN (normalFen) after each move,
 * keyed by the SAN of the moves from the start to it (`e4 d5 exd5`), variations included; and the
 * mainline's last position. A move chessops does not read throws.
 */
export function chessopsTrees(text: string): { positions: Map<string, string>; final: string }[] {
  return opsParsePgn(text).map((game, g) => {
    const positions = new Map<string, string>();
    const play = (node: Node<PgnNodeData>, pos: OpsPosition, path: string[]): void => {
      for (const child of node.children) {
        const move = opsParseSan(pos, child.data.san);
        if (move === undefined) throw new Error(`game ${g + 1}: chessops does not read ${[...path, child.data.san].join(' ')}`);
        const after = pos.clone();
        after.play(move);
        const at = [...path, child.data.san];
        positions.set(at.join(' '), normalFen(opsMakeFen(after.toSetup())));
        play(child, after, at);
      }
    };
    const start = opsStart(game.headers).unwrap();
    play(game.moves, start, []);
    let final = start;
    for (const node of game.moves.mainline()) {
      final = final.clone();
      final.play(opsParseSan(final, node.san)!);
    }
    return { positions, final: normalFen(opsMakeFen(final.toSetup())) };
  });
}
