/**
 * The Hidden Illuminati deal (protocol/v2/illuminati/; docs/deck.md, "Hidden Illuminati"): a masked
 * deck of the game's Illuminati, shuffled by every seat, one card sealed to each owner. Attacks: a
 * seat that shows another card than its own, says "no" to a right accusation or overstates its card
 * is caught and named; a seatless peer, a coalition short of the threshold and the exported
 * transcript learn no seat's card before the end.
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATI } from '../../../src/lib/engine/cards/index.js';
import { illuminatiClaimFaults, limitsOf } from '../../../src/lib/engine/accusation.js';
import { hiddenIlluminatiOf } from '../../../src/lib/engine/hidden-illuminati.js';
import type { CardId } from '../../../src/lib/engine/index.js';
import { combine, openSealed, partialDecryption, sealPartial, shuffle } from '../../../src/lib/protocol/deck/index.js';
import { cardAt, cardNumber } from '../../../src/lib/protocol/v2/deck/core.js';
import { illuminatiBodyProblem, type IlluminatiBody } from '../../../src/lib/protocol/v2/illuminati/bodies.js';
import { applyIlluminatiBody, illuminatiContext, positionOf, skipSeat, startDeal, type IlluminatiDeal } from '../../../src/lib/protocol/v2/illuminati/deal.js';
import { answerAccusation, illuminatiSeed, nextDealBody, openOwnIlluminati, showBody, type DealKeys } from '../../../src/lib/protocol/v2/illuminati/device.js';
import { honestDkg, seeded, type Dkg } from '../coin/support.js';
import { dealt, must } from '../../helpers/hidden-illuminati.js';

const POOL = ILLUMINATI.map((card) => cardNumber(card.id));

interface Table {
	readonly dkg: Dkg;
	readonly deal: IlluminatiDeal;
	readonly keys: DealKeys[];
	/** Every body applied, in order: what any peer (or an exported file) holds. */
	readonly transcript: IlluminatiBody[];
}

function table(n: number, seed: string, t = n === 2 ? 2 : n - 1): Table {
	const dkg = honestDkg(n, t, seed);
	const deal = startDeal({ game: dkg.context, order: Array.from({ length: n }, (_, i) => i), cards: POOL, groupKey: dkg.group.publicKey, shareKeys: dkg.group.shareKeys, boxKeys: dkg.boxKeys, t });
	const keys = dkg.boxes.map((box, seat) => ({ seat, boxSecret: box.secret, share: dkg.secrets[seat]!, random: seeded(`${seed}/device ${seat}`) }));
	return { dkg, deal, keys, transcript: [] };
}

/** Posts `body` as its seat's author; the refusal, or null. */
function post(table: Table, body: IlluminatiBody, ended = false) {
	expect(illuminatiBodyProblem(body as unknown as Record<string, unknown>)).toBeNull();
	const refusal = applyIlluminatiBody(table.deal, body, ended);
	if (refusal === null) table.transcript.push(body);
	return refusal;
}

/** Every honest device (but `silent`) posts what it has to, until no one has anything left. */
function run(table: Table, ended = false, silent: readonly number[] = []): void {
	for (let guard = 0; guard < 200; guard++) {
		let posted = false;
		for (const keys of table.keys) {
			if (silent.includes(keys.seat)) continue;
			const body = nextDealBody(table.deal, keys, ended);
			if (body === null) continue;
			expect(post(table, body, ended)).toBeNull();
			posted = true;
		}
		if (!posted) return;
	}
	throw new Error('the deal did not settle');
}

const owned = (table: Table) => table.keys.map((keys) => openOwnIlluminati(table.deal, keys)?.card ?? null);

describe('Hidden Illuminati deal: each seat learns its own card, and only its own', () => {
	it.each([
		[2, 'deal-2'],
		[3, 'deal-3'],
		[4, 'deal-4'],
	])('%i seats: every seat opens a distinct Illuminati of the game (seed %s)', (n, seed) => {
		const t = table(n, seed);
		run(t);
		const cards = owned(t);
		expect(cards.every((card) => card !== null && POOL.includes(card))).toBe(true);
		expect(new Set(cards).size).toBe(n);
		// One shuffle per seat, one seal per ordered pair of seats, nothing else.
		expect(t.transcript.filter((b) => b.type === 'shuffle')).toHaveLength(n);
		expect(t.transcript.filter((b) => b.type === 'seal')).toHaveLength(n * (n - 1));
	});

	it('a seatless peer and an exported transcript hold no card in the clear and no public partial', () => {
		const t = table(3, 'seatless');
		run(t);
		const text = JSON.stringify(t.transcript);
		for (const card of ILLUMINATI) expect(text).not.toContain(card.id);
		expect(t.transcript.some((b) => b.type === 'show')).toBe(false);
		expect(t.deal.shown.size).toBe(0);
		expect(t.deal.opened).toBeNull();
	});

	it('a coalition short of the threshold (t − 1 seats pooling shares and box secrets) cannot open another seat’s card', () => {
		const t = table(4, 'coalition'); // t = 3: seats 1 and 2 collude against seat 0
		run(t);
		const context = illuminatiContext(t.dkg.context);
		const position = positionOf(t.deal, 0);
		const card = t.deal.final![position]!;
		const random = seeded('coalition/partials');
		const theirs = [1, 2].map((seat) => partialDecryption({ game: context, position, card, seat, secret: t.dkg.secrets[seat]!, random })).map((p) => (p.ok ? p.value : null)!);
		expect(combine({ card, partials: theirs, t: 3, position })).toMatchObject({ ok: false, error: { code: 'NOT_ENOUGH_PARTIALS' } });
		// Seat 3's seal to seat 0 opens with no box secret of theirs.
		const box = t.deal.seals.get(0)!.get(3)!;
		for (const seat of [1, 2]) {
			const opened = openSealed({ game: context, position, card, shareKeys: t.dkg.group.shareKeys, t: 3, seal: { kind: 'partial', from: 3, to: 0, position, box }, seat: 0, boxSecret: t.dkg.boxes[seat]!.secret, boxKey: t.dkg.boxKeys[0]! });
			expect(opened.ok).toBe(false);
		}
	});

	it('an absent seat does not block the deal: with t = n − 1 each owner needs one seal fewer than the others can give', () => {
		const t = table(4, 'absent');
		run(t, false, [3]);
		// Seat 3 never shuffled: skipped, its cards still dealt.
		expect(t.deal.final).toBeNull();
		skipSeat(t.deal, 3); // voted out (the table's absence vote)
		run(t, false, [3]);
		const cards = owned(t).slice(0, 3);
		expect(cards.every((card) => card !== null)).toBe(true);
		expect(new Set(cards).size).toBe(3);
	});
});

describe('Hidden Illuminati deal: answers to an accusation', () => {
	it('a right accusation is answered by the card shown with proof; the replay learns exactly that card', () => {
		const t = table(3, 'right');
		run(t);
		const own = openOwnIlluminati(t.deal, t.keys[1]!)!;
		const answer = answerAccusation(1, own, own.card);
		expect('show' in answer).toBe(true);
		expect(post(t, (answer as { show: IlluminatiBody }).show)).toBeNull();
		expect(t.deal.shown.get(1)).toBe(own.card);
		// A wrong accusation is answered "no".
		const other = POOL.find((card) => card !== own.card)!;
		expect(answerAccusation(1, own, other)).toEqual({ deny: true });
	});

	it('a seat that shows another card than its own is refused at once and named (its proofs do not hold for its position)', () => {
		const t = table(3, 'liar-shows');
		run(t);
		const theirs = openOwnIlluminati(t.deal, t.keys[2]!)!;
		// Seat 1 claims seat 2's card, with seat 2's valid partials: bound to seat 2's position, not seat 1's.
		const forged = { ...showBody(2, theirs), seat: 1 } as IlluminatiBody;
		const refusal = post(t, forged);
		expect(refusal).toMatchObject({ seat: 1 });
		expect(t.deal.faults).toEqual([expect.objectContaining({ seat: 1 })]);
		expect(t.deal.shown.has(1)).toBe(false);
	});

	it('a "no" to a right accusation and an overstatement are caught when every card opens at the end, naming the liar', () => {
		// The public state: seat 1 (the accused) says no; every seat states. The deal: seat 1 holds what was named.
		let state = dealt([{ power: 10, income: 12 }, { power: 7, income: 9 }, { power: 7, income: 12 }]);
		const accuser = state.turn!.seat;
		const accused = (accuser + 1) % 3;
		const t = table(3, 'liar-denies');
		run(t);
		const own = openOwnIlluminati(t.deal, t.keys[accused]!)!;
		const named = cardAt(own.card)!;
		state = must(state, { type: 'accuse', seat: accuser, target: accused, illuminati: named });
		expect('show' in answerAccusation(accused, own, own.card)).toBe(true);
		state = must(state, { type: 'denyAccusation', seat: accused }); // the lie
		expect(hiddenIlluminatiOf(state).lastAccusation?.right).toBe(false);
		// Seeds are refused before the end; at the end every seat reveals its seed and the deal opens.
		expect(post(t, { type: 'seed', seat: 0, seed: 'A'.repeat(43) })).toMatchObject({ code: 'BAD_SEED' });
		run(t, true);
		expect(t.deal.faults).toEqual([]);
		const cards: Record<number, CardId | null> = {};
		for (const [seat, number] of t.deal.opened!) cards[seat] = number === null ? null : cardAt(number);
		expect(cards[accused]).toBe(named);
		const faults = illuminatiClaimFaults(state, cards);
		expect(faults.filter((f) => f.lie === 'denied').map((f) => f.seat)).toEqual([accused]);
		// Whoever stated more than its card allows is named too, and no one else.
		const statements = [{ power: 10, income: 12 }, { power: 7, income: 9 }, { power: 7, income: 12 }];
		const over = statements.flatMap((s, seat) => {
			const limits = limitsOf(state, cards[seat]!);
			return s.power > limits.power || s.income > limits.income ? [seat] : [];
		});
		expect(over.length).toBeGreaterThan(0);
		expect(faults.filter((f) => f.lie === 'overstated').map((f) => f.seat)).toEqual(over);
	});
});

describe('Hidden Illuminati deal: bad input is refused and its author named', () => {
	it('a seal that is no seal is the sender’s fault on sight', () => {
		const t = table(3, 'bad-seal');
		run(t, false, [2]);
		// Seat 2 shuffles honestly, then posts garbage as its seal to seat 0.
		const step = nextDealBody(t.deal, t.keys[2]!, false)!;
		expect(step.type).toBe('shuffle');
		expect(post(t, step)).toBeNull();
		run(t, false, [2]);
		const refusal = post(t, { type: 'seal', seat: 2, to: 0, box: 'A'.repeat(200) });
		expect(refusal).toMatchObject({ seat: 2 });
		expect(t.deal.faults.map((f) => f.seat)).toEqual([2]);
	});

	it('a well-formed seal holding a wrong partial is convicted through its owner’s complaint', () => {
		const t = table(3, 'bad-partial');
		run(t, false, [2]);
		expect(post(t, nextDealBody(t.deal, t.keys[2]!, false)!)).toBeNull();
		run(t, false, [2]);
		// Seat 2 seals a partial made with a wrong secret to seat 0.
		const position = positionOf(t.deal, 0);
		const context = illuminatiContext(t.dkg.context);
		const bad = sealPartial({ game: context, position, card: t.deal.final![position]!, seat: 2, secret: 12345n, to: 0, boxKey: t.dkg.boxKeys[0]!, random: seeded('bad') });
		expect(post(t, { type: 'seal', seat: 2, to: 0, box: bad.ok ? bad.value.box : '' })).toBeNull();
		// Seat 0's device complains; anyone judges it: seat 2 is named, its seal dropped.
		const complaint = nextDealBody(t.deal, t.keys[0]!, false)!;
		expect(complaint.type).toBe('complain');
		expect(post(t, complaint)).toBeNull();
		expect(t.deal.faults).toEqual([expect.objectContaining({ seat: 2, code: 'BAD_PARTIAL' })]);
	});

	it('a shuffle that substitutes a card passes the immediate check and is named by the audit at the end', () => {
		const t = table(3, 'substitute');
		run(t, false, [1]);
		// Seat 1 shuffles a deck where a group stands for one of the Illuminati (from an open deck of its own, under the same key).
		const context = illuminatiContext(t.dkg.context);
		const twice = [...POOL.slice(0, -1), cardNumber('cia')];
		const seed = illuminatiSeed(t.dkg.context, 1, t.dkg.boxes[1]!.secret);
		const mine = shuffle({ game: context, seat: 1, deck: t.deal.steps[0]!.deck, groupKey: t.dkg.group.publicKey, seed });
		const cheat = shuffle({ game: context, seat: 1, deck: startDeal({ ...t.deal.setup, cards: twice }).open, groupKey: t.dkg.group.publicKey, seed });
		expect(mine.ok && cheat.ok).toBe(true);
		if (!cheat.ok) return;
		expect(post(t, { type: 'shuffle', seat: 1, cards: cheat.value.deck, commitment: cheat.value.commitment })).toBeNull();
		run(t);
		run(t, true);
		expect(t.deal.faults.map((f) => [f.seat, f.code])).toEqual([[1, 'SHUFFLE_MISMATCH']]);
		// The audit failed: only cards shown with proof count as opened.
		expect([...t.deal.opened!.values()]).toEqual([null, null, null]);
	});

	it('malformed bodies are refused before they reach the deal', () => {
		expect(illuminatiBodyProblem({ type: 'show', seat: 0, partials: [] })).toMatch(/partials/);
		expect(illuminatiBodyProblem({ type: 'seal', seat: 9, to: 0, box: 'x' })).toMatch(/seat/);
		expect(illuminatiBodyProblem({ type: 'peek', seat: 0 })).toMatch(/type/);
		expect(illuminatiBodyProblem({ type: 'seed', seat: 0, seed: 'x', extra: 1 })).toMatch(/fields/);
	});
});
