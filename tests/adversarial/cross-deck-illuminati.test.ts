/**
 * Red team (session 12), a stated limit (docs/deck.md, "Hidden Illuminati"): the draw deck and the
 * Illuminati deck are masked under the same group key, so a shuffler of the draw deck can put
 * re-maskings of another seat's face-down Illuminati (its ciphertext is public in the deal) into
 * its shuffle step. `checkShuffle` cannot see a substitution before the seeds are out; the honest
 * seats then seal their partials of the position it draws, and it reads the card. It is caught at
 * the next face-up draw of such a card (valid proofs unmask a card that cannot be there: the game
 * is broken, the shuffler named), but only after it has read the card.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { encodeMasked, parseMasked } from '../../src/lib/protocol/deck/index.js';
import { groupKeyPoint, remask } from '../../src/lib/protocol/deck/masking.js';
import { randomScalar } from '../../src/lib/protocol/coin/group.js';
import { positionOf } from '../../src/lib/protocol/v2/illuminati/deal.js';
import { SHUFFLE_PART } from '../../src/lib/protocol/v2/deck/bodies.js';
import { hiddenGame } from '../protocol/v2/hidden-table.js';
import { playWith } from '../protocol/v2/deck-hostile.js';

describe('stated limit: a shuffler who puts a face-down Illuminati into the draw deck', () => {
	it('reads it when it draws that position, and is caught at the next face-up draw of it (the message does not name the card)', () => {
		const { net, players, spectator } = hiddenGame('cross-deck', ['alice', 'bob', 'carol']);
		const [alice] = players as [(typeof players)[number]];
		const aliceCard = alice.device!.ownIlluminati(alice.replay, 0);
		expect(aliceCard).not.toBeNull();
		let forged: string[] | null = null;
		let read: string | null = null;
		playWith(net, players, (peer, seat, body) => {
			if (seat !== 1) return null;
			const core = peer.replay.core;
			if (body.type === 'shuffle') {
				if (forged === null) {
					const deal = core.illuminati!;
					const victim = parseMasked(deal.final![positionOf(deal, 0)]!);
					const key = groupKeyPoint(core.keygen!.group!.publicKey);
					if (!victim.ok || !key.ok) throw new Error('the deal does not parse');
					forged = Array.from({ length: core.deck!.cards.length }, () => encodeMasked(remask(victim.value, randomScalar((k) => new Uint8Array(randomBytes(k))), key.value)));
				}
				return { ...body, cards: forged.slice(body.part * SHUFFLE_PART, (body.part + 1) * SHUFFLE_PART) };
			}
			if (body.type === 'drawn' && body.partials !== null) {
				read = peer.device!.deck.open(core, peer.device!.deckKeys(peer.replay, core, 1), body.position)?.card ?? null;
				return { ...body, partials: null }; // kept face down, as if a Special
			}
			return null;
		}, 'cross-deck', 30);
		expect(read).toBe(aliceCard);
		const core = spectator.replay.core;
		expect(spectator.replay.rejections.map((r) => r.code)).toContain('SUBSTITUTED_CARD');
		expect(core.broken).toMatch(/an Illuminati card/);
		expect(core.broken).not.toContain(aliceCard!);
		expect([...core.cheaters]).toEqual([1]); // bob
	});
});
