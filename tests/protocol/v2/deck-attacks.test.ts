/**
 * Attacks on the secret deck (docs/deck.md, docs/protocol.md threat table), each written as the
 * hostile client would: a seat substitutes a card in its shuffle (named by the audit at the end),
 * keeps a group hidden as if it were a Special (named by the audit), lies about a drawn card or
 * shows a card with another position's proofs (refused at once and named), sends a seal that is no
 * seal (refused and named), or plays a card by a plain action (refused before the graph). A departed
 * seat does not block the next draw. Peers agree throughout.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../../src/lib/engine/index.js';
import { CARDS } from '../../../src/lib/engine/cards/index.js';
import { parseEntry } from '../../../src/lib/protocol/entry.js';
import { awaitedSeats } from '../../../src/lib/protocol/v2/awaited.js';
import { encodeMasked, groupKeyPoint, maskCard } from '../../../src/lib/protocol/deck/masking.js';
import { sealPartial, shuffle } from '../../../src/lib/protocol/deck/index.js';
import { cardNumber, lastDeck } from '../../../src/lib/protocol/v2/deck/core.js';
import { shuffleSeed } from '../../../src/lib/protocol/v2/deck/device.js';
import { SHUFFLE_PART } from '../../../src/lib/protocol/v2/deck/bodies.js';
import { gameIdFor, type Peer } from './table.js';
import { newSecretGame, playSecret } from './deck-table.js';
import { playToTheEnd, type Tamper } from './deck-hostile.js';

/** A seat's secret share of the group key, as its device computes it (the test plays that device's hostile client). */
function secretOf(peer: Peer, seat: number): bigint {
	return peer.device!.deckKeys(peer.replay, peer.replay.core, seat).share!;
}

const agree = (peers: readonly Peer[]) => expect(new Set(peers.map((peer) => peer.replay.stateHash)).size).toBe(1);

describe('Secret deck attacks', () => {
	it('a seat that substitutes a card in its shuffle passes the immediate check and is named by the audit at the end', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-substitute'), ['ann', 'bob', 'cyd']);
		let tampered: string[] | null = null;
		const tamper: Tamper = (peer, seat, body) => {
			if (seat !== 1 || body.type !== 'shuffle') return null;
			const core = peer.replay.core;
			if (tampered === null) {
				const honest = shuffle({ game: net.game, seat, deck: lastDeck(core.deck!), groupKey: core.keygen!.group!.publicKey, seed: shuffleSeed(net.game, seat, peer.device!.box(seat).secret) });
				if (!honest.ok) throw new Error(honest.error.message);
				const y = groupKeyPoint(core.keygen!.group!.publicKey);
				if (!y.ok) throw new Error('group key');
				// The last card becomes a second Deep Agent, freshly masked: no one can see it without the seed.
				tampered = [...honest.value.deck.slice(0, -1), encodeMasked(maskCard(cardNumber('deep-agent'), 12345n, y.value))];
			}
			return { ...body, cards: tampered.slice(body.part * SHUFFLE_PART, (body.part + 1) * SHUFFLE_PART) };
		};
		playToTheEnd(net, players, tamper, 'substitute', 12);
		const core = players[2]!.replay.core;
		expect(core.deck!.final).not.toBeNull();
		expect(players[0]!.replay.rejections.filter((r) => r.code === 'BAD_SHUFFLE')).toEqual([]);
		expect(players[0]!.replay.state!.phase.kind).toBe('over');
		expect(core.deck!.audit).not.toBeNull();
		expect(core.deck!.faults.map((f) => [f.seat, f.code])).toContainEqual([1, 'SHUFFLE_MISMATCH']);
		expect(core.cheaters.has(1)).toBe(true);
		expect(core.cheaters.has(0) || core.cheaters.has(2)).toBe(false);
		agree(players);
	});

	it('a drawer that keeps a group hidden (says "a Special") is named by the audit', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-keep-group'), ['ann', 'bob', 'cyd']);
		const tamper: Tamper = (_peer, seat, body) => (seat === 0 && body.type === 'drawn' && body.partials !== null ? { ...body, partials: null } : null);
		playToTheEnd(net, players, tamper, 'keep', 12);
		const deck = players[1]!.replay.core.deck!;
		const keptGroups = [...deck.kept].filter(([position]) => CARDS[deck.audit!.cards[position]!]?.kind === 'group');
		expect(keptGroups.length).toBeGreaterThan(0);
		expect(keptGroups.every(([, holder]) => holder === 0)).toBe(true);
		expect(deck.faults.map((f) => [f.seat, f.code])).toContainEqual([0, 'KEPT_A_GROUP']);
		agree(players);
	});

	it('a drawer that lies about its card (another seat’s share under its own name) is refused at once and named; the game goes on', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-lie'), ['ann', 'bob', 'cyd']);
		let lied = false;
		const tamper: Tamper = (_peer, seat, body) => {
			if (lied || body.type !== 'drawn' || body.partials === null) return null;
			lied = true;
			const other = body.partials.find((p) => p.seat !== seat)!;
			return { ...body, partials: body.partials.map((p) => (p.seat === seat ? { seat, share: other.share } : p)) };
		};
		playToTheEnd(net, players, tamper, 'lie', 8);
		expect(lied).toBe(true);
		const refused = players[0]!.replay.rejections.filter((r) => (r.code as string) === 'BAD_PROOF');
		expect(refused.length).toBe(1);
		const liar = players.findIndex((peer) => peer.device!.key === refused[0]!.author);
		expect(players[0]!.replay.core.deck!.faults.map((f) => [f.seat, f.code])).toContainEqual([liar, 'BAD_PROOF']);
		expect(players[0]!.replay.core.cheaters.has(liar)).toBe(true);
		agree(players);
	});

	it('a seal that is no seal (a corrupted box) is refused and names its sender; the draw completes with the other seat’s seal', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-bad-seal'), ['ann', 'bob', 'cyd']);
		let sender: number | null = null;
		const tamper: Tamper = (_peer, _seat, body) => {
			if (sender !== null || body.type !== 'seal') return null;
			sender = body.seat;
			const flipped = body.box.slice(0, -4) + (body.box.at(-4) === 'A' ? 'B' : 'A') + body.box.slice(-3);
			return { ...body, box: flipped };
		};
		playToTheEnd(net, players, tamper, 'seal', 14);
		expect(sender).not.toBeNull();
		const refused = players[0]!.replay.rejections.filter((r) => (r.code as string) === 'BAD_SEAL');
		expect(refused.map((r) => r.author)).toEqual([players[sender!]!.device!.key]);
		expect(players[0]!.replay.core.deck!.faults.map((f) => [f.seat, f.code])).toContainEqual([sender, 'BAD_SEAL']);
		expect(players[0]!.replay.state!.drawn ?? 0).toBeGreaterThanOrEqual(1);
		agree(players);
	});

	it('a bad partial inside a well-formed seal: the drawer complains, anyone judges, the sender is named; the draw goes on', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-bad-partial'), ['ann', 'bob', 'cyd']);
		let sender: number | null = null;
		const tamper: Tamper = (peer, seat, body) => {
			if (sender !== null || body.type !== 'seal') return null;
			sender = seat;
			const core = peer.replay.core;
			const final = core.deck!.final!;
			// The partial of another card (the next position's), sealed as if for this one: the seal is well formed.
			const other = (body.position + 1) % final.length;
			const sealed = sealPartial({ game: net.game, position: body.position, card: final[other]!, seat, secret: secretOf(peer, seat), to: body.to, boxKey: core.seats[body.to]!.box, random: (n: number) => new Uint8Array(n).fill(7) });
			if (!sealed.ok) throw new Error(sealed.error.message);
			return { ...body, box: sealed.value.box };
		};
		playToTheEnd(net, players, tamper, 'bad-partial', 14);
		expect(sender).not.toBeNull();
		const deck = players[0]!.replay.core.deck!;
		expect(deck.faults.map((f) => [f.seat, f.code])).toContainEqual([sender, 'BAD_PARTIAL']);
		expect(players[0]!.replay.core.cheaters.has(sender!)).toBe(true);
		expect(players[0]!.replay.rejections.filter((r) => (r.code as string) === 'FALSE_COMPLAINT')).toEqual([]);
		expect(players[0]!.replay.state!.drawn ?? 0).toBeGreaterThanOrEqual(1);
		agree(players);
	});

	it('a departed seat does not block the next draw: after the others vote it absent, draws complete with their seals alone', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-departed'), ['ann', 'bob', 'cyd']);
		for (let i = 0; i < 40 && (players[0]!.replay.state!.drawn ?? 0) < 1; i++) playSecret(net, players, 1, `before-${i}`, players, i % 2 === 0);
		expect(players[0]!.replay.core.deck!.final).not.toBeNull();
		const before = players[0]!.replay.state!.drawn!;
		// Seat 2 leaves the table without a word: the others play on until the table waits for it, and say so.
		const present = players.slice(0, 2);
		for (let i = 0; i < 60 && !awaitedSeats(players[0]!.replay).some((a) => a.seat === 2); i++) playSecret(net, players, 1, `silent-${i}`, present, i % 2 === 0);
		expect(awaitedSeats(players[0]!.replay).map((a) => a.seat)).toContain(2);
		// The countdown runs out: the two others vote it absent.
		for (const [seat, peer] of present.entries()) net.post(peer.device!.entry(peer.replay, 'absent', { seat, target: 2 }));
		for (let i = 0; i < 60 && (players[0]!.replay.state!.drawn ?? 0) <= before; i++) playSecret(net, players, 1, `after-${i}`, present, i % 2 === 0);
		const core = players[0]!.replay.core;
		expect(core.votedOut.has(2)).toBe(true);
		expect(players[0]!.replay.state!.drawn!).toBeGreaterThan(before);
		const silentSince = net.posted.findIndex((text) => (JSON.parse(text) as { kind: string }).kind === 'absent');
		expect(net.posted.slice(silentSince).some((text) => (JSON.parse(text) as { author: string }).author === players[2]!.device!.key)).toBe(false);
		agree(present);
	});

	it('showCard or deal in an action entry (a card played without its proof) is refused before the graph', () => {
		const { players } = newSecretGame(gameIdFor('deck-plain-show'), ['ann', 'bob']);
		const peer = players[0]!;
		for (const body of [{ type: 'showCard', seat: 0, position: 0, card: 'deep-agent' as CardId }, { type: 'deal', cards: [null] }]) {
			const parsed = parseEntry(peer.device!.entry(peer.replay, 'action', body as never));
			expect(parsed.ok ? null : parsed.code).toBe('MALFORMED');
		}
	});
});
