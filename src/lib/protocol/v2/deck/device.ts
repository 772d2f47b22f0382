/**
 * What an honest device does with the secret deck (docs/deck.md): shuffles when its turn comes
 * (its seed derived one-way from its box secret, so a reload finds the same seed), seals its partial
 * decryption to the drawer the rules name once the draw's opener is final (never earlier, never to
 * anyone else), opens its own draws and says what it drew (a group shown with proofs, a Special
 * kept), gives public partials for cards added face up, shows a hidden card with proofs when its
 * player plays it, and reveals its seed when the game is over. Its knowledge of hidden cards is
 * recomputed from the public log and its keys: nothing else needs keeping.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, type CardId, type Seat } from '../../../engine/index.js';
import type { Knowledge } from '../../../engine/knowledge.js';
import { CARDS } from '../../../engine/cards/index.js';
import { bytesToBase64url } from '../../base64url.js';
import { combine, complainSeal, openReveal, openSealed, partialDecryption, revealTo, sealPartial, shuffle, type PartialDecryption, type ShuffleStep } from '../../deck/index.js';
import type { CoreV2 } from '../core.js';
import type { DeckBody } from './bodies.js';
import { SHUFFLE_PART } from './bodies.js';
import { cardAt, keepingUnprovable, lastDeck, partsFor } from './core.js';
import { nextShuffler } from './handlers.js';

export interface DeckKeys {
	readonly game: string;
	readonly seat: Seat;
	readonly boxSecret: bigint;
	readonly boxKey: string;
	/** The seat's secret share of the group key (null until the key generation is over). */
	readonly share: bigint | null;
	readonly random: (n: number) => Uint8Array;
	/** Whether an entry is final (shares and seals wait for their draw's opener). */
	readonly isFinal: (id: string) => boolean;
}

/** The 32-byte shuffle seed of a seat: one-way from its box secret (revealing it reveals nothing else). */
export function shuffleSeed(game: string, seat: Seat, boxSecret: bigint): Uint8Array {
	return sha256(utf8ToBytes(canonicalJson(['fnord-v2:deck-shuffle-seed', game, seat, boxSecret.toString(16)])));
}

/** The entry the secret deck waits to be final (the shuffle's start, or the draw under way), or null. */
export function deckOpener(core: CoreV2): string | null {
	const deck = core.deck;
	if (deck === null) return null;
	return deck.final === null ? deck.opener : (deck.draw?.opener ?? null);
}

export class DeckDevice {
	/** Cards this device opened: `${game} ${position}` → card and the t partials that prove it. */
	readonly #opened = new Map<string, { card: CardId; partials: PartialDecryption[] }>();
	readonly #steps = new Map<string, ShuffleStep>();

	/** The next deck entry body for `keys.seat`, or null. */
	next(core: CoreV2, keys: DeckKeys): DeckBody | null {
		const deck = core.deck;
		const group = core.keygen?.group;
		if (deck === null || !group) return null;
		const { seat } = keys;
		const ended = core.engine?.phase.kind === 'over' || core.forfeit !== null || core.broken !== null;
		if (ended) {
			const mine = deck.steps.some((s) => s.seat === seat && s.deck !== null);
			return mine && !deck.seeds.has(seat) ? { type: 'seed', seat, seed: bytesToBase64url(shuffleSeed(keys.game, seat, keys.boxSecret)) } : null;
		}
		if (deck.final === null) return nextShuffler(core, deck) === seat && keys.isFinal(deck.opener) ? this.#shufflePart(core, keys) : null;
		const told = this.#tell(core, keys);
		if (told !== null) return told;
		const draw = deck.draw;
		if (draw === null || keys.share === null || !keys.isFinal(draw.opener)) return null;
		for (const position of draw.positions) {
			if (draw.results.has(position)) continue;
			const card = deck.final[position]!;
			if (draw.drawer === null) {
				if (draw.partials.get(position)?.has(seat)) continue;
				const partial = partialDecryption({ game: keys.game, position, card, seat, secret: keys.share, random: keys.random });
				if (partial.ok) return { type: 'partial', seat, position, share: partial.value.share };
			} else if (draw.drawer !== seat) {
				if (deck.seals.get(position)?.has(seat)) continue;
				const sealed = sealPartial({ game: keys.game, position, card, seat, secret: keys.share, to: draw.drawer, boxKey: core.seats[draw.drawer]!.box, random: keys.random });
				if (sealed.ok) return { type: 'seal', seat, to: draw.drawer, position, box: sealed.value.box };
			} else {
				// A seal that does not open to a valid partial is complained about first, so its sender is named.
				const complaint = this.#complaint(core, keys, position);
				if (complaint !== null) return complaint;
				const opened = this.open(core, keys, position);
				if (opened === null) continue;
				// A Special is kept unseen, unless the claims already made cover every unseen Special (then it is shown).
				const keep = CARDS[opened.card]?.kind === 'special' && !keepingUnprovable(core.engine!, deck, core.cheaters);
				return { type: 'drawn', seat, position, partials: keep ? null : opened.partials };
			}
		}
		return null;
	}

	readonly #badSeals = new Map<string, boolean>();

	/** A seal to this drawer that did not open to a valid partial, not yet judged: its complaint (deck/complaint.ts). */
	#complaint(core: CoreV2, keys: DeckKeys, position: number): DeckBody | null {
		const deck = core.deck!;
		const group = core.keygen!.group!;
		const check = { game: keys.game, position, card: deck.final![position]!, shareKeys: group.shareKeys, t: core.keygen!.t };
		for (const [from, sealed] of deck.seals.get(position) ?? []) {
			if (sealed.to !== keys.seat || deck.complaints.has(`${position} ${from}`)) continue;
			const seal = { kind: 'partial' as const, from, to: keys.seat, position, box: sealed.box };
			const cacheKey = `${keys.game} ${position} ${from} ${sealed.box}`;
			let bad = this.#badSeals.get(cacheKey);
			if (bad === undefined) {
				const opened = openSealed({ ...check, seal, seat: keys.seat, boxSecret: keys.boxSecret, boxKey: keys.boxKey });
				bad = !opened.ok && ['SEAL_NOT_OPENED', 'BAD_PARTIAL', 'BAD_PROOF'].includes(opened.error.code);
				this.#badSeals.set(cacheKey, bad);
			}
			if (!bad) continue;
			const complaint = complainSeal({ game: keys.game, seal, boxSecret: keys.boxSecret, boxKey: keys.boxKey, random: keys.random });
			if (complaint.ok) return { type: 'complain', seat: keys.seat, from, position, shared: complaint.value.shared, proof: complaint.value.proof };
		}
		return null;
	}

	/** Computer Espionage shown this seat's hand to another: each hidden card re-sealed to that seat, with proofs. */
	#tell(core: CoreV2, keys: DeckKeys): DeckBody | null {
		const deck = core.deck!;
		const hidden = core.engine?.players[keys.seat]?.hidden ?? [];
		for (const grant of core.engine?.grants ?? []) {
			if (grant.subject.kind !== 'hand' || grant.subject.seat !== keys.seat) continue;
			for (const position of grant.subject.positions ?? []) {
				if (!hidden.includes(position) || deck.tells.has(`${grant.viewer} ${position}`)) continue;
				const opened = this.open(core, keys, position);
				if (opened === null) continue;
				const sealed = revealTo({ game: keys.game, position, seat: keys.seat, partials: opened.partials, to: grant.viewer, boxKey: core.seats[grant.viewer]!.box, random: keys.random });
				if (sealed.ok) return { type: 'tell', seat: keys.seat, to: grant.viewer, position, box: sealed.value.box };
			}
		}
		return null;
	}

	#shufflePart(core: CoreV2, keys: DeckKeys): DeckBody | null {
		const deck = core.deck!;
		const before = lastDeck(deck);
		const cacheKey = `${keys.game} ${keys.seat} ${before[0]} ${before.length}`;
		let step = this.#steps.get(cacheKey);
		if (step === undefined) {
			const made = shuffle({ game: keys.game, seat: keys.seat, deck: before, groupKey: core.keygen!.group!.publicKey, seed: shuffleSeed(keys.game, keys.seat, keys.boxSecret) });
			if (!made.ok) return null;
			step = made.value;
			this.#steps.set(cacheKey, step);
		}
		const current = deck.steps.find((s) => s.seat === keys.seat && s.deck === null);
		const parts = partsFor(step.deck.length, SHUFFLE_PART);
		const part = current === undefined ? 0 : current.parts.findIndex((p) => p === null);
		if (part < 0) return null;
		return { type: 'shuffle', seat: keys.seat, part, parts, cards: step.deck.slice(part * SHUFFLE_PART, (part + 1) * SHUFFLE_PART), commitment: step.commitment };
	}

	/** The card this seat drew at `position`, from the seals sent to it and its own partial (null until t − 1 valid seals are in). */
	open(core: CoreV2, keys: DeckKeys, position: number): { card: CardId; partials: PartialDecryption[] } | null {
		const cacheKey = `${keys.game} ${position}`;
		const cached = this.#opened.get(cacheKey);
		if (cached !== undefined) return cached;
		const deck = core.deck;
		const group = core.keygen?.group;
		if (deck?.final == null || !group || keys.share === null) return null;
		const card = deck.final[position]!;
		const t = core.keygen!.t;
		const check = { game: keys.game, position, card, shareKeys: group.shareKeys, t };
		const partials: PartialDecryption[] = [];
		for (const [from, sealed] of deck.seals.get(position) ?? []) {
			if (sealed.to !== keys.seat || partials.length >= t - 1) continue;
			const opened = openSealed({ ...check, seal: { kind: 'partial', from, to: keys.seat, position, box: sealed.box }, seat: keys.seat, boxSecret: keys.boxSecret, boxKey: keys.boxKey });
			if (opened.ok) partials.push(opened.value);
		}
		if (partials.length < t - 1) return null;
		const own = partialDecryption({ game: keys.game, position, card, seat: keys.seat, secret: keys.share, random: keys.random });
		if (!own.ok) return null;
		partials.push(own.value);
		const number = combine({ card, partials, t, position });
		const id = number.ok ? cardAt(number.value) : null;
		if (id === null) return null;
		const result = { card: id, partials };
		this.#opened.set(cacheKey, result);
		return result;
	}

	/** What this seat knows of hidden cards (position → card): its own, and those Computer Espionage showed it (checked proofs). */
	knowledge(core: CoreV2, keys: DeckKeys): Knowledge {
		const hidden = core.engine?.players[keys.seat]?.hidden ?? [];
		const known: Record<number, CardId> = {};
		for (const position of hidden) {
			const opened = this.open(core, keys, position);
			if (opened !== null) known[position] = opened.card;
		}
		const deck = core.deck;
		const group = core.keygen?.group;
		if (deck?.final == null || !group) return known;
		for (const [key, told] of deck.tells) {
			const [to, position] = key.split(' ').map(Number) as [number, number];
			if (to !== keys.seat) continue;
			const cacheKey = `${keys.game} told ${key}`;
			let card = this.#told.get(cacheKey);
			if (card === undefined) {
				const check = { game: keys.game, position, card: deck.final[position]!, shareKeys: group.shareKeys, t: core.keygen!.t };
				const opened = openReveal({ ...check, seal: { kind: 'reveal', from: told.from, to, position, box: told.box }, seat: keys.seat, boxSecret: keys.boxSecret, boxKey: keys.boxKey });
				card = opened.ok ? cardAt(opened.value.card) : null;
				this.#told.set(cacheKey, card);
			}
			if (card !== null && (core.engine?.players[told.from]?.hidden ?? []).includes(position)) known[position] = card;
		}
		return known;
	}

	readonly #told = new Map<string, CardId | null>();

	/** The body that shows this seat's hidden card at `position` to all (to play it), or null. */
	show(core: CoreV2, keys: DeckKeys, position: number): DeckBody | null {
		const opened = this.open(core, keys, position);
		return opened === null ? null : { type: 'show', seat: keys.seat, position, partials: opened.partials };
	}
}
