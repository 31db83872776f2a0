/**
 * A game record for the common case: play SAN or UCI moves, take them back and forward, read the
 * moves as SAN, write and read PGN. The draw rules over the history (repetitions, fifty and
 * seventy-five moves) are `GameHistory`'s (chess/outcome.ts); this class is beside it rather than
 * in it because it speaks SAN, UCI and PGN, which the chess layer does not import (layers:
 * docs/architecture.md).
 *
 * Also here: `mainline(game)`, a read PGN tree's mainline as positions, moves and the commands of
 * its comments, and `lineText`, a line of moves written as SAN or LAN movetext.
 */
import { err, ok, type Result } from '../core/result.js';
import type { Outcome } from '../core/game.js';
import { GameHistory } from '../chess/outcome.js';
import { Position, type Move } from '../chess/position.js';
import type { Role } from '../chess/types.js';
import { makeFen, STARTING_FEN } from './fen.js';
import { parseCommentCommands, type CommentEvaluation } from './pgn-comment.js';
import { newMove, type PgnError, type PgnGame } from './pgn-game.js';
import { parsePgn } from './pgn-read.js';
import { gameStartingPosition, playLine, type LineError } from './pgn-walk.js';
import type { StartError } from './pgn-start.js';
import { makePgn } from './pgn-write.js';
import { makeSan, parseSan, type SanError } from './san.js';
import { parseUci, type UciError } from './uci.js';
import { squareName } from '../core/square.js';

/** The Seven Tag Roster (PGN §8.1.1) in its order, with the value each takes when unknown. */
const SEVEN_TAG_ROSTER: readonly (readonly [string, string])[] = [
  ['Event', '?'], ['Site', '?'], ['Date', '????.??.??'], ['Round', '?'], ['White', '?'], ['Black', '?'], ['Result', '*'],
];

/** The PGN result marker of an outcome (PGN §8.2.6): `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on. */
export function resultMarker(outcome: Outcome | undefined): '1-0' | '0-1' | '1/2-1/2' | '*' {
  if (outcome === undefined) return '*';
  if (outcome.winner === undefined) return '1/2-1/2';
  return outcome.winner === 'white' ? '1-0' : '0-1';
}

/**
 * A game being played or replayed: its starting position, the moves played (each bound to the
 * position it was played in), and the moves taken back that `redo` plays again.
 *
 * ```ts
 * const game = new GameRecord();
 * game.playSan('e4').ok;              // true
 * game.playUci('e7e5').ok;            // true
 * game.playSan('Ke3').ok;             // false
 * game.history();                     // ['e4', 'e5']
 * game.undo()?.uci;                   // 'e7e5'
 * game.redo()?.uci;                   // 'e7e5'
 * ```
 */
export class GameRecord {
  /** The position the game starts from. */
  readonly start: Position;
  private rules: GameHistory;
  private readonly played: Move[] = [];
  /**
   * Moves taken back with the positions they led to, the last taken back last: `redo` plays them
   * again, to the same position objects (the moves taken back after them are bound to those); a
   * new move clears them.
   */
  private readonly undone: [Move, Position][] = [];

  /** A game from `start` (the standard starting position when none is given). */
  constructor(start: Position = Position.standard()) {
    this.start = start;
    this.rules = new GameHistory(start);
  }

  /**
   * The first game of a PGN text, its mainline played (variations and comments are left out:
   * `parsePgn` keeps the whole tree). A typed error, with its line and column, when the text
   * holds no game or its first game does not read or play. A lichess variant's game is a
   * `variant` error naming `VariantGameRecord.fromPgn` (`caissa/variants/lichess`), which plays it.
   */
  static fromPgn(text: string): Result<GameRecord, PgnError> {
    const [first] = parsePgn(text);
    if (first === undefined) return err({ kind: 'syntax', game: 1, line: 1, column: 1, message: 'no game in the text', san: null });
    if (!first.ok) return first;
    const start = gameStartingPosition(first.value);
    // parsePgn validates the tags and every move, so neither fails on a game it gave.
    if (!start.ok) return err({ kind: start.error.kind, game: 1, line: 1, column: 1, message: start.error.message, san: null });
    const record = new GameRecord(start.value);
    for (const node of first.value.moves) {
      const move = parseSan(record.current, node.san);
      if (!move.ok) return err({ kind: move.error.kind, game: 1, line: 1, column: 1, message: move.error.message, san: node.san });
      record.play(move.value);
    }
    return ok(record);
  }

  /** The position after the moves played. */
  get current(): Position {
    return this.rules.current;
  }

  /** The moves played, in order, each bound to the position it was played in. */
  moves(): readonly Move[] {
    return this.played;
  }

  /** The moves played as SAN (`['e4', 'e5', 'Nf3']`). */
  history(): string[] {
    return this.played.map(makeSan);
  }

  /** The moves played as UCI (`['e2e4', 'e7e5']`). */
  historyUci(): string[] {
    return this.played.map((m) => m.uci);
  }

  /**
   * Plays `move`, a move of the current position (from `current.legalMoves()`, `parseSan` or
   * `parseUci` on it), and returns the new position; a RangeError for a move of another position.
   * The moves taken back are forgotten.
   */
  play(move: Move): Position {
    const next = this.rules.play(move);
    this.played.push(move);
    this.undone.length = 0;
    return next;
  }

  /** Plays a SAN move (`Nf3`, `exd5`, `O-O`, `e8=Q+`); the move, or a typed SanError with nothing played. */
  playSan(san: string): Result<Move, SanError> {
    const move = parseSan(this.current, san);
    if (move.ok) this.play(move.value);
    return move;
  }

  /** Plays a UCI move (`g1f3`, `e7e8q`; castling `e1g1` or king-takes-rook `e1h1`); the move, or a typed UciError. */
  playUci(uci: string): Result<Move, UciError> {
    const move = parseUci(this.current, uci);
    if (move.ok) this.play(move.value);
    return move;
  }

  /** Takes back the last move and returns it, or undefined at the start (nothing changes then). */
  undo(): Move | undefined {
    const move = this.played.pop();
    if (move === undefined) return undefined;
    this.undone.push([move, this.rules.current]);
    this.rules.undo();
    return move;
  }

  /** Plays again the last move taken back and returns it, or undefined when none was. */
  redo(): Move | undefined {
    const taken = this.undone.pop();
    if (taken === undefined) return undefined;
    this.rules.push(taken[1]);
    this.played.push(taken[0]);
    return taken[0];
  }

  /** How many times the current position has occurred (FIDE 9.2). */
  repetitions(): number {
    return this.rules.repetitions();
  }

  /** The game's end by itself: mate, stalemate, dead position, 75 moves, fivefold repetition. */
  outcome(): Outcome | undefined {
    return this.rules.outcome();
  }

  /** A draw the player to move may claim now: threefold repetition or fifty moves. */
  claimableDraw(): 'threefoldRepetition' | 'fiftyMoves' | undefined {
    return this.rules.claimableDraw();
  }

  /**
   * The game as PGN text. The Seven Tag Roster first, in its order (PGN §8.1.1), with the values
   * `tags` gives (`{ White: 'Carlsen' }` or pairs) and PGN's unknown values for the others; then
   * the other tags in the order given, and SetUp and FEN when the game starts elsewhere than the
   * standard position. The Result tag and the termination marker come from `outcome()` unless
   * `tags` gives a Result.
   */
  toPgn(tags: Readonly<Record<string, string>> | readonly (readonly [string, string])[] = {}): string {
    const given: [string, string][] = (Array.isArray(tags) ? tags : Object.entries(tags)).map(([k, v]) => [k, v] as [string, string]);
    const value = (name: string): string | undefined => given.findLast(([n]) => n === name)?.[1];
    const result = value('Result') ?? resultMarker(this.outcome());
    const roster: [string, string][] = SEVEN_TAG_ROSTER.map(([name, unknown]) => [name, name === 'Result' ? result : value(name) ?? unknown]);
    const all: [string, string][] = [...roster, ...given.filter(([n]) => !SEVEN_TAG_ROSTER.some(([r]) => r === n))];
    const fen = makeFen(this.start);
    if (fen !== STARTING_FEN && value('FEN') === undefined) {
      if (this.start.chess960 && value('Variant') === undefined) all.push(['Variant', 'Chess960']);
      all.push(['SetUp', '1'], ['FEN', fen]);
    }
    const game: PgnGame = { tags: all, comments: [], moves: this.history().map(newMove), result };
    return makePgn(game);
  }
}

/** A mainline move of a read PGN game, with the positions around it and its comments' commands. */
export interface MainlineMove {
  /** The move as written in the game. */
  readonly san: string;
  /** The move; null for a null move (`--`), which only passes the turn. */
  readonly move: Move | null;
  /** The position the move is played in. */
  readonly before: Position;
  /** The position after the move. */
  readonly after: Position;
  /** The comments after the move, as written (commands included). */
  readonly comments: readonly string[];
  /** `%clk`: the mover's clock after the move, in seconds, from the last comment that gives one. */
  readonly clock: number | undefined;
  /** `%eval`: the evaluation after the move, from the last comment that gives one. */
  readonly eval: CommentEvaluation | undefined;
}

/**
 * The mainline of a read PGN game (`parsePgn`), move by move, from its starting position (its
 * FEN and Variant tags). A typed error when the game's start or one of its moves does not play
 * (a game `parsePgn` read with validation always plays); a lichess variant's game, whose
 * positions are no `Position`s, is a `variant` error naming `VariantGameRecord.fromPgn`.
 *
 * ```ts
 * const [read] = parsePgn('1. e4 {[%clk 0:03:00]} e5 {[%eval 0.2]} *');
 * const moves = read?.ok ? mainline(read.value) : undefined;
 * if (moves?.ok) moves.value.map((m) => m.san);   // ['e4', 'e5']
 * if (moves?.ok) moves.value[0]!.clock;           // 180
 * ```
 */
export function mainline(game: PgnGame): Result<MainlineMove[], StartError | LineError> {
  const start = gameStartingPosition(game);
  if (!start.ok) return start;
  const steps = playLine(start.value, game.moves);
  if (!steps.ok) return steps;
  return ok(steps.value.map((step) => {
    let clock: number | undefined;
    let evaluation: CommentEvaluation | undefined;
    for (const comment of step.node.comments) {
      const commands = parseCommentCommands(comment);
      clock = commands.clock ?? clock;
      evaluation = commands.evaluation ?? evaluation;
    }
    return { san: step.node.san, move: step.move, before: step.before, after: step.after, comments: step.node.comments, clock, eval: evaluation };
  }));
}

/** How `lineText` writes moves: SAN (`Nf3`) or long algebraic notation (`Ng1-f3`, `e4xd5`). */
export interface LineTextOptions {
  /** `san` (the default) or `lan`. */
  readonly notation?: 'san' | 'lan';
}

const PIECE_LETTERS: Readonly<Record<Role, string>> = { pawn: '', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

/**
 * Long algebraic notation of a move (FIDE Laws, Appendix C.13): the piece's letter (none for a
 * pawn), the square it leaves, `-` or `x`, the square it reaches, a promotion's letter, and `+`
 * or `#`; castling as `O-O` and `O-O-O`.
 */
export function makeLan(move: Move): string {
  const san = makeSan(move);
  const suffix = /[+#]$/.exec(san)?.[0] ?? '';
  if (move.isCastle) return (move.to > move.from ? 'O-O' : 'O-O-O') + suffix;
  const piece = PIECE_LETTERS[move.role];
  const promotion = move.promotion === undefined ? '' : `=${PIECE_LETTERS[move.promotion]}`;
  return `${piece}${squareName(move.from)}${move.isCapture ? 'x' : '-'}${squareName(move.to)}${promotion}${suffix}`;
}

/**
 * A line of moves as movetext, numbered from its first position (`1. e4 e5 2. Nf3`; a line
 * starting with Black's move opens `1... e5`). Each move must be a move of the position the one
 * before it leads to (as `GameRecord#moves()` gives them); a RangeError otherwise.
 */
export function lineText(moves: readonly Move[], options: LineTextOptions = {}): string {
  const parts: string[] = [];
  let expected: Position | undefined;
  for (const [i, move] of moves.entries()) {
    const pos = move.position;
    if (expected !== undefined && makeFen(pos) !== makeFen(expected)) throw new RangeError(`lineText: move ${i + 1} (${move.uci}) does not follow the move before it`);
    const number = pos.fullmoves;
    if (pos.turn === 'white') parts.push(`${number}.`);
    else if (i === 0) parts.push(`${number}...`);
    parts.push(options.notation === 'lan' ? makeLan(move) : makeSan(move));
    expected = move.play();
  }
  return parts.join(' ');
}
