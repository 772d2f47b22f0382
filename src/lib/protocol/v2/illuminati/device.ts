/**
 * What an honest device does with the Hidden Illuminati deal (deal.ts): shuffles when its turn
 * comes (its seed one-way from its box secret, so a reload finds the same one), seals its partial
 * of every other seat's card to that seat, opens its own card from the seals (complaining about a
 * seal that does not open to a valid partial), answers an accusation (a right one by showing its
 * card with proof, a wrong one by "no"), and reveals its seed once the game is over.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToBase64url } from '../../base64url.js';
import { combine, complainSeal, openSealed, partialDecryption, sealPartial, shuffle, type PartialDecryption } from '../../deck/index.js';
import type { IlluminatiBody } from './bodies.js';
import { illuminatiContext, lastDeck, nextShuffler, positionOf, type IlluminatiDeal, type Seat } from './deal.js';

export interface DealKeys {
	readonly seat: Seat;
	readonly boxSecret: bigint;
	/** The seat's secret share of the group key. */
	readonly share: bigint;
	readonly random: (n: number) => Uint8Array;
}

/** What a device knows of its own card once opened: its number and the t partials that prove it. */
export interface OwnIlluminati {
	readonly card: number;
	readonly partials: readonly PartialDecryption[];
}

/** The 32-byte shuffle seed of a seat for this deck: one-way from its box secret (revealing it reveals nothing else). */
export function illuminatiSeed(game: string, seat: Seat, boxSecret: bigint): Uint8Array {
	return sha256(utf8ToBytes(JSON.stringify(['fnord-v2:hidden-illuminati-seed', game, seat, boxSecret.toString(16)])));
}

/** The next body this device posts for the deal (shuffle, seals, a complaint, the seed), or null. */
export function nextDealBody(deal: IlluminatiDeal, keys: DealKeys, ended: boolean): IlluminatiBody | null {
	const { seat } = keys;
	const { game, order, boxKeys } = deal.setup;
	const context = illuminatiContext(game);
	if (ended) {
		const mine = deal.steps.some((s) => s.seat === seat);
		return mine && !deal.seeds.has(seat) ? { type: 'seed', seat, seed: bytesToBase64url(illuminatiSeed(game, seat, keys.boxSecret)) } : null;
	}
	if (deal.final === null) {
		if (nextShuffler(deal) !== seat) return null;
		const step = shuffle({ game: context, seat, deck: lastDeck(deal), groupKey: deal.setup.groupKey, seed: illuminatiSeed(game, seat, keys.boxSecret) });
		return step.ok ? { type: 'shuffle', seat, cards: step.value.deck, commitment: step.value.commitment } : null;
	}
	for (const owner of order) {
		if (owner === seat || deal.seals.get(owner)?.has(seat)) continue;
		const position = positionOf(deal, owner);
		const sealed = sealPartial({ game: context, position, card: deal.final[position]!, seat, secret: keys.share, to: owner, boxKey: boxKeys[owner]!, random: keys.random });
		if (sealed.ok) return { type: 'seal', seat, to: owner, box: sealed.value.box };
	}
	return complaintAbout(deal, keys);
}

/** A complaint about the first seal to this seat that does not open to a valid partial, or null. */
function complaintAbout(deal: IlluminatiDeal, keys: DealKeys): IlluminatiBody | null {
	const { seat } = keys;
	const position = positionOf(deal, seat);
	if (position < 0 || deal.final === null) return null;
	const context = illuminatiContext(deal.setup.game);
	const boxKey = deal.setup.boxKeys[seat]!;
	for (const [from, box] of deal.seals.get(seat) ?? []) {
		const seal = { kind: 'partial' as const, from, to: seat, position, box };
		const opened = openSealed({ game: context, position, card: deal.final[position]!, shareKeys: deal.setup.shareKeys, t: deal.setup.t, seal, seat, boxSecret: keys.boxSecret, boxKey });
		if (opened.ok || deal.complaints.has(`${seat} ${from}`)) continue;
		const complaint = complainSeal({ game: context, seal, boxSecret: keys.boxSecret, boxKey, random: keys.random });
		if (complaint.ok) return { type: 'complain', seat, from, shared: complaint.value.shared, proof: complaint.value.proof };
	}
	return null;
}

/**
 * This seat's own card, opened from the seals to it and its own partial (every proof checked), or
 * null while fewer than t − 1 valid seals are in. No other seat can do this: the seals open only
 * with this seat's box secret, and fewer than t partials unmask nothing.
 */
export function openOwnIlluminati(deal: IlluminatiDeal, keys: DealKeys): OwnIlluminati | null {
	const { seat } = keys;
	const position = positionOf(deal, seat);
	if (position < 0 || deal.final === null) return null;
	const context = illuminatiContext(deal.setup.game);
	const card = deal.final[position]!;
	const check = { game: context, position, card, shareKeys: deal.setup.shareKeys, t: deal.setup.t };
	const partials: PartialDecryption[] = [];
	for (const [from, box] of deal.seals.get(seat) ?? []) {
		if (partials.length >= deal.setup.t - 1) break;
		const opened = openSealed({ ...check, seal: { kind: 'partial', from, to: seat, position, box }, seat, boxSecret: keys.boxSecret, boxKey: deal.setup.boxKeys[seat]! });
		if (opened.ok) partials.push(opened.value);
	}
	if (partials.length < deal.setup.t - 1) return null;
	const own = partialDecryption({ game: context, position, card, seat, secret: keys.share, random: keys.random });
	if (!own.ok) return null;
	partials.push(own.value);
	const number = combine({ card, partials, t: deal.setup.t, position });
	return number.ok ? { card: number.value, partials } : null;
}

/** The body that shows this seat's card to all (to answer a right accusation or to play it face up). */
export function showBody(seat: Seat, own: OwnIlluminati): IlluminatiBody {
	return { type: 'show', seat, partials: own.partials.map((p) => ({ seat: p.seat, share: p.share })) };
}

/**
 * The answer to an accusation naming `named` (a card number): the card shown with proof when the
 * accusation is right, else "no" (the engine records the denial; the opening at the end checks it).
 */
export function answerAccusation(seat: Seat, own: OwnIlluminati, named: number): { readonly show: IlluminatiBody } | { readonly deny: true } {
	return own.card === named ? { show: showBody(seat, own) } : { deny: true };
}
