/** Distinct-position enumeration: identities, records and keys, hash sets, by plies, search spaces. */
export { IDENTITIES, parseIdentity, hasLegalEp, identityEp, type Identity, type IdentityError } from './identity.js';
export { REC_WORDS, KEY_WORDS, packRecord, unpackRecord, recordWords, keyOf } from './record.js';
export { EntrySet, capacityFor, type EntrySink } from './entry-set.js';
export { Expander, EMIT_KEYS, EMIT_RECORDS, recordKey, rootRecord } from './expand.js';
export { enumeratePlies, perftFromLevel, type LevelStats, type PlyEnumeration, type PlyOptions } from './plies.js';
export { searchSpace, type SearchSpaceOptions, type SearchSpaceStats } from './search-space.js';
export { generatePseudo } from './pseudo-movegen.js';
