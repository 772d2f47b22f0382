/**
 * Deals (Gifts and Trades). An offer made to the bot is accepted when the exchange, played through
 * the engine, leaves the bot better off by its own evaluation, which counts the rivals' gains
 * against it (so handing a rival its winning group never helps). The bot makes an offer on its own
 * turn when one exchange helps it and, by the same evaluation from the other seat's side, also
 * helps the other seat (an offer it would not accept is not worth making). Gifts: never.
 */
import {
	anySpecialsOf,
	choicesFor,
	step,
	visibleOffers,
	type CardId,
	type GameState,
	type AcceptOfferAction,
	type LegalAction,
	type OfferAction,
	type OfferSide,
	type PlayerAction,
	type Seat,
} from '../engine/index.js';
import { amountBuckets } from './amounts.js';
import { expected, settle } from './settle.js';
import { partnerValueOf, valueOf, type Thinking } from './thinking.js';
import { WIN } from './evaluate.js';
import { nextTurnWin, stepsToWin } from './threat.js';

/** What a bot wants to gain from a deal, in evaluation units, before it accepts or offers one. */
export const ACCEPT_MARGIN = 1;
const OFFER_MARGIN = 2;

/** The accepted exchange played through, valued for the bot and for the other party; `threat`: what
 * the partner's better chance of winning on its next turn costs the bot (`dealThreat`), so that
 * selling a rival its last steps to a goal is never worth the price. */
function exchangeValues(thinking: Thinking, state: GameState, accepted: GameState, other: Seat): { mine: number; theirs: number; threat: number } {
	const outcomes = settle(accepted, { me: thinking.seat, secret: thinking.secret }, thinking.counter);
	const share = thinking.level.dealThreat ?? 0;
	const before = share > 0 ? nextTurnWin(stepsToWin(state, state.players[other]!)) : 0;
	return {
		mine: expected(outcomes, (next) => valueOf(thinking, next)) - valueOf(thinking, state),
		theirs: expected(outcomes, (next) => partnerValueOf(thinking, next, other)) - partnerValueOf(thinking, state, other),
		threat: share <= 0 ? 0 : share * 0.9 * WIN * expected(outcomes, (next) => Math.max(0, nextTurnWin(stepsToWin(next, next.players[other]!)) - before)),
	};
}

/** The bot's gain from an exchange, less its share of the other party's gain (hard): with the
 * share 1/(players left − 1), a deal is taken only if it helps the bot more than the partner's gain
 * takes from it. A partner's loss is not counted as a gain. */
function netGain(thinking: Thinking, state: GameState, { mine, theirs, threat }: { mine: number; theirs: number; threat: number }): number {
	mine -= threat;
	const share = thinking.level.dealRivalShare ?? 0;
	if (share <= 0) return mine;
	const rivals = state.players.filter((player) => !player.eliminated && player.illuminati !== null).length - 1;
	return mine - (share / Math.max(1, rivals)) * Math.max(0, theirs);
}

/** The bot as it weighs deals: its own weights with `dealWeights` added (once per decision). */
function dealing(thinking: Thinking): Thinking {
	const extra = thinking.level.dealWeights;
	return extra === undefined ? thinking : { ...thinking, level: { ...thinking.level, weights: { ...thinking.level.weights, ...extra } } };
}

/** The answer to the first open offer made to the bot, or null when none is open. An offer that
 * leaves Specials to the bot's choice is weighed with each pick the engine lists; the best counts. */
export function answerOffer(bot: Thinking, state: GameState, legal: readonly LegalAction[]): PlayerAction | null {
	const thinking = dealing(bot);
	for (const offer of visibleOffers(state, thinking.seat)) {
		if (offer.to !== thinking.seat) continue;
		let best: { accept: PlayerAction; gain: number } | null = null;
		for (const option of legal) {
			const accept = option.action;
			if (accept.type !== 'acceptOffer' || accept.offer !== offer.id) continue;
			const result = step(state, accept);
			thinking.counter.steps++;
			if (!result.ok) continue;
			const gain = netGain(thinking, state, exchangeValues(thinking, state, result.state, offer.from));
			if (best === null || gain > best.gain) best = { accept, gain };
		}
		if (best !== null && best.gain > ACCEPT_MARGIN) return best.accept;
		const decline = legal.find((option) => option.action.type === 'declineOffer' && option.action.offer === offer.id)?.action;
		if (decline !== undefined) return decline;
	}
	return null;
}

const NOTHING: OfferSide = { money: 0, specials: [], groups: [] };

/** Exchanges worth trying with one other seat: a group or a Special against money, either way
 * (money in coarse buckets). A Special the bot was not shown is asked for as one of the seat's
 * choice (engine/offer-choice.ts): how many it holds is public, which they are is not. */
function templates(state: GameState, me: Seat, other: Seat, fine: boolean, known: readonly (readonly CardId[])[] | null): { give: OfferSide; take: OfferSide }[] {
	const mine = state.players[me]!;
	const theirs = state.players[other]!;
	const myMoney = mine.structure[mine.illuminati!]?.money ?? 0;
	const theirMoney = theirs.structure[theirs.illuminati!]?.money ?? 0;
	const out: { give: OfferSide; take: OfferSide }[] = [];
	const groupsMayMove = state.phase.kind === 'turn' && state.turn?.step === 'actions' && (state.turn?.actionsLeft ?? 0) > 0;
	for (const money of amountBuckets(myMoney, fine)) {
		if (groupsMayMove) {
			for (const group of Object.keys(theirs.structure)) {
				if (group !== theirs.illuminati) out.push({ give: { ...NOTHING, money }, take: { ...NOTHING, groups: [group] } });
			}
		}
		for (const card of new Set(known?.[other] ?? theirs.hand)) out.push({ give: { ...NOTHING, money }, take: { ...NOTHING, specials: [card] } });
		if (known !== null && theirs.hand.length > known[other]!.length) out.push({ give: { ...NOTHING, money }, take: { ...NOTHING, anySpecials: 1 } });
	}
	for (const money of amountBuckets(theirMoney, fine)) {
		for (const card of new Set(mine.hand)) out.push({ give: { ...NOTHING, specials: [card] }, take: { ...NOTHING, money } });
	}
	return out;
}

/**
 * The offer accepted by `other` as the bot expects it to: a Special left to its choice is the one
 * it would miss least by its own evaluation (as the bot reads it, on the view's sampled hand).
 */
function acceptedAsPartner(thinking: Thinking, state: GameState, offer: number, other: Seat, take: OfferSide): GameState | null {
	const plain: AcceptOfferAction = { type: 'acceptOffer', seat: other, offer };
	const picks = anySpecialsOf(take) === 0 ? [undefined] : choicesFor(state, state.offers.find((o) => o.id === offer)!, other);
	let best: { state: GameState; value: number } | null = null;
	for (const chosen of picks) {
		const accepted = step(state, chosen === undefined ? plain : { ...plain, chosen });
		thinking.counter.steps++;
		if (!accepted.ok) continue;
		if (picks.length === 1) return accepted.state;
		const value = partnerValueOf(thinking, accepted.state, other);
		if (best === null || value > best.value) best = { state: accepted.state, value };
	}
	return best?.state ?? null;
}

/** Who an offer goes to and what it exchanges: the same key for the same offer made again. */
export function offerKey(offer: OfferAction): string {
	return JSON.stringify([offer.to, offer.give, offer.take]);
}

/** The best offer that helps both parties by the bot's reckoning, or null; offers in `made` (this
 * turn's, by offerKey) are not made again, so a declined one gives way to the next best (the same
 * group at a higher price, or another). `known`: the Specials the bot can be sure each seat holds
 * (view.ts knownHands); without it, the hands in `state`. */
export function makeOffer(bot: Thinking, state: GameState, made: ReadonlySet<string> = new Set(), known: readonly (readonly CardId[])[] | null = null): OfferAction | null {
	const thinking = dealing(bot);
	let best: { offer: OfferAction; gain: number } | null = null;
	for (const other of state.players) {
		if (other.seat === thinking.seat || other.eliminated || other.illuminati === null) continue;
		for (const { give, take } of templates(state, thinking.seat, other.seat, thinking.level.fineOffers ?? false, known)) {
			if (thinking.exhausted()) return best?.offer ?? null;
			const offer: OfferAction = { type: 'offer', seat: thinking.seat, to: other.seat, give, take, private: true };
			if (made.size > 0 && made.has(offerKey(offer))) continue;
			const open = step(state, offer);
			thinking.counter.steps++;
			if (!open.ok) continue;
			const accepted = acceptedAsPartner(thinking, open.state, state.offerCount, other.seat, take);
			if (accepted === null) continue;
			const values = exchangeValues(thinking, state, accepted, other.seat);
			const gain = netGain(thinking, state, values);
			if (gain > OFFER_MARGIN && values.theirs > ACCEPT_MARGIN && (best === null || gain > best.gain)) best = { offer, gain };
		}
	}
	return best?.offer ?? null;
}
