/**
 * The game on the page as a tree of moves: the mainline is every node's first child, the others
 * are variations (PGN §8.2.5). Read from and written to PGN through `notation`'s game tree
 * (`parsePgn`, `makePgn`); the history rules (repetitions, fifty moves) are read along the path
 * from the start to the current node.
 */
import { resultMarker } from '../notation/game-record.js';
import { newMove, tagValue, type PgnGame, type PgnMove } from '../notation/pgn-game.js';
import { parsePgn } from '../notation/pgn-read.js';
import { makePgn } from '../notation/pgn-write.js';
import { variantKind } from '../notation/pgn-start.js';
import type { Outcome } from '../core/game.js';
import { parseVariantName, PGN_VARIANT_NAMES, type VariantRules } from '../variants/lichess/rules.js';
import { positionFromFen, StartError, startPosition, type BoardVariant, type PlayMove, type PlayPosition } from './rules.js';

export class GameNode {
  readonly parent: GameNode | undefined;
  /** The move that led here (undefined at the root). */
  readonly move: PlayMove | undefined;
  readonly san: string;
  readonly position: PlayPosition;
  /** The mainline continuation first, then the variations. */
  readonly children: GameNode[] = [];
  readonly comments: string[] = [];
  readonly nags: number[] = [];
  /** Depth in plies from the root. */
  readonly ply: number;

  constructor(parent: GameNode | undefined, move: PlayMove | undefined, san: string, position: PlayPosition) {
    this.parent = parent;
    this.move = move;
    this.san = san;
    this.position = position;
    this.ply = parent === undefined ? 0 : parent.ply + 1;
  }

  /** The node after `move` from here: the existing child, else a new one (a new variation when a child exists). */
  play(move: PlayMove): GameNode {
    const existing = this.children.find((c) => c.move!.uci === move.uci);
    if (existing !== undefined) return existing;
    const child = new GameNode(this, move, this.position.san(move), this.position.play(move));
    this.children.push(child);
    return child;
  }

  /** Makes this line the main continuation of its parent (its siblings keep their order). */
  promote(): void {
    const siblings = this.parent?.children;
    const i = siblings?.indexOf(this) ?? -1;
    if (siblings === undefined || i <= 0) return;
    siblings.splice(i, 1);
    siblings.unshift(this);
  }

  /** Removes this move and all that follows it from the tree. */
  remove(): void {
    const siblings = this.parent?.children;
    const i = siblings?.indexOf(this) ?? -1;
    if (siblings !== undefined && i >= 0) siblings.splice(i, 1);
  }

  /** The nodes from the root's first move down to this one. */
  path(): GameNode[] {
    const out: GameNode[] = [];
    for (let n: GameNode | undefined = this as GameNode; n?.parent !== undefined; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** Whether this node is on the mainline (every step the first child). */
  get isMainline(): boolean {
    for (let n = this as GameNode; n.parent !== undefined; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }
}

/** Draw rules over the history (FIDE 9.2, 9.3, 9.6): what can be claimed, what ends the game. */
export interface HistoryStatus {
  /** How often the current position has stood on the board (itself included). */
  readonly repetitions: number;
  readonly claim: 'threefoldRepetition' | 'fiftyMoves' | undefined;
  /** The game's end: the position's own, fivefold repetition or seventy-five moves. */
  readonly outcome: Outcome | undefined;
}

export function historyStatus(node: GameNode): HistoryStatus {
  const pos = node.position;
  const key = pos.repetitionKey();
  let repetitions = 1;
  // Only positions since the last capture or pawn move can repeat: look back `halfmoves` plies.
  let back = 0;
  for (let n = node.parent; n !== undefined && back < pos.halfmoves; n = n.parent) {
    back++;
    if (back % 2 === 0 && n.position.repetitionKey() === key) repetitions++;
  }
  let outcome = pos.outcome();
  if (outcome === undefined && repetitions >= 5) outcome = { winner: undefined, reason: 'fivefoldRepetition' };
  if (outcome === undefined && pos.halfmoves >= 150) outcome = { winner: undefined, reason: 'seventyFiveMoves' };
  const claim = outcome !== undefined ? undefined : repetitions >= 3 ? 'threefoldRepetition' : pos.halfmoves >= 100 ? 'fiftyMoves' : undefined;
  return { repetitions, claim, outcome };
}

/** The `[Variant]` tag of a game of the board (none for standard chess). */
export function pgnVariantTag(variant: BoardVariant): string | undefined {
  if (variant === 'chess') return undefined;
  if (variant === 'chess960') return 'Chess960';
  return PGN_VARIANT_NAMES[variant];
}

/** The tree as PGN: tags (Variant, SetUp and FEN when the game does not start from the standard position), moves and variations. */
export function treePgn(root: GameNode, startFen: string, defaultFen: string | undefined, result?: string): string {
  const line = (node: GameNode): PgnMove[] => {
    const out: PgnMove[] = [];
    for (let n = node; n.children.length > 0; n = n.children[0]!) {
      const [main, ...others] = n.children;
      out.push({ ...newMove(main!.san), comments: [...main!.comments], nags: [...main!.nags], variations: others.map((o) => [toMove(o), ...line(o)]) });
    }
    return out;
  };
  const toMove = (n: GameNode): PgnMove => ({ ...newMove(n.san), comments: [...n.comments], nags: [...n.nags] });
  const tags: [string, string][] = [];
  const variant = pgnVariantTag(root.position.variant);
  if (variant !== undefined) tags.push(['Variant', variant]);
  if (startFen !== defaultFen) tags.push(['SetUp', '1'], ['FEN', startFen]);
  let last = root;
  while (last.children.length > 0) last = last.children[0]!;
  const marker = result ?? resultMarker(historyStatus(last).outcome);
  tags.unshift(['Result', marker]);
  const game: PgnGame = { tags, comments: [], moves: line(root), result: marker };
  return makePgn(game);
}

/** A game read from PGN: its variant, its tree, and its tags. */
export interface LoadedGame {
  readonly root: GameNode;
  readonly tags: readonly [string, string][];
}

/**
 * The first game of a PGN text as a tree: its start from `[Variant]` and `[FEN]` (the board's
 * games only), every move and variation played. A StartError names the first fault (with the move).
 */
export function treeFromPgn(text: string): LoadedGame {
  const [first] = parsePgn(text, { validate: false });
  if (first === undefined) throw new StartError('PGN: no game in the text');
  if (!first.ok) throw new StartError(`PGN: line ${first.error.line}, column ${first.error.column}: ${first.error.message}`);
  const game = first.value;
  const variantTag = tagValue(game, 'Variant');
  const fen = tagValue(game, 'FEN');
  const lichess: VariantRules | undefined = variantTag === undefined ? undefined : parseVariantName(variantTag);
  let variant: BoardVariant;
  if (lichess !== undefined) variant = lichess;
  else {
    const kind = variantKind(variantTag);
    if (kind === 'unsupported') throw new StartError(`PGN: variant '${variantTag}' is not played on this board`);
    variant = kind === 'standard' ? 'chess' : 'chess960';
  }
  const start = fen === undefined ? (variant === 'chess960' ? undefined : startPosition(variant)) : positionFromFen(variant, fen);
  if (start === undefined) throw new StartError('PGN: a Chess960 game needs a FEN tag');
  const root = new GameNode(undefined, undefined, '', start);
  const addLine = (from: GameNode, moves: readonly PgnMove[]): void => {
    let node = from;
    for (const m of moves) {
      const move = node.position.parseMove(m.san);
      if (move === undefined) throw new StartError(`PGN: move ${Math.floor(node.ply / 2) + 1}${node.ply % 2 === 0 ? '.' : '...'} ${m.san} is not legal`);
      const child = node.play(move);
      child.comments.push(...m.comments);
      child.nags.push(...m.nags);
      // Alternatives to this move start from the same position.
      for (const v of m.variations) addLine(node, v);
      node = child;
    }
  };
  addLine(root, game.moves);
  return { root, tags: game.tags };
}
