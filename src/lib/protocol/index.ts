/**
 * Fnord's protocol: signed entries in one log replayed everywhere, seats bound to keys, fair
 * randomness from hash chains, forks. Imports only the engine and @noble crypto (docs/protocol.md).
 */
export { generateIdentity, sign, Verifier, isPublicKey, isSignature, type CheckedSignature, type Identity, type SignatureCheck, type VerifyOffload } from './crypto.js';
export { bytesToBase64url, base64urlToBytes, base64urlLength, isBase64url } from './base64url.js';
export {
	ENTRY_VERSION,
	MAX_ENTRY_BYTES,
	MAX_CHAIN_LENGTH,
	ENTRY_KINDS,
	parseEntry,
	signEntry,
	entryId,
	isGameId,
	isHash,
	type Bodies,
	type ChainCommit,
	type Entry,
	type EntryKind,
	type ParsedEntry,
	type UnsignedEntry,
} from './entry.js';
export { HashChain, deriveSeed, hashLink, DEFAULT_CHAIN_LENGTH, RENEW_BELOW } from './randomness.js';
export { ProtocolReplayer, logHash, CHECKPOINT_INTERVAL, type AcceptedEntry, type DueReveal, type ProtocolRejection } from './v1/replayer.js';
export { PROTOCOL_ERROR_CODES, type ProtocolCode, type ProtocolRefusal } from './refusal.js';
export { forkEntries, forkEntriesV2, forkMatchesParent } from './fork.js';
export { Device } from './v1/device.js';
export { GameReplayer } from './v2/replayer.js';
export { entriesWanted } from './order/missing.js';
export { PlayerDevice, type DeviceSecrets } from './v2/device.js';
export type { CoreV2, SeatHolder } from './v2/core.js';
export { DEFAULT_PROTOCOL_RULES, NEW_GAME_PROTOCOL_RULES, LEGACY_VERSION, type ProtocolRules, type EntryVersion } from './entry.js';
export { awaitedSeats, type Awaited, type AwaitedFor } from './v2/awaited.js';
export { botVoteWaits, countedAbsenceVotes } from './v2/entry-handlers.js';
export { countedSeedVotes, mayVoteOnSeeds, seedsOwed, seedVoted, seedVotes } from './v2/deck/withheld.js';
export { setStandInChooser, hasStandInChooser, standInAction, standInSeed, type StandInChooser } from './v2/stand-in.js';
export { STAND_IN_ERROR_CODES, type StandInCode } from './v2/stand-in-codes.js';
