/**
 * The seven lichess variants by name. The rules themselves are written out in
 * `docs/rules/variants.md` (after lichess' variant pages); each module cites the section it encodes.
 */

/** The variants, by the names chessops and lichess' API use. */
export const VARIANT_RULES = ['atomic', 'antichess', 'crazyhouse', 'horde', 'kingofthehill', 'racingkings', '3check'] as const;
/** A lichess variant's name (chessops' `Rules` without `chess`). */
export type VariantRules = (typeof VARIANT_RULES)[number];

/** The small integer of each variant inside the engine (index into VARIANT_RULES). */
export const ATOMIC = 0;
export const ANTICHESS = 1;
export const CRAZYHOUSE = 2;
export const HORDE = 3;
export const KING_OF_THE_HILL = 4;
export const RACING_KINGS = 5;
export const THREE_CHECK = 6;

/** The `[Variant "…"]` name lichess writes in its PGN exports. */
export const PGN_VARIANT_NAMES: Readonly<Record<VariantRules, string>> = {
  atomic: 'Atomic',
  antichess: 'Antichess',
  crazyhouse: 'Crazyhouse',
  horde: 'Horde',
  kingofthehill: 'King of the Hill',
  racingkings: 'Racing Kings',
  '3check': 'Three-check',
};

/** Other names found for the variants (PGN writers, Fairy-Stockfish, python-chess), lower case without spaces, dashes or underscores. */
const ALIASES: Readonly<Record<string, VariantRules>> = {
  atomic: 'atomic',
  atomicchess: 'atomic',
  antichess: 'antichess',
  giveaway: 'antichess',
  suicide: 'antichess',
  crazyhouse: 'crazyhouse',
  zh: 'crazyhouse',
  horde: 'horde',
  hordechess: 'horde',
  kingofthehill: 'kingofthehill',
  koth: 'kingofthehill',
  racingkings: 'racingkings',
  '3check': '3check',
  threecheck: '3check',
};

/**
 * The variant a name stands for: chessops' names (`3check`, `kingofthehill`, …), lichess' PGN
 * names (`Three-check`, `King of the Hill`, …) and a few common others (`giveaway`, `koth`), in
 * any case and with or without spaces, dashes and underscores; undefined for anything else
 * (`chess` and `standard` included: they are no variant of this module).
 */
export function parseVariantName(name: string): VariantRules | undefined {
  const key = name.toLowerCase().replace(/[\s_-]/g, '');
  return Object.prototype.hasOwnProperty.call(ALIASES, key) ? ALIASES[key] : undefined;
}

/** The engine's number of a variant. */
export const variantIndex = (rules: VariantRules): number => VARIANT_RULES.indexOf(rules);
