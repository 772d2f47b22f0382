// A card a seat holds is revealed with proof: the t partial decryptions it combined (each with its
// Chaum–Pedersen proof) show everyone that the card is the one drawn at that position; it cannot
// claim another card, nor move the proof to another position. Re-sealed to one seat (Computer
// Espionage), they show that seat alone the same card; a reveal with a bad partial is refused and
// a complaint about it convicts the revealer.
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import {
	combine,
	complainSeal,
	judgeSealComplaint,
	openReveal,
	openSealed,
	partialDecryption,
	revealTo,
	sealPartial,
	verifyReveal,
	type PartialDecryption
} from '../../../src/lib/protocol/deck/index.js';
import { encodePartials } from '../../../src/lib/protocol/deck/sealed.js';
import { sealBytes } from '../../../src/lib/protocol/deck/seal.js';
import { error, range, seeded, shuffledTable, value } from './support.js';

const CASES: [n: number, t: number][] = [[3, 2], [4, 3], [5, 4]];

for (const [n, t] of CASES) {
	describe(`n = ${n}, t = ${t} (seed "reveal-${n}")`, () => {
		const table = shuffledTable(n, t, range(8).map((i) => 60 + i), `reveal-${n}`);
		const { game, dkg, deck } = table;
		const { boxes, boxKeys } = dkg;
		const shareKeys = dkg.group.shareKeys;
		const random = seeded(`reveal-${n}/random`);
		const HOLDER = 1;
		const SPY = n - 1;
		const position = 5;
		const card = deck[position]!;
		// The draw: t − 1 other seats seal to the holder, which adds its own partial.
		const others = range(n).filter((s) => s !== HOLDER).slice(0, t - 1);
		const seals = others.map((seat) => value(sealPartial({ game, position, card, seat, secret: dkg.secrets[seat]!, to: HOLDER, boxKey: boxKeys[HOLDER]!, random })));
		const holder = { game, position, card, seat: HOLDER, boxSecret: boxes[HOLDER]!.secret, boxKey: boxKeys[HOLDER]!, shareKeys, t };
		const partials: PartialDecryption[] = [
			value(partialDecryption({ game, position, card, seat: HOLDER, secret: dkg.secrets[HOLDER]!, random })),
			...seals.map((seal) => value(openSealed({ ...holder, seal })))
		];
		const drawn = value(combine({ card, partials, t, position }));

		it('played later, the card is proved to everyone by the partials the holder was given', () => {
			const stored = JSON.parse(JSON.stringify(partials)) as PartialDecryption[];
			expect(value(verifyReveal({ game, position, card, partials: stored, shareKeys, t }))).toBe(drawn);
			// Not a proof of any other position's card.
			for (const other of [0, 4, 7]) {
				expect(error(verifyReveal({ game, position: other, card: deck[other]!, partials: stored, shareKeys, t })).code).toBe('BAD_PROOF');
			}
			// Fewer than t partials prove nothing.
			expect(error(verifyReveal({ game, position, card, partials: stored.slice(1), shareKeys, t })).code).toBe('NOT_ENOUGH_PARTIALS');
		});

		it('revealed to one seat (Computer Espionage), that seat sees the same card and others cannot open it', () => {
			const seal = value(revealTo({ game, position, seat: HOLDER, partials, to: SPY, boxKey: boxKeys[SPY]!, random }));
			const spy = { game, position, card, seat: SPY, boxSecret: boxes[SPY]!.secret, boxKey: boxKeys[SPY]!, shareKeys, t, seal };
			const seen = value(openReveal(spy));
			expect(seen.card).toBe(drawn);
			expect(seen.partials).toEqual(partials);
			for (const seat of range(n).filter((s) => s !== SPY)) {
				expect(openReveal({ ...spy, seat, boxSecret: boxes[seat]!.secret, boxKey: boxKeys[seat]! }).ok).toBe(false);
			}
			expect(error(openSealed({ ...spy, seal })).code).toBe('BAD_INPUT');
		});

		it('a reveal holding a bad partial, or too few, is refused and its complaint convicts the revealer', () => {
			const bad = partials.map((p, i) => (i === 1 ? { ...p, share: flip(p.share) } : p));
			const CASES: [name: string, list: PartialDecryption[], code: string][] = [
				['a tampered partial', bad, 'BAD_PROOF'],
				['t − 1 partials', partials.slice(1), 'BAD_PARTIAL'],
				['a partial repeated', [...partials.slice(1), partials[1]!], 'BAD_PARTIAL']
			];
			for (const [name, list, code] of CASES) {
				const seal = value(sealBytes({ game, kind: 'reveal', from: HOLDER, to: SPY, position, boxKey: boxKeys[SPY]!, plaintext: value(encodePartials(list)), random }));
				const spy = { game, position, card, seat: SPY, boxSecret: boxes[SPY]!.secret, boxKey: boxKeys[SPY]!, shareKeys, t, seal };
				expect(error(openReveal(spy)), name).toMatchObject({ code, seat: HOLDER });
				const complaint = value(complainSeal({ game, seal, boxSecret: boxes[SPY]!.secret, boxKey: boxKeys[SPY]!, random }));
				expect(judgeSealComplaint({ game, position, card, shareKeys, t, seal, complaint, boxKeys }), name).toBe('sender-cheated');
			}
			const honest = value(revealTo({ game, position, seat: HOLDER, partials, to: SPY, boxKey: boxKeys[SPY]!, random }));
			const complaint = value(complainSeal({ game, seal: honest, boxSecret: boxes[SPY]!.secret, boxKey: boxKeys[SPY]!, random }));
			expect(judgeSealComplaint({ game, position, card, shareKeys, t, seal: honest, complaint, boxKeys })).toBe('false-complaint');
		});
	});
}

function flip(share: string): string {
	const bytes = base64urlToBytes(share, 96)!;
	bytes[70]! ^= 1;
	return bytesToBase64url(bytes);
}
