/**
 * Secret deck: a seal that lands after its draw settled (docs/deck.md). With three seats the drawer
 * needs t − 1 = 1 seal of the two sent at once, opens its card with the first and says what it drew;
 * the other seal, concurrent, may be ordered after that. It is late, not a fault: accepted and
 * ignored (it was refused with NO_DRAW, which the game page showed as a refused entry and which
 * counted against the honest sender's automatic entries). A late seal that is no seal is still
 * refused and names its sender; a seal for a position no draw took is still refused.
 */
import { describe, expect, it } from 'vitest';
import { sealPartial } from '../../../src/lib/protocol/deck/index.js';
import type { DeckBody } from '../../../src/lib/protocol/v2/deck/bodies.js';
import { gameIdFor, seededRandom, type Network, type Peer } from './table.js';
import { automaticOf, newSecretGame, playSecret } from './deck-table.js';

/** A position drawn into a hand and settled with one seal, and the other seat that did not seal it. */
function settledWithOneSeal(players: readonly Peer[]): { position: number; to: number; late: number } | null {
	const deck = players[0]!.replay.core.deck;
	for (const [position, senders] of deck?.seals ?? []) {
		if (deck!.draw?.positions.includes(position) === true || senders.size !== 1) continue;
		const to = [...senders.values()][0]!.to;
		const late = players.findIndex((_, seat) => seat !== to && !senders.has(seat));
		if (late >= 0 && (deck!.kept.get(position) === to || deck!.shown.has(position))) return { position, to, late };
	}
	return null;
}

/** Plays hurried turns until a draw into a hand settled with one seal of two. */
function gameWithLateSealPossible(label: string): { net: Network; players: Peer[]; found: { position: number; to: number; late: number } } {
	const { net, players } = newSecretGame(gameIdFor(label), ['ann', 'bob', 'cyd']);
	for (let i = 0; i < 60; i++) {
		playSecret(net, players, 1, `${label}-${i}`, players, true);
		const found = settledWithOneSeal(players);
		if (found !== null) return { net, players, found };
	}
	throw new Error('no draw settled with one seal of two');
}

/** The late seat's honest seal for that position, signed now (after the drawer said what it drew). */
function lateSeal(net: Network, players: readonly Peer[], found: { position: number; to: number; late: number }): DeckBody {
	const peer = players[found.late]!;
	const core = peer.replay.core;
	const secret = peer.device!.deckKeys(peer.replay, core, found.late).share!;
	const sealed = sealPartial({ game: net.game, position: found.position, card: core.deck!.final![found.position]!, seat: found.late, secret, to: found.to, boxKey: core.seats[found.to]!.box, random: seededRandom(`late-${found.position}`) });
	if (!sealed.ok) throw new Error(sealed.error.message);
	return { type: 'seal', seat: found.late, to: found.to, position: found.position, box: sealed.value.box };
}

const agree = (peers: readonly Peer[]) => expect(new Set(peers.map((peer) => peer.replay.stateHash)).size).toBe(1);

describe('Secret deck: a seal that lands after its draw settled', () => {
	it('is accepted, changes no state and names no one', () => {
		const { net, players, found } = gameWithLateSealPossible('deck-late-seal');
		const body = lateSeal(net, players, found);
		const before = players.map((peer) => ({ refused: peer.replay.rejections.length, state: peer.replay.state }));
		const peer = players[found.late]!;
		net.post(peer.device!.entry(peer.replay, 'deck', body));
		automaticOf(net, players);
		players.forEach((other, i) => {
			expect(other.replay.rejections.slice(before[i]!.refused), `${other.name} refuses nothing`).toEqual([]);
			expect(other.replay.core.deck!.faults).toEqual([]);
			expect(other.replay.core.cheaters.size).toBe(0);
		});
		expect(players[0]!.replay.state!.players).toEqual(before[0]!.state!.players);
		agree(players);
	});

	it('that is no seal (a corrupted box) is still refused and names its sender', () => {
		const { net, players, found } = gameWithLateSealPossible('deck-late-bad-seal');
		const body = lateSeal(net, players, found) as Extract<DeckBody, { type: 'seal' }>;
		const box = body.box.slice(0, -4) + (body.box.at(-4) === 'A' ? 'B' : 'A') + body.box.slice(-3);
		const peer = players[found.late]!;
		net.post(peer.device!.entry(peer.replay, 'deck', { ...body, box }));
		automaticOf(net, players);
		expect(players[0]!.replay.rejections.filter((r) => (r.code as string) === 'BAD_SEAL').map((r) => r.author)).toEqual([peer.device!.key]);
		expect(players[0]!.replay.core.deck!.faults.map((f) => [f.seat, f.code])).toContainEqual([found.late, 'BAD_SEAL']);
		agree(players);
	});

	it('a seal for a position no draw took is still refused (NO_DRAW)', () => {
		const { net, players, found } = gameWithLateSealPossible('deck-seal-nowhere');
		const unused = players[0]!.replay.state!.drawn! + 5;
		const body = { ...lateSeal(net, players, found), position: unused } as DeckBody;
		const peer = players[found.late]!;
		net.post(peer.device!.entry(peer.replay, 'deck', body));
		automaticOf(net, players);
		expect(players[0]!.replay.rejections.map((r) => r.code)).toContain('NO_DRAW');
		agree(players);
	});
});
