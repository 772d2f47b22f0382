/**
 * Private offers sealed to their two parties (issue 13; session/sealed-offers.ts): the attack
 * first. Over a seeded three-seat version-2 game on separate devices, with private offers
 * accepted, declined, withdrawn and left to lapse, a seatless peer holding the whole shared
 * document, the third seat, and the exported file find no private offer's terms; the parties read
 * them; a forged acceptance is refused; a box sealed to the wrong seat, corrupted, or holding other
 * terms than committed is reported as broken and cannot be accepted.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { canonicalJson, type Action, type GameState, type OfferAction, type Seat } from '../../src/lib/engine/index.js';
import { offerCommitment, revealedTerms } from '../../src/lib/engine/offer-terms.js';
import { sealBytes } from '../../src/lib/protocol/deck/seal.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { OfferSeals } from '../../src/lib/session/offer-seals.js';
import { acceptSealed, sealOffer } from '../../src/lib/session/sealed-offers.js';
import { options, Player, randomBytesFor, seedOf } from './helpers.js';

const SEED = 1313;
const NOTES = ['secret-note-accepted-7q', 'secret-note-declined-3x', 'secret-note-withdrawn-9k', 'secret-note-lapsed-5m'];

interface Table {
	sim: SimNetwork;
	sessions: GameSession[];
	watcher: GameSession;
	seals: OfferSeals[];
}

/** Three devices (one seat each) and a seatless fourth, played at random until turns begin. */
function table(): Table {
	console.log(`sealed offers: seed ${SEED}`);
	const roomCode = 'SEAL' + String(SEED).padStart(6, '0');
	const sim = new SimNetwork({ peers: 4, seed: SEED, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`seal-${SEED}-${i}`), randomBytes: randomBytesFor(`seal-${SEED}-${i}`) }));
	sessions[0]!.start(options(3));
	sim.flushAll();
	for (let seat = 0; seat < 3; seat++) sessions[seat]!.claim(seat);
	sim.flushAll();
	const players = sessions.map((_, i) => new Player(`seal-${SEED}-${i}`));
	const started = (state: GameState | null) => state !== null && state.phase.kind === 'turn' && state.turn?.step === 'actions' && state.random === null;
	for (let i = 0; i < 2000 && !started(sessions[0]!.state); i++) {
		const p = i % 3;
		players[p]!.move(sessions[p]!);
		sim.flushAll();
	}
	if (!started(sessions[0]!.state)) throw new Error('the game did not reach a turn');
	const watcher = sessions[3]!;
	return { sim, sessions: sessions.slice(0, 3), watcher, seals: sessions.slice(0, 3).map((s, i) => new OfferSeals(s, randomBytesFor(`seals-${SEED}-${i}`))) };
}

const money = (state: GameState, seat: Seat) => {
	const player = state.players[seat]!;
	return player.structure[player.illuminati!]!.money;
};

function privateOffer(t: Table, from: Seat, to: Seat, mb: number, note: string): number {
	const action: OfferAction = { type: 'offer', seat: from, to, give: { money: mb, specials: [], groups: [] }, take: { money: 0, specials: [], groups: [] }, private: true, note };
	const sealed = t.seals[from]!.seal(action);
	expect(sealed.commitment).toMatch(/^[0-9a-f]{64}$/);
	const result = t.sessions[from]!.act(from, sealed);
	expect(result).toMatchObject({ ok: true });
	t.sim.flushAll();
	return t.sessions[to]!.state!.offers.at(-1)!.id;
}

/** The code and message of a refused result, in either shape ({ code } or { error: { code } }). */
function refusal(result: object): { code?: string; message?: string } {
	const r = result as { ok: boolean; code?: string; message?: string; error?: { code: string; message: string } };
	expect(r.ok).toBe(false);
	return r.error ?? { code: r.code, message: r.message };
}

const docText = (session: GameSession): string => new TextDecoder('utf-8', { fatal: false }).decode(Y.encodeStateAsUpdate(session.game.doc));

describe('private offers sealed to their two parties over a seeded three-seat game', () => {
	const t = table();
	const [a, b, c] = [0, 1, 2] as const;
	const before = { a: money(t.sessions[a]!.state!, a), b: money(t.sessions[a]!.state!, b) };

	// Offer 1, a → b: accepted. Offer 2, b → c: declined. Offer 3, c → a: withdrawn. Offer 4, a → c: left open.
	const accepted = privateOffer(t, a, b, 1, NOTES[0]!);
	const openedByB = t.seals[b]!.open(t.sessions[b]!.state!.offers.find((o) => o.id === accepted)!, b);
	const openedByA = t.seals[a]!.open(t.sessions[a]!.state!.offers.find((o) => o.id === accepted)!, a);
	const seenByC = t.seals[c]!.open(t.sessions[c]!.state!.offers.find((o) => o.id === accepted)!, c);
	if (!openedByB.ok) throw new Error(openedByB.error.message);
	const forged = { ...acceptSealed(b, t.sessions[b]!.state!.offers.find((o) => o.id === accepted)!, openedByB.terms) };
	const forgedResult = t.sessions[b]!.act(b, { ...forged, terms: { ...forged.terms!, give: { money: 2, specials: [], groups: [] } } });
	expect(t.sessions[b]!.act(b, forged)).toMatchObject({ ok: true });
	t.sim.flushAll();
	const declined = privateOffer(t, b, c, 1, NOTES[1]!);
	expect(t.sessions[c]!.act(c, { type: 'declineOffer', seat: c, offer: declined })).toMatchObject({ ok: true });
	t.sim.flushAll();
	const withdrawn = privateOffer(t, c, a, 1, NOTES[2]!);
	expect(t.sessions[c]!.act(c, { type: 'withdrawOffer', seat: c, offer: withdrawn })).toMatchObject({ ok: true });
	t.sim.flushAll();
	privateOffer(t, a, c, 1, NOTES[3]!);

	it('the parties read the terms; the third seat cannot open their boxes', () => {
		expect(openedByB).toMatchObject({ ok: true, terms: { give: { money: 1 }, note: NOTES[0] } });
		expect(openedByA).toMatchObject({ ok: true, terms: { give: { money: 1 }, note: NOTES[0] } });
		expect(seenByC.ok).toBe(false);
	});

	it('the accepted exchange is the one offered, and a forged acceptance was refused naming its author', () => {
		expect(refusal(forgedResult).code).toBe('BAD_COMMITMENT');
		expect(refusal(forgedResult).message).toContain(`Seat ${b}`);
		const after = t.watcher.state!;
		expect(money(after, a)).toBe(before.a - 1);
		expect(money(after, b)).toBe(before.b + 1);
	});

	it('a seatless peer holding the whole document, and the exported file, read no note and no private terms', () => {
		const everything = [docText(t.watcher), JSON.stringify(t.watcher.exportLog()), ...t.sessions.map(docText)];
		for (const text of everything) for (const note of NOTES) expect(text).not.toContain(note);
		const actions = t.watcher.replayer.exportLog().entries as Action[];
		const offers = actions.filter((x): x is OfferAction => x.type === 'offer' && x.private);
		expect(offers.length).toBeGreaterThanOrEqual(4);
		for (const offer of offers.filter((x) => x.commitment !== undefined)) {
			expect(offer.give).toEqual({ money: 0, specials: [], groups: [] });
			expect(offer.take).toEqual({ money: 0, specials: [], groups: [] });
			expect(offer.note).toBeUndefined();
		}
		// Only the accepted offer's exchange is ever public (its acceptance reveals it).
		const revealed = actions.filter((x) => x.type === 'acceptOffer' && x.terms !== undefined);
		expect(revealed).toHaveLength(1);
		// The state every peer holds keeps commitments, never terms.
		for (const offer of t.watcher.state!.offers) expect(offer.give.money + offer.take.money).toBe(0);
	});

	it('a box sealed to the wrong seat, a corrupted box, or other terms than committed make a broken offer that cannot be accepted', () => {
		const game = t.sessions[a]!.gameId;
		const boxKeys = (t.sessions[a]!.replayer as unknown as { core: { seats: ({ box: string } | null)[] } }).core.seats.map((s) => s?.box);
		const random = randomBytesFor('broken');
		const honest: OfferAction = { type: 'offer', seat: a, to: b, give: { money: 1, specials: [], groups: [] }, take: { money: 0, specials: [], groups: [] }, private: true };
		const wrongSeat = sealOffer({ game, action: honest, boxKeys: [boxKeys[0], boxKeys[2], boxKeys[2]], random });
		const good = sealOffer({ game, action: honest, boxKeys, random });
		const corrupted = { ...good, boxes: [good.boxes![0]!.slice(0, -4) + (good.boxes![0]!.endsWith('AAAA') ? 'BBBB' : 'AAAA'), good.boxes![1]!] };
		// Terms other than committed: the box holds 1 MB, the commitment 3 MB.
		const lie = { give: { money: 1, specials: [], groups: [] }, take: { money: 0, specials: [], groups: [] }, note: null, salt: 'ab'.repeat(16), noteSalt: 'cd'.repeat(16) };
		const lieBox = (sealBytes({ game, kind: 'offer', from: a, to: b, position: 0, boxKey: boxKeys[b]!, plaintext: new TextEncoder().encode(canonicalJson(lie)), random }) as { value: { box: string } }).value.box;
		const committed = offerCommitment(a, b, revealedTerms({ ...lie, give: { money: 3, specials: [], groups: [] } }), lie.salt);
		const mismatch = { ...good, commitment: committed, boxes: [lieBox, good.boxes![1]!] };
		const codes: string[] = [];
		for (const action of [wrongSeat, corrupted, mismatch]) {
			expect(t.sessions[a]!.act(a, action)).toMatchObject({ ok: true });
			t.sim.flushAll();
			const offer = t.sessions[b]!.state!.offers.at(-1)!;
			const opened = t.seals[b]!.open(offer, b);
			expect(opened.ok).toBe(false);
			if (!opened.ok) codes.push(opened.error.code);
			if (!opened.ok) expect(opened.error.message).toContain(`Seat ${a}`);
			// No acceptance can be made of it: without its terms the engine refuses.
			expect(refusal(t.sessions[b]!.act(b, { type: 'acceptOffer', seat: b, offer: offer.id })).code).toBe('BAD_COMMITMENT');
		}
		expect(['SEAL_NOT_OPENED', 'BAD_SEAL']).toContain(codes[0]);
		expect(['SEAL_NOT_OPENED', 'BAD_SEAL']).toContain(codes[1]);
		expect(codes[2]).toBe('TERMS_MISMATCH');
	});
});
