/** Shared helpers of the Paco Ŝako tests: data loading, action replay, names. */
import assert from 'node:assert/strict';
import { readText } from '../../../src/node/data.js';
import { legalActions } from '../../../src/variants/paco/actions.js';
import { actionName, parseActionName } from '../../../src/variants/paco/action-text.js';
import type { Rng } from '../../../src/core/rng.js';
import { charSquare, parsePacoFen, parseTile, tileName, type PacoFenOptions } from '../../../src/variants/paco/fen.js';
import { CASTLING, PACO_KING } from '../../../src/variants/paco/layout.js';
import { applyActionUnchecked } from '../../../src/variants/paco/play.js';
import { CASTLE_BLACK_KING, CASTLE_BLACK_QUEEN, CASTLE_WHITE_KING, CASTLE_WHITE_QUEEN } from '../../../src/variants/paco/tables.js';
import { fixturePath } from '../../data.js';

export { FULL } from '../../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const loadPaco = (name: string): any => JSON.parse(readText(fixturePath('paco', name)));

export function fen(text: string, options?: PacoFenOptions): Int32Array {
  const r = parsePacoFen(text, options);
  if (!r.ok) assert.fail(`${text}: ${r.error.message}`);
  return r.value;
}

export function code(text: string): number {
  const r = parseActionName(text);
  if (!r.ok) assert.fail(r.error.message);
  return r.value;
}

const buf = new Int32Array(64);

/** The legal actions of `s` as codes (in generation order). */
export function legal(s: Int32Array): number[] {
  const n = legalActions(s, buf);
  return Array.from(buf.subarray(0, n));
}

/** Plays the named actions, checking that each is legal. */
export function play(s: Int32Array, actions: readonly string[], context = ''): void {
  for (const a of actions) {
    const c = code(a);
    const l = legal(s);
    assert.ok(l.includes(c), `${context}: ${a} is not legal; legal: ${l.map(actionName).join(' ')}`);
    applyActionUnchecked(s, c);
  }
}

export const sq = (name: string): number => parseTile(name);
export const sqNames = (lo: number, hi: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < 64; i++) if ((((i < 32 ? lo : hi) >>> (i & 31)) & 1) !== 0) out.push(tileName(i));
  return out;
};

/**
 * `DenseBoard::from_squares` of the reference starts from `DenseBoard::empty()`, which has the
 * four standard castling identifiers whatever the pieces (the FEN reader drops castling without
 * both kings): set them from the FEN's castling letters.
 */
export function setStandardCastling(s: Int32Array, letters: string): void {
  let c = 0;
  if (letters.includes('A')) c |= CASTLE_WHITE_QUEEN;
  if (letters.includes('H')) c |= CASTLE_WHITE_KING << 8;
  if (letters.includes('a')) c |= CASTLE_BLACK_QUEEN << 16;
  if (letters.includes('h')) c |= CASTLE_BLACK_KING << 24;
  s[CASTLING] = c;
}

/** The FEN letters of every union but one holding a king. */
const UNION_LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => {
  const wb = charSquare(c);
  return wb !== undefined && wb[0] >= 0 && wb[1] >= 0 && wb[0] !== PACO_KING && wb[1] !== PACO_KING;
});

/**
 * The board of a random union-dense FEN: a square that `fixed` names (0 = a1) holds what it
 * returns (a FEN letter, or '' for empty); any other is filled with `density` % chance, half of
 * those with a union (no king's), the rest with a single of either colour but a king, and no
 * single pawn on the first or last rank.
 */
export function denseBoard(rng: Rng, density: number, fixed: (square: number) => string | undefined): string {
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < 8; f++) {
      let c = fixed(r * 8 + f);
      if (c === undefined) {
        c = '';
        if (rng.below(100) < density) {
          const k = rng.below(10);
          c = k < 5 ? UNION_LETTERS[rng.below(UNION_LETTERS.length)]! : k < 7 ? 'prnbq'[rng.below(5)]! : 'PRNBQ'[rng.below(5)]!;
          if ((r === 0 || r === 7) && (c === 'p' || c === 'P')) c = '';
        }
      }
      if (c === '') empty++;
      else {
        row += (empty > 0 ? String(empty) : '') + c;
        empty = 0;
      }
    }
    ranks.push(row + (empty > 0 ? String(empty) : ''));
  }
  return ranks.join('/');
}
