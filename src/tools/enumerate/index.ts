/**
 * Distinct-position enumeration (docs/rules/enumeration.md): positions after n plies by an
 * identity, and search spaces. The records, keys, hash sets and expanders behind them are in
 * `caissa/internal`.
 */
export { IDENTITIES, parseIdentity, type Identity, type IdentityError } from './identity.js';
export { EntrySet, type EntrySink } from './entry-set.js';
export { enumeratePlies, perftFromLevel, type LevelStats, type PlyEnumeration, type PlyOptions } from './plies.js';
export { searchSpace, type SearchSpaceOptions, type SearchSpaceStats } from './search-space.js';
