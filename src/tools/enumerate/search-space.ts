/**
 * Search spaces (ROECE's decomposition, docs/rules/enumeration.md §3): from a start position, the
 * closure over *reversible* moves — every move that is not a pawn move and not a capture gives a
 * "domain" position, deduplicated per side and expanded in turn; a pawn move or a capture gives a
 * "root" position (the start of another search space), deduplicated per side and counted, never
 * expanded. The statistics are ROECE's table: largest and smallest move list, moves generated,
 * root and domain collisions (table hits) per side, new roots and new domain positions.
 *
 * Rules: FIDE by default (legal moves, castling rights lost per FIDE 3.8.2.1); with `pseudoLegal`,
 * ROECE's own semantics (the "Ridiculously Over-Engineered Chess Engine" whose published counters
 * these reproduce): pseudo-legal moves and castling rights that never change.
 *
 * Roots need no table for most pawn moves: inside one search space the pawn structure and the
 * material never change (no domain move touches a pawn or captures), so the root after a pawn
 * move tells which pawn moved, from where, and (for captures) which piece it took: two different
 * parents give different roots. Two exceptions share a placement and differ only in state, and go
 * through the root table like piece captures: a parent with the start's placement when the start
 * has an en-passant square in its identity, and a pawn capture onto a square whose castling right
 * the start held (the capture clears a right that parents of the same placement may or may not
 * still hold). The test is on placement and move only, so both parents of a shared root take the
 * same road. `exactRoots` sends every root through the table
 * (for tests on small spaces; at search space zero that is 345 M keys).
 */
import { WORDS, W_CASTLING, W_TURN } from '../../chess/layout.js';
import { MAX_MOVES_ANY } from '../../chess/move.js';
import { generateLegal } from '../../chess/movegen.js';
import { applyMoveKeyless } from '../../chess/play.js';
import type { Position } from '../../chess/position.js';
import { EntrySet } from './entry-set.js';
import { ID_FIDE, ID_PSEUDO_EP, identityEp } from './identity.js';
import { generatePseudo, kingFilesOf } from './pseudo-movegen.js';
import { KEY_WORDS, keyOf, PLACEMENT_WORDS, packRecord, REC_WORDS, unpackRecord } from './record.js';

/** How `searchSpace` counts. */
export interface SearchSpaceOptions {
  /**
   * ROECE's semantics (docs/rules/enumeration.md §3): pseudo-legal moves (no king-safety test) and
   * castling rights that never change; FIDE's rules when false or absent.
   */
  readonly pseudoLegal?: boolean;
  /** The former name of `pseudoLegal`, still read. */
  readonly seed?: boolean;
  /** Every root through the root table (no shortcut for pawn moves). */
  readonly exactRoots?: boolean;
  /** Called every 2^16 expanded positions with (expanded, domain positions known). */
  readonly onProgress?: (expanded: number, known: number) => void;
}

/**
 * The counts of a search space (docs/rules/enumeration.md §3, ROECE's statistics): a collision is
 * a move leading to a position already known, in the root table or the domain, by side to move.
 */
export interface SearchSpaceStats {
  /** The largest move list of an expanded position. */
  readonly maxMoves: number;
  /** The smallest move list of an expanded position. */
  readonly minMoves: number;
  /** Σ move-list sizes over all expanded positions ("legal moves in this position" in ROECE's README). */
  readonly moves: number;
  /** Positions expanded (domain positions including the start). */
  readonly expanded: number;
  /** White's moves to a root position already known. */
  readonly whiteRootCollisions: number;
  /** White's moves to a domain position already known. */
  readonly whiteDomainCollisions: number;
  /** Black's moves to a root position already known. */
  readonly blackRootCollisions: number;
  /** Black's moves to a domain position already known. */
  readonly blackDomainCollisions: number;
  /** Distinct root positions. */
  readonly newRoots: number;
  /** Distinct domain positions, the start excluded. */
  readonly newPositions: number;
  /** Root moves by kind: pawn pushes (incl. promotions), pawn captures (incl. en passant), piece captures. */
  readonly pawnPushes: number;
  /** Root moves that are pawn captures, en passant included. */
  readonly pawnCaptures: number;
  /** Root moves that are captures by a piece. */
  readonly pieceCaptures: number;
  /** Expanded positions per side to move. */
  readonly whiteToMove: number;
  /** Expanded positions with Black to move. */
  readonly blackToMove: number;
}

/** Multiplicity word of a domain entry: 0 pending, 1 expanded. */
const FLAG_EXPANDED = 1;

/** Counters of a (part of a) search space; parts from several threads add up. */
export class SpaceCounters {
  maxMoves = 0;
  minMoves = Infinity;
  moves = 0;
  expanded = 0;
  rootColl = [0, 0];
  domColl = [0, 0];
  pawnDirect = [0, 0];
  toMove = [0, 0];
  pawnPushes = 0;
  pawnCaptures = 0;
  pieceCaptures = 0;

  merge(o: SpaceCounters): void {
    this.maxMoves = Math.max(this.maxMoves, o.maxMoves);
    this.minMoves = Math.min(this.minMoves, o.minMoves);
    this.moves += o.moves;
    this.expanded += o.expanded;
    for (let i = 0; i < 2; i++) {
      this.rootColl[i]! += o.rootColl[i]!;
      this.domColl[i]! += o.domColl[i]!;
      this.pawnDirect[i]! += o.pawnDirect[i]!;
      this.toMove[i]! += o.toMove[i]!;
    }
    this.pawnPushes += o.pawnPushes;
    this.pawnCaptures += o.pawnCaptures;
    this.pieceCaptures += o.pieceCaptures;
  }

  /** Plain data (for posting between threads). */
  static from(o: SpaceCounters): SpaceCounters {
    const c = new SpaceCounters();
    c.merge(o);
    return c;
  }

  stats(domainCount: number, rootCount: number): SearchSpaceStats {
    return {
      maxMoves: this.maxMoves,
      minMoves: this.minMoves === Infinity ? 0 : this.minMoves,
      moves: this.moves,
      expanded: this.expanded,
      whiteRootCollisions: this.rootColl[0]!,
      whiteDomainCollisions: this.domColl[0]!,
      blackRootCollisions: this.rootColl[1]!,
      blackDomainCollisions: this.domColl[1]!,
      newRoots: rootCount + this.pawnDirect[0]! + this.pawnDirect[1]!,
      newPositions: domainCount - 1,
      pawnPushes: this.pawnPushes,
      pawnCaptures: this.pawnCaptures,
      pieceCaptures: this.pieceCaptures,
      whiteToMove: this.toMove[0]!,
      blackToMove: this.toMove[1]!,
    };
  }
}

/** What every expander of one search space must agree on. */
export interface SpaceSetup {
  readonly pseudoLegal: boolean;
  readonly exactRoots: boolean;
  /** The start's record (its placement decides the en-passant exception). */
  readonly startRec: Int32Array;
  readonly startCastling: number;
  /** The kings' original files, those of the start (castling, `generatePseudo`). */
  readonly kingFiles: number;
}

/** The start's record and the setup of a search space from `pos`. */
export function spaceSetup(pos: Position, options: SearchSpaceOptions = {}): SpaceSetup {
  const pseudoLegal = options.pseudoLegal === true || options.seed === true;
  const w = new Int32Array(WORDS);
  w.set(pos.words.subarray(0, WORDS));
  const startRec = new Int32Array(REC_WORDS);
  packRecord(w, 0, identityEp(w, 0, pseudoLegal ? ID_PSEUDO_EP : ID_FIDE), startRec, 0);
  return { pseudoLegal, exactRoots: options.exactRoots === true, startRec, startCastling: w[W_CASTLING]!, kingFiles: kingFilesOf(w) };
}

/**
 * Expands one domain position: counts its moves, sends roots to the root table (or counts them
 * directly, see the module comment) and domain children to the domain table. New domain
 * entries are pending (multiplicity word 0); `onNew(offset)` hears of each.
 */
export class SpaceExpander {
  private readonly w = new Int32Array(2 * WORDS);
  private readonly moves = new Uint16Array(MAX_MOVES_ANY);
  private readonly rec = new Int32Array(REC_WORDS);
  private readonly key = new Int32Array(KEY_WORDS);
  private readonly setup: SpaceSetup;
  private readonly idCode: number;
  private readonly startHasEp: boolean;

  constructor(setup: SpaceSetup) {
    this.setup = setup;
    this.idCode = setup.pseudoLegal ? ID_PSEUDO_EP : ID_FIDE;
    this.startHasEp = ((setup.startRec[8]! >> 1) & 127) !== 0;
  }

  expand(domain: EntrySet, pb: number, roots: EntrySet, c: SpaceCounters, onNew: (offset: number) => void): void {
    const { w, moves, rec, key } = this;
    const pseudoLegal = this.setup.pseudoLegal;
    const d = domain.data;
    if (domain.shared) Atomics.store(d, pb + REC_WORDS, FLAG_EXPANDED);
    else d[pb + REC_WORDS] = FLAG_EXPANDED;
    unpackRecord(d, pb, w, 0);
    const us = w[W_TURN]!;
    c.toMove[us]!++;
    const n = pseudoLegal ? generatePseudo(w, moves, this.setup.kingFiles) : generateLegal(w, 0, moves, 0);
    c.expanded++;
    c.moves += n;
    if (n > c.maxMoves) c.maxMoves = n;
    if (n < c.minMoves) c.minMoves = n;
    const themLo = w[2 * (us ^ 1)]!;
    const themHi = w[2 * (us ^ 1) + 1]!;
    const castling = w[W_CASTLING]!;
    const sameAsStart = this.startHasEp && samePlacement(d, pb, this.setup.startRec);
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const from = m & 63;
      const to = (m >> 6) & 63;
      const kind = m >> 12;
      const capture = kind !== 3 && (kind === 2 || ((to < 32 ? themLo : themHi) & (1 << (to & 31))) !== 0);
      const pawn = (w[4 + (from >> 5)]! & (1 << (from & 31))) !== 0;
      if (pawn || capture) {
        // A root: counted, not expanded.
        if (pawn && capture) c.pawnCaptures++;
        else if (pawn) c.pawnPushes++;
        else c.pieceCaptures++;
        // By placement and move only (both parents of a shared root must take the same road):
        // a pawn capture onto a square whose castling right the start held.
        const viaTable =
          !pawn || this.setup.exactRoots || sameAsStart || (capture && (this.setup.startCastling & castlingBitOf(to)) !== 0);
        if (!viaTable) {
          c.pawnDirect[us]!++;
          continue;
        }
        w.copyWithin(WORDS, 0, WORDS);
        applyMoveKeyless(w, WORDS, m);
        if (pseudoLegal) w[WORDS + W_CASTLING] = castling;
        packRecord(w, WORDS, identityEp(w, WORDS, this.idCode), rec, 0);
        keyOf(rec, 0, REC_WORDS, key, 0);
        if (!roots.add(key, 0, 1)) c.rootColl[us]!++;
        continue;
      }
      w.copyWithin(WORDS, 0, WORDS);
      applyMoveKeyless(w, WORDS, m);
      if (pseudoLegal) w[WORDS + W_CASTLING] = castling;
      // Reversible moves never create an en-passant square.
      packRecord(w, WORDS, -1, rec, 0);
      if (domain.add(rec, 0, 0)) onNew(domain.lastOffset);
      else c.domColl[us]!++;
    }
  }
}

/** Load above which the search-space tables grow. */
export const SPACE_LOAD = 0.75;

/** Offsets of the domain entries not expanded yet (after a resize moved them). */
export function pendingOffsets(domain: EntrySet, out?: Int32Array): { offsets: Int32Array; length: number } {
  let n = 0;
  domain.forEach((b) => {
    if (domain.data[b + REC_WORDS] === 0) n++;
  });
  const offsets = out !== undefined && out.length >= n ? out : new Int32Array(n);
  let i = 0;
  domain.forEach((b) => {
    if (domain.data[b + REC_WORDS] === 0) offsets[i++] = b;
  });
  return { offsets, length: n };
}

/** The closure over reversible moves from `pos`, with ROECE's statistics (one thread). */
export function searchSpace(pos: Position, options: SearchSpaceOptions = {}): SearchSpaceStats {
  const setup = spaceSetup(pos, options);
  const expander = new SpaceExpander(setup);
  let domain = EntrySet.forCount(REC_WORDS, 1 << 12, false, SPACE_LOAD);
  let roots = EntrySet.forCount(KEY_WORDS, 1 << 12, false, SPACE_LOAD);
  domain.add(setup.startRec, 0, 0);
  const c = new SpaceCounters();
  // A stack of pending offsets (any order gives the same closure and counters).
  let stack = new Int32Array(1 << 12);
  let top = 0;
  const push = (b: number): void => {
    if (top === stack.length) {
      const bigger = new Int32Array(stack.length * 2);
      bigger.set(stack);
      stack = bigger;
    }
    stack[top++] = b;
  };
  const refill = (): void => {
    const p = pendingOffsets(domain);
    top = 0;
    for (let i = 0; i < p.length; i++) push(p.offsets[i]!);
  };
  refill();
  while (top > 0) {
    const b = stack[--top]!;
    if (domain.data[b + REC_WORDS] !== 0) continue;
    expander.expand(domain, b, roots, c, push);
    if (roots.count > roots.capacity * SPACE_LOAD) roots = roots.grown();
    if (domain.count > domain.capacity * SPACE_LOAD) {
      domain = domain.grown();
      refill();
    }
    if (options.onProgress !== undefined && (c.expanded & 0xffff) === 0) options.onProgress(c.expanded, domain.count);
  }
  return c.stats(domain.count, roots.count);
}

/** Castling-rights bit of a back-rank square (any rook square in Chess960). */
const castlingBitOf = (sq: number): number => (sq < 8 ? 1 << sq : sq >= 56 ? 1 << (sq - 48) : 0);

function samePlacement(a: Int32Array, ao: number, b: Int32Array): boolean {
  for (let i = 0; i < PLACEMENT_WORDS; i++) if (a[ao + i] !== b[i]) return false;
  return true;
}
