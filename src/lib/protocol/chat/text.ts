/**
 * A chat message's text rules and the chat's refusals (docs/protocol.md, "Chat"). The shape is
 * the engine's `{ ok: false, error: { code, message } }`; the codes are this module's.
 */
import type { Refusal, Result } from '../../engine/index.js';

/** A message's text: at most this many characters (Unicode code points). */
export const MAX_CHAT_CHARS = 500;

/** Why a chat message is refused (the codes of this module; the shape is the engine's `{ ok: false, error: { code, message } }`). */
export type ChatCode =
	| 'MALFORMED'
	| 'OVERSIZED'
	| 'TOO_LONG'
	| 'BAD_SIGNATURE'
	| 'WRONG_GAME'
	| 'DUPLICATE'
	| 'UNKNOWN_SEAT'
	| 'NOT_SEAT_HOLDER'
	| 'SEQ_REUSED'
	| 'TIME_BACKWARDS'
	| 'TOO_FAST'
	| 'BAD_SEAL';

export type ChatRefusal = Refusal<ChatCode>;
export type ChatResult<T> = Result<{ readonly value: T }, ChatCode>;

export const chatOk = <T>(value: T): ChatResult<T> => ({ ok: true, value });
export const chatFail = <T = never>(code: ChatCode, message: string): ChatResult<T> => ({ ok: false, error: { code, message } });

/** Control characters other than a line break. */
const CONTROL = /[^\P{Cc}\n]/u;

/** The characters of a text as a reader counts them (code points). */
export function chatLength(text: string): number {
	let n = 0;
	for (const _ of text) n++;
	return n;
}

/** Whether `text` may be a message: some visible character, no control character but line breaks, at most MAX_CHAT_CHARS. */
export function checkChatText(text: unknown): ChatResult<string> {
	if (typeof text !== 'string' || text.trim() === '') return chatFail('MALFORMED', 'a message has some text');
	if (!text.isWellFormed()) return chatFail('MALFORMED', 'a message is well-formed Unicode (no lone surrogate)');
	if (CONTROL.test(text)) return chatFail('MALFORMED', 'a message holds no control character but line breaks');
	if (chatLength(text) > MAX_CHAT_CHARS) return chatFail('TOO_LONG', `a message is at most ${MAX_CHAT_CHARS} characters`);
	return chatOk(text);
}

