/**
 * An entry whose `last` names another author's entry is refused BAD_CHAIN, naming its author, on
 * every peer whatever the arrival order: a peer that gets it before what it names keeps it waiting,
 * and records the refusal once that arrives (before, it dropped it silently, so two honest peers
 * with the same entries listed different refusals: found by a red-team pass).
 */
import { describe, expect, it } from 'vitest';
import { expectConverged, idOf, play, rogueTable } from './harness.js';

describe('BAD_CHAIN in any arrival order', () => {
	it('the peer that held the named entry and the peer that got it later both refuse the entry, naming the rogue', () => {
		const table = rogueTable('bad-chain-any-order', { honest: 2 });
		play(table, 6, 'bad-chain-any-order');
		const [alice, bob] = table.honest as [NonNullable<(typeof table.honest)[0]>, NonNullable<(typeof table.honest)[1]>];
		// A fresh entry of alice's that bob does not hold yet.
		const aliceAck = alice.device!.entry(alice.replay, 'ack', {});
		table.post(alice, aliceAck, [alice, table.rogue]);
		table.deliver(table.rogue);
		// The rogue's entry names alice's as its own `last`: alice gets it after hers, bob before.
		const forged = table.rogueEntry('ack', {}, { last: idOf(aliceAck) });
		table.send(forged, [alice, bob]);
		table.deliver(alice);
		table.deliver(bob);
		expect(bob.replay.rejections.filter((r) => r.id === idOf(forged))).toEqual([]);
		table.send(aliceAck, [bob]);
		table.deliver(bob);
		table.settle({ rogue: false });
		for (const peer of [alice, bob]) {
			const refusals = peer.replay.rejections.filter((r) => r.id === idOf(forged));
			expect(refusals.map((r) => [r.code, r.author])).toEqual([['BAD_CHAIN', table.rogue.device!.identity.publicKey]]);
		}
		expectConverged([alice, bob]);
	});
});
