/**
 * The replay notation of the reference (§1.12, `analysis/mod.rs` `NotationAtom` and
 * `squash_notation_atoms`): actions are grouped into half moves (maximal runs of one controlling
 * player); the lift is merged with the first place (`d2>d4`, `e4xd5`, `Nc6xd4`); a lifted union
 * shows both letters (`RPh2>h8`); each chain step is `>` + exchanged piece + square (`Qd8>Pd5`,
 * `>d4`); castling is `0-0`/`0-0-0`; a promotion `=N`; a lift after a start-of-turn promotion is
 * prefixed with `:`. Optional Ŝako annotations per half move (`annotate_sako`).
 */
import { ok, type Result } from '../../core/result.js';
import { isLegalAction } from './actions.js';
import { actionError, describeAction, PIECE_LETTERS, type PacoActionError } from './action-text.js';
import { tileName, writePacoFen } from './fen.js';
import {
  CASTLING, HAND_EMPTY, HAND_KIND, HAND_PARTNER, HAND_PIECE, HAND_POS, HAND_SINGLE, PACO_KING, PACO_PAWN, PLACE_BASE, PLAYER,
  PROMOTE_BASE, RUNNING, VICTORY,
} from './layout.js';
import { applyActionUnchecked } from './play.js';
import { pieceAt } from './state.js';
import { CASTLE_SQ } from './tables.js';
import { isInSakoAmazon } from './sako.js';

/** A part of a half move's notation, such as `Qd8>Pd5` then `>d4` (the reference's squashed atoms). */
export interface HalfMoveSection {
  /** 1-based index of the action after which this section is complete. */
  readonly actionIndex: number;
  /** The section's text. */
  readonly label: string;
}

/** The Ŝako flags of a half move, computed only with `annotate` (false otherwise). */
export interface HalfMoveMetadata {
  /** After it, the opponent is in Ŝako. */
  givesSako: boolean;
  /** The mover could unite with the opponent's king (Paco) at the start of the turn and did not. */
  missedPaco: boolean;
  /** After it, the opponent can unite with the mover's king, and could not before it. */
  givesOpponentPacoOpportunity: boolean;
}

/** One player's turn in the reference's replay notation. */
export interface HalfMove {
  /** The move number as in chess notation: White's turn and Black's next turn share one. */
  readonly moveNumber: number;
  /** Who played it: 0 White, 1 Black. */
  readonly player: 0 | 1;
  /** The notation's parts, in order. */
  readonly sections: HalfMoveSection[];
  /** The sections joined: `Qd8>Pd5>d4`. */
  readonly label: string;
  /** The action codes of the turn. */
  readonly actions: number[];
  /** FEN after the half move. */
  readonly fen: string;
  /** Its Ŝako flags. */
  readonly metadata: HalfMoveMetadata;
}

const letter = (t: number): string => (t === PACO_PAWN ? '' : PIECE_LETTERS[t]!);
const forceLetter = (t: number): string => PIECE_LETTERS[t]!;

/** Kinds of notation atoms. */
const START = 0, CHAIN = 1, CALM = 2, UNION = 3, CASTLE = 4, PROMOTE = 5;

/**
 * Replays `actions` from `start` (not modified) and returns the half moves with their notation
 * and FEN; an illegal action gives a typed error naming its index. With `annotate`, the Ŝako
 * flags of each half move are computed (amazon search).
 */
export function replayNotation(start: Int32Array, actions: readonly number[], annotate = false): Result<HalfMove[], PacoActionError> {
  const s = start.slice();
  const out: HalfMove[] = [];
  let moveNumber = s[PLAYER] === 1 ? 1 : 0;
  let i = 0;
  const attackerCan = (b: Int32Array, attacker: number): boolean =>
    b[VICTORY] === RUNNING && b[HAND_KIND] === HAND_EMPTY ? isInSakoAmazon(b, attacker ^ 1) : false;
  let player = s[PLAYER]!;
  let givingBefore = annotate ? attackerCan(s, player) : false;
  let inBefore = annotate ? attackerCan(s, player ^ 1) : false;
  let annotating = annotate;
  while (i < actions.length) {
    const mover = s[PLAYER]! as 0 | 1;
    if (mover === 0) moveNumber++;
    const first = i;
    const atoms: [number, string][] = [];
    let kingMove = false;
    while (i < actions.length) {
      const a = actions[i]!;
      if (!isLegalAction(s, a)) {
        return actionError(`${describeAction(a)} is not legal in ${writePacoFen(s)}`, i);
      }
      if (a < PLACE_BASE) {
        applyActionUnchecked(s, a);
        const at = tileName(s[HAND_POS]!);
        if (s[HAND_KIND] === HAND_SINGLE) {
          if (s[HAND_PIECE] === PACO_KING) kingMove = true;
          atoms.push([START, letter(s[HAND_PIECE]!) + at]);
        } else {
          atoms.push([START, forceLetter(s[HAND_PIECE]!) + forceLetter(s[HAND_PARTNER]!) + at]);
        }
      } else if (a < PROMOTE_BASE) {
        const t = a - PLACE_BASE;
        let castle = -1;
        if (s[HAND_KIND] === HAND_SINGLE && s[HAND_PIECE] === PACO_KING) {
          const c = s[CASTLING]!;
          for (let slot = 2 * mover; slot < 2 * mover + 2; slot++) {
            const id = (c >>> (8 * slot)) & 0xff;
            if (id !== 0 && CASTLE_SQ[5 * (id & 0x7f) + 4] === t) {
              castle = CASTLE_SQ[5 * (id & 0x7f) + 2]! > CASTLE_SQ[5 * (id & 0x7f)]! ? 1 : 0;
              break;
            }
          }
        }
        const partner = pieceAt(s, mover ^ 1, t);
        applyActionUnchecked(s, a);
        if (castle >= 0) atoms.push([CASTLE, castle === 1 ? '0-0' : '0-0-0']);
        else if (s[HAND_KIND] === HAND_SINGLE) atoms.push([CHAIN, '>' + forceLetter(s[HAND_PIECE]!) + tileName(s[HAND_POS]!)]);
        else if (partner >= 0) atoms.push([UNION, 'x' + letter(partner) + tileName(t)]);
        else atoms.push([CALM, '>' + tileName(t)]);
      } else {
        applyActionUnchecked(s, a);
        atoms.push([PROMOTE, '=' + letter(a - 128)]);
      }
      i++;
      if (s[PLAYER] !== mover) break;
    }
    // squash_notation_atoms
    const sections: { actionIndex: number; label: string }[] = [];
    let squashed = false;
    atoms.forEach(([kind, text], k) => {
      const index = first + k + 1;
      const isPlace = kind === CHAIN || kind === CALM || kind === UNION || kind === CASTLE;
      if (kingMove && kind === CASTLE) {
        const last = sections[sections.length - 1]!;
        last.label = text;
        last.actionIndex = index;
        squashed = true;
        return;
      }
      if (!squashed && isPlace && sections.length > 0) {
        const last = sections[sections.length - 1]!;
        last.label += text;
        last.actionIndex = index;
        squashed = true;
      } else if (kind === START && k >= 1) {
        sections.push({ actionIndex: index, label: ':' + text });
      } else {
        sections.push({ actionIndex: index, label: text });
      }
    });
    const metadata: HalfMoveMetadata = { givesSako: false, missedPaco: false, givesOpponentPacoOpportunity: false };
    if (annotating) {
      if (s[HAND_KIND] !== HAND_EMPTY || s[VICTORY] !== RUNNING) annotating = false;
      else {
        const givingAfter = attackerCan(s, player);
        const inAfter = attackerCan(s, player ^ 1);
        metadata.givesSako = givingAfter;
        metadata.missedPaco = givingBefore;
        metadata.givesOpponentPacoOpportunity = inAfter && !inBefore;
        givingBefore = inAfter;
        inBefore = givingAfter;
        player = s[PLAYER]!;
      }
    }
    out.push({
      moveNumber, player: mover, sections, label: sections.map((x) => x.label).join(''),
      actions: actions.slice(first, i), fen: writePacoFen(s), metadata,
    });
  }
  return ok(out);
}
