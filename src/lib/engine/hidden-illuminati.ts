/**
 * Hidden Illuminati (ES "Illuminati ocultos", FR "Illuminati dissimulés"), rule option
 * `hiddenIlluminati`: the Illuminati cards stay face down; only its owner knows which one it is.
 * A player may use less than its Illuminati's Power and Income (it states what it plays with,
 * accusation.ts); another player may spend an action on an accusation, and a right one turns the
 * card face up for the rest of the game. Alternative rule (`hiddenIlluminatiBluff`): an
 * unidentified Illuminati may overstate its Power and/or Income by one.
 *
 * What this module holds: the option's shape, the state's record (who is identified, what each
 * seat plays with, the claims to check at the end) and what each viewer may know.
 *
 * Two deals. Without the secret deck the public coin deals the Illuminati: the engine knows every
 * card, answers accusations at once, and the option hides only what the table shows. In a
 * secret-deck game (`secretDeal`) a masked deck of the Illuminati deals them (protocol
 * v2/illuminati/, docs/deck.md): the public state holds a face-down stand-in per seat
 * (cards/face-down.ts) until the seat shows its card with proof (hidden-illuminati-deal.ts); an
 * accusation waits for the accused's answer; a "no" and every statement are claims, checked when
 * every card opens at the end (`illuminatiClaimFaults`, accusation.ts).
 */
import type { CardId, GameState, RuleOptions, Seat } from './types.js';

/** The option fields. Absent means off, so games without them keep their canonical options. */
export const HIDDEN_ILLUMINATI_RULE_KEYS = ['hiddenIlluminati', 'hiddenIlluminatiBluff'] as const;

/** What a seat plays its face-down Illuminati with (accusation.ts `stateIlluminati`). */
export interface StatedUse {
	readonly power: number;
	readonly income: number;
}

/** The last accusation, for the table to show (its result is public: the card turns or not). */
export interface Accusation {
	readonly seat: Seat;
	readonly target: Seat;
	readonly illuminati: CardId;
	readonly right: boolean;
}

/** What a seat said under the secret deal, checked when every card opens at the end. */
export type IlluminatiClaim =
	| { readonly kind: 'deny'; readonly seat: Seat; readonly illuminati: CardId }
	| { readonly kind: 'state'; readonly seat: Seat; readonly power: number; readonly income: number };

export interface HiddenIlluminatiState {
	/** Seats whose Illuminati a right accusation (or its own showing) turned face up, in order. */
	readonly identified: readonly Seat[];
	/** What each unidentified seat stated it plays with; a seat absent here uses the printed values. */
	readonly stated: Readonly<Record<string, StatedUse>>;
	readonly lastAccusation: Accusation | null;
	/** Secret deal: the accusation waiting for the accused's answer (its card shown, or "no"). */
	readonly pending?: { readonly seat: Seat; readonly target: Seat; readonly illuminati: CardId } | null;
	/** Secret deal: every "no" and every statement, for the check at the end. */
	readonly claims?: readonly IlluminatiClaim[];
	/** Secret deal: seats whose starting treasury is paid (by their first statement or their card shown). */
	readonly started?: readonly Seat[];
	/** Secret deal: seats that asked to reveal their card (hidden-illuminati-reveal.ts), until their device shows it. */
	readonly revealing?: readonly Seat[];
	/** Only in a seat's view (`illuminatiViewFor`), never in the public state: that seat's own card. */
	readonly own?: { readonly seat: Seat; readonly card: CardId };
}

export const NO_HIDDEN_ILLUMINATI: HiddenIlluminatiState = { identified: [], stated: {}, lastAccusation: null };

/** Null when the option fields are absent or booleans, the bluff only with the rule itself. */
export function hiddenIlluminatiOptionsProblem(rules: RuleOptions): string | null {
	for (const key of HIDDEN_ILLUMINATI_RULE_KEYS) {
		if (rules[key] !== undefined && typeof rules[key] !== 'boolean') return `rules.${key} must be a boolean`;
	}
	if (rules.hiddenIlluminatiBluff === true && rules.hiddenIlluminati !== true) return 'rules.hiddenIlluminatiBluff needs rules.hiddenIlluminati';
	return null;
}

export function hiddenIlluminatiOn(state: GameState): boolean {
	return state.options.rules.hiddenIlluminati === true;
}

/** The Illuminati are dealt by the masked Illuminati deck: the public state holds face-down stand-ins. */
export function secretDeal(state: GameState): boolean {
	return hiddenIlluminatiOn(state) && state.options.secretDeck === true;
}

/** The key of a device's knowledge (engine/knowledge.ts, position → card) that holds its seat's own
 * face-down Illuminati under the secret deal: no masked-deck position is negative. */
export const OWN_ILLUMINATI = -1;

/**
 * The state as `seat` may know it under the secret deal: the same public state with the seat's own
 * card (opened by its device from the seals, protocol v2/illuminati/device.ts) noted for it alone,
 * so its limits and suspects are its own. A seatless viewer, or a seat whose card is not open yet,
 * gets the public state.
 */
export function illuminatiViewFor(state: GameState, seat: Seat | null, own: CardId | null): GameState {
	if (!secretDeal(state) || seat === null || own === null || isFaceUp(state, seat)) return state;
	return { ...state, hiddenIlluminati: { ...hiddenIlluminatiOf(state), own: { seat, card: own } } };
}

export function hiddenIlluminatiOf(state: GameState): HiddenIlluminatiState {
	return state.hiddenIlluminati ?? NO_HIDDEN_ILLUMINATI;
}

/** Whether `seat`'s Illuminati is face up: always without the option; with it, once identified,
 * once the seat is out of the game (its card goes out of play, face up) or the game is over. */
export function isFaceUp(state: GameState, seat: Seat): boolean {
	if (!hiddenIlluminatiOn(state) || state.phase.kind === 'over') return true;
	const player = state.players[seat];
	if (player === undefined || player.eliminated) return true;
	return hiddenIlluminatiOf(state).identified.includes(seat);
}

/** The seat playing `card` as its Illuminati, if it is face down. */
function hiddenSeatOf(state: GameState, card: CardId): Seat | null {
	if (!hiddenIlluminatiOn(state)) return null;
	for (const player of state.players) {
		if (player.illuminati === card) return isFaceUp(state, player.seat) ? null : player.seat;
	}
	return null;
}

/** The most a face-down Illuminati may state over its real value: 1 with the bluff rule. */
export function bluffAllowance(state: GameState): number {
	return state.options.rules.hiddenIlluminatiBluff === true ? 1 : 0;
}

/** The Power a card attacks with: a face-down Illuminati's stated Power, else `real`. */
export function usedPower(state: GameState, card: CardId, real: number): number {
	const seat = hiddenSeatOf(state, card);
	if (seat === null) return real;
	return hiddenIlluminatiOf(state).stated[seat]?.power ?? real;
}

/** A face-down Illuminati's aid moves with its statement: `transferable` plus the stated change. */
export function usedTransferable(state: GameState, card: CardId, transferable: number, realPower: number): number {
	return Math.max(0, transferable + usedPower(state, card, realPower) - realPower);
}

/** The income `seat`'s Illuminati collects: its stated Income while face down, else `printed`. */
export function usedIncome(state: GameState, seat: Seat, printed: number): number {
	if (isFaceUp(state, seat)) return printed;
	return hiddenIlluminatiOf(state).stated[seat]?.income ?? printed;
}

/** What `viewer` knows of `seat`'s Illuminati: the card, or null while it is face down to it.
 * A seatless viewer (null) sees only the face-up cards. */
export function illuminatiSeenBy(state: GameState, viewer: Seat | null, seat: Seat): CardId | null {
	const card = state.players[seat]?.illuminati ?? null;
	const own = hiddenIlluminatiOf(state).own;
	if (viewer === seat && viewer !== null) return own?.seat === seat ? own.card : card;
	return isFaceUp(state, seat) ? card : null;
}
