/**
 * One game's bytes → its tree (`PgnGame`): a visitor (`PgnVisitor`) of the game reader, which
 * checks every move of the mainline and of the variations against its position (optional).
 * Comments are stored trimmed, with each run of whitespace (line breaks included) as one space,
 * so that a writer may wrap them anywhere and reading the result back gives the same tree.
 */
import { err, ok, type Result } from '../core/result.js';
import { newMove, type PgnError, type PgnGame, type PgnMove } from './pgn-game.js';
import type { GameSlice } from './pgn-split.js';
import { GameVisitReader, type PgnVisitor, type VisitOptions } from './pgn-visit.js';

/** How `parsePgn`, `readPgn` and `parseGame` read: as `VisitOptions`. */
export type ParseGameOptions = VisitOptions;

interface Line {
  readonly moves: PgnMove[];
  /** Comments waiting for the line's first move. */
  pending: string[];
  /** NAGs written before the line's first move, given to that move. */
  pendingNags: number[];
}

/** Builds the tree of each game it is told (`take` gives it). */
export class TreeBuilder implements PgnVisitor {
  private tags: [string, string][] = [];
  private gameComments: string[] = [];
  private root: Line = { moves: [], pending: [], pendingNags: [] };
  private stack: Line[] = [];
  private line: Line = this.root;
  private marker: string | undefined;
  private outcome: Result<PgnGame, PgnError> | undefined;

  beginGame(): void {
    this.tags = [];
    this.gameComments = [];
    this.root = { moves: [], pending: this.gameComments, pendingNags: [] };
    this.stack = [this.root];
    this.line = this.root;
    this.marker = undefined;
    this.outcome = undefined;
  }

  tag(name: string, value: string): void {
    this.tags.push([name, value]);
  }

  move(san: string): void {
    const line = this.line;
    const move = newMove(san);
    // The comments and NAGs written before the move are handed over whole: a spread into the
    // move's own arrays overflows the call stack past about 100,000 of them.
    if (line !== this.root && line.pending.length > 0) (move as { startingComments: string[] }).startingComments = line.pending;
    line.pending = [];
    if (line.pendingNags.length > 0) (move as { nags: number[] }).nags = line.pendingNags;
    line.pendingNags = [];
    line.moves.push(move);
  }

  nag(nag: number): void {
    const line = this.line;
    const last = line.moves[line.moves.length - 1];
    if (last === undefined) line.pendingNags.push(nag);
    else last.nags.push(nag);
  }

  comment(text: string): void {
    const line = this.line;
    const last = line.moves[line.moves.length - 1];
    if (last === undefined) (line === this.root ? this.gameComments : line.pending).push(text);
    // A first comment gets an array of its own size (a push would reserve 17 slots in V8):
    // most moves of commented games have one.
    else if (last.comments.length === 0) (last as { comments: string[] }).comments = [text];
    else last.comments.push(text);
  }

  beginVariation(): void {
    const variation: Line = { moves: [], pending: [], pendingNags: [] };
    this.line.moves[this.line.moves.length - 1]!.variations.push(variation.moves);
    this.stack.push(variation);
    this.line = variation;
  }

  endVariation(): void {
    const line = this.stack.pop()!;
    const parent = this.stack[this.stack.length - 1]!;
    this.line = parent;
    if (line.moves.length === 0) {
      // A variation without moves, `()` or `({note})`, against PGN §8.2.5 but met in real
      // files: no line to keep, so it is dropped (as chessops and python-chess do), and its
      // comments go after the move it was an alternative to, to be kept. Its glyphs annotate
      // no move and are dropped, as at the end of a game.
      const alternativeTo = parent.moves[parent.moves.length - 1]!;
      alternativeTo.variations.pop();
      for (const comment of line.pending) alternativeTo.comments.push(comment);
    }
  }

  result(marker: string): void {
    this.marker = marker;
  }

  endGame(): void {
    // Glyphs of a game without moves (`$1 *`) annotate nothing: dropped, as chessops drops them and
    // the mainline replay passes over them.
    this.outcome = ok({ tags: this.tags, comments: this.gameComments, moves: this.root.moves, result: this.marker });
  }

  error(error: PgnError): void {
    this.outcome = err(error);
  }

  /** The tree (or error) of the game just read. */
  take(): Result<PgnGame, PgnError> {
    return this.outcome!;
  }
}

const readers = new Map<string, GameVisitReader>();
const builder = new TreeBuilder();

/** Parses one game (a slice from the splitter) into its tree. */
export function parseGame(slice: GameSlice, game: number, options: ParseGameOptions = {}): Result<PgnGame, PgnError> {
  const key = `${options.validate !== false}/${options.maxGameBytes ?? ''}`;
  let reader = readers.get(key);
  if (reader === undefined) {
    if (readers.size > 8) readers.clear();
    reader = new GameVisitReader(options);
    readers.set(key, reader);
  }
  reader.read(slice, game, builder);
  return builder.take();
}
