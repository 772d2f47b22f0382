/**
 * Signed log entries. An entry is plain JSON: { v, game, kind, body, author, prev, last, sig }.
 * The signature covers the engine's canonical JSON of everything but `sig`; the entry id is the
 * SHA-256 of the canonical JSON of the whole signed entry, so formatting never changes an id.
 * Keys, signatures, ids and hash values are canonical base64url (base64url.ts), hashes full SHA-256.
 * Parsing checks the envelope and each kind's body shape; rules are checked during replay.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, type GameOptions, type PlayerAction } from '../engine/index.js';
import { base64urlToBytes, bytesToBase64url, isBase64url } from './base64url.js';
import { isPublicKey, isSignature, sign, type Identity } from './crypto.js';

export const ENTRY_VERSION = 1;
/** An entry's encoded size limit, in UTF-8 bytes. */
export const MAX_ENTRY_BYTES = 4096;
/** The longest hash chain a join or commit may announce. */
export const MAX_CHAIN_LENGTH = 4096;

export type EntryKind = 'create' | 'join' | 'action' | 'reveal' | 'commit' | 'fork';
export const ENTRY_KINDS: readonly EntryKind[] = ['create', 'join', 'action', 'reveal', 'commit', 'fork'];

/** A hash-chain commitment: tip = H^length(secret). */
export interface ChainCommit {
	readonly tip: string;
	readonly length: number;
}

export interface Bodies {
	readonly create: { readonly options: GameOptions };
	readonly join: { readonly seat: number; readonly chain: ChainCommit };
	readonly action: PlayerAction;
	readonly reveal: { readonly seat: number; readonly event: number; readonly value: string };
	readonly commit: { readonly seat: number; readonly chain: ChainCommit };
	readonly fork: { readonly parent: string; readonly index: number; readonly parentHash: string };
}

export interface UnsignedEntry<K extends EntryKind = EntryKind> {
	readonly v: typeof ENTRY_VERSION;
	readonly game: string;
	readonly kind: K;
	readonly body: Bodies[K];
	/** The author's public key (base64url). */
	readonly author: string;
	/** The id of the last entry in the log the author had seen, or null. */
	readonly prev: string | null;
	/** The id of the author's own previous entry in this game, or null. */
	readonly last: string | null;
}

export interface Entry<K extends EntryKind = EntryKind> extends UnsignedEntry<K> {
	readonly sig: string;
}

export type ParseProblem = 'size' | 'json' | 'version' | 'fields' | 'value';

export type ParsedEntry =
	| { readonly ok: true; readonly entry: Entry; readonly id: string; readonly signed: Uint8Array; /** canonical JSON */ readonly text: string }
	| { readonly ok: false; readonly code: 'MALFORMED' | 'OVERSIZED'; readonly problem: ParseProblem; readonly message: string };

const FIELDS = ['v', 'game', 'kind', 'body', 'author', 'prev', 'last', 'sig'];
const BODY_FIELDS: Record<EntryKind, readonly string[] | null> = {
	create: ['options'],
	join: ['seat', 'chain'],
	action: null,
	reveal: ['seat', 'event', 'value'],
	commit: ['seat', 'chain'],
	fork: ['parent', 'index', 'parentHash'],
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

/** The bytes an entry's signature covers. */
export function signedBytes(entry: UnsignedEntry): Uint8Array {
	const { v, game, kind, body, author, prev, last } = entry;
	return utf8ToBytes(canonicalJson({ v, game, kind, body, author, prev, last }));
}

export function entryId(entry: Entry): string {
	return sha256Text(canonicalJson(entry));
}

/** Signs an entry and encodes it as the canonical JSON text stored in the log. */
export function signEntry<K extends EntryKind>(identity: Identity, entry: Omit<UnsignedEntry<K>, 'v' | 'author'>): string {
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

/** The shape of a kind's body (not its legality). */
function bodyProblem(kind: EntryKind, body: Record<string, unknown>): string | null {
	const fields = BODY_FIELDS[kind];
	if (fields !== null) {
		const missing = fields.filter((field) => !Object.hasOwn(body, field));
		const extra = Object.keys(body).filter((field) => !fields.includes(field));
		if (missing.length > 0 || extra.length > 0) return `${kind} body fields: missing [${missing}], extra [${extra}]`;
	}
	switch (kind) {
		case 'create':
			return isRecord(body.options) ? null : 'create: options must be an object';
		case 'join':
		case 'commit':
			return isIndex(body.seat) ? chainProblem(body.chain) : `${kind}: seat must be a whole number`;
		case 'action':
			if (typeof body.type !== 'string' || body.type === 'random' || body.type === 'fixed') return 'action: a player action with a type';
			return isIndex(body.seat) ? null : 'action: seat must be a whole number';
		case 'reveal':
			if (!isIndex(body.seat) || !isIndex(body.event)) return 'reveal: seat and event must be whole numbers';
			return isHash(body.value) ? null : 'reveal: value must be a hash (43 base64url characters)';
		case 'fork':
			if (!isGameId(body.parent) || !isIndex(body.index)) return 'fork: parent must be a game id, index a whole number';
			return isHash(body.parentHash) ? null : 'fork: parentHash must be a hash (43 base64url characters)';
	}
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
	if (value.v !== ENTRY_VERSION) return fail('MALFORMED', 'version', `unsupported entry version ${JSON.stringify(value.v)}`);
	const missing = FIELDS.filter((field) => !Object.hasOwn(value, field));
	const extra = Object.keys(value).filter((field) => !FIELDS.includes(field));
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
	if (!ENTRY_KINDS.includes(value.kind as EntryKind)) return fail('MALFORMED', 'value', `unknown kind ${JSON.stringify(value.kind)}`);
	if (!isPublicKey(value.author)) return fail('MALFORMED', 'value', 'author must be a public key (43 base64url characters)');
	if (!isSignature(value.sig)) return fail('MALFORMED', 'value', 'sig must be 86 base64url characters');
	for (const link of ['prev', 'last'] as const) {
		if (value[link] !== null && !isHash(value[link])) return fail('MALFORMED', 'value', `${link} must be an entry id (43 base64url characters) or null`);
	}
	if (!isRecord(value.body)) return fail('MALFORMED', 'fields', 'body must be an object');
	const problem = bodyProblem(value.kind as EntryKind, value.body);
	if (problem !== null) return fail('MALFORMED', 'value', problem);
	const entry = value as unknown as Entry;
	return { ok: true, entry, id: bytesToBase64url(sha256(bytes)), signed: signedPart(text, bytes, entry), text };
}

/**
 * `signedBytes(entry)` cut from the entry's canonical text: keys sort as author, body, game, kind,
 * last, prev, sig, v, so the text ends with `,"sig":"…","v":1}` and the signed part is the text
 * without its `"sig":"…",` member (both ASCII). Saves encoding the entry a second time.
 */
function signedPart(text: string, bytes: Uint8Array, entry: Entry): Uint8Array {
	const tail = `,"sig":"${entry.sig}","v":${ENTRY_VERSION}}`;
	const end = `,"v":${ENTRY_VERSION}}`;
	if (!text.endsWith(tail)) return signedBytes(entry);
	const keep = bytes.length - tail.length;
	const out = new Uint8Array(keep + end.length);
	out.set(bytes.subarray(0, keep));
	for (let i = 0; i < end.length; i++) out[keep + i] = end.charCodeAt(i);
	return out;
}
