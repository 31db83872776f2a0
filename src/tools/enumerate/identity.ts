/**
 * What "the same position" means when counting. Every identity compares the piece placement;
 * they differ in the rest:
 *
 * - `fide`: + side to move + castling rights + the en-passant square **only when a legal
 *   en-passant capture exists** (FIDE Laws 9.2.3; OEIS A083276).
 * - `pseudo-ep`: + side to move + castling rights + the en-passant square when a pawn of the side
 *   to move attacks it, legal or not (X-FEN's rule; OEIS A057745).
 * - `fen`: + side to move + castling rights + the en-passant square after *every* double push
 *   (the first four fields of a FEN written by an "always" writer).
 * - `diagram`: the placement alone (OEIS A019319). Diagrams cannot be expanded (the future
 *   depends on castling rights and en passant), so enumeration expands FIDE positions and
 *   projects them to diagrams where it counts.
 */
import { W_EP } from '../../chess/layout.js';
import { MAX_MOVES_ANY, MOVE_EN_PASSANT } from '../../chess/move.js';
import { generateLegal } from '../../chess/movegen.js';
import { polyglotEpCounts } from '../../chess/play.js';
import { err, ok, type Result } from '../../core/result.js';

/**
 * When two positions count as one (docs/rules/enumeration.md §1). All compare placement; `fide`
 * also the side to move, castling rights and an en-passant square only when the capture is
 * legal (FIDE 9.2.3); `pseudo-ep` keeps the square when a pawn could capture pseudo-legally
 * (X-FEN); `fen` keeps it after every double step; `diagram` compares placement alone.
 */
export const IDENTITIES = ['fide', 'pseudo-ep', 'fen', 'diagram'] as const;
/** One of `IDENTITIES`. */
export type Identity = (typeof IDENTITIES)[number];

/** Numeric codes used across threads and files. */
export const ID_FIDE = 0;
export const ID_PSEUDO_EP = 1;
export const ID_FEN = 2;
export const ID_DIAGRAM = 3;

/** An identity name that is none of `IDENTITIES`. */
export interface IdentityError {
  /** Always `identity`. */
  readonly kind: 'identity';
  /** The name given and the names allowed. */
  readonly message: string;
}

/** Parses an identity name. */
export function parseIdentity(text: string): Result<Identity, IdentityError> {
  const found = IDENTITIES.find((i) => i === text);
  return found === undefined
    ? err({ kind: 'identity', message: `unknown identity '${text}' (expected ${IDENTITIES.join(', ')})` })
    : ok(found);
}

export const identityCode = (identity: Identity): number => IDENTITIES.indexOf(identity);

/** Scratch list for the legality test of en passant (moves of one position). */
const epScratch = new Uint16Array(MAX_MOVES_ANY);

/** Whether the position at `w[p..]` has a legal en-passant capture (FIDE 3.7.3.1 + 3.9). */
export function hasLegalEp(w: Int32Array, p: number): boolean {
  const ep = w[p + W_EP]!;
  if (ep < 0 || !polyglotEpCounts(w, p, ep)) return false;
  const n = generateLegal(w, p, epScratch, 0);
  for (let i = 0; i < n; i++) if (epScratch[i]! >> 12 === MOVE_EN_PASSANT) return true;
  return false;
}

/**
 * The en-passant square that belongs to the identity of the position at `w[p..]` (`-1`: none).
 * `code` is one of the ID_* constants; diagrams expand FIDE positions, so they use FIDE's rule.
 */
export function identityEp(w: Int32Array, p: number, code: number): number {
  const ep = w[p + W_EP]!;
  if (ep < 0) return -1;
  if (code === ID_FEN) return ep;
  // A pseudo-legal capture exists iff a pawn of the side to move attacks the square.
  if (!polyglotEpCounts(w, p, ep)) return -1;
  if (code === ID_PSEUDO_EP) return ep;
  return hasLegalEp(w, p) ? ep : -1;
}
