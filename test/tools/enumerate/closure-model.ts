/**
 * ROECE's closure (docs/rules/enumeration.md §3.2) over a model of the rules, with its counters, for
 * the tests: a pawn move or a capture gives a root position (counted, deduplicated, not
 * expanded), any other move a domain position (expanded once). The models give the moves, the
 * side to move and the key: chessops for FIDE's rules, seed-reference.ts for ROECE's.
 */

/** One move of a model's position: where it leads, and what kind of move it is. */
export interface ModelMove<P> {
  readonly child: P;
  readonly pawn: boolean;
  readonly capture: boolean;
}

export interface ModelRules<P> {
  /** The position's identity (placement, side to move, castling, en passant as the rules count it). */
  key(p: P): string;
  /** 0 White, 1 Black. */
  side(p: P): number;
  moves(p: P): ModelMove<P>[];
}

/** The closure from `start` with the counters of `searchSpace` (search-space.ts). */
export function modelClosure<P>(start: P, rules: ModelRules<P>) {
  const domain = new Set<string>([rules.key(start)]);
  const roots = new Set<string>();
  const queue = [start];
  const rootColl = [0, 0];
  const domColl = [0, 0];
  const toMove = [0, 0];
  // Root moves by kind: pawn pushes (with promotions), pawn captures (with e.p.), piece captures.
  let pawnPushes = 0;
  let pawnCaptures = 0;
  let pieceCaptures = 0;
  let moves = 0;
  let max = 0;
  let min = Infinity;
  while (queue.length > 0) {
    const pos = queue.pop()!;
    const side = rules.side(pos);
    toMove[side]!++;
    const list = rules.moves(pos);
    moves += list.length;
    max = Math.max(max, list.length);
    min = Math.min(min, list.length);
    for (const { child, pawn, capture } of list) {
      const k = rules.key(child);
      if (pawn || capture) {
        if (!pawn) pieceCaptures++;
        else if (capture) pawnCaptures++;
        else pawnPushes++;
        if (roots.has(k)) rootColl[side]!++;
        else roots.add(k);
      } else if (domain.has(k)) {
        domColl[side]!++;
      } else {
        domain.add(k);
        queue.push(child);
      }
    }
  }
  return {
    maxMoves: max,
    minMoves: min,
    moves,
    expanded: domain.size,
    whiteRootCollisions: rootColl[0],
    whiteDomainCollisions: domColl[0],
    blackRootCollisions: rootColl[1],
    blackDomainCollisions: domColl[1],
    newRoots: roots.size,
    newPositions: domain.size - 1,
    pawnPushes,
    pawnCaptures,
    pieceCaptures,
    whiteToMove: toMove[0],
    blackToMove: toMove[1],
  };
}
