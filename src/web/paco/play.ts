/**
 * A Paco Ŝako game as the page plays it, one action at a time (docs/rules/paco-sako.md §1.3):
 * a click lifts a piece or a union, the next click places it, and when the place frees a piece
 * of a union that piece is in hand and the chain goes on until a place ends the turn. No DOM
 * here: the panel (panel.ts) draws what this says.
 *
 * The game is its start state and the actions played since; undoing an action replays the rest
 * from the start (a turn is a few actions, a game a few hundred: microseconds), so no state
 * history is kept. Actions go in and out as the reference's action JSON (`[{"Lift":12}, …]`).
 */
import { ok, err, type Result } from '../../core/result.js';
import type { Outcome } from '../../core/game.js';
import { legalActions } from '../../variants/paco/actions.js';
import { actionFromJson, actionName, actionToJson, type PacoActionError } from '../../variants/paco/action-text.js';
import { parsePacoFen, writePacoFen, type PacoFenError } from '../../variants/paco/fen.js';
import { pacoOutcome, PACO_START_FEN } from '../../variants/paco/game.js';
import {
  HAND_EMPTY, HAND_KIND, HAND_PAIR, HAND_PARTNER, HAND_PIECE, HAND_POS, LIFT_BASE, MAX_ACTIONS, PLACE_BASE, PLAYER,
  PROMOTE_BASE, REQUIRED, REQ_LIFT, REQ_PLACE, REQ_PROMOTE_THEN_FINISH, REQ_PROMOTE_THEN_LIFT, REQ_PROMOTE_THEN_PLACE,
} from '../../variants/paco/layout.js';
import { applyActionUnchecked } from '../../variants/paco/play.js';
import {
  canPacoNowAmazon, checkSako, lastSearchExceeded, setSakoStateLimit, shortestPacoSequence,
} from '../../variants/paco/sako.js';
import { copyState } from '../../variants/paco/state.js';

/**
 * The page caps each Ŝako / Paco question at this many intermediate states (the reference's
 * data sets cap at 150,000): a union-saturated position then shows "unknown" instead of holding
 * the page for seconds.
 */
export const PAGE_SAKO_STATES = 150_000;

/** What the player in control must do next. */
export type PacoStep = 'lift' | 'place' | 'promote' | 'over';

/** The piece held in hand during a turn. */
export interface PacoHand {
  /** 0 white, 1 black: the player in control's colour. */
  readonly color: number;
  /** Piece type (0 pawn … 5 king, the reference's order). */
  readonly piece: number;
  /** The opponent's piece carried along when a union was lifted, else -1. */
  readonly partner: number;
  /** The square it was lifted from, or the union it was freed from. */
  readonly from: number;
}

/** Ŝako and Paco as the reverse amazon search answers them; `undefined` where unknown or undefined. */
export interface PacoThreats {
  /** Whether the given side could be united with its king by the other side, were it the other's turn. */
  readonly whiteInSako: boolean | undefined;
  readonly blackInSako: boolean | undefined;
  /** Whether the player in control can unite with the opponent's king within this turn. */
  readonly canPacoNow: boolean | undefined;
}

export type PacoLoadError = PacoFenError | PacoActionError | { readonly kind: 'json'; readonly message: string };

const buffer = new Int32Array(MAX_ACTIONS * 2);

export class PacoPlay {
  private readonly start: Int32Array;
  private readonly current: Int32Array;
  private readonly played: number[] = [];

  private constructor(start: Int32Array) {
    this.start = start;
    this.current = start.slice();
  }

  /** A game from a Paco FEN (the reference's dialect); the standard start without one. */
  static fromFen(fen: string = PACO_START_FEN): Result<PacoPlay, PacoFenError> {
    const s = parsePacoFen(fen.trim());
    return s.ok ? ok(new PacoPlay(s.value)) : s;
  }

  /** The state now (read only: copy it to change it). */
  get state(): Int32Array {
    return this.current;
  }

  /** The FEN of the state now (a piece in hand is written `^sqP`). */
  get fen(): string {
    return writePacoFen(this.current);
  }

  /** The FEN the game started from. */
  get startFen(): string {
    return writePacoFen(this.start);
  }

  /** The action codes played, in order. */
  get actions(): readonly number[] {
    return this.played;
  }

  /** The player in control (0 white, 1 black). */
  get player(): number {
    return this.current[PLAYER]!;
  }

  get outcome(): Outcome | undefined {
    return pacoOutcome(this.current);
  }

  get step(): PacoStep {
    if (this.outcome !== undefined) return 'over';
    switch (this.current[REQUIRED]) {
      case REQ_LIFT:
        return 'lift';
      case REQ_PLACE:
        return 'place';
      case REQ_PROMOTE_THEN_LIFT:
      case REQ_PROMOTE_THEN_PLACE:
      case REQ_PROMOTE_THEN_FINISH:
        return 'promote';
      default:
        return 'over';
    }
  }

  get hand(): PacoHand | undefined {
    const s = this.current;
    if (s[HAND_KIND] === HAND_EMPTY) return undefined;
    return { color: s[PLAYER]!, piece: s[HAND_PIECE]!, partner: s[HAND_KIND] === HAND_PAIR ? s[HAND_PARTNER]! : -1, from: s[HAND_POS]! };
  }

  /** The legal action codes now. */
  legal(): number[] {
    const n = legalActions(this.current, buffer);
    return Array.from(buffer.subarray(0, n));
  }

  /** Squares a Lift may take now. */
  liftSquares(): number[] {
    return this.legal().filter((c) => c >= LIFT_BASE && c < PLACE_BASE).map((c) => c - LIFT_BASE);
  }

  /** Squares a Place may go to now. */
  placeSquares(): number[] {
    return this.legal().filter((c) => c >= PLACE_BASE && c < PROMOTE_BASE).map((c) => c - PLACE_BASE);
  }

  /** Promotion choices now, as piece types (1 rook … 4 queen). */
  promotions(): number[] {
    return this.legal().filter((c) => c >= PROMOTE_BASE).map((c) => c - 128);
  }

  /** The action a click on `square` means now (a Lift or a Place), or undefined. */
  actionAt(square: number): number | undefined {
    const legal = this.legal();
    if (legal.includes(LIFT_BASE + square)) return LIFT_BASE + square;
    if (legal.includes(PLACE_BASE + square)) return PLACE_BASE + square;
    return undefined;
  }

  /** Plays `code` if it is legal now; a typed error otherwise (nothing changes). */
  play(code: number): Result<number, PacoActionError> {
    if (!this.legal().includes(code)) {
      const what = Number.isInteger(code) && code >= 1 && code <= 132 ? actionName(code) : `code ${code}`;
      return err({ kind: 'action', reason: `${what} is not legal in ${this.fen}`, message: `${what} is not legal in ${this.fen}` });
    }
    applyActionUnchecked(this.current, code);
    this.played.push(code);
    return ok(code);
  }

  /** Takes back the last action (false when none was played). */
  undo(): boolean {
    if (this.played.length === 0) return false;
    this.played.pop();
    copyState(this.start, this.current);
    for (const code of this.played) applyActionUnchecked(this.current, code);
    return true;
  }

  /** Takes back the actions of the turn in progress (a chain that leads nowhere). */
  undoTurn(): number {
    let n = 0;
    while (this.current[HAND_KIND] !== HAND_EMPTY && this.undo()) n++;
    return n;
  }

  /** The actions played, as the reference's action JSON. */
  actionsJson(): string {
    return JSON.stringify(this.played.map(actionToJson));
  }

  /**
   * Plays a JSON array of actions (`[{"Lift":12},{"Place":28}]`) from here; on an illegal or
   * malformed action nothing is played and the error names the action's index.
   */
  playJson(text: string): Result<number, PacoLoadError> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return err({ kind: 'json', message: `action JSON: ${(e as Error).message}` });
    }
    if (!Array.isArray(value)) return err({ kind: 'json', message: 'action JSON: expected an array of actions like [{"Lift":12},{"Place":28}]' });
    const before = this.played.length;
    for (const [i, item] of value.entries()) {
      const code = actionFromJson(item, i);
      const played = code.ok ? this.play(code.value) : code;
      if (!played.ok) {
        while (this.played.length > before) this.undo();
        return err({ ...played.error, message: code.ok ? `action ${i}: ${played.error.message}` : played.error.message });
      }
    }
    return ok(value.length);
  }

  /** Ŝako of both sides and Paco-now of the player in control (reverse amazon search, capped). */
  threats(): PacoThreats {
    const previous = setSakoStateLimit(PAGE_SAKO_STATES);
    try {
      const sako = (side: number): boolean | undefined => {
        const r = checkSako(this.current, side);
        return r.ok && !lastSearchExceeded() ? r.value : undefined;
      };
      const whiteInSako = sako(0);
      const blackInSako = sako(1);
      const can = canPacoNowAmazon(this.current);
      return { whiteInSako, blackInSako, canPacoNow: lastSearchExceeded() ? undefined : can };
    } finally {
      setSakoStateLimit(previous);
    }
  }

  /** One shortest action sequence that unites with the opponent's king this turn, if any (capped). */
  shortestPaco(): number[] | undefined {
    const previous = setSakoStateLimit(PAGE_SAKO_STATES);
    try {
      return shortestPacoSequence(this.current);
    } finally {
      setSakoStateLimit(previous);
    }
  }
}
