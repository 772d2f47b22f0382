// The whole deck round trip for 2 to 8 seats: a DKG (the coin module's), every seat shuffles in
// turn (each step passes the immediate check), every position is drawn (with t partial
// decryptions and their proofs, either revealed to all or sealed to a drawer), and every card of
// the open deck comes out exactly once. At game end every seat's seed passes the audit.
import { describe, expect, it } from 'vitest';
import {
	auditShuffles,
	checkShuffle,
	combine,
	openSealed,
	partialDecryption,
	sealPartial,
	verifyReveal
} from '../../../src/lib/protocol/deck/index.js';
import { partialsOf, range, seeded, shuffledTable, value } from './support.js';

const CASES: [n: number, t: number][] = [[2, 2], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6], [8, 7]];
/** 12 of the 128 card numbers, not in order. */
const CARDS = range(12).map((i) => (i * 37 + 5) % 128);

describe('every card of the deck is drawn exactly once', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "round-${n}"): shuffled by all, every position drawn, each card once; the audit is clean`, () => {
			const table = shuffledTable(n, t, CARDS, `round-${n}`);
			const { dkg, game, deck } = table;
			let before = table.open;
			for (const step of table.steps) {
				expect(checkShuffle({ seat: step.seat, before, after: step.deck })).toEqual({ ok: true, value: undefined });
				before = step.deck;
			}
			expect(deck).not.toEqual(table.open);
			const random = seeded(`round-${n}/draws`);
			const drawn = deck.map((card, position) => {
				const drawer = position % n;
				if (position % 2 === 0) {
					// Face up: t seats (from the drawer on) publish their partials; anyone checks and combines.
					const seats = range(t).map((i) => (drawer + i) % n);
					return value(verifyReveal({ game, position, card, partials: partialsOf(table, position, seats), shareKeys: dkg.group.shareKeys, t }));
				}
				// Into a hand: t − 1 other seats seal their partials to the drawer, who adds its own.
				const senders = range(t - 1).map((i) => (drawer + 1 + i) % n);
				const seals = senders.map((seat) =>
					value(sealPartial({ game, position, card, seat, secret: dkg.secrets[seat]!, to: drawer, boxKey: dkg.boxKeys[drawer]!, random }))
				);
				const own = value(partialDecryption({ game, position, card, seat: drawer, secret: dkg.secrets[drawer]!, random }));
				const opened = seals.map((seal) =>
					value(openSealed({ game, position, card, seal, seat: drawer, boxSecret: dkg.boxes[drawer]!.secret, boxKey: dkg.boxKeys[drawer]!, shareKeys: dkg.group.shareKeys, t }))
				);
				return value(combine({ card, partials: [own, ...opened], t, position }));
			});
			expect([...drawn].sort((a, b) => a - b)).toEqual([...CARDS].sort((a, b) => a - b));
			expect(drawn).not.toEqual(CARDS);
			expect(auditShuffles({ game, groupKey: dkg.group.publicKey, open: table.open, steps: table.steps })).toEqual([]);
		});
	}

	it('a full 128-card deck (the largest) at two seats: every card once', () => {
		const table = shuffledTable(2, 2, range(128), 'round-128');
		const drawn = table.deck.map((card, position) => value(combine({ card, partials: partialsOf(table, position, [0, 1]), t: 2, position })));
		expect(new Set(drawn).size).toBe(128);
	});

	it('the shuffle is deterministic in its seed and differs with another seed', () => {
		const a = shuffledTable(3, 2, CARDS, 'same-seed');
		const b = shuffledTable(3, 2, CARDS, 'same-seed', a.dkg);
		const c = shuffledTable(3, 2, CARDS, 'other-seed', a.dkg);
		expect(b.deck).toEqual(a.deck);
		expect(c.deck).not.toEqual(a.deck);
	});
});
