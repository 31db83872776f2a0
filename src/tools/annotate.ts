/**
 * A game annotated from engine evaluations, as lichess annotates its computer analysis: an
 * `[%eval …]` after each move, a NAG `?!`, `?` or `??` by how much the move lowered its side's
 * winning chances, and per-side summary tags (average centipawn loss, inaccuracies, mistakes,
 * blunders). Pure: the evaluations come from the caller (`caissa analyse` runs UCI engines).
 *
 * Sources (lichess, read for their constants and rules):
 * - winning chances `2 / (1 + exp(-0.00368208 · cp)) − 1` in [−1, 1]: scalachess
 *   `core/src/main/scala/eval.scala` (`WinPercent.winningChances`; the multiplier from lila pull
 *   request #11148);
 * - judgements by the mover's drop in winning chances, at least 0.3 a blunder, 0.2 a mistake,
 *   0.1 an inaccuracy: lila `modules/tree/src/main/Advice.scala` (`winningChanceJudgements`);
 * - a mate in m as `(21 − min(10, |m|)) · 100` centipawns towards the mating side: lichess'
 *   analysis board, `ui/lib/src/ceval/winningChances.ts` (lila judges mates by separate rules,
 *   `MateAdvice`; we apply the one drop rule to every move instead);
 * - average centipawn loss: each move's loss `max(0, before − after)` for the mover, scores
 *   capped at ±1000 and a mate counted as ±1000, averaged and rounded: lila
 *   `modules/analyse/src/main/AccuracyCP.scala`.
 */
import type { PgnGame, PgnMove } from '../notation/pgn-game.js';
import { makeCommentCommands, parseCommentCommands, type CommentEvaluation } from '../notation/pgn-comment.js';

/**
 * An evaluation from White's point of view: centipawns, or a mate in `mate` moves (positive:
 * White mates). `mate: 0` is a checkmate on the board: `mated` says who is mated.
 */
export type WhiteEval =
  | {
    /** Centipawns for White (negative: Black is better). */
    readonly cp: number;
    /** The search depth in plies, if known. */
    readonly depth?: number;
  }
  | {
    /** Moves to mate: positive when White mates, negative when Black does, 0 when mate is on the board. */
    readonly mate: number;
    /** With `mate: 0`: the side that is checkmated. */
    readonly mated?: 'white' | 'black';
    /** The search depth in plies, if known. */
    readonly depth?: number;
  };

/** The NAG of an inaccuracy (PGN §10: 6 `?!`, 2 `?`, 4 `??`). */
export const NAG_INACCURACY = 6;
/** The NAG of a mistake: 2, `?`. */
export const NAG_MISTAKE = 2;
/** The NAG of a blunder: 4, `??`. */
export const NAG_BLUNDER = 4;

/** A move's judgement, from its drop in winning chances. */
export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

const MULTIPLIER = -0.00368208;
const CP_CEILING = 1000;

/** Winning chances in [−1, 1] for White of a centipawn score (no ceiling, as lila's advice). */
export const cpWinningChances = (cp: number): number => Math.max(-1, Math.min(1, 2 / (1 + Math.exp(MULTIPLIER * cp)) - 1));

/** Winning chances in [−1, 1] for White of an evaluation. */
export function winningChances(e: WhiteEval): number {
  if ('cp' in e) return cpWinningChances(e.cp);
  if (e.mate === 0) return e.mated === 'white' ? -1 : 1;
  const cp = (21 - Math.min(10, Math.abs(e.mate))) * 100;
  return cpWinningChances(e.mate > 0 ? cp : -cp);
}

/** The judgement of a drop in the mover's winning chances, if any (lila's thresholds, inclusive). */
export function judge(drop: number): Judgement | undefined {
  return drop >= 0.3 ? 'blunder' : drop >= 0.2 ? 'mistake' : drop >= 0.1 ? 'inaccuracy' : undefined;
}

/** Centipawns for the loss count: capped at ±1000, a mate as ±1000. */
function cappedCp(e: WhiteEval): number {
  if ('cp' in e) return Math.max(-CP_CEILING, Math.min(CP_CEILING, e.cp));
  if (e.mate === 0) return e.mated === 'white' ? -CP_CEILING : CP_CEILING;
  return e.mate > 0 ? CP_CEILING : -CP_CEILING;
}

/** The `[%eval]` form of an evaluation: pawns, or mate. */
function commentEval(e: WhiteEval): CommentEvaluation {
  const depth = e.depth === undefined ? {} : { depth: e.depth };
  return 'cp' in e ? { pawns: e.cp / 100, ...depth } : { mate: e.mate, ...depth };
}

/** Per side: the summary of its moves. */
export interface SideSummary {
  /** Average centipawn loss, rounded; undefined for a side with no evaluated move. */
  readonly acpl: number | undefined;
  /** Moves judged inaccuracies (a drop in winning chances of at least 0.1, below 0.2). */
  readonly inaccuracies: number;
  /** Moves judged mistakes (a drop of at least 0.2, below 0.3). */
  readonly mistakes: number;
  /** Moves judged blunders (a drop of at least 0.3). */
  readonly blunders: number;
}

/** What `annotateGame` found. */
export interface GameAnnotation {
  /** The game with its mainline annotated (a copy; the input is not changed). */
  readonly game: PgnGame;
  /** White's moves, summarised. */
  readonly white: SideSummary;
  /** Black's moves, summarised. */
  readonly black: SideSummary;
  /** Each mainline move's judgement (undefined: none), in order. */
  readonly judgements: readonly (Judgement | undefined)[];
}

const JUDGEMENT_NAGS = new Set([1, 2, 3, 4, 5, 6]);
const NAG_OF: Record<Judgement, number> = { inaccuracy: NAG_INACCURACY, mistake: NAG_MISTAKE, blunder: NAG_BLUNDER };

/**
 * The game with its mainline annotated: `evals[i]` is the evaluation of the position after `i`
 * moves (`evals[0]` the starting position), `whiteMovesFirst` whether the first move is
 * White's. A move whose evaluation is missing (undefined) gets no `[%eval]`, and neither it nor
 * the move after it a judgement. Existing comments keep their text and other commands; an
 * existing `[%eval]` and move-assessment NAGs (1–6) are replaced. Summary tags are set:
 * `WhiteACPL`, `BlackACPL`, `WhiteInaccuracies`, `WhiteMistakes`, `WhiteBlunders` and Black's.
 */
export function annotateGame(game: PgnGame, evals: readonly (WhiteEval | undefined)[], whiteMovesFirst: boolean): GameAnnotation {
  const sides = [
    { loss: 0, moves: 0, inaccuracies: 0, mistakes: 0, blunders: 0 },
    { loss: 0, moves: 0, inaccuracies: 0, mistakes: 0, blunders: 0 },
  ];
  const judgements: (Judgement | undefined)[] = [];
  const moves: PgnMove[] = game.moves.map((node, i) => {
    const before = evals[i];
    const after = evals[i + 1];
    if (after === undefined) {
      judgements.push(undefined);
      return node;
    }
    const white = (i % 2 === 0) === whiteMovesFirst;
    const sign = white ? 1 : -1;
    let judgement: Judgement | undefined;
    if (before !== undefined) {
      judgement = judge(sign * (winningChances(before) - winningChances(after)));
      const side = sides[white ? 0 : 1]!;
      side.loss += Math.max(0, sign * (cappedCp(before) - cappedCp(after)));
      side.moves++;
      if (judgement === 'inaccuracy') side.inaccuracies++;
      else if (judgement === 'mistake') side.mistakes++;
      else if (judgement === 'blunder') side.blunders++;
    }
    judgements.push(judgement);
    const nags = node.nags.filter((n) => !JUDGEMENT_NAGS.has(n));
    if (judgement !== undefined) nags.push(NAG_OF[judgement]);
    const comments = [...node.comments];
    const last = comments.length > 0 ? parseCommentCommands(comments.at(-1)!) : undefined;
    const rewritten = makeCommentCommands({ ...(last ?? { text: '', shapes: [] }), evaluation: commentEval(after) });
    if (last !== undefined) comments[comments.length - 1] = rewritten;
    else comments.push(rewritten);
    return { ...node, nags, comments };
  });
  const summary = (s: (typeof sides)[number]): SideSummary => ({
    acpl: s.moves === 0 ? undefined : Math.round(s.loss / s.moves),
    inaccuracies: s.inaccuracies,
    mistakes: s.mistakes,
    blunders: s.blunders,
  });
  const white = summary(sides[0]!);
  const black = summary(sides[1]!);
  const added: [string, string][] = [];
  for (const [name, side] of [['White', white], ['Black', black]] as const) {
    if (side.acpl !== undefined) added.push([`${name}ACPL`, String(side.acpl)]);
    added.push([`${name}Inaccuracies`, String(side.inaccuracies)], [`${name}Mistakes`, String(side.mistakes)], [`${name}Blunders`, String(side.blunders)]);
  }
  const names = new Set(added.map(([n]) => n));
  const tags = [...game.tags.filter(([n]) => !names.has(n)), ...added];
  return { game: { ...game, tags, moves }, white, black, judgements };
}
