// Shuffles are audited instead of proved: a cheating shuffle (a substituted card, a duplicated
// card, a swap outside the seeded permutation, a shuffle of the wrong input, a seed other than the
// committed one, no seed) passes the cheap immediate check, may even be drawn, and is caught at
// game end when the seeds are revealed: the audit names the seat (SHUFFLE_MISMATCH, BAD_SEED) and
// only that seat. What the immediate check can see (a dropped, copied, unmasked or malformed card)
// it refuses at once, naming the shuffler.
import { describe, expect, it } from 'vitest';
import {
	auditShuffle,
	auditShuffles,
	checkShuffle,
	combine,
	encodeMasked,
	maskCard,
	parseMasked,
	shuffle,
	type MaskedCard
} from '../../../src/lib/protocol/deck/index.js';
import { cardPoint } from '../../../src/lib/protocol/deck/cards.js';
import { groupKeyPoint, remask } from '../../../src/lib/protocol/deck/masking.js';
import { G, Point } from '../../../src/lib/protocol/coin/group.js';
import { IDENTITY, respell } from '../coin/support.js';
import { error, partialsOf, range, seeded, shuffledTable, value, type Table } from './support.js';

const CARDS = range(10).map((i) => 20 + i);
const N = 4;
const T = 3;
const CHEATER = 1;

/** The table with seat CHEATER's published deck replaced by `cheat(honest deck)`; later seats shuffle the cheated deck honestly. */
function withCheat(seed: string, cheat: (deck: MaskedCard[], table: Table) => MaskedCard[]): Table {
	const honest = shuffledTable(N, T, CARDS, seed);
	const steps = [...honest.steps];
	let deck: readonly MaskedCard[] = cheat([...steps[CHEATER]!.deck], honest);
	steps[CHEATER] = { ...steps[CHEATER]!, deck };
	for (let seat = CHEATER + 1; seat < N; seat++) {
		const step = value(shuffle({ game: honest.game, seat, deck, groupKey: honest.dkg.group.publicKey, seed: steps[seat]!.seed }));
		steps[seat] = { ...step, seat, seed: steps[seat]!.seed };
		deck = step.deck;
	}
	return { ...honest, steps, deck };
}

const y = (table: Table) => value(groupKeyPoint(table.dkg.group.publicKey));
const drawAll = (table: Table) => table.deck.map((card, position) => value(combine({ card, partials: partialsOf(table, position, range(T)), t: T })));

const CHEATS: [name: string, cheat: (deck: MaskedCard[], table: Table) => MaskedCard[], effect: (drawn: number[]) => void][] = [
	[
		'a card substituted (a fresh masking of card 127, not in the deck)',
		(deck, table) => deck.map((card, k) => (k === 3 ? encodeMasked(maskCard(127, 987654321n, y(table))) : card)),
		(drawn) => expect(drawn).toContain(127)
	],
	[
		'a card duplicated (another card re-masked in its place)',
		(deck, table) => deck.map((card, k) => (k === 3 ? encodeMasked(remask(value(parseMasked(deck[5])), 5555n, y(table))) : card)),
		(drawn) => expect(new Set(drawn).size).toBe(CARDS.length - 1)
	],
	['two cards swapped after the seeded permutation', (deck) => deck.map((card, k) => (k === 2 ? deck[7]! : k === 7 ? deck[2]! : card)), (drawn) => expect([...drawn].sort()).toEqual([...CARDS].sort())],
	[
		'the open deck shuffled instead of the deck it was given',
		(_, table) => [...value(shuffle({ game: table.game, seat: CHEATER, deck: table.open, groupKey: table.dkg.group.publicKey, seed: table.steps[CHEATER]!.seed })).deck],
		(drawn) => expect([...drawn].sort()).toEqual([...CARDS].sort())
	]
];

describe('the audit at game end names a cheating shuffler, and only it', () => {
	for (const [name, cheat, effect] of CHEATS) {
		it(`${name}: passes the immediate check, is drawn, and the audit says SHUFFLE_MISMATCH for seat ${CHEATER}`, () => {
			const table = withCheat(`cheat ${name}`, cheat);
			const { game, dkg, steps } = table;
			const before = steps[CHEATER - 1]!.deck;
			expect(checkShuffle({ seat: CHEATER, before, after: steps[CHEATER]!.deck }).ok).toBe(true);
			effect(drawAll(table));
			const audited = error(auditShuffle({ game, groupKey: dkg.group.publicKey, before, after: steps[CHEATER]!.deck, ...steps[CHEATER]! }));
			expect(audited).toMatchObject({ code: 'SHUFFLE_MISMATCH', seat: CHEATER });
			const all = auditShuffles({ game, groupKey: dkg.group.publicKey, open: table.open, steps });
			expect(all.map((e) => [e.code, e.seat])).toEqual([['SHUFFLE_MISMATCH', CHEATER]]);
		});
	}

	it('a revealed seed other than the committed one: BAD_SEED for that seat; no seed: BAD_SEED too', () => {
		const table = shuffledTable(N, T, CARDS, 'cheat seed');
		const { game, dkg } = table;
		const lie = table.steps.map((s) => (s.seat === 2 ? { ...s, seed: seeded('another seed')(32) } : s));
		expect(auditShuffles({ game, groupKey: dkg.group.publicKey, open: table.open, steps: lie }).map((e) => [e.code, e.seat])).toEqual([['BAD_SEED', 2]]);
		const silent = table.steps.map((s) => (s.seat === 3 ? { ...s, seed: undefined } : s));
		expect(auditShuffles({ game, groupKey: dkg.group.publicKey, open: table.open, steps: silent }).map((e) => [e.code, e.seat])).toEqual([['BAD_SEED', 3]]);
		// A commitment published for another seat or game does not match either.
		const step = table.steps[1]!;
		const moved = { game, groupKey: dkg.group.publicKey, before: table.steps[0]!.deck, after: step.deck, seed: step.seed, commitment: table.steps[2]!.commitment };
		expect(error(auditShuffle({ ...moved, seat: 1 }))).toMatchObject({ code: 'BAD_SEED', seat: 1 });
		expect(error(auditShuffle({ ...moved, commitment: step.commitment, seat: 1, game: `${game}!` })).code).toBe('BAD_SEED');
	});

	it('two cheaters are both named, in seat order', () => {
		const table = withCheat('two cheaters', (deck) => [...deck].reverse());
		const steps = table.steps.map((s) => (s.seat === 3 ? { ...s, deck: [...s.deck.slice(1), s.deck[0]!] } : s));
		const all = auditShuffles({ game: table.game, groupKey: table.dkg.group.publicKey, open: table.open, steps });
		expect(all.map((e) => [e.code, e.seat])).toEqual([
			['SHUFFLE_MISMATCH', 1],
			['SHUFFLE_MISMATCH', 3]
		]);
	});
});

describe('the immediate check refuses what it can see, naming the shuffler', () => {
	const table = shuffledTable(3, 2, CARDS, 'sanity');
	const before = table.steps[0]!.deck;
	const after = table.steps[1]!.deck;
	const clear = encodeMasked({ c1: G, c2: cardPoint(CARDS[0]!) });
	const CASES: [name: string, deck: unknown][] = [
		['a card dropped', after.slice(1)],
		['a card added', [...after, after[0]!]],
		['a card copied verbatim over another', after.map((c, k) => (k === 4 ? after[6]! : c))],
		['a card passed on without re-masking', after.map((c, k) => (k === 4 ? before[0]! : c))],
		['a card unmasked (C1 the identity)', after.map((c, k) => (k === 4 ? encodeMasked({ c1: Point.ZERO, c2: value(parseMasked(c)).c2 }) : c))],
		['a card point in the clear as C2', after.map((c, k) => (k === 4 ? clear : c))],
		['a malformed card', after.map((c, k) => (k === 4 ? respell(c) : c))],
		['not an array', 'deck']
	];
	it('the honest step passes', () => expect(checkShuffle({ seat: 1, before, after }).ok).toBe(true));
	for (const [name, deck] of CASES) {
		it(`${name}: BAD_DECK for seat 1`, () => expect(error(checkShuffle({ seat: 1, before, after: deck }))).toMatchObject({ code: 'BAD_DECK', seat: 1 }));
	}
	it('bad input to a shuffle is a typed error', () => {
		const base = { game: table.game, seat: 0, deck: table.open, groupKey: table.dkg.group.publicKey, seed: new Uint8Array(32) };
		expect(error(shuffle({ ...base, seed: new Uint8Array(31) })).code).toBe('BAD_INPUT');
		expect(error(shuffle({ ...base, groupKey: IDENTITY })).code).toBe('BAD_INPUT');
		expect(error(shuffle({ ...base, deck: [table.open[0]!, table.open[0]!] })).code).toBe('BAD_DECK');
		expect(error(shuffle({ ...base, deck: [] })).code).toBe('BAD_DECK');
		expect(error(shuffle({ ...base, game: '' })).code).toBe('BAD_INPUT');
	});
});
