/**
 * PGN games of the lichess variants: the start from `[Variant]` (the names lichess writes:
 * `Atomic`, `Antichess`, `Crazyhouse`, `Horde`, `King of the Hill`, `Racing Kings`,
 * `Three-check`) and `[FEN]`, and the mainline replayed with the variant's SAN. The game tree
 * comes from the PGN reader unchecked (`parsePgn(text, { validate: false })`).
 */
import { err, ok, type Result } from '../../core/result.js';
import { newMove, type PgnGame } from '../../notation/pgn-game.js';
import { makePgn } from '../../notation/pgn-write.js';
import { VariantPosition, type VariantMove } from './position.js';
import { parseVariantName, PGN_VARIANT_NAMES, type VariantRules } from './rules.js';
import { makeVariantSan, parseVariantSan } from './san.js';

/** Why a variant game does not replay: the ply (0 for the start) and a message. */
export interface VariantReplayError {
  /** `variant`: no lichess variant in `[Variant]`; `fen`: the start position does not read; `illegal`: a move does not play. */
  readonly kind: 'variant' | 'fen' | 'illegal';
  /** The ply of the move at fault (1 for the first move), 0 for the start. */
  readonly ply: number;
  /** The fault, for people. */
  readonly message: string;
}

/** The variant a game's `[Variant]` tag names, or undefined (standard chess, Chess960, no tag, another game). */
export function pgnVariant(game: PgnGame): VariantRules | undefined {
  const tag = game.tags.find(([name]) => name === 'Variant')?.[1];
  return tag === undefined ? undefined : parseVariantName(tag);
}

/** The position after the mainline of a variant game, or where and why it stops. */
export function replayVariantGame(game: PgnGame): Result<VariantPosition, VariantReplayError> {
  const rules = pgnVariant(game);
  if (rules === undefined) return err({ kind: 'variant', ply: 0, message: 'no lichess variant in [Variant]' });
  const fen = game.tags.find(([name]) => name === 'FEN')?.[1];
  const start = fen === undefined ? ok(VariantPosition.default(rules)) : VariantPosition.fromFen(rules, fen);
  if (!start.ok) return err({ kind: 'fen', ply: 0, message: start.error.message });
  let pos = start.value;
  for (const [i, move] of game.moves.entries()) {
    const read = parseVariantSan(pos, move.san);
    if (!read.ok) return err({ kind: 'illegal', ply: i + 1, message: read.error.message });
    pos = read.value.play();
  }
  return ok(pos);
}

/**
 * A variant game as PGN: the Seven Tag Roster (from `tags`, PGN's unknown values for the rest),
 * `[Variant]` with lichess' name (`Crazyhouse`, `King of the Hill`, …), `[SetUp]` and `[FEN]` when
 * the game starts elsewhere than the variant's start, and the moves as SAN (drops `N@f3`) played
 * from `start`, each legal in turn (a RangeError otherwise). It reads back with `pgn replay`.
 */
export function makeVariantPgn(start: VariantPosition, moves: readonly VariantMove[], tags: Readonly<Record<string, string>> = {}): string {
  const sans: string[] = [];
  let pos = start;
  for (const [i, move] of moves.entries()) {
    const legal = pos.moveFromCode(move.code);
    if (legal === undefined || move.position.fen() !== pos.fen()) throw new RangeError(`makeVariantPgn: move ${i + 1} (${move.uci}) is not one of the position it is played in`);
    sans.push(makeVariantSan(legal));
    pos = legal.play();
  }
  const roster = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
  const unknown: Readonly<Record<string, string>> = { Date: '????.??.??', Result: '*' };
  const all: [string, string][] = roster.map((name) => [name, tags[name] ?? unknown[name] ?? '?']);
  all.push(['Variant', PGN_VARIANT_NAMES[start.rules]]);
  for (const [name, value] of Object.entries(tags)) if (!roster.includes(name) && name !== 'Variant') all.push([name, value]);
  const fen = start.fen();
  if (fen !== VariantPosition.default(start.rules).fen() && tags.FEN === undefined) all.push(['SetUp', '1'], ['FEN', fen]);
  return makePgn({ tags: all, comments: [], moves: sans.map(newMove), result: tags.Result ?? '*' });
}
