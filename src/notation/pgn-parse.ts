/**
 * One game's bytes → its tree (`PgnGame`), with every move of the mainline and of the variations
 * checked against its position (optional). Comments are stored trimmed, with each run of
 * whitespace (line breaks included) as one space, so that a writer may wrap them anywhere and
 * reading the result back gives the same tree.
 */
import { err, ok, type Result } from '../core/result.js';
import { WORDS } from '../chess/layout.js';
import { applyMoveKeyless, applyNullMove } from '../chess/play.js';
import { lastTag, newMove, type PgnError, type PgnGame, type PgnMove } from './pgn-game.js';
import {
  decodeText,
  hasMoveShape,
  unescapeComment,
  PgnLexer,
  readsAsOneMove,
  resultText,
  T_CLOSE,
  T_COMMENT,
  T_END,
  T_ERROR,
  T_NAG,
  T_OPEN,
  T_RESULT,
  T_SAN,
  T_TAG,
} from './pgn-lex.js';
import type { GameSlice } from './pgn-split.js';
import { startingPosition } from './pgn-start.js';
import { isNullMoveText, resolveSan, SAN_SYNTAX, sanErrorKind, sanErrorMessage } from './san.js';
import { normalizeTypography } from './typography.js';

export interface ParseGameOptions {
  /** Check every move against its position (default true). */
  readonly validate?: boolean;
}

interface Line {
  readonly moves: PgnMove[];
  /** Comments waiting for the line's first move. */
  pending: string[];
  /** NAGs written before the line's first move, given to that move. */
  pendingNags: number[];
  /** Position before the last move and the current position (validation only). */
  before: Int32Array;
  readonly current: Int32Array;
}

const lexer = new PgnLexer();

/**
 * A comment as stored: `text.replace(/\s+/g, ' ').trim()`, each run of whitespace one space. The
 * lexer already leaves out ASCII whitespace at the ends, and most comments (lichess' clock
 * comments) need nothing more, so the replace runs only where a run longer than one space, or a
 * whitespace character other than the space, is found.
 */
const normalizeComment = (text: string): string => {
  const trimmed = text.trim();
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
};

/** Parses one game (a slice from the splitter) into its tree. */
export function parseGame(slice: GameSlice, game: number, options: ParseGameOptions = {}): Result<PgnGame, PgnError> {
  const validate = options.validate !== false;
  const lx = lexer;
  lx.reset(slice.buf, slice.start, slice.end);
  const tags: [string, string][] = [];
  const gameComments: string[] = [];
  const root: Line = { moves: [], pending: gameComments, pendingNags: [], before: new Int32Array(WORDS), current: new Int32Array(WORDS) };
  const stack: Line[] = [root];
  let result: string | undefined;
  let movetext = false;
  let variantAt = slice.start;
  let fenAt = slice.start;

  const fail = (kind: PgnError['kind'], message: string, san: string | null, at = lx.start): Result<PgnGame, PgnError> => {
    const where = lx.locate(at, slice);
    return err({ kind, game, line: where.line, column: where.column, message, san });
  };
  const startMovetext = (): Result<PgnGame, PgnError> | undefined => {
    movetext = true;
    if (!validate) return undefined;
    const variant = lastTag(tags, 'Variant');
    const fen = lastTag(tags, 'FEN');
    const start = startingPosition(variant, fen);
    if (!start.ok) {
      // A refusal points at the tag at fault (for a Chess960 game without FEN, its Variant tag).
      const at = start.error.kind === 'variant' || fen === undefined ? variantAt : fenAt;
      return fail(start.error.kind, start.error.message, null, at);
    }
    root.current.set(start.value.words);
    return undefined;
  };

  for (;;) {
    const t = lx.next();
    if (t === T_END) break;
    if (t === T_TAG) {
      if (movetext) return fail('syntax', 'tag pair after movetext', null);
      const name = decodeText(lx.buf, lx.nameStart, lx.nameEnd);
      if (name === 'Variant') variantAt = lx.start;
      if (name === 'FEN') fenAt = lx.start;
      tags.push([name, decodeText(lx.buf, lx.valueStart, lx.valueEnd, true)]);
      continue;
    }
    if (t === T_ERROR) return fail('syntax', lx.error, null);
    if (!movetext) {
      const refused = startMovetext();
      if (refused) return refused;
    }
    if (result !== undefined) return fail('syntax', 'movetext after the termination marker', null);
    const line = stack[stack.length - 1]!;
    const last = line.moves[line.moves.length - 1];
    switch (t) {
      case T_SAN: {
        // As read, but for typographic dashes (`O‑O` is kept as `O-O`); an error quotes the text
        // as written, as the mainline replay's does.
        const written = decodeText(lx.buf, lx.start, lx.stop);
        const san = normalizeTypography(written);
        if (validate) {
          const code = resolveSan(line.current, lx.buf, lx.start, lx.stop);
          if (code < 0 && !isNullMoveText(san)) return fail(sanErrorKind(code), sanErrorMessage(code, written), written);
          line.before.set(line.current);
          // The tree holds no positions, so their keys are never read.
          if (code >= 0) applyMoveKeyless(line.current, 0, code);
          else if (!applyNullMove(line.current, 0)) return fail('illegal', `null move '${written}' while in check`, written);
        } else if (!readsAsOneMove(san)) {
          // Unchecked, a word that the lexer cuts into no move (`N½-½`: `N` and a marker, `0e.p.`)
          // would be a move that the writer cannot write back as itself (`N` reads as a NAG): refused.
          return fail('syntax', `'${written}' is not a move that PGN can write back`, written);
        } else if (!hasMoveShape(san)) {
          // Unchecked, a move must still look like one (`+` alone is none).
          return fail('syntax', sanErrorMessage(SAN_SYNTAX, written), written);
        }
        const move = newMove(san);
        // The comments and NAGs written before the move are handed over whole: a spread into the
        // move's own arrays overflows the call stack past about 100,000 of them.
        if (line !== root && line.pending.length > 0) (move as { startingComments: string[] }).startingComments = line.pending;
        line.pending = [];
        if (line.pendingNags.length > 0) (move as { nags: number[] }).nags = line.pendingNags;
        line.pendingNags = [];
        line.moves.push(move);
        break;
      }
      case T_NAG:
        if (last === undefined) line.pendingNags.push(lx.nag);
        else last.nags.push(lx.nag);
        break;
      case T_COMMENT: {
        const raw = decodeText(lx.buf, lx.valueStart, lx.valueEnd);
        const text = normalizeComment(lx.braced ? unescapeComment(raw) : raw);
        if (last === undefined) (line === root ? gameComments : line.pending).push(text);
        // A first comment gets an array of its own size (a push would reserve 17 slots in V8):
        // most moves of commented games have one.
        else if (last.comments.length === 0) (last as { comments: string[] }).comments = [text];
        else last.comments.push(text);
        break;
      }
      case T_OPEN: {
        if (last === undefined) return fail('syntax', 'variation before any move', null);
        const variation: Line = { moves: [], pending: [], pendingNags: [], before: new Int32Array(WORDS), current: new Int32Array(WORDS) };
        if (validate) variation.current.set(line.before);
        last.variations.push(variation.moves);
        stack.push(variation);
        break;
      }
      case T_CLOSE:
        if (stack.length === 1) return fail('syntax', "')' without a variation", null);
        if (line.moves.length === 0) {
          // A variation without moves, `()` or `({note})`, against PGN §8.2.5 but met in real
          // files: no line to keep, so it is dropped (as chessops and python-chess do), and its
          // comments go after the move it was an alternative to, to be kept. Its glyphs annotate
          // no move and are dropped, as at the end of a game (below).
          const parent = stack[stack.length - 2]!;
          const alternativeTo = parent.moves[parent.moves.length - 1]!;
          alternativeTo.variations.pop();
          for (const comment of line.pending) alternativeTo.comments.push(comment);
        }
        stack.pop();
        break;
      case T_RESULT:
        if (stack.length > 1) return fail('syntax', 'termination marker inside a variation', null);
        result = resultText(lx.buf, lx.start, lx.stop);
        break;
    }
  }
  if (stack.length > 1) return fail('syntax', 'unterminated variation', null, slice.end);
  // Glyphs of a game without moves (`$1 *`) annotate nothing: dropped, as chessops drops them and
  // the mainline replay passes over them.
  if (!movetext && validate) {
    const refused = startMovetext();
    if (refused) return refused;
  }
  return ok({ tags, comments: gameComments, moves: root.moves, result });
}
