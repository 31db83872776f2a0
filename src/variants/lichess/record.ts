/**
 * A game record of a lichess variant, as `GameRecord` (notation/game-record.ts) is one of chess:
 * play SAN or UCI moves, take them back and forward, read the moves as SAN, write and read PGN.
 * A class beside `GameRecord` rather than a mode of it: its positions and moves are the variant's
 * (`VariantPosition`, `VariantMove`), and chess' draw rules over the history (`GameHistory`, FIDE
 * 9.2–9.6) are not the variants'.
 */
import { err, ok, type Result } from '../../core/result.js';
import type { Outcome } from '../../core/game.js';
import { resultMarker } from '../../notation/game-record.js';
import { tagValue, type PgnError } from '../../notation/pgn-game.js';
import { parsePgn } from '../../notation/pgn-read.js';
import { variantGameStart } from '../../notation/pgn-variant.js';
import type { SanError } from '../../notation/san.js';
import type { UciError } from '../../notation/uci.js';
import { makeVariantPgn } from './pgn.js';
import type { VariantMove, VariantPosition } from './position.js';
import type { VariantRules } from './rules.js';
import { makeVariantSan, parseVariantSan, parseVariantUci } from './san.js';

/**
 * A lichess variant's game being played or replayed: its starting position, the moves played
 * (each bound to the position it was played in), and the moves taken back that `redo` plays again.
 *
 * ```ts
 * const game = new VariantGameRecord(VariantPosition.default('crazyhouse'));
 * game.playSan('e4'); game.playSan('d5'); game.playSan('exd5'); game.playSan('Qxd5');
 * game.playSan('P@e6').ok;            // true: the pawn taken on d5 is in White's pocket
 * game.toPgn().includes('[Variant "Crazyhouse"]');   // true
 * game.toPgn().endsWith('3. P@e6 *\n');                // true
 * ```
 */
export class VariantGameRecord {
  /** The position the game starts from. */
  readonly start: VariantPosition;
  /** The start, then the position after each move played. */
  private readonly positions: VariantPosition[];
  private readonly played: VariantMove[] = [];
  /**
   * Moves taken back with the positions they led to, the last taken back last: `redo` plays them
   * again (to the same position objects, which the moves after them are bound to), a new move
   * clears them.
   */
  private readonly undone: [VariantMove, VariantPosition][] = [];

  /** A game from `start` (`VariantPosition.default(rules)` for the variant's start). */
  constructor(start: VariantPosition) {
    this.start = start;
    this.positions = [start];
  }

  /**
   * The first game of a PGN text, a lichess variant's (`[Variant "Atomic"]`, …), its mainline
   * played (variations and comments are left out: `parsePgn` keeps the whole tree). A typed error,
   * with its line and column, when the text holds no game, its first game does not read or play,
   * or it is no lichess variant's (`variant`: `GameRecord.fromPgn` reads chess).
   */
  static fromPgn(text: string): Result<VariantGameRecord, PgnError> {
    const [first] = parsePgn(text);
    if (first === undefined) return err({ kind: 'syntax', game: 1, line: 1, column: 1, message: 'no game in the text', san: null });
    if (!first.ok) return first;
    const start = variantGameStart(tagValue(first.value, 'Variant'), tagValue(first.value, 'FEN'));
    if (start === undefined) {
      return err({ kind: 'variant', game: 1, line: 1, column: 1, message: 'not a lichess variant game (no lichess variant in [Variant]): GameRecord.fromPgn reads chess', san: null });
    }
    // parsePgn validates the tags and every move, so neither fails on a game it gave.
    if (!start.ok) return err({ kind: start.error.kind, game: 1, line: 1, column: 1, message: start.error.message, san: null });
    const record = new VariantGameRecord(start.value);
    for (const node of first.value.moves) {
      const move = parseVariantSan(record.current, node.san);
      if (!move.ok) return err({ kind: move.error.kind, game: 1, line: 1, column: 1, message: move.error.message, san: node.san });
      record.play(move.value);
    }
    return ok(record);
  }

  /** The variant played. */
  get rules(): VariantRules {
    return this.start.rules;
  }

  /** The position after the moves played. */
  get current(): VariantPosition {
    return this.positions[this.positions.length - 1]!;
  }

  /** The moves played, in order, each bound to the position it was played in. */
  moves(): readonly VariantMove[] {
    return this.played;
  }

  /** The moves played as SAN (`['e4', 'd5', 'exd5', 'Qxd5', 'P@e6']`). */
  history(): string[] {
    return this.played.map(makeVariantSan);
  }

  /** The moves played as UCI (`['e2e4', 'P@e6']`). */
  historyUci(): string[] {
    return this.played.map((m) => m.uci);
  }

  /**
   * Plays `move`, a move of the current position (from `current.legalMoves()`, `parseVariantSan`
   * or `parseVariantUci` on it), and returns the new position; a RangeError for a move of another
   * position. The moves taken back are forgotten.
   */
  play(move: VariantMove): VariantPosition {
    if (move.position !== this.current) throw new RangeError(`VariantGameRecord.play: ${move.uci} comes from another position than the current one`);
    const next = move.play();
    this.positions.push(next);
    this.played.push(move);
    this.undone.length = 0;
    return next;
  }

  /** Plays a SAN move (`Nf3`, `exd5`, `O-O`, a drop `N@f3`); the move, or a typed SanError with nothing played. */
  playSan(san: string): Result<VariantMove, SanError> {
    const move = parseVariantSan(this.current, san);
    if (move.ok) this.play(move.value);
    return move;
  }

  /** Plays a UCI move (`g1f3`, `e7e8k` in antichess, a drop `N@f3`); the move, or a typed UciError. */
  playUci(uci: string): Result<VariantMove, UciError> {
    const move = parseVariantUci(this.current, uci);
    if (move.ok) this.play(move.value);
    return move;
  }

  /** Takes back the last move and returns it, or undefined at the start (nothing changes then). */
  undo(): VariantMove | undefined {
    const move = this.played.pop();
    if (move === undefined) return undefined;
    this.undone.push([move, this.positions.pop()!]);
    return move;
  }

  /** Plays again the last move taken back and returns it, or undefined when none was. */
  redo(): VariantMove | undefined {
    const taken = this.undone.pop();
    if (taken === undefined) return undefined;
    this.played.push(taken[0]);
    this.positions.push(taken[1]);
    return taken[0];
  }

  /** How many times the current position has occurred (the same pieces, pockets, checks, side to move, castling and en-passant rights). */
  repetitions(): number {
    const key = this.current.key();
    let n = 0;
    for (const pos of this.positions) if (pos.key() === key) n++;
    return n;
  }

  /**
   * The game's end by its current position (`VariantPosition.outcome`): the variant's own end,
   * checkmate, stalemate, insufficient material. Draws by repetition or by the move count are
   * the caller's to decide (`repetitions()`, `current.halfmoves`): each server rules them its way.
   */
  outcome(): Outcome | undefined {
    return this.current.outcome();
  }

  /**
   * The game as PGN text, as `makeVariantPgn` writes it: the Seven Tag Roster (from `tags`, PGN's
   * unknown values for the rest), `[Variant]` with lichess' name, the other tags, `[SetUp]` and
   * `[FEN]` when the game starts elsewhere than the variant's start, and the moves as SAN. The
   * Result tag and the termination marker come from `outcome()` unless `tags` gives a Result.
   * `VariantGameRecord.fromPgn` and `parsePgn` read it back.
   */
  toPgn(tags: Readonly<Record<string, string>> = {}): string {
    return makeVariantPgn(this.start, this.played, { ...tags, Result: tags.Result ?? resultMarker(this.outcome()) });
  }
}
