/**
 * Chat messages (docs/protocol.md, "Chat"): signed like log entries, kept in the game's document
 * beside the log (net/chat-doc.ts) and never replayed by the rules.
 *
 *   { "v": 1, "game": "<game id>", "author": "<Ed25519 key>", "seat": 0, "to": null, "seq": 0,
 *     "at": 1764123456789, "text": "hello", "sig": "<Ed25519 signature>" }
 *
 * - `seat`: the seat writing, held by `author` (the game's seat table says so; one key may hold
 *   several seats in hot seat). Spectators hold no seat and cannot write.
 * - `to`: null for the table (then `text` is the message), or the one seat it is for (then `box`
 *   holds it sealed to both seats, seal.ts; only the length bucket shows).
 * - `seq`: the author's own counter, from 0 with no gap; `at`: the time the author states (ms
 *   since 1970), never below its previous accepted message's.
 * - `sig`: Ed25519 over "fnord-chat-v1\0" ‖ the canonical JSON of every field but `sig` (the
 *   prefix keeps a message from ever reading as a log entry and back). The id is the SHA-256 of
 *   the canonical JSON of the whole message.
 *
 * Parsing is strict (exact fields, canonical base64url, at most MAX_CHAT_BYTES); the rest (seat
 * holder, sequence, time, rate) is judged by ChatBook (book.ts), which sees every message.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../../engine/index.js';
import { bytesToBase64url } from '../base64url.js';
import { isPublicKey, isSignature, sign, Verifier, type Identity } from '../crypto.js';
import { isGameId, MAX_ENTRY_BYTES } from '../entry.js';
import { isSealedSize } from './seal.js';
import { chatFail, chatOk, checkChatText, type ChatResult } from './text.js';

export const CHAT_VERSION = 1;
/** A message's encoded size (UTF-8 bytes): the update gate's cap for any string in the document. */
export const MAX_CHAT_BYTES = MAX_ENTRY_BYTES;
/** Per author: a token bucket on stated times, one message per `intervalMs`, at most `burst` at once. */
export const CHAT_RATE = { intervalMs: 2_000, burst: 8 } as const;
/** A message stated more than this ahead of the reader's clock waits until then (it cannot buy rate from the future). */
export const MAX_CLOCK_AHEAD_MS = 120_000;

const SIGN_PREFIX = utf8ToBytes('fnord-chat-v1\u0000');

interface Common {
	readonly v: typeof CHAT_VERSION;
	readonly game: string;
	readonly author: string;
	readonly seat: number;
	readonly seq: number;
	readonly at: number;
}
/** A message to the whole table. */
export interface TableMessage extends Common {
	readonly to: null;
	readonly text: string;
}
/** A message to one seat, sealed to it and to the writer's seat (seal.ts). */
export interface PrivateMessage extends Common {
	readonly to: number;
	readonly box: string;
}
export type UnsignedChat = TableMessage | PrivateMessage;
export type ChatMessage = UnsignedChat & { readonly sig: string };

export interface ParsedChat {
	readonly message: ChatMessage;
	/** SHA-256 of the canonical JSON, base64url. */
	readonly id: string;
	/** The canonical JSON text. */
	readonly text: string;
}

const TABLE_FIELDS = 'at,author,game,seat,seq,sig,text,to,v';
const PRIVATE_FIELDS = 'at,author,box,game,seat,seq,sig,to,v';
const isIndex = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
/** Seats and sequence numbers fit the 32-bit numbers of the sealing transcript. */
const isSmall = (value: unknown): value is number => isIndex(value) && (value as number) <= 0xffffffff;
/** The bytes a message's signature covers. */
export function chatSignedBytes(message: UnsignedChat): Uint8Array {
	const { sig: _sig, ...unsigned } = message as UnsignedChat & { sig?: string };
	return concatBytes(SIGN_PREFIX, utf8ToBytes(canonicalJson(unsigned)));
}

/** Signs a message with the author's key; the canonical JSON text to push to the chat. */
export function signChat(identity: Identity, message: Omit<TableMessage, 'v' | 'author'> | Omit<PrivateMessage, 'v' | 'author'>): string {
	const unsigned = { ...message, v: CHAT_VERSION, author: identity.publicKey } as UnsignedChat;
	return canonicalJson({ ...unsigned, sig: sign(identity.secretKey, chatSignedBytes(unsigned)) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A message of game `game` from its stored text, everything but its signature checked: MALFORMED,
 * OVERSIZED, TOO_LONG (table text) or WRONG_GAME (another game's message, copied here); else the
 * message, its id and its canonical text. `parseChat` and `parseChatAsync` add the signature.
 */
export function readChatMessage(input: unknown, game: string): ChatResult<ParsedChat> {
	if (typeof input !== 'string') return chatFail('MALFORMED', 'a chat message is a JSON string');
	if (input.length > MAX_CHAT_BYTES && utf8ToBytes(input).length > MAX_CHAT_BYTES) return chatFail('OVERSIZED', `a chat message is at most ${MAX_CHAT_BYTES} bytes`);
	let value: unknown;
	try {
		value = JSON.parse(input);
	} catch (error) {
		return chatFail('MALFORMED', `not valid JSON: ${(error as Error).message}`);
	}
	if (!isRecord(value)) return chatFail('MALFORMED', 'a chat message is a JSON object');
	const fields = Object.keys(value).sort().join();
	if (fields !== TABLE_FIELDS && fields !== PRIVATE_FIELDS) return chatFail('MALFORMED', `a chat message has exactly the fields ${TABLE_FIELDS} (table) or ${PRIVATE_FIELDS} (one seat)`);
	if (value.v !== CHAT_VERSION) return chatFail('MALFORMED', `unsupported chat version ${JSON.stringify(value.v)}`);
	let text: string;
	try {
		text = canonicalJson(value);
	} catch (error) {
		return chatFail('MALFORMED', (error as Error).message);
	}
	const bytes = utf8ToBytes(text);
	if (bytes.length > MAX_CHAT_BYTES) return chatFail('OVERSIZED', `a chat message is at most ${MAX_CHAT_BYTES} bytes`);
	if (!isGameId(value.game)) return chatFail('MALFORMED', 'game must be a game id');
	if (!isPublicKey(value.author) || !isSignature(value.sig)) return chatFail('MALFORMED', 'author and sig are a public key and a signature in canonical base64url');
	if (!isSmall(value.seat) || !isSmall(value.seq)) return chatFail('MALFORMED', 'seat and seq are whole numbers below 2^32');
	if (!isIndex(value.at)) return chatFail('MALFORMED', 'at is a time in whole milliseconds');
	if (fields === TABLE_FIELDS) {
		if (value.to !== null) return chatFail('MALFORMED', 'a table message is to null');
		const checked = checkChatText(value.text);
		if (!checked.ok) return checked;
	} else {
		if (!isSmall(value.to) || value.to === value.seat) return chatFail('MALFORMED', 'a message to one seat names another seat');
		if (typeof value.box !== 'string' || !isSealedSize(value.box)) return chatFail('MALFORMED', 'box is a sealed message in canonical base64url, of one of the padded sizes');
	}
	if (value.game !== game) return chatFail('WRONG_GAME', `a message of game ${value.game as string}, not of this game`);
	return chatOk({ message: value as unknown as ChatMessage, id: bytesToBase64url(sha256(bytes)), text });
}

const badSignature = () => chatFail('BAD_SIGNATURE', 'the signature does not verify for its author');

/**
 * A message of game `game` from its stored text (readChatMessage's refusals, or BAD_SIGNATURE);
 * else the message and its id. The signature is checked in pure JS, on the caller's thread.
 */
export function parseChat(input: unknown, game: string, verifier: Verifier): ChatResult<ParsedChat> {
	const read = readChatMessage(input, game);
	if (!read.ok) return read;
	const { message } = read.value;
	return verifier.verifySync(message.author, message.sig, chatSignedBytes(message)) ? read : badSignature();
}

/** parseChat with the Verifier's asynchronous check (WebCrypto where the Verifier has it): the same verdicts. */
export async function parseChatAsync(input: unknown, game: string, verifier: Verifier): Promise<ChatResult<ParsedChat>> {
	const read = readChatMessage(input, game);
	if (!read.ok) return read;
	const { message } = read.value;
	return (await verifier.verify(message.author, message.sig, chatSignedBytes(message))) ? read : badSignature();
}
