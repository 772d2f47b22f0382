/**
 * The sentence for what a player did: one per player action type (ACTION_TYPES in
 * engine/schema.ts). Facts come from the action and the states around it; the consequences that
 * follow (results, income, turns, endings) are told by events.ts.
 */
import { answeredOffer, attackOdds, type Action, type OfferSide, type PlayerAction } from '../../engine/index.js';
import { CARDS, type CardId } from '../../engine/cards/index.js';
import { totalMoney } from '../../engine/index.js';
import type { Words } from './context.js';
import { translate } from '../i18n/index.js';
import { goalText } from '../cards/abilities.js';

/** "10 MB, Bribery and Yuppies": what one side of an offer or gift hands over. */
function offerSide(w: Words, side: OfferSide, holder: number, other: number): string {
	const parts: string[] = [];
	if (side.money > 0) parts.push(w.say('mb', { amount: side.money }));
	if (side.specials.length > 0) parts.push(w.specials(side.specials, holder, other));
	parts.push(...side.groups.map((id) => w.cardName(id)));
	// Specials of the receiver's choice (engine/offer-choice.ts): only their number is known.
	if ((side.anySpecials ?? 0) > 0) parts.push(w.say('specials.ofChoice', { count: side.anySpecials! }));
	return w.list(parts);
}

/** The attack or defence an entry takes part in, from the state it was made in. */
function currentAttack(w: Words) {
	const phase = w.before.phase;
	return phase.kind === 'attack' || phase.kind === 'afterRoll' ? phase.attack : null;
}

function moneyDelta(w: Words, seat: number): number {
	const before = w.before.players[seat];
	const after = w.after.players[seat];
	return before && after ? totalMoney(after) - totalMoney(before) : 0;
}

function attackLine(w: Words, action: Extract<Action, { type: 'attack' }>): string[] {
	const lines = [
		w.say(`attack.${action.kind}`, {
			...w.group('attacker', action.attacker),
			...w.player('who', action.seat),
			...w.group('target', action.target),
		}),
	];
	if (action.aids.length > 0) lines.push(w.say('attack.aids', { aids: w.cardList(action.aids), count: action.aids.length }));
	if (action.privilege?.kind === 'discard') lines.push(w.say('attack.privilegeDiscard', { card: w.cardName(action.privilege.card) }));
	if (action.privilege?.kind === 'bavarian') lines.push(w.say('attack.privilegeBavarian', { amount: -moneyDelta(w, action.seat) }));
	if (action.whispering) lines.push(w.say('attack.whispering', { card: w.cardName('whispering-campaign') }));
	const phase = w.after.phase;
	if (phase.kind === 'attack') lines.push(w.say('attack.odds', oddsParams(w, phase.attack)));
	return lines;
}

function oddsParams(w: Words, attack: Parameters<typeof attackOdds>[1]) {
	const odds = attackOdds(w.after, attack);
	return { needed: odds.needed, percent: Math.round((100 * odds.probability.numerator) / odds.probability.denominator) };
}

function spendLine(w: Words, action: Extract<Action, { type: 'spend' }>): string {
	const attack = currentAttack(w);
	const role = action.side ?? (attack?.seat === action.seat ? 'attack' : 'defend');
	// Spending from one's own Illuminati goes without saying; another treasury is named.
	const own = w.before.players[action.seat]?.illuminati === action.from;
	return w.say(`spend.${role}`, { ...w.player('who', action.seat), amount: action.amount, from: w.cardName(action.from), src: own ? 'own' : 'other' });
}

function specialLine(w: Words, action: Extract<Action, { type: 'playSpecial' }>): string {
	const base = { ...w.player('who', action.seat), card: w.cardName(action.card) };
	if (action.target !== undefined) return w.say('special.on', { ...base, target: w.group('t', action.target).t! });
	if (action.player !== undefined) return w.say('special.on', { ...base, target: w.player('p', action.player).p! });
	const chain = w.before.chain;
	if (chain !== null && CARDS[action.card]?.kind === 'special') {
		const answered = chain.plays[action.cancels ?? chain.plays.length - 1];
		if (answered !== undefined) return w.say('special.against', { ...base, other: w.cardList(answered.cards) });
	}
	return w.say('special.play', base);
}

/** The card placed by a placement entry: the head of the queue (or the received group). */
function placedCard(w: Words): CardId | null {
	const phase = w.before.phase;
	if (phase.kind !== 'placement') return null;
	return phase.placement.queue[0]?.card ?? null;
}

function placedMaster(w: Words): CardId | null {
	const phase = w.before.phase;
	return phase.kind === 'placement' ? (phase.placement.queue[0]?.master ?? null) : null;
}

export function actionLines(w: Words, action: PlayerAction): string[] {
	const who = w.player('who', action.seat);
	switch (action.type) {
		case 'commitGoal':
			return [w.say('commitGoal', who)];
		case 'revealGoal':
			return [w.say('revealGoal', { ...who, goal: goalText(action.goal, w.locale) })];
		case 'declineClaim':
			return [w.say('declineClaim', who)];
		case 'pay': {
			const amount = action.sources.reduce((sum, s) => sum + s.amount, 0);
			return [w.say(`pay.${action.reason}`, { ...who, amount, from: w.cardList(action.sources.map((s) => s.card)) })];
		}
		case 'attack':
			return attackLine(w, action);
		case 'aid':
			return [w.say('aid', { ...who, ...w.group('card', action.card) })];
		case 'spend':
			return [spendLine(w, action)];
		case 'playSpecial':
			return [specialLine(w, action)];
		case 'abolishPrivilege':
			return [w.say(w.before.chain !== null && action.cards.length === 1 ? 'replaceSpecial' : 'abolishPrivilege', { ...who, cards: w.cardList(action.cards) })];
		case 'passWindow':
			return [w.say('passWindow', who)];
		case 'passSpending':
			return [w.say('passSpending', who)];
		case 'callOff':
			return [w.say('callOff', who)];
		case 'placeCapture':
		case 'placeReceived': {
			const card = placedCard(w);
			const master = action.type === 'placeReceived' ? action.master : placedMaster(w);
			if (card === null || master === null) return [w.say('placeUnknown', who)];
			return [w.say('place', { ...who, card: w.cardName(card), master: w.cardName(master), side: w.common(`side.${action.side}`) })];
		}
		case 'placePuppet':
			if (action.side === null) return [w.say('placePuppet.drop', { ...who, ...w.card('card', action.card) })];
			return [w.say('place', { ...who, card: w.cardName(action.card), master: w.cardName(placedMaster(w) ?? action.card), side: w.common(`side.${action.side}`) })];
		case 'captureTransfer': {
			const capture = w.before.turn?.lastCapture;
			if (!capture) return [w.say('captureTransfer.plain', { ...who, amount: action.amount })];
			return [w.say('transfer.action', { ...who, amount: action.amount, from: w.cardName(capture.attacker), to: w.cardName(capture.target) })];
		}
		case 'transfer':
			return [w.say(`transfer.${action.mode}`, { ...who, amount: action.amount, from: w.cardName(action.from), to: w.cardName(action.to) })];
		case 'move':
			return [w.say('move', { ...who, card: w.cardName(action.card), master: w.cardName(action.master), side: w.common(`side.${action.side}`) })];
		case 'drop':
			return [w.say('drop', { ...who, ...w.card('card', action.card) })];
		case 'passTurn':
			return [w.say('passTurn', { ...who, amount: moneyDelta(w, action.seat) })];
		case 'endActions':
			return [w.say('endActions', who)];
		case 'endTurn':
			return [w.say('endTurn', who)];
		case 'redistribute':
			return [w.say('redistribute', who)];
		case 'reorganize':
			return [w.say('reorganize', who)];
		case 'editAlignment':
			return [w.say(`editAlignment.${action.op}`, { ...who, target: w.cardName(action.target), alignment: w.common(`alignment.${action.alignment}`) })];
		case 'recycle':
			return [w.say('recycle', { ...who, amount: -moneyDelta(w, action.seat) })];
		case 'offer': {
			const to = w.player('to', action.to);
			// A sealed offer's terms are in its boxes (session/sealed-offers.ts): the log tells only that it was made.
			if (action.private && (action.commitment !== undefined || (w.viewer !== action.seat && w.viewer !== action.to))) return [w.say('offer.private', { ...who, ...to })];
			const lines = [w.say('offer', { ...who, ...to, give: offerSide(w, action.give, action.seat, action.to), take: offerSide(w, action.take, action.to, action.seat) })];
			if (action.note) lines.push(w.say('offer.note', { note: action.note }));
			return lines;
		}
		case 'acceptOffer':
		case 'declineOffer':
		case 'withdrawOffer': {
			const offer = answeredOffer(w.before, action);
			const other = offer === undefined ? null : action.type === 'withdrawOffer' ? offer.to : offer.from;
			if (other === null) return [w.say(`${action.type}.unknown`, who)];
			// The Specials picked for an offer that left them to the receiver's choice, named like a gift's.
			if (action.type === 'acceptOffer' && offer !== undefined && action.chosen !== undefined && action.chosen.length > 0) {
				return [w.say('acceptOffer.chosen', { ...who, ...w.player('other', other), cards: w.specials(action.chosen, action.seat, offer.from) })];
			}
			return [w.say(action.type, { ...who, ...w.player('other', other) })];
		}
		case 'give': {
			const parts: string[] = [];
			if (action.money > 0) parts.push(w.say('mb', { amount: action.money }));
			if (action.specials.length > 0) parts.push(w.specials(action.specials, action.seat, action.to));
			return [w.say('give', { ...who, ...w.player('to', action.to), what: w.list(parts) })];
		}
		case 'leave':
			return [w.say('leave', who)];
		case 'declareAbsent':
			return [w.say('declareAbsent', { ...who, ...w.player('target', action.target) })];
		case 'returnPresent':
			return [w.say('returnPresent', who)];
		case 'viewSpecials':
			return [w.say('viewSpecials', { ...who, ...w.player('target', action.player) })];
		case 'skipPlayer':
			return [w.say('skipPlayer', { ...who, ...w.player('target', action.target) })];
		case 'waiveTax':
			return [w.say('waiveTax', { ...who, ...w.player('target', action.target) })];
		case 'accuse': {
			if (w.after.hiddenIlluminati?.pending?.target === action.target) {
				return [translate(w.locale, 'hidden-illuminati.log.accuse.pending', { ...who, ...w.player('target', action.target), card: w.cardName(action.illuminati) })];
			}
			const right = w.after.hiddenIlluminati?.identified.includes(action.target) === true && w.before.hiddenIlluminati?.identified.includes(action.target) !== true;
			const params = { ...who, ...w.player('target', action.target), card: w.cardName(action.illuminati) };
			return [translate(w.locale, `hidden-illuminati.log.accuse.${right ? 'right' : 'wrong'}`, params)];
		}
		case 'stateIlluminati':
			return [translate(w.locale, 'hidden-illuminati.log.state', { ...who, power: action.power, income: action.income })];
		case 'denyAccusation': {
			const named = w.before.hiddenIlluminati?.pending?.illuminati;
			return [translate(w.locale, 'hidden-illuminati.log.deny', { ...who, card: named === undefined ? '?' : w.cardName(named) })];
		}
		case 'revealIlluminati':
			return revealIlluminatiLines(w, action);
		default:
			return unreachable(action);
	}
}

/** Hidden Illuminati: a seat turns its card face up (coin's deal: at once; secret deal: its device shows the proof next). */
function revealIlluminatiLines(w: Words, action: Extract<PlayerAction, { type: 'revealIlluminati' }>): string[] {
	const who = w.player('who', action.seat);
	const card = w.after.players[action.seat]?.illuminati ?? null;
	const shown = w.after.hiddenIlluminati?.identified.includes(action.seat) === true && card !== null;
	return [shown ? translate(w.locale, 'hidden-illuminati.log.revealed', { ...who, card: w.cardName(card) }) : translate(w.locale, 'hidden-illuminati.log.revealAsked', who)];
}

function unreachable(action: never): never {
	throw new Error(`no words for action ${JSON.stringify(action)}`);
}
