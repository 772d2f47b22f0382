/**
 * What a bot may see, and the copies it simulates on. Every bot reads the game only through
 * `viewFor(state, seat)`: it is the one place that decides what a seat knows.
 *
 * A seat may know how many Specials each other seat holds, not what they are (Basic rules, Special
 * cards). Without the secret deck the engine keeps every hand in the state (open in the data, hidden
 * on screen), so the view draws the other seats' cards again from those the seat has not seen (the
 * draw pile and their hands), keeping only what it was shown (Computer Espionage, an open offer
 * naming the card; `sampleHands`; before,
 * a hard bot priced an offer by a rival's face-down card: QA, session 16). Under the secret deck
 * (engine/hidden.ts) the public state holds hidden positions: the bot's own cards come from its
 * device's knowledge (engine/knowledge.ts), and every other hidden card is sampled from the unseen
 * pool with the bot's seed. Either way the rest of the bot works on a full, ordinary `GameState`
 * (secret deck off) unchanged. It never peeks: the sample uses only public facts and the seat's own
 * knowledge.
 *
 * What is already private is removed here: other seats' private offers, and what Computer
 * Espionage showed other seats (grants). A UFO's secret goal is never in the state at all; the bot
 * that plays the seat remembers it (secrets.ts).
 */
import { ByteStream, sha256Hex, visibleGrants, visibleOffers, type CardId, type GameState, type PlayerState, type Seat } from '../engine/index.js';
import { CARDS } from '../engine/cards/index.js';
import type { Knowledge } from '../engine/knowledge.js';
import { hideFaceDownIlluminati } from './hidden-illuminati.js';

export interface ViewSecrets {
	/** What the seat's device knows of hidden cards (its own draws, what Computer Espionage showed it). */
	readonly knowledge?: Knowledge;
	/** The bot's seed: other seats' hidden cards are sampled with it. */
	readonly seed?: string;
}

export function viewFor(state: GameState, seat: Seat, secrets: ViewSecrets = {}): GameState {
	const offers = visibleOffers(state, seat);
	const grants = visibleGrants(state, seat);
	const shown = offers.length === state.offers.length && grants.length === state.grants.length ? state : { ...state, offers, grants };
	// Hidden Illuminati: other seats' face-down cards hidden, its own known (hidden-illuminati.ts).
	const open = hideFaceDownIlluminati(shown, seat, secrets.knowledge);
	return open.options.secretDeck === true ? sampleHidden(open, seat, secrets) : sampleHands(open, seat, secrets);
}

/**
 * The Specials the seat can be sure each seat holds: its own hand, and of the others' what Computer
 * Espionage showed it; under the secret deck, the cards in the open and the hidden ones the seat's
 * knowledge names. A bot asks to buy only these: the view's sampled cards are guesses.
 */
export function knownHands(state: GameState, seat: Seat, secrets: ViewSecrets = {}): readonly (readonly CardId[])[] {
	if (state.options.secretDeck !== true) return state.players.map((player) => (player.seat === seat ? player.hand : shownOf(state, seat, player)));
	const knowledge = secrets.knowledge ?? {};
	return state.players.map((player) => [
		...player.hand,
		...(player.hidden ?? []).flatMap((position) => (knowledge[position] !== undefined && state.deck.includes(knowledge[position]!) ? [knowledge[position]!] : [])),
	]);
}

/**
 * The secret deck as one full state: known hidden cards (the seat's knowledge) put back, the rest
 * drawn from the unseen pool's Specials (a kept card is a Special by the rules) with the seed.
 */
function sampleHidden(state: GameState, seat: Seat, secrets: ViewSecrets): GameState {
	const knowledge = secrets.knowledge ?? {};
	let pool = [...state.deck];
	const take = (card: CardId) => {
		pool = pool.filter((c) => c !== card);
		return card;
	};
	const stream = new ByteStream(sha256Hex(`bot-view:${secrets.seed ?? ''}:${seat}:${state.accepted}`));
	const known = state.players.map((player) => (player.hidden ?? []).flatMap((position) => (knowledge[position] !== undefined && pool.includes(knowledge[position]!) ? [take(knowledge[position]!)] : [])));
	const players = state.players.map((player, i) => {
		const unknown = (player.hidden ?? []).filter((position) => knowledge[position] === undefined || !known[i]!.includes(knowledge[position]!));
		const sampled = unknown.map(() => {
			const specials = pool.filter((card) => CARDS[card]?.kind === 'special');
			const from = specials.length > 0 ? specials : pool;
			return take(from[stream.below(from.length)]!);
		});
		const { hidden: _hidden, ...rest } = player;
		return { ...rest, hand: [...player.hand, ...known[i]!, ...sampled] };
	});
	const { drawn: _drawn, ...rest } = state;
	return { ...rest, players, deck: pool, options: { ...state.options, secretDeck: false } };
}

/** The cards of `player`'s hand `seat` has been shown and that it still holds: by Computer
 * Espionage, or named as given in an open offer `seat` sees (the maker must hold them). */
function shownOf(state: GameState, seat: Seat, player: PlayerState): CardId[] {
	const left = player.hand.slice();
	const shown: CardId[] = [];
	const see = (card: CardId) => {
		const at = left.indexOf(card);
		if (at >= 0 && !shown.includes(card)) shown.push(left.splice(at, 1)[0]!);
	};
	for (const grant of state.grants) if (grant.viewer === seat && grant.subject.kind === 'hand' && grant.subject.seat === player.seat) grant.subject.cards.forEach(see);
	for (const offer of visibleOffers(state, seat)) if (offer.from === player.seat) offer.give.specials.forEach(see);
	return shown;
}

/**
 * Without the secret deck: each other seat's cards the seat has not been shown are replaced by
 * Specials drawn with the seed from every card it has not seen (the draw pile and those cards), in
 * an order that says nothing (sorted); the rest become the draw pile.
 */
function sampleHands(state: GameState, seat: Seat, secrets: ViewSecrets): GameState {
	const kept = state.players.map((player) => (player.seat === seat ? player.hand : shownOf(state, seat, player)));
	const unseen: CardId[] = [];
	state.players.forEach((player, i) => {
		const left = kept[i]!.slice();
		for (const card of player.hand) {
			const at = left.indexOf(card);
			if (at >= 0) left.splice(at, 1);
			else unseen.push(card);
		}
	});
	if (unseen.length === 0) return state;
	const pool = [...state.deck, ...unseen].sort();
	const stream = new ByteStream(sha256Hex(`bot-hands:${secrets.seed ?? ''}:${seat}:${state.accepted}`));
	const players = state.players.map((player, i) => {
		const missing = player.hand.length - kept[i]!.length;
		if (missing === 0) return player;
		const hand = kept[i]!.slice();
		// A card an open offer of this seat names that it no longer holds is never drawn back into its
		// hand: the engine checks the maker's real hand on acceptance, so the view must agree.
		const gone = new Set(visibleOffers(state, seat).flatMap((offer) => (offer.from === player.seat ? offer.give.specials : [])).filter((card) => !player.hand.includes(card)));
		for (let n = 0; n < missing; n++) {
			const allowed = gone.size === 0 ? pool : pool.filter((card) => !gone.has(card));
			const specials = allowed.filter((card) => CARDS[card]?.kind === 'special');
			const from = specials.length > 0 ? specials : allowed;
			const card = from[stream.below(from.length)]!;
			pool.splice(pool.indexOf(card), 1);
			hand.push(card);
		}
		return { ...player, hand };
	});
	return { ...state, players, deck: pool };
}

/**
 * A copy a bot may look ahead on: the same state in sandbox mode, so its lookahead can state an
 * attack's dice outright (a `fixed` entry) and read both outcomes exactly. It is never sent
 * anywhere; the real game keeps its own options.
 */
export function simulationCopy(state: GameState): GameState {
	if (state.options.sandbox) return state;
	return { ...state, options: { ...state.options, sandbox: true } };
}
