/**
 * The UCI `position` command of a game: `position startpos|fen … moves …`, from the game's start
 * so that the engine sees the moves that lead to repetitions.
 *
 * Analysing a game sends each of its positions in turn, every command the one before with one
 * more move. The builder keeps the last game it wrote, so a game that extends it costs only the
 * new moves' checks; built afresh, a game of n moves would cost n² plays.
 */
import type { Move, Position } from '../chess/position.js';
import { makeFen, STARTING_FEN } from '../notation/fen.js';

/** A game to search from: its starting position and the moves played, so that the engine sees repetitions. */
export interface UciGame {
  /** The game's starting position (sent as `startpos` when it is the standard one, else as its FEN). */
  readonly start: Position;
  /** The moves played from `start`, in order, each bound to the position it is played in. */
  readonly moves: readonly Move[];
}

/** Builds `position` commands, reusing the previous game's checked moves and text. */
export class PositionCommandBuilder {
  private start: Position | undefined;
  /** The moves of the last game, each checked to be a move of the position before it. */
  private moves: Move[] = [];
  /** `positions[i]`: the position after `moves[i - 1]` (0: the start). */
  private positions: Position[] = [];
  /** `lengths[i]`: the command's length with the first i moves. */
  private lengths: number[] = [];
  private command = '';

  /**
   * The position `target` reaches and its command. A move that is not a move of the position
   * before it (a move bound to another position) is a RangeError naming it.
   */
  build(target: Position | UciGame): { position: Position; command: string } {
    const game: UciGame = 'words' in target ? { start: target, moves: [] } : target;
    if (game.start !== this.start) this.reset(game.start);
    let kept = 0;
    const limit = Math.min(game.moves.length, this.moves.length);
    while (kept < limit && game.moves[kept] === this.moves[kept]) kept++;
    this.moves.length = kept;
    this.positions.length = kept + 1;
    this.lengths.length = kept + 1;
    let command = this.command.slice(0, this.lengths[kept]);
    this.command = command;
    let pos = this.positions[kept]!;
    for (let i = kept; i < game.moves.length; i++) {
      const move = game.moves[i]!;
      if (!samePosition(move.position, pos)) throw new RangeError(`move ${i + 1} (${move.uci}) is not a move of the position before it`);
      command += `${i === 0 ? ' moves' : ''} ${move.uci}`;
      pos = move.play();
      this.moves.push(move);
      this.positions.push(pos);
      this.lengths.push(command.length);
      this.command = command;
    }
    return { position: pos, command };
  }

  private reset(start: Position): void {
    const fen = makeFen(start);
    this.start = start;
    this.moves = [];
    this.positions = [start];
    this.command = fen === STARTING_FEN && !start.chess960 ? 'position startpos' : `position fen ${fen}`;
    this.lengths = [this.command.length];
  }
}

/** Whether two positions are the same (a move is bound to the position object it came from, or one equal to it). */
function samePosition(a: Position, b: Position): boolean {
  if (a === b) return true;
  if (a.chess960 !== b.chess960) return false;
  for (let i = 0; i < a.words.length; i++) if (a.words[i] !== b.words[i]) return false;
  return true;
}
