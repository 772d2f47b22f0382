// A seeded fuzz of whole tables: random seat counts, thresholds, decks, drawers and one random
// cheat (none, a substituted card, a swap outside the permutation, a bad sealed partial, a forged
// partial in a public reveal). Every honest table draws each card once with a clean audit; every
// cheat is caught and pinned on its seat. The seed is printed; rerun one with DECK_FUZZ_SEED=<seed>.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
	auditShuffles,
	checkShuffle,
	combine,
	complainSeal,
	encodeMasked,
	judgeSealComplaint,
	maskCard,
	openDeck,
	openSealed,
	partialDecryption,
	sealPartial,
	shuffle,
	verifyReveal,
	type MaskedCard
} from '../../../src/lib/protocol/deck/index.js';
import { groupKeyPoint } from '../../../src/lib/protocol/deck/masking.js';
import { encodePartials } from '../../../src/lib/protocol/deck/sealed.js';
import { sealBytes } from '../../../src/lib/protocol/deck/seal.js';
import { error, honestDkg, range, seeded, value } from './support.js';

const SEED = process.env.DECK_FUZZ_SEED ?? bytesToHex(webcrypto.getRandomValues(new Uint8Array(8)));
const RUNS = Number(process.env.DECK_FUZZ_RUNS ?? 6);
const CHEATS = ['none', 'substitute', 'swap', 'bad-seal', 'bad-reveal'] as const;

describe(`seeded fuzz of whole tables (DECK_FUZZ_SEED=${SEED})`, () => {
	it(`${RUNS} random tables: honest ones draw every card once, every cheat is named`, () => {
		console.log(`deck fuzz seed: ${SEED} (rerun with DECK_FUZZ_SEED=${SEED})`);
		const random = seeded(`deck-fuzz/${SEED}`);
		const below = (k: number) => ((random(1)[0]! << 8) | random(1)[0]!) % k;
		for (let run = 0; run < RUNS; run++) {
			const n = 2 + below(4);
			const t = n === 2 ? 2 : 2 + below(n - 1);
			const size = 2 + below(11);
			const cards = [...new Set(range(size * 3).map(() => below(128)))].slice(0, size);
			const cheat = CHEATS[below(CHEATS.length)]!;
			const cheater = below(n);
			const label = `run ${run}: n = ${n}, t = ${t}, ${cards.length} cards, cheat ${cheat} by seat ${cheater}`;
			const dkg = honestDkg(n, t, `fuzz ${SEED} ${run}`);
			const game = dkg.context;
			const groupKey = dkg.group.publicKey;
			const open = value(openDeck(cards));
			const steps = [];
			let deck: readonly MaskedCard[] = open;
			for (let seat = 0; seat < n; seat++) {
				const seed = random(32);
				const step = value(shuffle({ game, seat, deck, groupKey, seed }));
				let published = step.deck;
				if (seat === cheater && cheat === 'substitute' && cards.length > 0) {
					const k = below(published.length);
					published = published.map((c, i) => (i === k ? encodeMasked(maskCard(cards[0]!, 7n + BigInt(run), value(groupKeyPoint(groupKey)))) : c));
				}
				if (seat === cheater && cheat === 'swap') published = [...published.slice(1), published[0]!];
				expect(checkShuffle({ seat, before: deck, after: published }).ok, label).toBe(true);
				steps.push({ seat, deck: published, commitment: step.commitment, seed });
				deck = published;
			}
			const failures = auditShuffles({ game, groupKey, open, steps });
			if (cheat === 'substitute' || cheat === 'swap') {
				expect(failures.map((f) => [f.code, f.seat]), label).toEqual([['SHUFFLE_MISMATCH', cheater]]);
				continue;
			}
			expect(failures, label).toEqual([]);
			const shareKeys = dkg.group.shareKeys;
			const drawn = deck.map((card, position) => {
				const drawer = below(n);
				const senders = range(n).filter((s) => s !== drawer).slice(0, t - 1);
				const own = value(partialDecryption({ game, position, card, seat: drawer, secret: dkg.secrets[drawer]!, random }));
				const partials = [own];
				for (const seat of senders) {
					const bad = cheat === 'bad-seal' && seat === cheater && position === 0;
					const seal = bad
						? value(sealBytes({ game, kind: 'partial', from: seat, to: drawer, position, boxKey: dkg.boxKeys[drawer]!, random, plaintext: value(encodePartials([{ ...own, seat }])) }))
						: value(sealPartial({ game, position, card, seat, secret: dkg.secrets[seat]!, to: drawer, boxKey: dkg.boxKeys[drawer]!, random }));
					const drawerKeys = { boxSecret: dkg.boxes[drawer]!.secret, boxKey: dkg.boxKeys[drawer]! };
					const opened = openSealed({ game, position, card, seal, seat: drawer, ...drawerKeys, shareKeys, t });
					if (bad) {
						expect(error(opened), label).toMatchObject({ code: 'BAD_PROOF', seat });
						const complaint = value(complainSeal({ game, seal, ...drawerKeys, random }));
						expect(judgeSealComplaint({ game, position, card, shareKeys, t, seal, complaint, boxKeys: dkg.boxKeys }), label).toBe('sender-cheated');
						// The others still complete the draw when they are enough (here: the sender's honest partial, sent again).
						partials.push(value(partialDecryption({ game, position, card, seat, secret: dkg.secrets[seat]!, random })));
						continue;
					}
					partials.push(value(opened));
				}
				if (cheat === 'bad-reveal' && position === 0 && partials.length > 1) {
					const forged = partials.map((p) => (p.seat === partials[1]!.seat ? { ...p, share: flipProof(p.share) } : p));
					expect(error(verifyReveal({ game, position, card, partials: forged, shareKeys, t })), label).toMatchObject({ code: 'BAD_PROOF', seat: partials[1]!.seat });
				}
				return value(verifyReveal({ game, position, card, partials, shareKeys, t }));
			});
			expect([...drawn].sort((a, b) => a - b), label).toEqual([...cards].sort((a, b) => a - b));
			expect(value(combine({ card: deck[0]!, partials: range(t).map((seat) => value(partialDecryption({ game, position: 0, card: deck[0]!, seat, secret: dkg.secrets[seat]!, random }))), t })), label).toBe(drawn[0]);
		}
	});
});

function flipProof(share: string): string {
	const bytes = base64urlToBytes(share, 96)!;
	bytes[90]! ^= 2;
	return bytesToBase64url(bytes);
}
