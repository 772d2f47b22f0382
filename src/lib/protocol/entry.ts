/**
 * Signed log entries. A version-2 entry is plain JSON: { v, game, kind, body, author, last, deps, sig }
 * (version 1, still read for old games: { v, game, kind, body, author, prev, last, sig }).
 * The signature covers the engine's canonical JSON of everything but `sig`; the entry id is the
 * SHA-256 of the canonical JSON of the whole signed entry, so formatting never changes an id.
 * Keys, signatures, ids and hash values are canonical base64url (base64url.ts), hashes full SHA-256.
 * Parsing checks the envelope and each kind's body shape; rules are checked during replay.
 */
import { botClaimProblem, type BotClaim, type BotDriveBody } from './bot-claim.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, type GameOptions, type PlayerAction } from '../engine/index.js';
import { base64urlToBytes, bytesToBase64url, isBase64url } from './base64url.js';
import { isPublicKey, isSignature, sign, type Identity } from './crypto.js';
import { deckBodyProblem, type DeckBody } from './v2/deck/bodies.js';
import { illuminatiBodyProblem, type IlluminatiBody } from './v2/illuminati/bodies.js';
import { standInBodyProblem } from './v2/stand-in-body.js';
import type { ProtocolRules } from './rules.js';

/** The version new games are written in (docs/protocol.md, "Version 2"). */
export const ENTRY_VERSION = 2;
/** Version-1 entries are still read, to watch, step through and fork old games. */
export const LEGACY_VERSION = 1;
export type EntryVersion = typeof ENTRY_VERSION | typeof LEGACY_VERSION;
/** An entry's encoded size limit, in UTF-8 bytes. */
export const MAX_ENTRY_BYTES = 4096;
/** The longest hash chain a join or commit may announce. */
export const MAX_CHAIN_LENGTH = 4096;

/** Most entries another entry of a version-2 log may name in `deps`. */
export const MAX_DEPS = 16;
/** Most ids one `carry` entry lists. */
export const MAX_CARRY_IDS = 80;

export type EntryKind = 'create' | 'join' | 'action' | 'reveal' | 'commit' | 'fork' | 'deal' | 'keys' | 'share' | 'absent' | 'ack' | 'carry' | 'deck' | 'takeback' | 'undoVote' | 'standIn' | 'illuminati' | 'botDrive';
export const ENTRY_KINDS: readonly EntryKind[] = ['create', 'join', 'action', 'reveal', 'commit', 'fork', 'deal', 'keys', 'share', 'absent', 'ack', 'carry', 'deck', 'takeback', 'undoVote', 'standIn', 'illuminati', 'botDrive'];
/** The kinds each version knows. */
export const KINDS_OF: Record<EntryVersion, readonly EntryKind[]> = {
	1: ['create', 'join', 'action', 'reveal', 'commit', 'fork'],
	2: ['create', 'join', 'action', 'fork', 'deal', 'keys', 'share', 'absent', 'ack', 'carry', 'deck', 'takeback', 'undoVote', 'standIn', 'illuminati', 'botDrive'],
};

/** Protocol rule options, fixed by a version-2 game's `create` (docs/protocol.md, "Rule options"). */
export { DEFAULT_PROTOCOL_RULES, NEW_GAME_PROTOCOL_RULES, type ProtocolRules } from './rules.js';

/** A dealer's part of the distributed key generation (protocol/coin). */
export interface DealingBody {
	readonly ephemeral: string;
	readonly commitments: readonly string[];
	readonly shares: readonly string[];
	readonly proof: string;
}
export interface ComplaintBody {
	readonly dealer: number;
	readonly seat: number;
	readonly pad: string;
	readonly proof: string;
}

/** A hash-chain commitment: tip = H^length(secret). */
export interface ChainCommit {
	readonly tip: string;
	readonly length: number;
}

export interface Bodies {
	readonly create: { readonly options: GameOptions; readonly rules?: ProtocolRules };
	/** Version 1 commits to a hash chain; version 2 names the seat's box key for the key generation. */
	readonly join: { readonly seat: number; readonly chain?: ChainCommit; readonly box?: string; readonly bot?: BotClaim };
	readonly action: PlayerAction;
	readonly reveal: { readonly seat: number; readonly event: number; readonly value: string };
	readonly commit: { readonly seat: number; readonly chain: ChainCommit };
	readonly fork: { readonly parent: string; readonly index: number; readonly parentHash: string };
	readonly deal: { readonly seat: number; readonly dealing: DealingBody };
	readonly keys: { readonly seat: number; readonly complaints: readonly ComplaintBody[]; readonly judged?: readonly number[] };
	/** A coin share for the random event opened by entry `opener` (its `request`-th request). */
	readonly share: { readonly seat: number; readonly opener: string; readonly request: number; readonly value: string };
	/** A vote that `target` is absent (it stalls the table). */
	readonly absent: { readonly seat: number; readonly target: number };
	readonly ack: Record<string, never>;
	/** Part of a fork's carried section: parent entry ids in the parent's order. */
	readonly carry: { readonly ids: readonly string[] };
	/** The secret deck's shuffles, partial decryptions, draws, shows and seeds (v2/deck/bodies.ts). */
	readonly deck: DeckBody;
	/** Hidden Illuminati: the masked Illuminati deck's shuffles, seals, shows and seeds (v2/illuminati/bodies.ts). */
	readonly illuminati: IlluminatiBody;
	/** Undo (v2/takeback.ts): seat takes back its last move `move`, at once or (`ask`) by asking the table. */
	readonly takeback: { readonly seat: number; readonly move: string; readonly ask: boolean };
	/** A seat's answer to the table's request to undo (`request`: the takeback entry's id). */
	readonly undoVote: { readonly seat: number; readonly request: string; readonly accept: boolean };
	/** Absence 'bot' (v2/stand-in.ts): seat `seat` posts what the stand-in bot plays for absent seat
	 * `for` in the state whose hash is `at` (the engine's stateHash, 64 hex digits). */
	readonly standIn: { readonly seat: number; readonly for: number; readonly at: string; readonly action: PlayerAction };
	/** Seat `seat` takes over driving computer player `bot` from the bot's entry or drive claim `after` (bot-claim.ts). */
	readonly botDrive: BotDriveBody;
}

export interface UnsignedEntry<K extends EntryKind = EntryKind> {
	readonly v: EntryVersion;
	readonly game: string;
	readonly kind: K;
	readonly body: Bodies[K];
	/** The author's public key (base64url). */
	readonly author: string;
	/** Version 1: the id of the last entry in the log the author had seen, or null. */
	readonly prev?: string | null;
	/** The id of the author's own previous entry in this game, or null. */
	readonly last: string | null;
	/** Version 2: the entries the author had seen that nothing else it had seen names (sorted ids). */
	readonly deps?: readonly string[];
}

export interface Entry<K extends EntryKind = EntryKind> extends UnsignedEntry<K> {
	readonly sig: string;
}

export type ParseProblem = 'size' | 'json' | 'version' | 'fields' | 'value';

export type ParsedEntry =
	| { readonly ok: true; readonly entry: Entry; readonly id: string; readonly signed: Uint8Array; /** canonical JSON */ readonly text: string }
	| { readonly ok: false; readonly code: 'MALFORMED' | 'OVERSIZED'; readonly problem: ParseProblem; readonly message: string };

const FIELDS: Record<EntryVersion, readonly string[]> = {
	1: ['v', 'game', 'kind', 'body', 'author', 'prev', 'last', 'sig'],
	2: ['v', 'game', 'kind', 'body', 'author', 'last', 'deps', 'sig'],
};
const BODY_FIELDS: Record<EntryKind, readonly string[] | null> = {
	create: ['options'],
	join: ['seat', 'chain'],
	action: null,
	reveal: ['seat', 'event', 'value'],
	commit: ['seat', 'chain'],
	fork: ['parent', 'index', 'parentHash'],
	deal: ['seat', 'dealing'],
	keys: ['seat', 'complaints'],
	share: ['seat', 'opener', 'request', 'value'],
	absent: ['seat', 'target'],
	ack: [],
	carry: ['ids'],
	deck: null,
	illuminati: null,
	takeback: ['seat', 'move', 'ask'],
	undoVote: ['seat', 'request', 'accept'],
	standIn: ['seat', 'for', 'at', 'action'],
	botDrive: ['seat', 'bot', 'after'],
};
/** Version-2 fields a body may leave out: a computer player's claim (bot-claim.ts). */
const OPTIONAL_FIELDS_V2: Partial<Record<EntryKind, readonly string[]>> = { join: ['bot'], keys: ['judged'] };
/** Version-2 bodies that differ from version 1's. */
const BODY_FIELDS_V2: Partial<Record<EntryKind, readonly string[]>> = {
	create: ['options', 'rules'],
	join: ['seat', 'box'],
};

/** A SHA-256 value (entry id, chain link, log hash): 32 bytes in canonical base64url, 43 characters. */
export function isHash(value: unknown): value is string {
	return isBase64url(value, 32);
}

/** A game id: 8 to 32 bytes in canonical base64url (11 to 43 characters). */
export function isGameId(value: unknown): value is string {
	return typeof value === 'string' && value.length >= 11 && value.length <= 43 && base64urlToBytes(value) !== null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isIndex = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The SHA-256 of UTF-8 text in base64url: entry ids and log hashes. */
export function sha256Text(text: string): string {
	return bytesToBase64url(sha256(utf8ToBytes(text)));
}

/** The bytes an entry's signature covers: every field but `sig`. */
export function signedBytes(entry: UnsignedEntry): Uint8Array {
	const { sig: _sig, ...unsigned } = entry as UnsignedEntry & { sig?: string };
	return utf8ToBytes(canonicalJson(unsigned));
}

export function entryId(entry: Entry): string {
	return sha256Text(canonicalJson(entry));
}

/** Signs an entry and encodes it as the canonical JSON text stored in the log (version 2 unless `v` says otherwise). */
export function signEntry<K extends EntryKind>(identity: Identity, entry: Omit<UnsignedEntry<K>, 'v' | 'author'> & { v?: EntryVersion }): string {
	const unsigned = { v: ENTRY_VERSION, author: identity.publicKey, ...entry } as UnsignedEntry<K>;
	return canonicalJson({ ...unsigned, sig: sign(identity.secretKey, signedBytes(unsigned)) });
}

function chainProblem(chain: unknown): string | null {
	if (!isRecord(chain) || Object.keys(chain).sort().join() !== 'length,tip') return 'chain must be { tip, length }';
	if (!isHash(chain.tip)) return 'chain.tip must be a hash (43 base64url characters)';
	if (!Number.isSafeInteger(chain.length) || (chain.length as number) < 1 || (chain.length as number) > MAX_CHAIN_LENGTH) {
		return `chain.length must be 1 to ${MAX_CHAIN_LENGTH}`;
	}
	return null;
}

const isKey = (value: unknown): value is string => isBase64url(value, 32);
const isStringList = (value: unknown, max: number, item: (v: unknown) => boolean): boolean =>
	Array.isArray(value) && value.length <= max && value.every(item);

function rulesProblem(rules: unknown): string | null {
	const optional = isRecord(rules) ? Object.keys(rules).filter((key) => key !== 'countdown' && key !== 'equivocation') : [];
	if (!isRecord(rules) || !Object.hasOwn(rules, 'countdown') || !Object.hasOwn(rules, 'equivocation') || optional.some((key) => key !== 'botVotes' && key !== 'keygen')) {
		return 'create: rules must be { equivocation, countdown } and optionally botVotes and keygen';
	}
	if (rules.botVotes !== undefined && rules.botVotes !== 'afterPeople') return 'create: rules.botVotes must be "afterPeople"';
	if (rules.keygen !== undefined && rules.keygen !== 'judgedDealings') return 'create: rules.keygen must be "judgedDealings"';
	if (rules.equivocation !== 'forfeit' && rules.equivocation !== 'frozen') return 'create: rules.equivocation must be "forfeit" or "frozen"';
	if (!Number.isSafeInteger(rules.countdown) || (rules.countdown as number) < 0 || (rules.countdown as number) > 3600) return 'create: rules.countdown must be 0 to 3600 seconds';
	return null;
}

/** A dealing's shape is checked in full by the key generation (coin/dkg.ts) when it is replayed. */
function dealingProblemOf(dealing: unknown): string | null {
	return isRecord(dealing) ? null : 'deal: dealing must be an object';
}

function complaintProblem(complaint: unknown): string | null {
	if (!isRecord(complaint) || Object.keys(complaint).sort().join() !== 'dealer,pad,proof,seat') return 'keys: a complaint is { dealer, seat, pad, proof }';
	if (!isIndex(complaint.dealer) || !isIndex(complaint.seat)) return 'keys: complaint dealer and seat must be whole numbers';
	if (!isKey(complaint.pad) || !isBase64url(complaint.proof, 64)) return 'keys: complaint pad (32 bytes) and proof (64 bytes) in base64url';
	return null;
}

/** The shape of a kind's body (not its legality). */
function bodyProblem(version: EntryVersion, kind: EntryKind, body: Record<string, unknown>): string | null {
	const fields = (version === 2 ? BODY_FIELDS_V2[kind] : undefined) ?? BODY_FIELDS[kind];
	if (fields !== null) {
		const missing = fields.filter((field) => !Object.hasOwn(body, field));
		const optional = (version === 2 ? OPTIONAL_FIELDS_V2[kind] : undefined) ?? [];
		const extra = Object.keys(body).filter((field) => !fields.includes(field) && !optional.includes(field));
		if (missing.length > 0 || extra.length > 0) return `${kind} body fields: missing [${missing}], extra [${extra}]`;
	}
	switch (kind) {
		case 'create':
			if (!isRecord(body.options)) return 'create: options must be an object';
			return version === 2 ? rulesProblem(body.rules) : null;
		case 'join':
			if (!isIndex(body.seat)) return 'join: seat must be a whole number';
			if (version !== 2) return chainProblem(body.chain);
			if (!isKey(body.box)) return 'join: box must be a public key (32 bytes in base64url)';
			return body.bot === undefined ? null : botClaimProblem(body.bot);
		case 'commit':
			return isIndex(body.seat) ? chainProblem(body.chain) : `${kind}: seat must be a whole number`;
		case 'action':
			// The secret deck's deal and showCard come only from the protocol, with their proofs (v2/deck).
			if (typeof body.type !== 'string' || ['random', 'fixed', 'deal', 'showCard', 'dealIlluminati', 'showIlluminati'].includes(body.type)) return 'action: a player action with a type';
			return isIndex(body.seat) ? null : 'action: seat must be a whole number';
		case 'reveal':
			if (!isIndex(body.seat) || !isIndex(body.event)) return 'reveal: seat and event must be whole numbers';
			return isHash(body.value) ? null : 'reveal: value must be a hash (43 base64url characters)';
		case 'fork':
			if (!isGameId(body.parent) || !isIndex(body.index)) return 'fork: parent must be a game id, index a whole number';
			return isHash(body.parentHash) ? null : 'fork: parentHash must be a hash (43 base64url characters)';
		case 'deal':
			return isIndex(body.seat) ? dealingProblemOf(body.dealing) : 'deal: seat must be a whole number';
		case 'keys':
			if (!isIndex(body.seat) || !Array.isArray(body.complaints) || body.complaints.length > 16) return 'keys: seat and at most 16 complaints';
			if (body.judged !== undefined && !(Array.isArray(body.judged) && body.judged.length <= 16 && body.judged.every((dealer, i) => isIndex(dealer) && (i === 0 || dealer > (body.judged as number[])[i - 1]!)))) {
				return 'keys: judged must list dealer seats in increasing order';
			}
			for (const complaint of body.complaints) {
				const problem = complaintProblem(complaint);
				if (problem !== null) return problem;
			}
			return null;
		case 'share':
			if (!isIndex(body.seat) || !isIndex(body.request)) return 'share: seat and request must be whole numbers';
			if (!isHash(body.opener)) return 'share: opener must be an entry id';
			return isBase64url(body.value, 96) ? null : 'share: value must be 96 bytes in base64url';
		case 'absent':
			return isIndex(body.seat) && isIndex(body.target) ? null : 'absent: seat and target must be whole numbers';
		case 'ack':
			return null;
		case 'deck':
			return deckBodyProblem(body);
		case 'illuminati':
			return illuminatiBodyProblem(body);
		case 'takeback':
			if (!isIndex(body.seat) || !isHash(body.move) || typeof body.ask !== 'boolean') return 'takeback: { seat, move (an entry id), ask (true or false) }';
			return null;
		case 'undoVote':
			if (!isIndex(body.seat) || !isHash(body.request) || typeof body.accept !== 'boolean') return 'undoVote: { seat, request (an entry id), accept (true or false) }';
			return null;
		case 'standIn':
			return standInBodyProblem(body);
		case 'botDrive':
			return isIndex(body.seat) && isIndex(body.bot) && isHash(body.after) ? null : 'botDrive: { seat, bot (seats), after (an entry id) }';
		case 'carry':
			return isStringList(body.ids, MAX_CARRY_IDS, isHash) && (body.ids as unknown[]).length > 0 ? null : `carry: ids is a list of 1 to ${MAX_CARRY_IDS} entry ids`;
	}
}

/** Version 2's `deps`: sorted, distinct entry ids, at most MAX_DEPS; empty only for a game's first entry. */
function depsProblem(entry: Record<string, unknown>): string | null {
	const deps = entry.deps;
	if (!isStringList(deps, MAX_DEPS, isHash)) return `deps must be a list of at most ${MAX_DEPS} entry ids`;
	const list = deps as string[];
	for (let i = 1; i < list.length; i++) if (!(list[i - 1]! < list[i]!)) return 'deps must be sorted and distinct';
	const genesis = entry.kind === 'create' || entry.kind === 'fork';
	if (genesis && (list.length > 0 || entry.last !== null)) return 'a game\u2019s first entry names no earlier entry';
	if (!genesis && list.length === 0 && entry.last === null) return 'an entry names at least one earlier entry (deps or last)';
	if (entry.last !== null && list.includes(entry.last as string)) return 'deps must not repeat last';
	return null;
}

const fail = (code: 'MALFORMED' | 'OVERSIZED', problem: ParseProblem, message: string): ParsedEntry => ({ ok: false, code, problem, message });

/** Parses an entry from its stored text (or an already-decoded value). */
export function parseEntry(input: unknown): ParsedEntry {
	let value = input;
	if (typeof input === 'string') {
		// A UTF-8 character is at most 3 bytes per UTF-16 unit: a cheap bound before encoding.
		if (input.length > MAX_ENTRY_BYTES && utf8ToBytes(input).length > MAX_ENTRY_BYTES) {
			return fail('OVERSIZED', 'size', `an entry is at most ${MAX_ENTRY_BYTES} bytes`);
		}
		try {
			value = JSON.parse(input);
		} catch (error) {
			return fail('MALFORMED', 'json', `not valid JSON: ${(error as Error).message}`);
		}
	}
	if (!isRecord(value)) return fail('MALFORMED', 'fields', 'an entry is a JSON object');
	if (value.v !== ENTRY_VERSION && value.v !== LEGACY_VERSION) return fail('MALFORMED', 'version', `unsupported entry version ${JSON.stringify(value.v)}`);
	const version = value.v as EntryVersion;
	const fields = FIELDS[version];
	const missing = fields.filter((field) => !Object.hasOwn(value, field));
	const extra = Object.keys(value).filter((field) => !fields.includes(field));
	if (missing.length > 0 || extra.length > 0) return fail('MALFORMED', 'fields', `entry fields: missing [${missing}], extra [${extra}]`);
	let text: string;
	try {
		text = canonicalJson(value);
	} catch (error) {
		return fail('MALFORMED', 'value', (error as Error).message);
	}
	const bytes = utf8ToBytes(text);
	if (bytes.length > MAX_ENTRY_BYTES) return fail('OVERSIZED', 'size', `an entry is at most ${MAX_ENTRY_BYTES} bytes`);
	if (!isGameId(value.game)) return fail('MALFORMED', 'value', 'game must be 8 to 32 bytes in base64url (11 to 43 characters)');
	if (!KINDS_OF[version].includes(value.kind as EntryKind)) return fail('MALFORMED', 'value', `unknown kind ${JSON.stringify(value.kind)} in version ${version}`);
	if (!isPublicKey(value.author)) return fail('MALFORMED', 'value', 'author must be a public key (43 base64url characters)');
	if (!isSignature(value.sig)) return fail('MALFORMED', 'value', 'sig must be 86 base64url characters');
	for (const link of version === 2 ? (['last'] as const) : (['prev', 'last'] as const)) {
		if (value[link] !== null && !isHash(value[link])) return fail('MALFORMED', 'value', `${link} must be an entry id (43 base64url characters) or null`);
	}
	if (version === 2) {
		const deps = depsProblem(value);
		if (deps !== null) return fail('MALFORMED', 'value', deps);
	}
	if (!isRecord(value.body)) return fail('MALFORMED', 'fields', 'body must be an object');
	const problem = bodyProblem(version, value.kind as EntryKind, value.body);
	if (problem !== null) return fail('MALFORMED', 'value', problem);
	const entry = value as unknown as Entry;
	return { ok: true, entry, id: bytesToBase64url(sha256(bytes)), signed: signedPart(text, bytes, entry), text };
}

/**
 * `signedBytes(entry)` cut from the entry's canonical text: keys sort as author, body, (deps,) game,
 * kind, last, (prev,) sig, v, so the text ends with `,"sig":"…","v":1}` and the signed part is the text
 * without its `"sig":"…",` member (both ASCII). Saves encoding the entry a second time.
 */
function signedPart(text: string, bytes: Uint8Array, entry: Entry): Uint8Array {
	const tail = `,"sig":"${entry.sig}","v":${entry.v}}`;
	const end = `,"v":${entry.v}}`;
	if (!text.endsWith(tail)) return signedBytes(entry);
	const keep = bytes.length - tail.length;
	const out = new Uint8Array(keep + end.length);
	out.set(bytes.subarray(0, keep));
	for (let i = 0; i < end.length; i++) out[keep + i] = end.charCodeAt(i);
	return out;
}
