/**
 * A hand-made fork of a secret-deck game (docs/deck.md, "Forks"): `forkEntriesV2` refuses to make a
 * fork after the first secret draw, but a hostile forker can sign the fork and carry entries itself.
 * The replay must refuse such a fork too, naming its author: without that, the fork's new key
 * generation would make a fresh deck from the unseen pool, which still holds the cards hidden in
 * hands, so a hidden card could be drawn a second time and the hands' positions would point nowhere.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../../../src/lib/protocol/entry.js';
import { forkEntriesV2 } from '../../../src/lib/protocol/fork.js';
import type { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { gameIdFor, gameOptions, Network, playerDevice, type Peer } from './table.js';
import { newSecretGame, playSecret } from './deck-table.js';
import { chunked, claimSeats, signedFork } from './forks.js';

/** The fork's entries signed by hand (as forkEntriesV2 makes them, without its check), posted to three new peers. */
function handMadeFork(parent: GameReplayer, index: number, label: string) {
	const game = gameIdFor(label);
	const dan = playerDevice('dan');
	const carried = parent.accepted.slice(0, index + 1);
	const made = [...signedFork(dan.identity, game, { parent: parent.gameId, index, parentHash: parent.logHash(index) }, chunked(carried.map((e) => e.id))), ...carried.map((e) => e.text)];
	const fork = new Network(game);
	const peers: Peer[] = ['dan', 'ann', 'bob'].map((name) => fork.peer(name, playerDevice(name)));
	for (const entry of made) fork.post(entry);
	return { fork, peers, dan };
}

describe('A hand-made fork of a secret-deck game', () => {
	it('after Hidden Illuminati dealt face down, before any draw, is refused too (forkEntriesV2 and the replay)', () => {
		const net = new Network(gameIdFor('deck-fork-hidden-parent'));
		const players = ['ann', 'bob', 'cyd'].map((name) => net.peer(name, playerDevice(name)));
		const options = { ...gameOptions(3), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } };
		net.post(players[0]!.device!.entry(players[0]!.replay, 'create', { options, rules: DEFAULT_PROTOCOL_RULES }));
		players.forEach((peer, seat) => {
			net.post(peer.device!.join(peer.replay, seat));
			net.automatic();
		});
		net.automatic();
		const parent = players[0]!.replay;
		const index = parent.accepted.length - 1;
		expect(parent.state!.drawn ?? 0).toBe(0);
		expect(parent.state!.players.every((p) => p.illuminati !== null)).toBe(true);
		expect(() => forkEntriesV2(parent, index, playerDevice('dan').identity, gameIdFor('x'))).toThrow(/Illuminati were dealt face down/);
		const { peers, dan } = handMadeFork(parent, index, 'deck-fork-hidden');
		for (const peer of peers) {
			const refusal = peer.replay.rejections.find((r) => r.code === 'SECRET_DECK_FORK');
			expect(refusal?.message).toContain(dan.identity.publicKey.slice(0, 8));
			expect(peer.replay.core.broken).not.toBeNull();
		}
	});

	it('after the first secret draw is refused by every peer (SECRET_DECK_FORK, naming the forker): the game is broken, no seat can be claimed', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-fork-hand-made-parent'), ['ann', 'bob', 'cyd']);
		const hidden = () => players[0]!.replay.state!.players.some((p) => (p.hidden ?? []).length > 0);
		for (let i = 0; i < 120 && !hidden(); i++) playSecret(net, players, 1, `parent-${i}`, players, true);
		const parent = players[0]!.replay;
		const index = parent.accepted.length - 1;
		expect(parent.accepted[index]!.state!.drawn).toBeGreaterThan(0);
		expect(hidden()).toBe(true);

		// The attack: the forker signs the fork and its carries by hand (forkEntriesV2 would refuse).
		const game = gameIdFor('deck-fork-hand-made');
		const dan = playerDevice('dan');
		const carried = parent.accepted.slice(0, index + 1);
		const made = [...signedFork(dan.identity, game, { parent: parent.gameId, index, parentHash: parent.logHash(index) }, chunked(carried.map((e) => e.id))), ...carried.map((e) => e.text)];
		const fork = new Network(game);
		const peers: Peer[] = ['dan', 'ann', 'bob'].map((name) => fork.peer(name, playerDevice(name)));
		for (const entry of made) fork.post(entry);

		for (const peer of peers) {
			const refusal = peer.replay.rejections.find((r) => r.code === 'SECRET_DECK_FORK');
			expect(refusal, `${peer.name}'s refusals: ${peer.replay.rejections.map((r) => r.code).join()}`).toBeDefined();
			expect(refusal!.message).toContain(dan.identity.publicKey.slice(0, 8));
			expect(refusal!.message).toMatch(/secret deck/);
			expect(peer.replay.core.broken).toMatch(/secret deck/);
		}
		// Nobody can play on from it: a seat claimed now is refused.
		claimSeats(fork, peers);
		for (const peer of peers) expect(peer.replay.core.seats.every((s) => s === null)).toBe(true);
		expect(new Set(peers.map((p) => p.replay.stateHash)).size).toBe(1);
	});
});
