/**
 * Refusals in words: every code the engine (RULE_ERROR_CODES), the protocol (PROTOCOL_ERROR_CODES),
 * the deck and a session (SESSION_ERROR_CODES) can return gets a player-facing explanation in each
 * language (messages/errors.ts). The technical English `message` beside a code stays for logs.
 * The words are a chunk loaded once the page runs (later.svelte.ts, texts.ts).
 */
import { RULE_ERROR_CODES } from '../../engine/index.js';
import { PROTOCOL_ERROR_CODES, SESSION_ERROR_CODES, type ChatCode, type DeckErrorCode } from '../../session/for-ui.js';
import { getLocale, type Locale, type Params } from '../i18n/index.js';
import { refusalTextsLater } from './later.svelte.js';

export { loadRefusalTexts } from './later.svelte.js';

/** The card deck's codes (protocol/deck): a shuffle, a partial decryption or a seal that does not hold. */
const DECK_CODE_SET = {
	BAD_INPUT: true,
	BAD_DECK: true,
	BAD_SEED: true,
	SHUFFLE_MISMATCH: true,
	BAD_PARTIAL: true,
	BAD_PROOF: true,
	NOT_ENOUGH_PARTIALS: true,
	NOT_A_CARD: true,
	BAD_SEAL: true,
	SEAL_NOT_OPENED: true,
} as const satisfies Record<DeckErrorCode, true>;

export const DECK_ERROR_CODES = Object.keys(DECK_CODE_SET) as DeckErrorCode[];

/** The chat's codes (protocol/chat): a message refused by the table's chat. */
const CHAT_CODE_SET = {
	MALFORMED: true,
	OVERSIZED: true,
	TOO_LONG: true,
	BAD_SIGNATURE: true,
	WRONG_GAME: true,
	DUPLICATE: true,
	UNKNOWN_SEAT: true,
	NOT_SEAT_HOLDER: true,
	SEQ_REUSED: true,
	TIME_BACKWARDS: true,
	TOO_FAST: true,
	BAD_SEAL: true,
} as const satisfies Record<ChatCode, true>;

export const CHAT_ERROR_CODES = Object.keys(CHAT_CODE_SET) as ChatCode[];

/** Each layer owns its codes; the UI keeps only their words. */
export { PROTOCOL_ERROR_CODES, SESSION_ERROR_CODES };

/** Every code with an explanation. */
export const EXPLAINED_CODES: readonly string[] = [...new Set<string>([...RULE_ERROR_CODES, ...PROTOCOL_ERROR_CODES, ...DECK_ERROR_CODES, ...CHAT_ERROR_CODES, ...SESSION_ERROR_CODES])];

/**
 * What a refusal means for the player, in their language; an unknown code still gets a sentence.
 * The bare code until the words are loaded (markup reading it draws again when they arrive).
 */
export function explainError(code: string, params: Params = {}, locale: Locale = getLocale()): string {
	return refusalTextsLater()?.refusalText(code, params, locale) ?? code;
}
