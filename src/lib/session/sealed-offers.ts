/**
 * Private offers sealed to their two parties (issue 13; docs/protocol.md, "Private offers").
 *
 * In a version-2 game some of whose seats are held by other devices, a private offer's log entry
 * carries its parties, the salted commitment of engine/offer-terms.ts and two boxes holding the
 * terms (with both salts): one to the recipient, one to the maker (so the maker's other devices,
 * or this one after a reload, still read what it offered). A box is the deck's ECIES seal
 * (protocol/deck/seal.ts: DHIES over ristretto255, HKDF-SHA-256, XChaCha20-Poly1305, with a
 * Schnorr proof of knowledge of its ephemeral key) of kind "offer", to the seat's per-game box key
 * (the key pair its key-generation shares are sealed to); its transcript binds the game, the maker
 * and the recipient, so a box copied into another seat's offer does not open.
 *
 * A party opens its box and checks the terms against the commitment before showing them: a box
 * that does not open, or terms that do not match, make "a broken offer from X" that can't be
 * accepted. Accepting reveals the exchange and its salt (the note stays secret: only its digest is
 * committed); the engine checks them against the commitment.
 */
import { actionShapeProblem, canonicalJson, offerDigest, type AcceptOfferAction, type Action, type CardId, type Offer, type OfferAction, type Result, type Seat } from '../engine/index.js';
import { matchesCommitment, noteDigest, offerCommitment, revealedTerms, type SealedTerms } from '../engine/offer-terms.js';
import { boxKeyPair } from '../protocol/coin/keys.js';
import { openSealBytes, sealBytes, type Seal } from '../protocol/deck/seal.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { boxSecret, type RandomBytes } from './keys.js';

/** Which box of a sealed offer's `boxes` a party opens. */
export const RECIPIENT_BOX = 0;
export const MAKER_BOX = 1;

const MAX_NOTE = 200;

/** BOX_MISSING: no entry holds its boxes; SEAL_NOT_OPENED / BAD_SEAL: the box does not open;
 * BAD_TERMS: it opens to no offer; TERMS_MISMATCH: to terms its commitment does not stand for. */
export type BrokenOfferCode = 'BOX_MISSING' | 'SEAL_NOT_OPENED' | 'BAD_SEAL' | 'BAD_TERMS' | 'TERMS_MISMATCH';

export type OpenedOffer = Result<{ readonly terms: SealedTerms }, BrokenOfferCode>;

const broken = (code: BrokenOfferCode, message: string): OpenedOffer => ({ ok: false, error: { code, message } });

const seal = (from: Seat, to: Seat, box: string): Seal => ({ kind: 'offer', from, to, position: 0, box });

/**
 * The sealed form of a plain private offer: empty sides, the commitment, and the two boxes.
 * `boxKeys[seat]` is each seat's published box key.
 */
export function sealOffer(p: { game: string; action: OfferAction; boxKeys: readonly (string | null | undefined)[]; random: RandomBytes }): OfferAction {
	const { action } = p;
	const hex = (n: number) => bytesToHex(p.random(n));
	const note = action.note?.trim() ? action.note.trim() : null;
	const terms: SealedTerms = { give: action.give, take: action.take, note, salt: hex(16), noteSalt: hex(16) };
	const plaintext = new TextEncoder().encode(canonicalJson(terms));
	const boxes = [action.to, action.seat].map((to) => {
		const key = p.boxKeys[to];
		if (typeof key !== 'string') throw new Error(`seat ${to} has no box key yet`);
		const sealed = sealBytes({ game: p.game, kind: 'offer', from: action.seat, to, position: 0, boxKey: key, plaintext, random: p.random });
		if (!sealed.ok) throw new Error(sealed.error.message);
		return sealed.value.box;
	});
	const commitment = offerCommitment(action.seat, action.to, { give: terms.give, take: terms.take, note: noteDigest(note, terms.noteSalt) }, terms.salt);
	return { type: 'offer', seat: action.seat, to: action.to, give: NOTHING, take: NOTHING, private: true, commitment, boxes };
}

const NOTHING = { money: 0, specials: [], groups: [] } as const;

/** The well-formed terms a box's plaintext holds, or null. */
function parseTerms(plaintext: Uint8Array, offer: Offer, players: number): SealedTerms | null {
	let value: unknown;
	try {
		value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
	} catch {
		return null;
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
	const t = value as Record<string, unknown>;
	if (Object.keys(t).sort().join() !== 'give,note,noteSalt,salt,take') return null;
	if (!(t.note === null || (typeof t.note === 'string' && t.note.length > 0 && t.note.length <= MAX_NOTE))) return null;
	if (typeof t.noteSalt !== 'string' || !/^[0-9a-f]{32,128}$/.test(t.noteSalt)) return null;
	const terms = t as unknown as SealedTerms;
	// The acceptance it would make must be well formed (the engine's own schema).
	const accept: AcceptOfferAction = { type: 'acceptOffer', seat: offer.to, offer: offer.id, terms: revealedTerms(terms) };
	return actionShapeProblem(accept, players) === null ? terms : null;
}

/**
 * What `seat` (a party, holding box secret `secret` for box key `boxKey`) reads of the sealed
 * `offer` whose log entry is `made`: its terms, checked against the commitment, or why not.
 */
export function openOffer(p: { game: string; offer: Offer; made: OfferAction | undefined; seat: Seat; secret: bigint; boxKey: string; players: number }): OpenedOffer {
	const { offer } = p;
	const index = p.seat === offer.to ? RECIPIENT_BOX : MAKER_BOX;
	const box = p.made?.boxes?.[index];
	if (box === undefined || offer.commitment === undefined) return broken('BOX_MISSING', `No box of offer ${offer.id} for seat ${p.seat}.`);
	const opened = openSealBytes({ game: p.game, seal: seal(offer.from, p.seat, box), boxSecret: p.secret, boxKey: p.boxKey });
	if (!opened.ok) {
		const code = opened.error.code === 'SEAL_NOT_OPENED' ? 'SEAL_NOT_OPENED' : 'BAD_SEAL';
		return broken(code, `Seat ${offer.from}'s box for seat ${p.seat} does not open: ${opened.error.message}`);
	}
	const terms = parseTerms(opened.value.plaintext, offer, p.players);
	if (terms === null) return broken('BAD_TERMS', `Seat ${offer.from}'s box holds no offer.`);
	if (!matchesCommitment(offer.from, offer.to, revealedTerms(terms), offer.commitment)) {
		return broken('TERMS_MISMATCH', `Seat ${offer.from}'s box holds terms its commitment does not stand for.`);
	}
	return { ok: true, terms };
}

/**
 * The plain offer a seat's own sealed entry `made` stands for, read back from the maker's box with
 * the seat's box key (and checked against the commitment): what its device sealed, or null.
 */
export function unsealOwn(p: { game: string; made: OfferAction; secret: bigint; boxKey: string; players: number }): OfferAction | null {
	const { made } = p;
	const offer: Offer = { id: 0, from: made.seat, to: made.to, give: made.give, take: made.take, private: true, note: null, turn: 0, commitment: made.commitment };
	const opened = openOffer({ game: p.game, offer, made, seat: made.seat, secret: p.secret, boxKey: p.boxKey, players: p.players });
	if (!opened.ok) return null;
	const { give, take, note } = opened.terms;
	return { type: 'offer', seat: made.seat, to: made.to, give, take, private: true, ...(note === null ? {} : { note }) };
}

/** The acceptance of a sealed offer whose box opened: it reveals the exchange and its salt, and
 * names the Specials picked when the offer leaves some to the recipient's choice. */
export function acceptSealed(seat: Seat, offer: Offer, terms: SealedTerms, chosen?: readonly CardId[]): AcceptOfferAction {
	const accept: AcceptOfferAction = { type: 'acceptOffer', seat, offer: offer.id, terms: revealedTerms(terms), digest: offerDigest(offer) };
	return chosen === undefined ? accept : { ...accept, chosen };
}

/** The offer entry (in the log's accepted actions) that made the sealed `offer`. */
export function offerEntry(actions: readonly Action[], offer: Offer): OfferAction | undefined {
	return actions.find((a): a is OfferAction => a.type === 'offer' && a.seat === offer.from && a.to === offer.to && a.commitment === offer.commitment);
}

/** A seat's box key pair in a game, from this device's seed (session/keys.ts). */
export function seatBox(seed: string, game: string, seat: Seat): { secret: bigint; publicKey: string } {
	return boxKeyPair(boxSecret(seed, game, seat));
}
