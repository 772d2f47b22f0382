/**
 * Bad input to the secret deck that tests/protocol/v2/deck-attacks.test.ts does not cover (issue 13,
 * "Bad input"): a card substituted so that valid proofs unmask a card that cannot be in the deck
 * (caught at once: the game stops as broken, seeds are revealed and the audit names the shuffler),
 * and a sealed share that does not open for its drawer (named). Each is refused with a clear reason
 * naming its author, and every peer keeps the same state.
 */
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/lib/engine/cards/index.js';
import { sealPartial, shuffle } from '../../../src/lib/protocol/deck/index.js';
import { encodeMasked, groupKeyPoint, maskCard } from '../../../src/lib/protocol/deck/masking.js';
import { SHUFFLE_PART } from '../../../src/lib/protocol/v2/deck/bodies.js';
import { cardNumber, lastDeck } from '../../../src/lib/protocol/v2/deck/core.js';
import { shuffleSeed } from '../../../src/lib/protocol/v2/deck/device.js';
import { gameIdFor, type Peer } from './table.js';
import { newSecretGame } from './deck-table.js';
import { playWith, type Tamper } from './deck-hostile.js';

const agree = (peers: readonly Peer[]) => expect(new Set(peers.map((peer) => peer.replay.stateHash)).size).toBe(1);
const faultsOf = (peer: Peer) => peer.replay.core.deck!.faults.map((f) => [f.seat, f.code]);

describe('Secret deck: bad input is refused and named', () => {
	it('a substituted card that valid proofs unmask (a group already in play) stops the game at once; seeds come in and the audit names the shuffler', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-substituted-at-once'), ['ann', 'bob', 'cyd']);
		let planted: string | null = null;
		const tamper: Tamper = (peer, seat, body) => {
			if (seat !== 2 || body.type !== 'shuffle') return null;
			const core = peer.replay.core;
			const honest = shuffle({ game: net.game, seat, deck: lastDeck(core.deck!), groupKey: core.keygen!.group!.publicKey, seed: shuffleSeed(net.game, seat, peer.device!.box(seat).secret) });
			if (!honest.ok) throw new Error(honest.error.message);
			const y = groupKeyPoint(core.keygen!.group!.publicKey);
			if (!y.ok) throw new Error('group key');
			// The last shuffler puts, at the first position drawn, a group that is already on the table.
			planted ??= core.engine!.uncontrolled.find((card) => CARDS[card]?.kind === 'group' && !core.engine!.deck.includes(card))!;
			const deck = [encodeMasked(maskCard(cardNumber(planted as never), 4242n, y.value)), ...honest.value.deck.slice(1)];
			return { ...body, cards: deck.slice(body.part * SHUFFLE_PART, (body.part + 1) * SHUFFLE_PART) };
		};
		playWith(net, players, tamper, 'substituted', 20);
		expect(planted).not.toBeNull();
		const [ann] = players as [Peer];
		const core = ann.replay.core;
		expect(ann.replay.rejections.map((r) => r.code)).toContain('SUBSTITUTED_CARD');
		expect(core.broken).toMatch(/position 0 of the masked deck is .*cannot be there/);
		// The honest devices reveal their seeds in the broken game; the audit names who substituted.
		expect(core.deck!.audit).not.toBeNull();
		expect(faultsOf(ann)).toEqual([[2, 'SHUFFLE_MISMATCH']]);
		expect(core.cheaters.has(2)).toBe(true);
		// Nothing more is played on a broken game.
		expect(ann.replay.state!.drawn ?? 0).toBe(0);
		agree(players);
	});

	it('a sealed share that does not open for its drawer (sealed under another seat’s box key) names its sender; the draw completes', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-seal-wrong-box'), ['ann', 'bob', 'cyd']);
		let sender: number | null = null;
		const tamper: Tamper = (peer, seat, body) => {
			if (sender !== null || body.type !== 'seal') return null;
			sender = seat;
			const core = peer.replay.core;
			const wrongBox = core.seats.findIndex((_, s) => s !== seat && s !== body.to);
			const share = peer.device!.deckKeys(peer.replay, core, seat).share!;
			const sealed = sealPartial({ game: net.game, position: body.position, card: core.deck!.final![body.position]!, seat, secret: share, to: body.to, boxKey: core.seats[wrongBox]!.box, random: (n: number) => new Uint8Array(n).fill(9) });
			if (!sealed.ok) throw new Error(sealed.error.message);
			return { ...body, box: sealed.value.box };
		};
		playWith(net, players, tamper, 'wrong-box', 14);
		expect(sender).not.toBeNull();
		const [ann] = players as [Peer];
		const named = ann.replay.core.deck!.faults.filter((f) => f.seat === sender);
		expect(named.map((f) => f.code)).toEqual(['BAD_SEAL']);
		expect(named[0]!.message).toBeTruthy();
		expect(ann.replay.rejections.filter((r) => (r.code as string) === 'BAD_SEAL').map((r) => r.author)).toEqual([players[sender!]!.device!.key]);
		expect(ann.replay.core.cheaters.has(sender!)).toBe(true);
		expect(ann.replay.core.deck!.faults.filter((f) => f.seat !== sender)).toEqual([]);
		expect(ann.replay.state!.drawn ?? 0).toBeGreaterThanOrEqual(1);
		agree(players);
	});
});
