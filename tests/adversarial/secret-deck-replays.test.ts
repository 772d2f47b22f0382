/**
 * Replays against the secret deck (docs/deck.md) that tests/protocol/v2/deck-attacks.test.ts does
 * not try, each as a hostile client among honest devices: a seat re-sends its valid seal of one
 * draw for a later position, re-posts the shuffle step it made in an earlier game with the same
 * players, or copies the previous seat's step as its own; and a seat publishes its partial
 * decryption of a card drawn into another seat's hand (a position it owes only a seal for).
 */
import { describe, expect, it } from 'vitest';
import { combine, partialDecryption } from '../../src/lib/protocol/deck/index.js';
import type { DeckBody } from '../../src/lib/protocol/v2/deck/bodies.js';
import { cardNumber, lastDeck } from '../../src/lib/protocol/v2/deck/core.js';
import { SHUFFLE_PART } from '../../src/lib/protocol/v2/deck/bodies.js';
import { gameIdFor, seededRandom, type Peer } from '../protocol/v2/table.js';
import { newSecretGame } from '../protocol/v2/deck-table.js';
import { playToTheEnd, playWith, type Tamper } from '../protocol/v2/deck-hostile.js';

const NAMES = ['ann', 'bob', 'cyd'];
const agree = (peers: readonly Peer[]) => expect(new Set(peers.map((peer) => peer.replay.stateHash)).size).toBe(1);
const faults = (peer: Peer) => peer.replay.core.deck!.faults.map((f) => [f.seat, f.code]);
const secretOf = (peer: Peer, seat: number): bigint => peer.device!.deckKeys(peer.replay, peer.replay.core, seat).share!;

describe('Secret deck replays', () => {
	it('a seal re-sent for a later position (valid where it was made) is refused BAD_SEAL and names its sender; draws go on', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-seal-replay'), NAMES);
		let first: { seat: number; position: number; box: string } | null = null;
		let replayedAt: number | null = null;
		const tamper: Tamper = (_peer, seat, body) => {
			if (body.type !== 'seal') return null;
			if (first === null) {
				first = { seat, position: body.position, box: body.box };
				return null;
			}
			if (seat !== first.seat || body.position === first.position || replayedAt !== null) return null;
			replayedAt = body.position;
			return { ...body, box: first.box };
		};
		playToTheEnd(net, players, tamper, 'seal-replay', 24);
		expect(replayedAt).not.toBeNull();
		const rogue = first!.seat;
		expect(faults(players[0]!)).toContainEqual([rogue, 'BAD_SEAL']);
		expect([...players[0]!.replay.core.cheaters]).toEqual([rogue]);
		expect(players[0]!.replay.state!.drawn ?? 0).toBeGreaterThan(replayedAt!);
		agree(players);
	});

	it('a shuffle step re-posted from an earlier game with the same players passes the immediate check and is named by the audit', () => {
		// The earlier game: bob's honest step, kept by the hostile client.
		const earlier = newSecretGame(gameIdFor('deck-shuffle-replay-earlier'), NAMES);
		const kept: string[][] = [];
		playWith(earlier.net, earlier.players, (_peer, seat, body) => {
			if (seat === 1 && body.type === 'shuffle') kept[body.part] = [...body.cards];
			return null;
		}, 'earlier', 6);
		expect(kept.flat().length).toBeGreaterThan(0);
		const { net, players } = newSecretGame(gameIdFor('deck-shuffle-replay-later'), NAMES);
		const tamper: Tamper = (_peer, seat, body) => (seat === 1 && body.type === 'shuffle' ? { ...body, cards: kept[body.part]! } : null);
		playToTheEnd(net, players, tamper, 'later', 12);
		const core = players[2]!.replay.core;
		expect(players[2]!.replay.rejections.filter((r) => (r.code as string) === 'BAD_SHUFFLE')).toEqual([]);
		expect(core.deck!.audit).not.toBeNull();
		expect(faults(players[2]!)).toContainEqual([1, 'SHUFFLE_MISMATCH']);
		expect(core.cheaters.has(1)).toBe(true);
		expect(core.cheaters.has(0) || core.cheaters.has(2)).toBe(false);
		agree(players);
	});

	it('a shuffle step that copies the previous seat’s step is refused at once (BAD_SHUFFLE) naming the copier', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-shuffle-copy'), NAMES);
		const tamper: Tamper = (peer, seat, body) => {
			if (seat !== 1 || body.type !== 'shuffle') return null;
			const previous = lastDeck(peer.replay.core.deck!);
			return { ...body, cards: previous.slice(body.part * SHUFFLE_PART, (body.part + 1) * SHUFFLE_PART) };
		};
		playWith(net, players, tamper, 'copy', 6);
		const refused = players[0]!.replay.rejections.filter((r) => (r.code as string) === 'BAD_SHUFFLE');
		expect(refused.length).toBeGreaterThan(0);
		expect(new Set(refused.map((r) => r.author))).toEqual(new Set([players[1]!.device!.key]));
		expect(players[0]!.replay.core.cheaters.has(1)).toBe(true);
		expect(players[0]!.replay.core.deck!.final).not.toBeNull(); // the others shuffled without it
		agree(players);
	});

	it('a public partial for a card drawn into another seat’s hand is refused (NO_DRAW) and changes nothing, but it stays readable: with it one more seat reads the card', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-partial-not-owed'), NAMES);
		let rogue: number | null = null;
		const leaks = new Map<number, { drawer: number; share: string }>();
		const tamper: Tamper = (peer, seat, body) => {
			if (body.type !== 'seal' || (rogue !== null && seat !== rogue)) return null;
			rogue = seat;
			const made = partialDecryption({ game: net.game, position: body.position, card: peer.replay.core.deck!.final![body.position]!, seat, secret: secretOf(peer, seat), random: seededRandom(`leak-${body.position}`) });
			if (!made.ok) throw new Error(made.error.message);
			leaks.set(body.position, { drawer: body.to, share: made.value.share });
			net.post(peer.device!.entry(peer.replay, 'deck', { type: 'partial', seat, position: body.position, share: made.value.share } as DeckBody));
			return body; // the seal itself, signed after the partial (the same sequence number would be equivocation)
		};
		playWith(net, players, tamper, 'partial-not-owed', 12);
		const core = () => players[0]!.replay.core;
		expect(rogue).not.toBeNull();
		const refused = players[0]!.replay.rejections.filter((r) => r.author === players[rogue!]!.device!.key);
		expect(refused.map((r) => r.code)).toEqual([...leaks.keys()].map(() => 'NO_DRAW'));
		expect(core().cheaters.size).toBe(0);
		agree(players);
		// What refusal cannot undo (docs/deck.md, "What it does not guarantee"): while the card is
		// still the drawer's secret, the third seat adds its own partial to the published one and
		// reads it (t = 2 of 3). The check below runs later, against what the drawer learnt.
		const [position, { drawer, share }] = [...leaks][0]!;
		const third = [0, 1, 2].find((s) => s !== rogue && s !== drawer)!;
		const peer = players[third]!;
		const card = peer.replay.core.deck!.final![position]!;
		const own = partialDecryption({ game: net.game, position, card, seat: third, secret: secretOf(peer, third), random: seededRandom('third') });
		if (!own.ok) throw new Error(own.error.message);
		const read = combine({ card, partials: [{ seat: rogue!, share }, own.value], t: 2, position });
		const drawerKnows = players[drawer]!.device!.knowledge(players[drawer]!.replay, drawer)[position];
		const drawn = core().deck!.shown.get(position) ?? drawerKnows;
		expect(drawn).toBeDefined();
		expect(read.ok && read.value).toBe(cardNumber(drawn!));
	});
});
