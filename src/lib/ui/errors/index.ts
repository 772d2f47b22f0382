/**
 * Refusals in words: every code the engine (RULE_ERROR_CODES), the protocol (ProtocolCode) and a
 * session's act/claim/start (ActResult) can return gets a player-facing explanation in each
 * language (messages/errors.ts). The technical English `message` beside a code stays for logs.
 */
import { RULE_ERROR_CODES } from '../../engine/index.js';
import type { DeckErrorCode, ProtocolCode } from '../../session/for-ui.js';
import { getLocale, hasMessage, translate, type Locale, type Params } from '../i18n/index.js';

/** The protocol's refusal codes. `satisfies` makes a new ProtocolCode without an entry here a type error. */
const PROTOCOL_CODE_SET = {
	MALFORMED: true,
	OVERSIZED: true,
	BAD_SIGNATURE: true,
	DUPLICATE: true,
	NO_GAME: true,
	WRONG_GAME: true,
	BAD_CHAIN: true,
	EQUIVOCATION: true,
	NOT_SEAT_HOLDER: true,
	UNKNOWN_SEAT: true,
	SEAT_TAKEN: true,
	BAD_REVEAL: true,
	BAD_COMMIT: true,
	BAD_FORK: true,
	WRONG_VERSION: true,
	BAD_DEAL: true,
	BAD_KEYS: true,
	BAD_SHARE: true,
	CHEATER: true,
	GAME_FORFEITED: true,
	BROKEN: true,
	NOT_FORKER: true,
	BAD_CARRY: true,
	VOTE_ANSWERED: true,
} as const satisfies Record<ProtocolCode, true>;

export const PROTOCOL_ERROR_CODES = Object.keys(PROTOCOL_CODE_SET) as ProtocolCode[];

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

/** Codes a GameSession returns of its own before anything reaches the log (session/game-session.ts). */
export const SESSION_ERROR_CODES = ['NO_GAME', 'NOT_SEAT_HOLDER', 'UNKNOWN_SEAT', 'SEAT_TAKEN', 'READ_ONLY', 'NOT_AWAITED', 'ALREADY_VOTED'] as const;

/** Every code with an explanation. */
export const EXPLAINED_CODES: readonly string[] = [...new Set<string>([...RULE_ERROR_CODES, ...PROTOCOL_ERROR_CODES, ...DECK_ERROR_CODES, ...SESSION_ERROR_CODES])];

/** What a refusal means for the player, in their language; an unknown code still gets a sentence. */
export function explainError(code: string, params: Params = {}, locale: Locale = getLocale()): string {
	if (/^[A-Z_]+$/.test(code) && hasMessage(`errors.${code}`, locale)) return translate(locale, `errors.${code}`, params);
	return translate(locale, 'errors.unknown', { code });
}
