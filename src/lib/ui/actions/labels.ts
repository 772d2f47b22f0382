/**
 * Words on the action controls: card and player names, arrows, privileges, kinds of attack, odds
 * and a label for any listed entry. Labels, not sentences: a control names what it does.
 */
import { CARDS } from '$lib/engine/cards/index.js';
import { ownerOf, type AttackOdds, type CardId, type GameState, type LegalAction, type Modifier, type OfferSide, type PlayerAction, type Seat, type Side } from '$lib/engine/index.js';
import { getLocale, t } from '$lib/ui/i18n/index.js';
import { cardName, cardParams, joinList, playerName, playerParams } from '$lib/ui/words/names.js';
import type { AttackVariant, Privilege } from './attack-builder.js';

export function card(id: CardId): string {
	return cardName(id, getLocale());
}

export function cards(ids: readonly CardId[]): string {
	return ids.length === 0 ? t('actions.nothing') : joinList(ids.map(card), getLocale());
}

/** The grammatical number of a card's name ('one' or 'other'), for verbs that agree with it. */
export function cardNumber(id: CardId): string {
	return cardParams('c', id, getLocale()).cN!;
}

/** The grammatical number of a seat's name (its Illuminati's: "The UFOs attack"). */
export function seatNumber(state: GameState, seat: Seat): string {
	return playerParams('p', state, seat, getLocale()).pN!;
}

/** "Bavarian Illuminati (seat 1)". */
export function seatName(state: GameState, seat: Seat): string {
	return t('actions.seatName', { name: playerName(state, seat, getLocale()), seat: seat + 1 });
}

/** A group with who holds it: "Mafia (uncontrolled)", "CIA (Discordian Society)". */
export function cardWithOwner(state: GameState, id: CardId): string {
	const owner = ownerOf(state, id);
	if (owner === null) return t('actions.cardUncontrolled', { card: card(id) });
	if (state.players[owner]?.illuminati === id) return card(id);
	return t('actions.cardOwned', { card: card(id), owner: playerName(state, owner, getLocale()) });
}

/** "Mafia, right arrow". */
export function arrow(master: CardId, side: Side): string {
	return t('actions.arrow', { card: card(master), side: t(`common.side.${side}`) });
}

export function money(amount: number): string {
	return t('actions.mb', { amount });
}

/** Power/transferable power, for choosing attackers and aid. */
export function power(id: CardId): string {
	const data = CARDS[id];
	if (data === undefined || data.kind === 'special') return '';
	return t('actions.power', { power: data.power, transferable: data.transferable });
}

export function variant(value: AttackVariant): string {
	return value.whispering ? t('actions.kind.whispering', { card: card('whispering-campaign') }) : t(`actions.kind.${value.kind}`);
}

export function privilege(value: Privilege | null): string {
	if (value === null) return t('actions.privilege.none');
	return value.kind === 'bavarian' ? t('actions.privilege.bavarian') : t('actions.privilege.discard', { card: card(value.card) });
}

export function percent(odds: AttackOdds): number {
	return Math.round((100 * odds.probability.numerator) / odds.probability.denominator);
}

/** "Needs 7 or less: 21/36 (58%)". */
export function odds(value: AttackOdds): string {
	return t('actions.odds', { needed: value.needed, numerator: value.probability.numerator, percent: percent(value) });
}

export function modifier(value: Modifier): string {
	const name = t(`actions.modifier.${value.source}`, { card: value.card === undefined ? '' : card(value.card) });
	return t('actions.modifierLine', { name, value: value.value > 0 ? `+${value.value}` : String(value.value) });
}

export function offerSide(side: OfferSide): string {
	const parts: string[] = [];
	if (side.money > 0) parts.push(money(side.money));
	parts.push(...side.specials.map(card), ...side.groups.map(card));
	// Specials of the receiver's choice (engine/offer-choice.ts): a count, never names.
	if ((side.anySpecials ?? 0) > 0) parts.push(t('actions.anySpecials', { count: side.anySpecials! }));
	return parts.length === 0 ? t('actions.nothing') : joinList(parts, getLocale());
}

/** A label for one payment of the income step: "2 MB from Mafia", "1 MB from CIA and 1 MB from FBI". */
export function payment(action: Extract<PlayerAction, { type: 'pay' }>): string {
	const parts = action.sources.map((source) => t('actions.pay.from', { amount: source.amount, card: card(source.card) }));
	return joinList(parts, getLocale());
}

/** What a Special play aims at, if anything ("on Mafia", "Mafia onto CIA, top arrow", "cancels …"). */
export function specialTarget(state: GameState, action: Extract<PlayerAction, { type: 'playSpecial' }>): string {
	if (action.target !== undefined && action.master !== undefined && action.side !== undefined) {
		return t('actions.special.bribery', { target: card(action.target), arrow: arrow(action.master, action.side) });
	}
	// Computer Espionage's other use: a look at the money on one group.
	if (action.target !== undefined && action.card === 'computer-espionage') return t('actions.special.money', { target: cardWithOwner(state, action.target) });
	if (action.target !== undefined) return t('actions.special.on', { target: cardWithOwner(state, action.target) });
	if (action.player !== undefined) return t('actions.special.hand', { player: seatName(state, action.player) });
	if (action.cancels !== undefined) {
		const play = state.chain?.plays[action.cancels];
		if (play !== undefined) return t('actions.special.cancels', { cards: cards(play.cards), player: seatName(state, play.seat) });
	}
	if (action.treasuries !== undefined) return t('actions.special.treasuries');
	return t('actions.special.play');
}

/** A short label for any listed entry (buttons, lists, tests). */
export function legalLabel(state: GameState, legal: LegalAction): string {
	const action = legal.action;
	switch (action.type) {
		case 'attack':
			return t('actions.label.attack', { attacker: card(action.attacker), target: cardWithOwner(state, action.target), kind: variant({ kind: action.kind, whispering: action.whispering === true }) });
		case 'aid':
			return t('actions.label.aid', { card: card(action.card) });
		case 'spend':
			return t('actions.label.spend', { card: card(action.from) });
		case 'transfer':
		case 'captureTransfer':
			return action.type === 'transfer' ? t('actions.label.transfer', { from: card(action.from), to: card(action.to) }) : t('actions.captureTransfer');
		case 'pay':
			return payment(action);
		case 'playSpecial':
			return t('actions.label.special', { card: card(action.card), target: specialTarget(state, action) });
		case 'abolishPrivilege':
			return t('actions.label.abolish', { cards: cards(action.cards) });
		case 'placeCapture':
		case 'placePuppet':
		case 'placeReceived':
			return placementLabel(state, action);
		case 'move':
			return t('actions.label.move', { card: card(action.card), arrow: arrow(action.master, action.side) });
		case 'drop':
			return t('actions.label.drop', { card: card(action.card) });
		case 'editAlignment':
			return t('actions.label.alignment', { card: card(action.target), op: t(`actions.alignment.${action.op}`), alignment: t(`common.alignment.${action.alignment}`) });
		case 'revealGoal':
			return t('actions.label.reveal', { goal: card(action.goal) });
		case 'acceptOffer':
			if (action.chosen !== undefined) return t('actions.label.acceptOfferChosen', { id: action.offer + 1, cards: cards(action.chosen) });
			return t('actions.label.acceptOffer', { id: action.offer + 1 });
		case 'declineOffer':
		case 'withdrawOffer':
			return t(`actions.label.${action.type}`, { id: action.offer + 1 });
		case 'give':
			return t('actions.label.give', { what: offerSide({ money: action.money, specials: action.specials, groups: [] }), to: seatName(state, action.to) });
		case 'offer':
			return t('actions.offer.make');
		case 'declareAbsent':
			return t('actions.label.declareAbsent', { player: seatName(state, action.target), playerN: seatNumber(state, action.target) });
		case 'viewSpecials':
			return seatName(state, action.player);
		case 'skipPlayer':
		case 'waiveTax':
			return seatName(state, action.target);
		case 'accuse':
			return t('hidden-illuminati.label.accuse', { player: seatName(state, action.target), card: card(action.illuminati) });
		case 'stateIlluminati':
			return t('hidden-illuminati.label.state');
		case 'revealIlluminati':
			return t('hidden-illuminati.reveal.button');
		default:
			return t(`actions.button.${action.type}`);
	}
}

function placementLabel(state: GameState, action: Extract<PlayerAction, { type: 'placeCapture' | 'placePuppet' | 'placeReceived' }>): string {
	const placement = state.phase.kind === 'placement' ? state.phase.placement : null;
	const head = placement?.queue[0];
	if (action.type === 'placePuppet' && action.side === null) return t('actions.placement.release', { card: card(action.card) });
	if (action.type === 'placeReceived') return arrow(action.master, action.side);
	const master = head?.master ?? '';
	return arrow(master, action.side!);
}
