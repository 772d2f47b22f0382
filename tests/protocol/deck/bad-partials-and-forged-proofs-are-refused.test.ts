// A partial decryption is checked against its seat's share key with a Chaum–Pedersen proof bound
// to the game, the position, the seat and the card: a wrong partial, a forged or tampered proof, or
// a valid partial moved to another card, position, seat or game is refused with a typed error
// naming the seat (BAD_PARTIAL, BAD_PROOF), never an exception; a reveal containing one is refused;
// and a wrong partial that slips past (combine does not check proofs) unmasks no card.
import { ristretto255 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { combine, partialDecryption, verifyPartial, verifyReveal, type PartialDecryption } from '../../../src/lib/protocol/deck/index.js';
import { IDENTITY, L, le32, scalarOf } from '../coin/support.js';
import { error, partialsOf, range, seeded, shuffledTable, value } from './support.js';

const table = shuffledTable(4, 3, range(8).map((i) => 100 + i), 'bad-partials');
const { game, dkg, deck } = table;
const shareKeys = dkg.group.shareKeys;
const position = 2;
const card = deck[position]!;
const [p0, p1, p2, p3] = partialsOf(table, position, range(4)) as [PartialDecryption, PartialDecryption, PartialDecryption, PartialDecryption];

/** The share's bytes with `f` applied. */
const edit = (share: string, f: (bytes: Uint8Array) => void) => {
	const bytes = base64urlToBytes(share, 96)!;
	f(bytes);
	return bytesToBase64url(bytes);
};
const withPoint = (share: string, point: string) => edit(share, (b) => b.set(base64urlToBytes(point, 32)!, 0));
const flip = (share: string, byte: number) => edit(share, (b) => void (b[byte]! ^= 1));
const pointOf = (p: PartialDecryption) => bytesToBase64url(base64urlToBytes(p.share, 96)!.subarray(0, 32));
const doubled = bytesToBase64url(ristretto255.Point.fromBytes(base64urlToBytes(p1.share, 96)!.subarray(0, 32)).double().toBytes());
const other = (pos: number) => partialsOf(table, pos, [1])[0]!;
const by = (seat: number, over: Partial<{ game: string; position: number; card: string }>) =>
	value(partialDecryption({ game, position, card, seat, secret: dkg.secrets[seat]!, random: seeded('moved'), ...over }));

const CASES: [name: string, partial: unknown, code: string, seat?: number][] = [
	['a wrong point (d doubled) with the honest proof', { ...p1, share: withPoint(p1.share, doubled) }, 'BAD_PROOF', 1],
	['another seat\u2019s point under this seat\u2019s proof', { ...p1, share: withPoint(p1.share, pointOf(p2)) }, 'BAD_PROOF', 1],
	['a point that is not a canonical encoding', { ...p1, share: withPoint(p1.share, le32(2n ** 255n - 19n)) }, 'BAD_PARTIAL', 1],
	['the challenge tampered', { ...p1, share: flip(p1.share, 35) }, 'BAD_PROOF', 1],
	['the response tampered', { ...p1, share: flip(p1.share, 70) }, 'BAD_PROOF', 1],
	['the response plus ℓ (non-canonical scalar)', { ...p1, share: edit(p1.share, (b) => b.set(base64urlToBytes(le32(scalarOf(bytesToBase64url(b.subarray(64))) + L), 32)!, 64)) }, 'BAD_PROOF', 1],
	['claimed by another seat', { ...p1, seat: 2 }, 'BAD_PROOF', 2],
	['the partial of this seat for another position', { ...other(3), seat: 1 }, 'BAD_PROOF', 1],
	['made for another position (proof bound to it)', by(1, { position: 3 }), 'BAD_PROOF', 1],
	['made in another game', by(1, { game: `${game} (another)` }), 'BAD_PROOF', 1],
	['made for another card at this position', by(1, { card: deck[5]! }), 'BAD_PROOF', 1],
	['the identity point', { ...p1, share: withPoint(p1.share, IDENTITY) }, 'BAD_PARTIAL', 1],
	['a character outside base64url', { ...p1, share: `+${p1.share.slice(1)}` }, 'BAD_PARTIAL', 1],
	['a short share', { ...p1, share: p1.share.slice(0, 86) }, 'BAD_PARTIAL', 1],
	['an extra field', { ...p1, note: 'x' }, 'BAD_PARTIAL'],
	['no seat', { share: p1.share }, 'BAD_PARTIAL'],
	['a negative seat', { ...p1, seat: -1 }, 'BAD_PARTIAL'],
	['not an object', 'partial', 'BAD_PARTIAL']
];

describe('bad partial decryptions and forged proofs are refused, naming the seat', () => {
	it('the honest partials verify (the reference for the cases below)', () => {
		for (const [seat, partial] of [p0, p1, p2, p3].entries()) expect(verifyPartial({ game, position, card, partial, shareKey: shareKeys[seat]! }).ok).toBe(true);
	});

	for (const [name, partial, code, seat] of CASES) {
		it(`${name}: ${code}`, () => {
			const claimed = typeof partial === 'object' && partial !== null && 'seat' in partial ? (partial as { seat: number }).seat : 1;
			const e = error(verifyPartial({ game, position, card, partial, shareKey: shareKeys[Math.max(0, Math.min(3, claimed))]! }));
			expect(e.code).toBe(code);
			if (seat !== undefined) expect(e.seat).toBe(seat);
			// In a reveal of t partials, the same partial makes the whole reveal fail.
			const reveal = error(verifyReveal({ game, position, card, partials: [p0, partial, p3], shareKeys, t: 3 }));
			expect(['BAD_PARTIAL', 'BAD_PROOF']).toContain(reveal.code);
		});
	}

	it('a wrong partial that skips verification unmasks no card (combine alone)', () => {
		expect(error(combine({ card, partials: [p0, { ...p1, share: withPoint(p1.share, doubled) }, p3], t: 3 })).code).toBe('NOT_A_CARD');
		expect(error(combine({ card, partials: [p0, p1, { ...p1, share: withPoint(p1.share, doubled) }, p3], t: 3 }))).toMatchObject({ code: 'BAD_PARTIAL', seat: 1 });
	});

	it('bad parameters are typed errors, never exceptions', () => {
		expect(error(verifyPartial({ game, position, card, partial: p1, shareKey: IDENTITY })).code).toBe('BAD_INPUT');
		expect(error(verifyPartial({ game: '', position, card, partial: p1, shareKey: shareKeys[1]! })).code).toBe('BAD_INPUT');
		expect(error(verifyPartial({ game, position: -1, card, partial: p1, shareKey: shareKeys[1]! })).code).toBe('BAD_INPUT');
		expect(error(verifyPartial({ game, position, card: 'x', partial: p1, shareKey: shareKeys[1]! })).code).toBe('BAD_INPUT');
		expect(error(verifyReveal({ game, position, card, partials: [p0, p1, p2], shareKeys, t: 5 })).code).toBe('BAD_INPUT');
		expect(error(verifyReveal({ game, position, card, partials: [p0, p1], shareKeys, t: 3 })).code).toBe('NOT_ENOUGH_PARTIALS');
		expect(error(verifyReveal({ game, position, card, partials: [p0, p1, { ...p2, seat: 7 }], shareKeys, t: 3 })).code).toBe('BAD_PARTIAL');
		expect(error(partialDecryption({ game, position, card, seat: 0, secret: 0n, random: seeded('x') })).code).toBe('BAD_INPUT');
		expect(error(partialDecryption({ game, position, card: table.open[0]!, seat: 0, secret: dkg.secrets[0]!, random: seeded('x') })).code).toBe('BAD_DECK');
		expect(error(combine({ card, partials: [p0, p1, p2], t: 0 })).code).toBe('BAD_INPUT');
	});
});
