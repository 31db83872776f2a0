/**
 * The public position: immutable in use, backed by the compact words of `layout.ts`. Moves are
 * bound to the position that generated them, so `move.play()` needs no legality check and
 * cannot fail (as in the Rust crate eschac's API); the trusted in-place path underneath is
 * `applyMoveKeyless`. A position's key words are not kept: `polyglotKey(pos)` computes the key when asked.
 */
import { lsb, popcount, SquareSet } from '../core/bitboard.js';
import { BETWEEN, BISHOP_EMPTY, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, ROOK_EMPTY, bishopAttacks, rookAttacks, LINE } from '../core/attacks.js';
import { err, ok, type Result } from '../core/result.js';
import { describeSquare, isSquare, squareName, toSquare, type Square, type SquareLike } from '../core/square.js';
import { Board, boardFromWords, boardWords, BOARD_WORDS, colorIndex, pieceOf, roleIndex } from './board.js';
import { chess960BackRank } from './chess960.js';
import { makeFen } from './fen-write.js';
import { boardText } from './text.js';
import { kingSquareAt, W_CASTLING, W_EP, W_FULLMOVE, W_HALFMOVE, W_TURN, WORDS } from './layout.js';
import { castlingKingTo, MAX_MOVES_ANY, MOVE_CASTLE, MOVE_EN_PASSANT, moveFrom, moveKind, movePromotion, moveTo } from './move.js';
import { generateLegal } from './movegen.js';
import { cannotMate, isInsufficientMaterial } from './outcome.js';
import { applyMoveKeyless, applyNullMove } from './play.js';
import { castlingBits, castlingSquares, MAX_CLOCK, placePiece, type RawSetup, type Setup } from './setup.js';
import { BISHOP, BLACK, COLORS, KNIGHT, PAWN, QUEEN, ROLES, ROOK, WHITE, type Color, type Piece, type Role } from './types.js';

/** Why a setup is not a playable position (shakmaty's and python-chess' reasons). */
export const POSITION_ISSUES = [
  // The placement words are no board: a square in both colours, in two roles, or in a colour
  // without a role or a role without a colour. Reported alone: the other checks read the board.
  'inconsistentPlacement',
  // The side to move is not 0 or 1, or a clock is not a whole number a FEN can write (PGN
  // standard §16.1.3.5-6; at most the nine digits parseFen reads). Reported alone, as the other
  // checks read the side to move.
  'invalidSetupField',
  'missingKing', // a side has no king
  'tooManyKings', // a side has more than one king
  'pawnsOnBackrank', // a pawn on rank 1 or 8
  'oppositeCheck', // the side not to move is in check
  'impossibleCheck', // checkers no legal last move could have produced
  'invalidEnPassant', // en-passant square on the wrong rank, occupied, or no pawn pushed past it
  'invalidCastlingRights', // a right without the king or the rook on its square
  'tooMuchMaterial', // more pieces than promotions could have made
] as const;
/** One reason a setup is not a playable position: one of `POSITION_ISSUES`. */
export type PositionIssue = (typeof POSITION_ISSUES)[number];

/** Issues that the lenient mode accepts (bad rights and en-passant squares are dropped). */
const LENIENT_IGNORES: ReadonlySet<PositionIssue> = new Set([
  'impossibleCheck', 'invalidEnPassant', 'invalidCastlingRights', 'tooMuchMaterial',
]);

/** Why a setup is no playable position: every reason, as codes for programs and sentences for people. */
export interface PositionError {
  /** Always `invalidPosition`. */
  readonly kind: 'invalidPosition';
  /** Every reason found, in the order of POSITION_ISSUES. */
  readonly issues: readonly PositionIssue[];
  /**
   * The reasons as sentences, in the same order (one issue may give several: `white has no
   * king`, `black has no king`).
   */
  readonly details: readonly string[];
  /** `invalid position: ` and the details, joined by `; `. */
  readonly message: string;
}

/** How `Position.fromSetup` reads a setup. */
export interface PositionOptions {
  /** Accept unusual but playable positions (see LENIENT_IGNORES). Default false. */
  readonly lenient?: boolean;
  /**
   * Chess960 castling: true or false; 'auto' (default) means Chess960 exactly when a castling
   * right is not the standard king-on-e, rook-on-a/h one.
   */
  readonly chess960?: boolean | 'auto';
}

/** Proof of origin: only this module can create moves, so every Move is legal in its position. */
const MOVE_TOKEN: unique symbol = Symbol('Move');

/**
 * A move bound to the position it was generated from. Moves come only from `legalMoves()` and the
 * parsers built on it, so `play()` needs no second legality check and cannot fail.
 */
export class Move {
  /** The position this move is legal in. */
  readonly position: Position;
  /** The engine's 16-bit encoding (see `move.ts`). */
  readonly code: number;

  /**
   * Only the position's generators create moves (other callers get a TypeError).
   * @hidden
   */
  constructor(position: Position, code: number, token: typeof MOVE_TOKEN) {
    if (token !== MOVE_TOKEN) throw new TypeError('moves come from Position.legalMoves()');
    this.position = position;
    this.code = code;
  }

  /** The square the moving piece leaves (0..63, a1 = 0); for castling the king's square. */
  get from(): number {
    return moveFrom(this.code);
  }

  /** The target square; for castling the king's destination (g- or c-file). */
  get to(): number {
    if (this.isCastle) return castlingKingTo(this.code);
    return moveTo(this.code);
  }

  /** For castling, the square of the rook the king castles with; otherwise undefined. */
  get castlingRook(): number | undefined {
    return this.isCastle ? moveTo(this.code) : undefined;
  }

  /** The role a pawn promotes to, or undefined. */
  get promotion(): Role | undefined {
    const p = movePromotion(this.code);
    return p === 0 ? undefined : ROLES[p];
  }

  /** Whether the move castles. */
  get isCastle(): boolean {
    return moveKind(this.code) === MOVE_CASTLE;
  }

  /** Whether the move is an en-passant capture. */
  get isEnPassant(): boolean {
    return moveKind(this.code) === MOVE_EN_PASSANT;
  }

  /** Whether the move captures a piece (en passant included; castling never does). */
  get isCapture(): boolean {
    if (this.isEnPassant) return true;
    if (this.isCastle) return false;
    const to = moveTo(this.code);
    const them = this.position.words[W_TURN]! ^ 1;
    return (this.position.words[2 * them + (to >> 5)]! & (1 << (to & 31))) !== 0;
  }

  /** The role of the moving piece. */
  get role(): Role {
    return this.position.pieceAt(this.from)!.role;
  }

  /** The position after this move. Cannot fail: the move is legal in its position. */
  play(): Position {
    const next = new Int32Array(WORDS);
    next.set(this.position.words);
    applyMoveKeyless(next, 0, this.code);
    return Position.fromWordsUnchecked(next, this.position.chess960);
  }

  /**
   * UCI notation: `e2e4`, `e7e8q`; castling as `e1g1` in standard chess and king-takes-rook
   * (`e1h1`) in Chess960 mode.
   */
  get uci(): string {
    const promotion = movePromotion(this.code);
    const to = this.isCastle && this.position.chess960 ? moveTo(this.code) : this.to;
    return squareName(this.from) + squareName(to) + (promotion ? 'pnbrqk'[promotion] : '');
  }

  /** The move in UCI notation (`uci`). */
  toString(): string {
    return this.uci;
  }
}

/** The key under which Node's `util.inspect` (and so `console.log`) looks for a custom form. */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

// Lenient positions may have more moves than MAX_MOVES (see MAX_MOVES_ANY).
const moveScratch = new Uint16Array(MAX_MOVES_ANY);
const pairScratch = new Int32Array(2);

/**
 * A legal chess or Chess960 position: board, side to move, castling rights, en-passant square
 * and clocks, immutable. Made by `Position.standard()`, `Position.fromSetup(setup)`, `readFen` or
 * by playing a `Move`; every move of `legalMoves()` plays to a new position.
 */
export class Position {
  /**
   * @internal (not in the published types: `positionWords` in `caissa/internal`)
   * The compact words (see `layout.ts`), which every move generated from this position reads
   * and whose legality rests on them: read-only. TypeScript refuses an element write; a typed array cannot be frozen, so its
   * methods (`set`, `fill`) stay callable, and a position written through them is no position
   * of the rules: copy the words (`Int32Array.from`) to work on them.
   */
  readonly words: Readonly<Int32Array>;
  /** Whether castling follows Chess960 conventions (affects notation only). */
  readonly chess960: boolean;

  private constructor(words: Int32Array, chess960: boolean) {
    this.words = words;
    this.chess960 = chess960;
  }

  /**
   * @internal (not in the published types: `positionFromWords` in `caissa/internal`)
   * Wraps words without validation: for positions produced by play from a valid position.
   */
  static fromWordsUnchecked(words: Int32Array, chess960: boolean): Position {
    return new Position(words, chess960);
  }

  /** The standard start position. */
  static standard(): Position {
    return Position.chess960StartUnchecked(518, false);
  }

  /** Chess960 start position number `n` (Scharnagl numbering, 0..959). */
  static chess960Start(n: number): Position {
    return Position.chess960StartUnchecked(n, true);
  }

  private static chess960StartUnchecked(n: number, chess960: boolean): Position {
    const placement = new Int32Array(BOARD_WORDS);
    const backRank = chess960BackRank(n);
    let castling = 0;
    backRank.forEach((role, file) => {
      placePiece(placement, WHITE, role, file);
      placePiece(placement, WHITE, PAWN, 8 + file);
      placePiece(placement, BLACK, PAWN, 48 + file);
      placePiece(placement, BLACK, role, 56 + file);
      if (role === ROOK) castling |= (1 << file) | (1 << (8 + file));
    });
    const result = positionFromRawSetup(
      { placement, turn: WHITE, castling, epSquare: undefined, halfmoves: 0, fullmoves: 1 },
      { chess960 },
    );
    if (!result.ok) throw new Error(`bug: start position ${n} invalid`);
    return result.value;
  }

  /**
   * Validates a setup. Reports every issue found, as codes (`issues`) and sentences (`details`,
   * `message`); with `lenient`, unusual but playable positions are accepted (invalid castling
   * rights and en-passant squares are dropped). A setup field outside its domain (a turn other
   * than `white` or `black`, a clock no FEN can write, a board that is no `Board`) gives
   * `invalidSetupField` alone. `pockets` and `remainingChecks` are not read: standard chess and
   * Chess960 have neither.
   *
   * ```ts
   * const r = Position.fromSetup({ ...defaultSetup(), board: Board.standard().take('e8') });
   * if (!r.ok) r.error.issues;  // ['missingKing', 'invalidCastlingRights']
   * if (!r.ok) r.error.details; // ['black has no king', 'no king and rook at home for the castling rights with the rook on a8, h8']
   * ```
   */
  static fromSetup(setup: Setup, options: PositionOptions = {}): Result<Position, PositionError> {
    const read = rawSetup(setup);
    if (typeof read === 'string') return err(positionError([['invalidSetupField', read]]));
    return positionFromRawSetup(read.raw, options, read.offRank);
  }

  /** The setup of this position: `Position.fromSetup(pos.toSetup())` gives the position back. */
  toSetup(): Setup {
    const ep = this.words[W_EP]!;
    return {
      board: this.board,
      turn: this.turn,
      castlingRights: this.castlingRooks,
      epSquare: ep >= 0 ? ep : undefined,
      halfmoves: this.halfmoves,
      fullmoves: this.fullmoves,
    };
  }

  /** The pieces on the board (shared with the position, so free to take: a Board is immutable). */
  get board(): Board {
    return boardFromWords(this.words.subarray(0, BOARD_WORDS));
  }

  /**
   * The position after the move `code` (a code of this position's generator, as `Move.code`,
   * the environment's labels and the notation resolvers give), or undefined if it is not legal
   * here: checked, as `moveFromCode(code)?.play()`.
   */
  playCode(code: number): Position | undefined {
    return this.moveFromCode(code)?.play();
  }

  /**
   * The position after a null move (the turn passes, nothing moves; PGN analysis writes `--`),
   * or undefined when the side to move is in check. See `applyNullMove`.
   */
  playNullMove(): Position | undefined {
    const next = new Int32Array(WORDS);
    next.set(this.words);
    return applyNullMove(next, 0) ? new Position(next, this.chess960) : undefined;
  }

  /** The side to move. */
  get turn(): Color {
    return COLORS[this.words[W_TURN]!]!;
  }

  /** Plies since the last capture or pawn move (the fifty-move counter, FIDE 9.3). */
  get halfmoves(): number {
    return this.words[W_HALFMOVE]!;
  }

  /** The move number (FEN's fullmove field), counted up after each Black move. */
  get fullmoves(): number {
    return this.words[W_FULLMOVE]!;
  }

  /** The en-passant target square after a double push, whether or not a capture is possible. */
  get epSquare(): number | undefined {
    const ep = this.words[W_EP]!;
    return ep >= 0 ? ep : undefined;
  }

  /** The en-passant square only if a legal en-passant capture exists (FIDE's identity). */
  legalEpSquare(): number | undefined {
    const ep = this.words[W_EP]!;
    if (ep < 0) return undefined;
    const n = generateLegal(this.words, 0, moveScratch, 0);
    for (let i = 0; i < n; i++) if (moveKind(moveScratch[i]!) === MOVE_EN_PASSANT) return ep;
    return undefined;
  }

  /** Squares of the rooks that keep a castling right. */
  get castlingRooks(): SquareSet {
    const c = this.words[W_CASTLING]!;
    return new SquareSet(c & 0xff, (c >> 8) << 24);
  }

  /**
   * The piece on a square (a number 0..63 or a name such as `'e4'`), if any; a RangeError for
   * anything that is no square.
   */
  pieceAt(square: SquareLike): Piece | undefined {
    const sq = toSquare(square, 'pieceAt');
    const half = sq >> 5;
    const bit = 1 << (sq & 31);
    const w = this.words;
    if (((w[half]! | w[2 + half]!) & bit) === 0) return undefined;
    const color = w[half]! & bit ? 0 : 1;
    let role = 0;
    while ((w[4 + 2 * role + half]! & bit) === 0) role++;
    return pieceOf(color, role);
  }

  /**
   * Squares holding pieces of a colour and, optionally, a role; a RangeError for a name that is
   * no colour or role (`'White'`, `'N'`).
   */
  pieces(color: Color, role?: Role): SquareSet {
    const c = colorIndex(color, 'pieces');
    const w = this.words;
    if (role === undefined) return new SquareSet(w[2 * c]!, w[2 * c + 1]!);
    const r = roleIndex(role, 'pieces');
    return new SquareSet(w[2 * c]! & w[4 + 2 * r]!, w[2 * c + 1]! & w[5 + 2 * r]!);
  }

  /** The king square of a colour; a RangeError for a name that is no colour. */
  king(color: Color): Square {
    return kingSquare(this.words, colorIndex(color, 'king'));
  }

  /** Pieces giving check to the side to move. */
  checkers(): SquareSet {
    const us = this.words[W_TURN]!;
    const w = this.words;
    attackersOf(w, kingSquare(w, us), us ^ 1, w[0]! | w[2]!, w[1]! | w[3]!, pairScratch);
    return new SquareSet(pairScratch[0]!, pairScratch[1]!);
  }

  /**
   * The pieces of `color` that attack a square (a number or a name) in this position: those that
   * could capture on it were an enemy piece there, whatever pins them. A RangeError for a square
   * or colour that is none.
   *
   * ```ts
   * [...Position.standard().attackers('f3', 'white')].map(squareName); // ['g1', 'e2', 'g2']
   * ```
   */
  attackers(square: SquareLike, color: Color): SquareSet {
    const sq = toSquare(square, 'attackers');
    const w = this.words;
    attackersOf(w, sq, colorIndex(color, 'attackers'), w[0]! | w[2]!, w[1]! | w[3]!, pairScratch);
    return new SquareSet(pairScratch[0]!, pairScratch[1]!);
  }

  /** Whether a piece of `byColor` attacks the square (see `attackers`). */
  isAttacked(square: SquareLike, byColor: Color): boolean {
    const sq = toSquare(square, 'isAttacked');
    const w = this.words;
    return attackersOf(w, sq, colorIndex(byColor, 'isAttacked'), w[0]! | w[2]!, w[1]! | w[3]!, pairScratch);
  }

  /**
   * The side to move's absolutely pinned pieces: each stands alone between its king and an enemy
   * rook, bishop or queen on the same line, so it may move only along that line.
   */
  pinned(): SquareSet {
    const w = this.words;
    const us = w[W_TURN]!;
    const k = kingSquare(w, us);
    const them = us ^ 1;
    const occLo = w[0]! | w[2]!;
    const occHi = w[1]! | w[3]!;
    // Enemy sliders on a line with the king, as if the board were empty between them.
    const i = 2 * k;
    const snipersLo = w[2 * them]! & ((ROOK_EMPTY[i]! & (w[10]! | w[12]!)) | (BISHOP_EMPTY[i]! & (w[8]! | w[12]!)));
    const snipersHi = w[2 * them + 1]! & ((ROOK_EMPTY[i + 1]! & (w[11]! | w[13]!)) | (BISHOP_EMPTY[i + 1]! & (w[9]! | w[13]!)));
    let pinnedLo = 0;
    let pinnedHi = 0;
    for (const sniper of new SquareSet(snipersLo, snipersHi)) {
      const b = 2 * (k * 64 + sniper);
      const lo = BETWEEN[b]! & occLo;
      const hi = BETWEEN[b + 1]! & occHi;
      if (popcount(lo) + popcount(hi) !== 1) continue;
      pinnedLo |= lo & w[2 * us]!;
      pinnedHi |= hi & w[2 * us + 1]!;
    }
    return new SquareSet(pinnedLo, pinnedHi);
  }

  /**
   * The legal destinations of each piece of the side to move that has a legal move. Castling is
   * given as the king's move onto its rook (`e1` to `h1`), as the engine encodes it: unambiguous
   * in Chess960, where the king may end on its own square. `chessgroundDests` adds the king's
   * two-square destination for standard chess.
   */
  dests(): Map<Square, SquareSet> {
    const n = generateLegal(this.words, 0, moveScratch, 0);
    const lo = new Int32Array(64);
    const hi = new Int32Array(64);
    const froms: number[] = [];
    for (let i = 0; i < n; i++) {
      const code = moveScratch[i]!;
      const from = moveFrom(code);
      const to = moveTo(code);
      if ((lo[from]! | hi[from]!) === 0) froms.push(from);
      if (to < 32) lo[from]! |= 1 << to;
      else hi[from]! |= 1 << (to - 32);
    }
    froms.sort((a, b) => a - b);
    return new Map(froms.map((from) => [from, new SquareSet(lo[from]!, hi[from]!)]));
  }

  /**
   * Whether `color` cannot checkmate by any series of legal moves, whatever the other side plays:
   * FIDE Laws 6.9 (a flag falls: the game is drawn, not lost, when the opponent cannot mate) and
   * 9.6 (dead position). See `cannotMate` in outcome.ts for the material test and its limits.
   */
  hasInsufficientMaterial(color: Color): boolean {
    return cannotMate(this.words, colorIndex(color, 'hasInsufficientMaterial'));
  }

  /** The FEN of the position (`makeFen`). */
  toString(): string {
    return makeFen(this);
  }

  /**
   * What `console.log(pos)` shows in Node: `Position` and the FEN, then the board with its
   * coordinates. Node finds the method by its registered symbol; the core imports nothing of Node.
   */
  [INSPECT](): string {
    return `Position ${makeFen(this)}\n${boardText(this, { coordinates: true })}`;
  }

  /** Whether the side to move is in check. */
  isCheck(): boolean {
    return !this.checkers().isEmpty();
  }

  /** The legal moves, each bound to this position. */
  legalMoves(): Move[] {
    const n = generateLegal(this.words, 0, moveScratch, 0);
    const moves = new Array<Move>(n);
    for (let i = 0; i < n; i++) moves[i] = new Move(this, moveScratch[i]!, MOVE_TOKEN);
    return moves;
  }

  /** The number of legal moves, counted without generating them. */
  countLegalMoves(): number {
    return generateLegal(this.words, 0, null, 0);
  }

  /** The legal move with this engine code, if any (for decoders of stored moves). */
  moveFromCode(code: number): Move | undefined {
    const n = generateLegal(this.words, 0, moveScratch, 0);
    for (let i = 0; i < n; i++) if (moveScratch[i] === code) return new Move(this, code, MOVE_TOKEN);
    return undefined;
  }

  /** Whether the side to move is checkmated: in check with no legal move. */
  isCheckmate(): boolean {
    return this.countLegalMoves() === 0 && this.isCheck();
  }

  /** Whether the side to move is stalemated: not in check and with no legal move. */
  isStalemate(): boolean {
    return this.countLegalMoves() === 0 && !this.isCheck();
  }

  /**
   * Whether neither side can ever mate, in the material form of FIDE 5.2.2 (see
   * `isInsufficientMaterial` in outcome.ts); `positionOutcome` reports it as a draw.
   */
  isInsufficientMaterial(): boolean {
    return isInsufficientMaterial(this.words);
  }
}

/** Builds a position error from (issue, sentence) pairs, sorted in the order of POSITION_ISSUES. */
function positionError(found: readonly (readonly [PositionIssue, string])[]): PositionError {
  const sorted = [...found].sort((a, b) => POSITION_ISSUES.indexOf(a[0]) - POSITION_ISSUES.indexOf(b[0]));
  const issues = POSITION_ISSUES.filter((i) => sorted.some(([j]) => j === i));
  const details = sorted.map(([, d]) => d);
  return { kind: 'invalidPosition', issues, details, message: `invalid position: ${details.join('; ')}` };
}

/**
 * A public setup in the engine's form, or the sentence saying which field is outside its domain
 * (`invalidSetupField`). `offRank`: a castling right named a square off both back ranks, which the
 * engine's word cannot hold (reported as `invalidCastlingRights`).
 */
function rawSetup(setup: Setup): { raw: RawSetup; offRank: boolean } | string {
  if (!(setup.board instanceof Board)) return 'the board is not a Board';
  const turn = setup.turn === 'white' ? WHITE : setup.turn === 'black' ? BLACK : -1;
  if (turn < 0) return `the side to move is ${String(setup.turn)}, not white or black`;
  const rights = setup.castlingRights;
  if (!(rights instanceof SquareSet)) return 'the castling rights are not a SquareSet';
  const castling = castlingBits(rights);
  let epSquare: number | undefined;
  if (setup.epSquare !== undefined) {
    // A name that is no square stays a number that is none, refused as invalidEnPassant.
    epSquare = typeof setup.epSquare === 'string' ? (isSquareName(setup.epSquare) ? toSquare(setup.epSquare, 'fromSetup') : -1) : setup.epSquare;
  }
  const raw: RawSetup = { placement: boardWords(setup.board) as Int32Array, turn: turn as 0 | 1, castling, epSquare, halfmoves: setup.halfmoves, fullmoves: setup.fullmoves };
  return { raw, offRank: !castlingSquares(castling).equals(rights) };
}

const isSquareName = (name: string): boolean => /^[a-h][1-8]$/.test(name);

/**
 * `Position.fromSetup` on the engine's form of a setup (`caissa/internal`): placement words whose
 * faults are reported too (`inconsistentPlacement`, alone), a turn 0 or 1. `offRank`: the public
 * setup named castling squares off the back ranks.
 */
export function positionFromRawSetup(setup: RawSetup, options: PositionOptions = {}, offRank = false): Result<Position, PositionError> {
  const w = new Int32Array(WORDS);
  w.set(setup.placement.subarray(0, BOARD_WORDS));
  w[W_TURN] = setup.turn;
  w[W_HALFMOVE] = setup.halfmoves;
  w[W_FULLMOVE] = setup.fullmoves;
  w[W_EP] = -1;
  const fault = placementFault(w);
  if (fault !== undefined) return err(positionError([['inconsistentPlacement', `the placement words are no board (${fault})`]]));
  const fieldFault = setupFieldFault(setup);
  if (fieldFault !== undefined) return err(positionError([['invalidSetupField', fieldFault]]));
  const found: [PositionIssue, string][] = [];
  const issues = new Set<PositionIssue>();
  const add = (issue: PositionIssue, detail: string): void => {
    issues.add(issue);
    found.push([issue, detail]);
  };

  for (let color = 0; color < 2; color++) {
    const kings = popcount(w[14]! & w[2 * color]!) + popcount(w[15]! & w[2 * color + 1]!);
    if (kings === 0) add('missingKing', `${COLORS[color]} has no king`);
    else if (kings > 1) add('tooManyKings', `${COLORS[color]} has ${kings} kings`);
    if (!isStandardMaterial(w, color)) add('tooMuchMaterial', `${COLORS[color]} has ${materialExcess(w, color)}: more than 8 pawns and their promotions`);
  }
  const backRankPawns = new SquareSet(w[4]! & 0xff, w[5]! & (0xff000000 | 0));
  if (!backRankPawns.isEmpty()) {
    const names = [...backRankPawns].map(squareName);
    add('pawnsOnBackrank', `${names.length === 1 ? 'a pawn stands' : 'pawns stand'} on the first or last rank (${names.join(', ')})`);
  }

  // Castling rights: the king on its back rank, the rook on the named square; in standard
  // chess the king on the e-file and the rooks on the a- and h-files.
  const validRights = validCastlingRights(w, setup.castling);
  if (validRights !== setup.castling || offRank) {
    const dropped = [...castlingSquares(setup.castling & ~validRights)].map(squareName);
    add('invalidCastlingRights', offRank
      ? 'a castling right names a square off the first and last ranks'
      : `no king and rook at home for the castling right${dropped.length > 1 ? 's' : ''} with the rook on ${dropped.join(', ')}`);
  }
  w[W_CASTLING] = validRights;
  // Standard rights: king on e1/e8, rooks on the a- and h-files, each right among them.
  const standard = standardSubset(w, validRights);
  const standardRights = standard === validRights;
  const chess960 = options.chess960 === undefined || options.chess960 === 'auto' ? !standardRights : options.chess960;
  if (!chess960 && !standardRights) {
    // Standard chess castles only with the a- and h-file rooks and the king on e1/e8 (FIDE
    // 3.8.2): the other rights go, these stay (so `1r2k2r/… KQkq` keeps `KQk`).
    const dropped = [...castlingSquares(validRights & ~standard)].map(squareName);
    add('invalidCastlingRights', `castling with the rook on ${dropped.join(', ')} is Chess960 castling, and Chess960 is off`);
    w[W_CASTLING] = standard;
  }

  if (setup.epSquare !== undefined) {
    if (isValidEpSquare(w, setup.epSquare)) w[W_EP] = setup.epSquare;
    else add('invalidEnPassant', `${describeSquare(setup.epSquare)} is no en-passant square: no ${COLORS[setup.turn ^ 1]} pawn has just advanced two squares past it`);
  }

  if (!issues.has('missingKing') && !issues.has('tooManyKings')) {
    const us = setup.turn;
    const theirKing = kingSquare(w, us ^ 1);
    if (attackersOf(w, theirKing, us, w[0]! | w[2]!, w[1]! | w[3]!, pairScratch)) {
      add('oppositeCheck', `${COLORS[us ^ 1]} is in check with ${COLORS[us]} to move`);
    }
    if (isImpossibleCheck(w, setup.epSquare !== undefined && w[W_EP]! >= 0 ? w[W_EP]! : undefined)) {
      add('impossibleCheck', `${COLORS[us]} is in a check that no last move could have given`);
    }
  }

  const blocking = [...issues].filter((i) => !(options.lenient && LENIENT_IGNORES.has(i)));
  if (blocking.length > 0) return err(positionError(found));
  return ok(Position.fromWordsUnchecked(w, chess960));
}

/** `9 pawns and 2 queens`: a side's pawns and the roles it has more of than at the start. */
function materialExcess(w: Int32Array, color: number): string {
  const count = (role: number, mask = -1): number => popcount(w[2 * color]! & w[4 + 2 * role]! & mask) + popcount(w[2 * color + 1]! & w[5 + 2 * role]! & mask);
  const LIGHT = 0x55aa55aa;
  const parts: string[] = [];
  const add = (n: number, one: string, many: string): void => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  add(count(PAWN), 'pawn', 'pawns');
  if (count(QUEEN) > 1) add(count(QUEEN), 'queen', 'queens');
  if (count(ROOK) > 2) add(count(ROOK), 'rook', 'rooks');
  if (count(KNIGHT) > 2) add(count(KNIGHT), 'knight', 'knights');
  if (count(BISHOP, LIGHT) > 1) add(count(BISHOP, LIGHT), 'light-squared bishop', 'light-squared bishops');
  if (count(BISHOP, ~LIGHT) > 1) add(count(BISHOP, ~LIGHT), 'dark-squared bishop', 'dark-squared bishops');
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The words of a position (`caissa/internal`): shared, read-only (see `Position.words`).
 */
export const positionWords = (pos: Position): Readonly<Int32Array> => pos.words;

/**
 * A position over words, not copied and not checked (`caissa/internal`): words made by play
 * from a valid position, which the caller will not write again.
 */
export const positionFromWords = (words: Int32Array, chess960: boolean): Position => Position.fromWordsUnchecked(words, chess960);

/** The king square of colour `color` (0, 1) in the words; the first when there are several. */
export const kingSquare = (w: Int32Array, color: number): number => kingSquareAt(w, 0, color);

/**
 * Pieces of colour `by` attacking `sq` over occupancy (lo, hi), into `out[0..1]`; returns whether
 * there is any.
 */
const sliderScratch = new Int32Array(2);

export function attackersOf(w: Int32Array, sq: number, by: number, lo: number, hi: number, out: Int32Array): boolean {
  const byLo = w[2 * by]!;
  const byHi = w[2 * by + 1]!;
  const s = sliderScratch;
  let aLo = (KNIGHT_ATTACKS[2 * sq]! & w[6]!) | (KING_ATTACKS[2 * sq]! & w[14]!) | (PAWN_ATTACKS[128 * (by ^ 1) + 2 * sq]! & w[4]!);
  let aHi = (KNIGHT_ATTACKS[2 * sq + 1]! & w[7]!) | (KING_ATTACKS[2 * sq + 1]! & w[15]!) | (PAWN_ATTACKS[128 * (by ^ 1) + 2 * sq + 1]! & w[5]!);
  rookAttacks(sq, lo, hi, s, 0);
  aLo |= s[0]! & (w[10]! | w[12]!);
  aHi |= s[1]! & (w[11]! | w[13]!);
  bishopAttacks(sq, lo, hi, s, 0);
  aLo |= s[0]! & (w[8]! | w[12]!);
  aHi |= s[1]! & (w[9]! | w[13]!);
  out[0] = aLo & byLo;
  out[1] = aHi & byHi;
  return (out[0]! | out[1]!) !== 0;
}

/**
 * Where the placement words (`w[0..15]`) are no board: each square is in at most one colour and
 * at most one role, and has a colour exactly when it has a role. Returns the first square that
 * breaks this, named with what it holds (`a1: colour white+black, role knight`), or undefined.
 */
function placementFault(w: Int32Array): string | undefined {
  for (let half = 0; half < 2; half++) {
    let twice = w[half]! & w[2 + half]!;
    let roles = 0;
    for (let role = 0; role < 6; role++) {
      twice |= roles & w[4 + 2 * role + half]!;
      roles |= w[4 + 2 * role + half]!;
    }
    const bad = twice | (roles ^ (w[half]! | w[2 + half]!));
    if (bad === 0) continue;
    const bit = bad & -bad;
    const colors = COLORS.filter((_, c) => (w[2 * c + half]! & bit) !== 0);
    const held = ROLES.filter((_, r) => (w[4 + 2 * r + half]! & bit) !== 0);
    return `${squareName(32 * half + lsb(bad))}: colour ${colors.join('+') || 'none'}, role ${held.join('+') || 'none'}`;
  }
  return undefined;
}

/**
 * Where a setup's side to move or clocks lie outside their domain: the turn 0 or 1, the halfmove
 * clock an integer from 0 (PGN §16.1.3.5), the fullmove number from 1 (§16.1.3.6), both at most
 * MAX_CLOCK. Returns the field, its value and the domain, or undefined.
 */
function setupFieldFault(setup: RawSetup): string | undefined {
  if (setup.turn !== WHITE && setup.turn !== BLACK) return `turn ${setup.turn}: expected 0 (white) or 1 (black)`;
  for (const [field, min] of [['halfmoves', 0], ['fullmoves', 1]] as const) {
    const n = setup[field];
    if (!Number.isInteger(n) || n < min || n > MAX_CLOCK) return `${field} ${n}: expected an integer from ${min} to ${MAX_CLOCK}`;
  }
  return undefined;
}

/** Whether a side's material could stand on the board after promotions (shakmaty's test). */
export function isStandardMaterial(w: Int32Array, color: number): boolean {
  const count = (role: number, maskLo = -1, maskHi = -1): number =>
    popcount(w[2 * color]! & w[4 + 2 * role]! & maskLo) + popcount(w[2 * color + 1]! & w[5 + 2 * role]! & maskHi);
  const LIGHT = 0x55aa55aa; // light squares (b1, d1, …; a2, c2, …) in each half
  const promoted =
    Math.max(0, count(QUEEN) - 1) +
    Math.max(0, count(ROOK) - 2) +
    Math.max(0, count(KNIGHT) - 2) +
    Math.max(0, count(BISHOP, LIGHT, LIGHT) - 1) +
    Math.max(0, count(BISHOP, ~LIGHT, ~LIGHT) - 1);
  return count(PAWN) + promoted <= 8;
}

/** The subset of `rights` backed by a king on its back rank and a rook on the named square. */
function validCastlingRights(w: Int32Array, rights: number): number {
  let valid = 0;
  for (let color = 0; color < 2; color++) {
    const files = (rights >> (8 * color)) & 0xff;
    if (files === 0) continue;
    const backRank = color === 0 ? 0 : 56;
    const kLo = w[14]! & w[2 * color]!;
    const kHi = w[15]! & w[2 * color + 1]!;
    if (popcount(kLo) + popcount(kHi) !== 1) continue;
    const k = kingSquare(w, color);
    if (k >> 3 !== backRank >> 3) continue;
    // At most one right per side of the king: the outermost rook's, as X-FEN's K and Q name it
    // (chessops and shakmaty keep the same one). So the a-side looks from the a-file in, the
    // h-side from the h-file in.
    const kf = k & 7;
    for (const [from, step, end] of [[0, 1, kf], [7, -1, kf]] as const) {
      for (let f = from; f !== end; f += step) {
        if (!(files & (1 << f))) continue;
        const sq = backRank + f;
        if ((w[2 * color + (sq >> 5)]! & w[10 + (sq >> 5)]! & (1 << (sq & 31))) === 0) continue;
        valid |= 1 << (8 * color + f);
        break;
      }
    }
  }
  return valid;
}

/** The rights among `rights` that standard chess allows: a- and h-file rooks, the king at home. */
function standardSubset(w: Int32Array, rights: number): number {
  let kept = 0;
  for (let color = 0; color < 2; color++) {
    const files = (rights >> (8 * color)) & 0x81;
    if (files !== 0 && kingSquare(w, color) === (color === 0 ? 4 : 60)) kept |= files << (8 * color);
  }
  return kept;
}

/**
 * A written en-passant square is valid when it is a square (an integer 0..63, not a number the
 * words would truncate to one) on the third rank of the side that just moved (rank 6 with white
 * to move), empty, the square the pawn came from is empty, and an opposing pawn stands on the
 * square it passed to.
 */
function isValidEpSquare(w: Int32Array, ep: number): boolean {
  if (!isSquare(ep)) return false;
  const us = w[W_TURN]!;
  if (ep >> 3 !== (us === WHITE ? 5 : 2)) return false;
  const occ = (sq: number): boolean => ((w[sq >> 5]! | w[2 + (sq >> 5)]!) & (1 << (sq & 31))) !== 0;
  const pushedTo = us === WHITE ? ep - 8 : ep + 8;
  const pushedFrom = us === WHITE ? ep + 8 : ep - 8;
  const theirPawn = (w[2 * (us ^ 1) + (pushedTo >> 5)]! & w[4 + (pushedTo >> 5)]! & (1 << (pushedTo & 31))) !== 0;
  return !occ(ep) && !occ(pushedFrom) && theirPawn;
}

/**
 * Checks no legal last move could have produced (shakmaty's rules): more than two checkers, two
 * aligned sliding checkers, two stepping checkers; and with an en-passant square, any check
 * other than by the pushed pawn or a slider it uncovered.
 */
function isImpossibleCheck(w: Int32Array, ep: number | undefined): boolean {
  const us = w[W_TURN]!;
  const k = kingSquare(w, us);
  const occLo = w[0]! | w[2]!;
  const occHi = w[1]! | w[3]!;
  const c = new Int32Array(2);
  if (!attackersOf(w, k, us ^ 1, occLo, occHi, c)) return false;
  const checkers = new SquareSet(c[0]!, c[1]!);
  const list = [...checkers];
  const steppers = new SquareSet(c[0]! & (w[4]! | w[6]! | w[14]!), c[1]! & (w[5]! | w[7]! | w[15]!));
  if (steppers.size() > 1) return true;
  if (ep !== undefined) {
    const pushedTo = us === WHITE ? ep - 8 : ep + 8;
    const pushedFrom = us === WHITE ? ep + 8 : ep - 8;
    if (list.length > 1) return true;
    if (list[0] !== pushedTo) {
      // The only checker must have been uncovered by the push: with the pawn back on its origin
      // square, the king would not be attacked.
      let lo = occLo;
      let hi = occHi;
      const toggle = (sq: number): void => {
        if (sq < 32) lo ^= 1 << sq;
        else hi ^= 1 << (sq - 32);
      };
      toggle(pushedTo);
      toggle(pushedFrom);
      if (attackersOf(w, k, us ^ 1, lo, hi, c)) return true;
    }
    return false;
  }
  if (list.length > 2) return true;
  if (list.length === 2) {
    const [a, b] = list as [number, number];
    const li = 2 * (a * 64 + k);
    const aligned = ((LINE[li]! & (b < 32 ? 1 << b : 0)) | (LINE[li + 1]! & (b >= 32 ? 1 << (b - 32) : 0))) !== 0;
    if (aligned) return true;
  }
  return false;
}

