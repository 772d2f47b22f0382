// The deck's encodings and hashes are pinned: card points, seed commitments, a seeded three-seat
// shuffle (on the coin tests' pinned DKG, seed "vector") and stored partial decryptions. Every peer
// must compute the same bytes, so a change here is a protocol change (a new version), never a refactor.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodePoint } from '../../../src/lib/protocol/coin/group.js';
import { cardPoint, combine, verifyReveal } from '../../../src/lib/protocol/deck/index.js';
import { partialsOf, range, shuffledTable, value } from './support.js';

const CARD_POINTS = ['RvgWttsNNaGO1k9YQvXhdJUYRl9W4M1Gb45lXSU3RzE', 'ciT6ZewH1dvi9vnB4zKlzehtX20aHl2ZdXi4tiNQpgs', '6AO8gcxXrI7C0BZGx00yLXzjv8o3QBy2Sfg_ulB5Mgs'];
const COMMITMENTS = ['ZF9YDbrC9QJUZT315CPQR-JOBPQjskzleSaP9QE67Sc', 'jn1u9_chIK6VpHEgxqP9R258LBNLODkvYfuboWiqPE4', 'Klym3-oEPlicInRqvbSDsIQl_CyXOoVqoif8ONlY7Mc'];
const FIRST_CARD = 'qI7dFFpt3F4IaTv5wIIsTFaaKmwLwqhO_C4tNjvU6xrIFiQaeQXayaTgYgHG3iyrbaAiQtCwHzJCw5_RK6NjKQ';
const DECK_SHA256 = 'd064dc0ceb956cffb65ab7c7e25deffb44314300b48ce157523b34ff81d7ce9d';
const PARTIALS = [
	{ seat: 0, share: '0AhBjGr3an2X2Gygk1jopPiKE13nYZZK8dmuamn08n7A-Q7U3uGM9uOtjq5Rf2qKr7SSDVeTjpCJacC5RGOBC3zi75TOO_fGIHfLgEpnDI526So864ZzAumrVW6m8moL' },
	{ seat: 1, share: 'altMKd2CAaWOUXONytkaPfaow3HNgHWgFnVgOsSH4mwD5r0RwE1CbTuXhkpsWdVrp71o_u3G6QeEc1Vrz0jWBbUL7hGF4cbeI8iYOpadUJu8S5Aw1el-X7TLnnNZCwkJ' }
];

describe('the deck\u2019s wire format is pinned (seed "vector")', () => {
	const table = shuffledTable(3, 2, range(6), 'vector');

	it('card points 0, 1 and 127 are byte for byte the pinned ones', () => {
		expect([0, 1, 127].map((i) => encodePoint(cardPoint(i)))).toEqual(CARD_POINTS);
	});

	it('the seeded shuffle gives the pinned commitments and deck', () => {
		expect(table.steps.map((s) => s.commitment)).toEqual(COMMITMENTS);
		expect(table.deck[0]).toBe(FIRST_CARD);
		expect(bytesToHex(sha256(utf8ToBytes(JSON.stringify(table.deck))))).toBe(DECK_SHA256);
	});

	it('the pinned partial decryptions verify and reveal the same card as fresh ones', () => {
		expect(partialsOf(table, 0, [0, 1], 'vector-partials')).toEqual(PARTIALS);
		const card = value(verifyReveal({ game: table.game, position: 0, card: FIRST_CARD, partials: PARTIALS, shareKeys: table.dkg.group.shareKeys, t: 2 }));
		expect(value(combine({ card: FIRST_CARD, partials: partialsOf(table, 0, [1, 2], 'other'), t: 2 }))).toBe(card);
	});
});
