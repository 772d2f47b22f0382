/**
 * The Hidden Illuminati deal (rule option hiddenIlluminati; docs/deck.md, "Hidden Illuminati"):
 * what a replay tracks and checks of the second masked deck, the one of the Illuminati cards.
 *
 * The same construction as the secret deck (Barnett–Smart mental poker with a threshold ElGamal
 * key, ../../deck/): the open deck of the game's Illuminati card points is re-masked and permuted
 * by every seat in turn (shuffle steps checked at once by `checkShuffle`, audited at the end from
 * the revealed seeds); the card at position k belongs to the k-th seat dealt (`order[k]`); every
 * other seat seals its Chaum–Pedersen-proved partial decryption of that card to its owner (ECIES to
 * the owner's box key), so the owner alone combines t of them. Every hash and proof is bound to the
 * context `illuminatiContext(game)`, distinct from the draw deck's.
 *
 * A card is shown to all only with t partials that verify (`show`): a seat cannot show another
 * card than the one dealt to it. A "no" to an accusation and a statement of Power and Income are
 * claims the engine records publicly; the opening at the end (`seed` from every shuffler) gives
 * every seat's card, and the engine's `illuminatiClaimFaults` names each liar.
 *
 * Plain data (arrays, Maps), no exception on bad input: each refusal names its code and seat, and a
 * proven fault is kept in `faults` (the caller treats it like equivocation).
 */
import { auditShuffles, checkShuffle, judgeSealComplaint, openDeck, parseSeal, shufflePermutation, verifyReveal, type MaskedCard } from '../../deck/index.js';
import type { IlluminatiBody } from './bodies.js';

export type Seat = number;

/** The deck's context: the game id with a suffix, so no proof or seed of one deck serves the other. */
export const illuminatiContext = (game: string): string => `${game}/hidden-illuminati`;

export interface DealSetup {
	readonly game: string;
	/** Seats dealt, in seat order: the card at position k is `order[k]`'s. */
	readonly order: readonly Seat[];
	/** Card numbers of the Illuminati that may be dealt (sorted: the open deck's order). */
	readonly cards: readonly number[];
	readonly groupKey: string;
	/** Every seat's public share key Y_j and box key B_j, by seat. */
	readonly shareKeys: readonly string[];
	readonly boxKeys: readonly string[];
	readonly t: number;
}

export interface DealFault {
	readonly seat: Seat;
	readonly code: string;
	readonly message: string;
}

export interface DealRefusal {
	readonly code: string;
	readonly message: string;
	/** The seat at fault, when the refusal proves a fault (it is then in `faults` too). */
	readonly seat?: Seat;
}

export interface IlluminatiDeal {
	readonly setup: DealSetup;
	readonly open: readonly MaskedCard[];
	/** Shuffle steps in order, each checked at once. */
	readonly steps: { readonly seat: Seat; readonly commitment: string; readonly deck: readonly MaskedCard[] }[];
	/** Seats that may no longer shuffle (voted out, caught cheating): skipped. */
	readonly skipped: Set<Seat>;
	/** The dealt deck, once every shuffler in the order shuffled or was skipped. */
	final: readonly MaskedCard[] | null;
	/** Seals to each owner: owner → sender → box. */
	readonly seals: Map<Seat, Map<Seat, string>>;
	/** Cards shown with proof: seat → card number. */
	readonly shown: Map<Seat, number>;
	readonly complaints: Set<string>;
	readonly seeds: Map<Seat, string>;
	readonly faults: DealFault[];
	/** Once every shuffler's seed is in: each dealt seat's card number (null: the audit failed to open it). */
	opened: ReadonlyMap<Seat, number | null> | null;
	/** Seats named SEED_WITHHELD at the end by the table's vote (withheld.ts). */
	withheldSeeds?: Set<Seat>;
}

export function startDeal(setup: DealSetup): IlluminatiDeal {
	const open = openDeck([...setup.cards].sort((a, b) => a - b));
	if (!open.ok) throw new Error(`protocol bug: the Illuminati open deck: ${open.error.message}`);
	if (setup.order.length > setup.cards.length) throw new Error('protocol bug: more seats than Illuminati to deal');
	return { setup, open: open.value, steps: [], skipped: new Set(), final: null, seals: new Map(), shown: new Map(), complaints: new Set(), seeds: new Map(), faults: [], opened: null };
}

/** The card position dealt to `seat`, or -1. */
export const positionOf = (deal: IlluminatiDeal, seat: Seat): number => deal.setup.order.indexOf(seat);

/** The seat whose shuffle comes next, or null when every seat in the order shuffled or was skipped. */
export function nextShuffler(deal: IlluminatiDeal): Seat | null {
	const done = new Set(deal.steps.map((s) => s.seat));
	return deal.setup.order.find((seat) => !done.has(seat) && !deal.skipped.has(seat)) ?? null;
}

/** The deck the next shuffle takes. */
export const lastDeck = (deal: IlluminatiDeal): readonly MaskedCard[] => deal.steps.at(-1)?.deck ?? deal.open;

/** A seat that can no longer take part (voted out, caught cheating elsewhere): it is skipped in the shuffle. */
export function skipSeat(deal: IlluminatiDeal, seat: Seat): void {
	deal.skipped.add(seat);
	if (deal.final === null && nextShuffler(deal) === null) deal.final = lastDeck(deal);
}

function convict(deal: IlluminatiDeal, seat: Seat, code: string, message: string): DealRefusal {
	if (!deal.faults.some((f) => f.seat === seat && f.code === code)) deal.faults.push({ seat, code, message });
	return { code, message: `Seat ${seat}: ${message}`, seat };
}

const refuse = (code: string, message: string): DealRefusal => ({ code, message });

/** Applies one body whose author holds `body.seat` (checked by the caller). */
export function applyIlluminatiBody(deal: IlluminatiDeal, body: IlluminatiBody, ended: boolean): DealRefusal | null {
	if (body.type === 'seed') return seed(deal, body, ended);
	if (ended) return refuse('NO_DRAW', 'The game is over: the Illuminati deal takes only seeds now.');
	switch (body.type) {
		case 'shuffle':
			return shuffleStep(deal, body);
		case 'seal':
			return seal(deal, body);
		case 'show':
			return show(deal, body);
		case 'complain':
			return complain(deal, body);
	}
}

function shuffleStep(deal: IlluminatiDeal, body: Extract<IlluminatiBody, { type: 'shuffle' }>): DealRefusal | null {
	if (deal.final !== null) return refuse('BAD_SHUFFLE', 'The Illuminati are already dealt.');
	const next = nextShuffler(deal);
	if (next !== body.seat) return refuse('BAD_SHUFFLE', `It is seat ${next}'s turn to shuffle the Illuminati, not seat ${body.seat}'s.`);
	const before = lastDeck(deal);
	const checked = checkShuffle({ seat: body.seat, before: [...before], after: body.cards });
	if (!checked.ok) {
		deal.skipped.add(body.seat);
		const refusal = convict(deal, body.seat, 'BAD_SHUFFLE', checked.error.message);
		if (nextShuffler(deal) === null) deal.final = before;
		return refusal;
	}
	deal.steps.push({ seat: body.seat, commitment: body.commitment, deck: [...body.cards] });
	if (nextShuffler(deal) === null) deal.final = deal.steps.at(-1)!.deck;
	return null;
}

function seal(deal: IlluminatiDeal, body: Extract<IlluminatiBody, { type: 'seal' }>): DealRefusal | null {
	const position = positionOf(deal, body.to);
	if (deal.final === null || position < 0) return refuse('NO_DRAW', `No Illuminati is dealt to seat ${body.to} yet.`);
	if (body.to === body.seat) return refuse('BAD_SEAL', 'A seat does not seal its partial to itself.');
	const sealed = deal.seals.get(body.to) ?? new Map<Seat, string>();
	if (sealed.has(body.seat)) return refuse('BAD_SEAL', `Seat ${body.seat} already sealed its partial to seat ${body.to}.`);
	const game = illuminatiContext(deal.setup.game);
	const parsed = parseSeal({ game, seal: { kind: 'partial', from: body.seat, to: body.to, position, box: body.box }, boxKey: deal.setup.boxKeys[body.to]! });
	if (!parsed.ok) return convict(deal, body.seat, parsed.error.code, parsed.error.message);
	sealed.set(body.seat, body.box);
	deal.seals.set(body.to, sealed);
	return null;
}

/** Seat `seat` shows its own card with t partials: the proofs bind them to its position, so no other card can be shown. */
function show(deal: IlluminatiDeal, body: Extract<IlluminatiBody, { type: 'show' }>): DealRefusal | null {
	const position = positionOf(deal, body.seat);
	if (deal.final === null || position < 0) return refuse('NOT_IN_HAND', `No Illuminati is dealt to seat ${body.seat} yet.`);
	if (deal.shown.has(body.seat)) return refuse('NOT_IN_HAND', `Seat ${body.seat}'s Illuminati is already face up.`);
	const { shareKeys, t, game } = deal.setup;
	const result = verifyReveal({ game: illuminatiContext(game), position, card: deal.final[position]!, partials: body.partials, shareKeys, t });
	if (!result.ok) return convict(deal, body.seat, result.error.code, `its Illuminati shown does not hold: ${result.error.message}`);
	if (!deal.setup.cards.includes(result.value) || [...deal.shown.values()].includes(result.value)) {
		return refuse('SUBSTITUTED_CARD', `The card dealt to seat ${body.seat} is no Illuminati of this game, or one already shown: a shuffle was tampered with (the audit names who).`);
	}
	deal.shown.set(body.seat, result.value);
	return null;
}

function complain(deal: IlluminatiDeal, body: Extract<IlluminatiBody, { type: 'complain' }>): DealRefusal | null {
	const box = deal.seals.get(body.seat)?.get(body.from);
	const position = positionOf(deal, body.seat);
	if (box === undefined || deal.final === null) return refuse('NO_DRAW', `Seat ${body.from} sealed nothing to seat ${body.seat}.`);
	const key = `${body.seat} ${body.from}`;
	if (deal.complaints.has(key)) return refuse('FALSE_COMPLAINT', `The seal from seat ${body.from} to seat ${body.seat} was already judged.`);
	deal.complaints.add(key);
	const { game, shareKeys, t, boxKeys } = deal.setup;
	const context = illuminatiContext(game);
	const seal = { kind: 'partial' as const, from: body.from, to: body.seat, position, box };
	const complaint = { kind: 'partial' as const, from: body.from, to: body.seat, position, shared: body.shared, proof: body.proof };
	const verdict = judgeSealComplaint({ game: context, position, card: deal.final[position]!, shareKeys, t, seal, complaint, boxKeys });
	if (verdict === 'sender-cheated') {
		deal.seals.get(body.seat)!.delete(body.from);
		convict(deal, body.from, 'BAD_PARTIAL', `its seal to seat ${body.seat} does not hold a valid partial decryption (its owner's complaint shows it).`);
		return null;
	}
	return convict(deal, body.seat, 'FALSE_COMPLAINT', `it complained about a good seal from seat ${body.from}.`);
}

function seed(deal: IlluminatiDeal, body: Extract<IlluminatiBody, { type: 'seed' }>, ended: boolean): DealRefusal | null {
	if (!ended) return refuse('BAD_SEED', 'Seeds are revealed only when the game is over: they open every Illuminati.');
	if (!deal.steps.some((s) => s.seat === body.seat)) return refuse('BAD_SEED', `Seat ${body.seat} made no shuffle step.`);
	if (deal.seeds.has(body.seat)) return refuse('BAD_SEED', `Seat ${body.seat} already revealed its seed.`);
	deal.seeds.set(body.seat, body.seed);
	openAll(deal);
	return null;
}

/** Once every shuffler's seed is in: every step re-run and checked, then each dealt seat's card opened. */
function openAll(deal: IlluminatiDeal): void {
	if (deal.opened !== null || deal.final === null || !deal.steps.every((s) => deal.seeds.has(s.seat))) return;
	const { game, groupKey, order, cards } = deal.setup;
	const context = illuminatiContext(game);
	const failures = auditShuffles({ game: context, groupKey, open: deal.open, steps: deal.steps.map((s) => ({ seat: s.seat, deck: s.deck, commitment: s.commitment, seed: deal.seeds.get(s.seat) })) });
	for (const failure of failures) if (failure.seat !== undefined) convict(deal, failure.seat, failure.code, failure.message);
	let numbers: readonly number[] = [...cards].sort((a, b) => a - b);
	for (const s of deal.steps) {
		const perm = shufflePermutation({ game: context, seat: s.seat, n: numbers.length, seed: deal.seeds.get(s.seat)! });
		const before = numbers;
		numbers = perm === null ? numbers : perm.map((from) => before[from]!);
	}
	const clean = failures.length === 0;
	deal.opened = new Map(order.map((seat, position) => [seat, clean ? numbers[position]! : (deal.shown.get(seat) ?? null)]));
}
