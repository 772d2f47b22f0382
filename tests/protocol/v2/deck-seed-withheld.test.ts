/**
 * The audit's seeds at the end of a secret-deck game (docs/deck.md, "The audit"): a hostile seat
 * that never reveals its seed no longer blocks the audit for ever; the table waits for it, the
 * others vote it absent after the countdown, and it is named SEED_WITHHELD to everyone while the
 * audit runs without it. A seed that does not match its commitment is BAD_SEED, naming the seat.
 */
import { describe, expect, it } from 'vitest';
import { awaitedSeats } from '../../../src/lib/protocol/v2/awaited.js';
import { gameIdFor, type Network, type Peer } from './table.js';
import { newSecretGame } from './deck-table.js';
import { playToTheEnd } from './deck-hostile.js';

const agree = (peers: readonly Peer[]) => expect(new Set(peers.map((peer) => peer.replay.stateHash)).size).toBe(1);
const faultsOf = (peer: Peer) => peer.replay.core.deck!.faults.map((f) => [f.seat, f.code]);
const vote = (net: Network, voter: Peer, seat: number, target: number) => net.post(voter.device!.entry(voter.replay, 'absent', { seat, target }));
const lastRefusal = (peer: Peer) => peer.replay.rejections.at(-1);

describe('Secret deck: seeds at the end', () => {
	it('a seat that withholds its seed is awaited, then named SEED_WITHHELD once most others vote; the audit runs without it and a late seed changes nothing', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-seed-withheld'), ['ann', 'bob', 'cyd']);
		playToTheEnd(net, players, (_peer, seat, body) => (seat === 1 && body.type === 'seed' ? 'drop' : null), 'withheld');
		const [ann, bob, cyd] = players as [Peer, Peer, Peer];
		const core = ann.replay.core;
		expect(ann.replay.state!.phase.kind).toBe('over');
		expect(core.deck!.steps.some((s) => s.seat === 1 && s.deck !== null)).toBe(true);
		// The attack: without a timeout the audit waits for ever. The table names who it waits for.
		expect(core.deck!.audit).toBeNull();
		expect(awaitedSeats(ann.replay)).toEqual([{ seat: 1, for: 'seed' }]);
		expect(core.cheaters.has(1)).toBe(false);

		// A vote against a seat whose seed is in, and the withholder's own vote, are refused.
		vote(net, ann, 0, 2);
		expect(lastRefusal(ann)?.code).toBe('NOT_APPLICABLE');
		vote(net, bob, 1, 0);
		expect(lastRefusal(ann)?.code).toBe('NOT_APPLICABLE');

		// One vote of two is no majority; the second names the seat.
		vote(net, ann, 0, 1);
		expect(ann.replay.core.deck!.audit).toBeNull();
		vote(net, ann, 0, 1);
		expect(lastRefusal(ann)?.code).toBe('ALREADY_VOTED');
		vote(net, cyd, 2, 1);
		const deck = ann.replay.core.deck!;
		expect(faultsOf(ann)).toContainEqual([1, 'SEED_WITHHELD']);
		expect(deck.faults.find((f) => f.code === 'SEED_WITHHELD')!.message).toMatch(/Seat 1 withheld its shuffle seed/);
		expect(ann.replay.core.cheaters.has(1)).toBe(true);
		expect(ann.replay.core.cheaters.has(0) || ann.replay.core.cheaters.has(2)).toBe(false);
		expect(deck.audit).not.toBeNull();
		// The other steps were audited (no fault for them); the deck stays closed but for the cards shown.
		expect(deck.faults.filter((f) => f.seat !== 1)).toEqual([]);
		expect(deck.audit!.cards.flatMap((card, position) => (card === null ? [] : [[position, card]]))).toEqual([...deck.shown].sort((a, b) => a[0] - b[0]));
		expect(awaitedSeats(ann.replay)).toEqual([]);

		// The seed comes late: the verdict stands.
		const late = bob.device!.entry(bob.replay, 'deck', bob.device!.deck.next(bob.replay.core, bob.device!.deckKeys(bob.replay, bob.replay.core, 1))!);
		net.post(late);
		expect(faultsOf(ann)).toContainEqual([1, 'SEED_WITHHELD']);
		expect(ann.replay.core.deck!.audit).toEqual(deck.audit);
		agree(players);
	});

	it('votes already in are counted again when a voter leaves the electorate another way: a second withholder is named once the first one is, without waiting for the last vote', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-seed-recount'), ['ann', 'bob', 'cyd', 'dan', 'eve']);
		playToTheEnd(net, players, (_peer, seat, body) => ((seat === 1 || seat === 2) && body.type === 'seed' ? 'drop' : null), 'recount');
		const [ann, , , dan, eve] = players as [Peer, Peer, Peer, Peer, Peer];
		expect(awaitedSeats(ann.replay).map((a) => a.seat)).toEqual([1, 2]);
		// Seats 0 and 3 vote against both: 2 of 4 each (the other withholder is in each electorate).
		for (const [voter, seat] of [[ann, 0], [dan, 3]] as const) for (const target of [1, 2]) vote(net, voter, seat, target);
		expect(faultsOf(ann)).toEqual([]);
		// Eve votes against seat 1 only (then falls silent): 3 of 4 name it, a cheater, out of seat 2's
		// electorate, where 2 of the 3 left had voted already.
		vote(net, eve, 4, 1);
		for (const peer of players) {
			expect(faultsOf(peer)).toContainEqual([1, 'SEED_WITHHELD']);
			expect(faultsOf(peer)).toContainEqual([2, 'SEED_WITHHELD']);
			expect(peer.replay.core.deck!.audit).not.toBeNull();
		}
		expect(awaitedSeats(ann.replay)).toEqual([]);
		agree(players);
	});

	it('a revealed seed that does not match its commitment is BAD_SEED and names the seat; the honest steps pass', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-bad-seed'), ['ann', 'bob', 'cyd']);
		const other = 'A'.repeat(43);
		playToTheEnd(net, players, (_peer, seat, body) => (seat === 2 && body.type === 'seed' ? { ...body, seed: other } : null), 'bad-seed');
		const deck = players[0]!.replay.core.deck!;
		expect(players[0]!.replay.state!.phase.kind).toBe('over');
		expect(deck.audit).not.toBeNull();
		expect(deck.faults.map((f) => [f.seat, f.code])).toEqual([[2, 'BAD_SEED']]);
		expect(players[0]!.replay.core.cheaters.has(2)).toBe(true);
		agree(players);
	});
});
