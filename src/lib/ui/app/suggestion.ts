/**
 * A suggested move in words: what the normal bot would play, described like a log line, with one
 * line of why for an attack (its chance of success by the engine's odds) and the cards it names
 * (to highlight on the table). Pure over the engine's state.
 */
import { attackOdds, step, type CardId, type GameState, type PlayerAction, type Seat } from '../../engine/index.js';
import { translate, type Locale } from '../i18n/index.js';
import { describe } from '../words/index.js';
import { cardName } from '../words/names.js';

export interface Explained {
	readonly text: string;
	/** One line of why (an attack's chance), or null. */
	readonly why: string | null;
	readonly cards: readonly CardId[];
}

const CARD_FIELDS = ['card', 'attacker', 'target', 'group', 'from', 'to', 'master'] as const;

/** The cards an action names (attacker, target, aids, the card moved or played…). */
export function cardsOf(action: PlayerAction): CardId[] {
	const fields = action as unknown as Record<string, unknown>;
	const named = CARD_FIELDS.map((field) => fields[field]).filter((value): value is string => typeof value === 'string');
	const aids = Array.isArray(fields.aids) ? (fields.aids as unknown[]).filter((value): value is string => typeof value === 'string') : [];
	return [...new Set([...named, ...aids])];
}

/** `viewer`: the seat the hint is for (its own Specials are named, as its log names them). */
export function explain(state: GameState, action: PlayerAction, locale: Locale, viewer: Seat | null = null): Explained {
	const result = step(state, action);
	const text = describe(state, action, result.ok ? result.state : state, locale, { viewer });
	let why: string | null = null;
	if (action.type === 'attack') {
		const odds = attackOdds(state, { seat: action.seat, kind: action.kind, attacker: action.attacker, target: action.target, aids: action.aids });
		why = translate(locale, 'bots.suggestion.attack', { target: cardName(action.target, locale), attacker: cardName(action.attacker, locale), chance: Math.round((odds.probability.numerator / 36) * 100) });
	}
	return { text, why, cards: cardsOf(action) };
}
