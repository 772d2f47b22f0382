/**
 * Words for the table in the current language: card names, accessible names of cards and arrows,
 * players, goals, card texts. Names and card texts come from the shared words (ui/words, ui/cards);
 * card texts are loaded once the page runs (ui/cards/later.svelte.ts): until then they are empty,
 * and markup showing them draws again when they arrive.
 */
import { CARDS } from '$lib/engine/cards/index.js';
import type { Alignment, Card, CardId, SpecialGoal } from '$lib/engine/cards/types.js';
import type { Seat } from '$lib/engine/index.js';
import { cardTextsLater } from '$lib/ui/cards/later.svelte.js';
import { getLocale, t } from '$lib/ui/i18n/index.js';
import { cardName as nameIn, cardParams, joinList } from '$lib/ui/words/names.js';
import type { AttackRole } from './status-view.js';
import type { ArrowView } from './structure-view.js';
import type { PlayerView } from './view.js';

export function cardData(id: CardId): Card | undefined {
	return Object.hasOwn(CARDS, id) ? CARDS[id] : undefined;
}

/** The card's name in the current language (the French name where the data has one). */
export function cardName(id: CardId): string {
	return nameIn(id, getLocale());
}

/** The grammatical number of a card's name ('one' or 'other'), for verbs that agree with it. */
export function cardNumber(id: CardId): string {
	return cardParams('c', id, getLocale()).cN!;
}

/** "A, B and C" in the current language. */
export function listText(items: readonly string[]): string {
	return joinList(items, getLocale());
}

export function cardNames(ids: readonly CardId[]): string {
	return listText(ids.map(cardName));
}

/** What a card does, one line per ability (a Special: when it is played and what it does); null until the texts are loaded. */
export function cardTextLines(card: Card): string[] | null {
	const locale = getLocale();
	const texts = cardTextsLater();
	if (texts === null) return null;
	return card.kind === 'special' ? [texts.specialText(card, locale)] : card.abilities.map((ability) => texts.abilityText(ability, locale));
}

/** The player's name when known, else "Seat 3" (seats count from 1 on screen). */
export function seatName(seat: Seat, names?: readonly (string | null | undefined)[]): string {
	return names?.[seat] ?? t('table.player.seat', { seat: seat + 1 });
}

/** "Seat 3 (The Network)": the seat (or name) with its Illuminati. */
export function playerLabel(seat: Seat, illuminati: CardId | null, names?: readonly (string | null | undefined)[]): string {
	const name = seatName(seat, names);
	return illuminati === null ? name : t('table.player.named', { name, illuminati: cardName(illuminati) });
}

export interface CardLabelInput {
	readonly card: CardId;
	/** Where it lies, already in words ("controlled by The Network", "uncontrolled"). */
	readonly where: string;
	readonly money?: number | null;
	readonly power?: number;
	readonly role?: AttackRole;
	readonly selectable?: boolean;
	readonly highlighted?: boolean;
}

/** The accessible name of a card: "CIA, controlled by The Network, power 6/4, resistance 6, 8 MB". */
export function cardLabel(input: CardLabelInput): string {
	const card = cardData(input.card);
	const parts = [cardName(input.card), input.where];
	if (card !== undefined && card.kind !== 'special') {
		parts.push(t('table.face.power', { power: input.power ?? card.power, transferable: card.transferable }));
		if (card.kind === 'group') parts.push(t('table.face.resistance', { resistance: card.resistance }));
	} else if (card !== undefined) parts.push(t('table.face.special'));
	if (input.money !== undefined && input.money !== null) parts.push(t('common.money', { amount: input.money }));
	if (input.role !== undefined) parts.push(t(`table.role.${input.role}`));
	if (input.highlighted) parts.push(t('table.highlighted'));
	if (input.selectable) parts.push(t('table.selectable'));
	return parts.join(', ');
}

export function arrowLabel(arrow: Pick<ArrowView, 'status' | 'facing'>): string {
	return t(`table.arrow.${arrow.status}`, { direction: t(`table.direction.${arrow.facing}`) });
}

export function alignmentNames(alignments: readonly Alignment[]): string {
	return alignments.length === 0 ? t('table.details.noAlignment') : alignments.map((a) => t(`common.alignment.${a}`)).join(', ');
}

/** A special goal in words; empty until the card texts are loaded. */
export function goalText(goal: SpecialGoal): string {
	return cardTextsLater()?.goalDescription(goal, getLocale()) ?? '';
}

export function playerGoalText(player: PlayerView): string {
	const goal = player.goal;
	if (goal.kind === 'none') return t('table.goal.none');
	if (goal.kind === 'secret') return t(goal.committed ? 'table.goal.secret' : 'table.goal.notChosen');
	return goal.revealed ? t('table.goal.revealed', { goal: goalText(goal.goal) }) : goalText(goal.goal);
}
