/**
 * Action text forms at the API's edge: `Lift(e2)` / `Place(e4)` / `Promote(Queen)` (the data
 * sets' form), the reference's action JSON (`{"Lift":12}`, `{"Promote":"Queen"}`, §1.12), and the
 * network codes with the vertical mirror for Black (§1.13).
 */
import { excerpt } from '../../core/visible.js';
import { err, ok, type Result } from '../../core/result.js';
import { PLACE_BASE, PROMOTE_BASE } from './layout.js';
import { parseTile, tileName } from './fen.js';

export const PIECE_NAMES = ['Pawn', 'Rook', 'Knight', 'Bishop', 'Queen', 'King'] as const;
export const PIECE_LETTERS = 'PRNBQK';

/** An action that does not read, or is not legal where it is played. */
export interface PacoActionError {
  /** Always `action`. */
  readonly kind: 'action';
  /** The fault, without the index. */
  readonly reason: string;
  /** The fault with the action's index when known, for people. */
  readonly message: string;
  /** Index of the action in its game or list, when known. */
  readonly index?: number;
}

export const actionError = (reason: string, index?: number): Result<never, PacoActionError> =>
  err({ kind: 'action', reason, message: (index === undefined ? '' : `action ${index}: `) + reason, ...(index === undefined ? {} : { index }) });

const isActionCode = (code: number): boolean => Number.isInteger(code) && code >= 1 && code <= 132;

/** For messages about any number given as an action: its name if it is a code, else `code N`. */
export const describeAction = (code: number): string => (isActionCode(code) ? actionName(code) : `code ${code}`);

/** `Lift(e2)`, `Place(e4)` or `Promote(Queen)`. */
export function actionName(code: number): string {
  if (!isActionCode(code)) throw new RangeError(`not a Paco Ŝako action code (1..132): ${code}`);
  if (code < PLACE_BASE) return `Lift(${tileName(code - 1)})`;
  if (code < PROMOTE_BASE) return `Place(${tileName(code - PLACE_BASE)})`;
  return `Promote(${PIECE_NAMES[code - 128]})`;
}

/** Parses `Lift(e2)` / `Place(e4)` / `Promote(Queen)` into a code. */
export function parseActionName(text: string): Result<number, PacoActionError> {
  const m = /^\s*(Lift|Place|Promote)\(\s*([A-Za-z0-9]+)\s*\)\s*$/.exec(text);
  if (!m) return actionError(`cannot read action '${text}'`);
  if (m[1] === 'Promote') {
    const t = PIECE_NAMES.indexOf(m[2] as (typeof PIECE_NAMES)[number]);
    if (t < 1 || t > 4) return actionError(`cannot promote to '${m[2]}'`);
    return ok(128 + t);
  }
  const sq = parseTile(m[2]!);
  if (sq < 0) return actionError(`bad square '${m[2]}' in '${text}'`);
  return ok((m[1] === 'Lift' ? 1 : PLACE_BASE) + sq);
}

/** The reference's action JSON object: `{"Lift":12}`, `{"Place":28}`, `{"Promote":"Queen"}`. */
export function actionToJson(code: number):
  | {
    /** The tile lifted from, 0 = a1 … 63 = h8. */
    Lift: number;
  }
  | {
    /** The tile placed on, 0 = a1 … 63 = h8. */
    Place: number;
  }
  | {
    /** The piece promoted to: `Rook`, `Knight`, `Bishop` or `Queen`. */
    Promote: string;
  } {
  if (code < PLACE_BASE) return { Lift: code - 1 };
  if (code < PROMOTE_BASE) return { Place: code - PLACE_BASE };
  return { Promote: PIECE_NAMES[code - 128]! };
}

/** Reads one action JSON value (object form; a `timestamp` field of a StampedAction is ignored). */
export function actionFromJson(value: unknown, index?: number): Result<number, PacoActionError> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return actionError(`expected an action object like {"Lift":12}, got ${excerpt(JSON.stringify(value) ?? String(value))}`, index);
  }
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => k !== 'timestamp');
  if (keys.length !== 1) return actionError(`expected exactly one of Lift, Place, Promote in ${excerpt(JSON.stringify(value))}`, index);
  const k = keys[0]!;
  const v = o[k];
  if (k === 'Lift' || k === 'Place') {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 63) {
      return actionError(`${k} needs a tile index 0..63, got ${excerpt(JSON.stringify(v) ?? String(v))}`, index);
    }
    return ok((k === 'Lift' ? 1 : PLACE_BASE) + v);
  }
  if (k === 'Promote') {
    const t = PIECE_NAMES.indexOf(v as (typeof PIECE_NAMES)[number]);
    if (t < 1 || t > 4) return actionError(`cannot promote to ${excerpt(JSON.stringify(v) ?? String(v))}`, index);
    return ok(128 + t);
  }
  return actionError(`unknown action kind '${excerpt(k)}'`, index);
}

/** Vertical mirror of a tile (`file + 8 * (7 - rank)`). */
export const mirrorTile = (t: number): number => t ^ 56;

/**
 * The network code "with viewpoint" (§1.13): for Black the tile is mirrored vertically; promotions
 * are unchanged. The map is its own inverse.
 */
export function viewpointCode(code: number, player: number): number {
  if (player === 0 || code >= PROMOTE_BASE) return code;
  return code < PLACE_BASE ? 1 + mirrorTile(code - 1) : PLACE_BASE + mirrorTile(code - PLACE_BASE);
}
