/**
 * Fnord's protocol: signed entries in one log replayed everywhere, seats bound to keys, fair
 * randomness from hash chains, forks. Imports only the engine and @noble crypto (docs/protocol.md).
 */
export { generateIdentity, sign, Verifier, isKeyHex, type Identity } from './crypto.js';
export {
	ENTRY_VERSION,
	MAX_ENTRY_BYTES,
	MAX_CHAIN_LENGTH,
	ENTRY_KINDS,
	parseEntry,
	signEntry,
	entryId,
	isGameId,
	type Bodies,
	type ChainCommit,
	type Entry,
	type EntryKind,
	type ParsedEntry,
	type UnsignedEntry,
} from './entry.js';
export { HashChain, deriveSeed, hashLink, DEFAULT_CHAIN_LENGTH, RENEW_BELOW } from './randomness.js';
export { ProtocolReplayer, logHash, CHECKPOINT_INTERVAL, type AcceptedEntry, type DueReveal, type ProtocolRejection } from './replay.js';
export type { ProtocolCode } from './rules.js';
export { forkEntries, forkMatchesParent } from './fork.js';
export { Device } from './client.js';
