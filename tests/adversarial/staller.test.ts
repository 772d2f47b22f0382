/**
 * Attack 6: a staller. With four seats the rogue stops posting (no share, no acknowledgement)
 * while a random event is open: the watermark waits for it, so nothing becomes final and the
 * opener with it. A majority of the others votes it absent: the orderer cuts it from finality,
 * the replay stops waiting for its share, the event completes with the n − 1 honest shares, and
 * finality resumes. When the staller comes back with entries naming old `deps` (back-dated), they
 * are placed after what was final and change nothing final.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/lib/bots/random-player.js';
import type { Entry } from '../../src/lib/protocol/entry.js';
import { expectConverged, expectFinalKept, expectFreshAgrees, finalOf, idOf, opensEvent, play, randomMove, rogueTable, seeds, snapshot, type Table } from './harness.js';

/** Plays (the rogue honest) until a move opens a random event the rogue has not acknowledged. */
function openEventWithoutRogue(table: Table, seed: string): void {
	const chooser = new Chooser(seed);
	const secrets = new Map();
	for (let i = 0; i < 2_000; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		const move = randomMove(state, chooser, secrets);
		if (move === null) break;
		if (opensEvent(state, move) && move.seat !== table.rogue.seat && table.view.core.settled >= 3) {
			table.act(table.peerOfSeat(move.seat), move);
			return;
		}
		table.act(table.peerOfSeat(move.seat), move);
	}
	throw new Error(`no random event in 2,000 moves (${seed})`);
}

describe('attack 6: a staller', () => {
	it('a seat withholding shares and acknowledgements is voted absent; the event completes with n \u2212 1 shares, finality resumes, and its back-dated entries change nothing final', () => {
		const table = rogueTable('staller', { honest: 3 });
		openEventWithoutRogue(table, 'staller');
		const rogueSeat = table.rogue.seat!;
		const rogueLast = table.rogue.replay.lastOf(table.rogue.device!.key)!;
		// Old `deps`: what the rogue had seen a while ago (entries 20 back in the final order).
		const old = finalOf(table.view).ids.at(-20)!;
		table.settle({ rogue: false });
		const event = table.view.core.event!;
		expect(event, 'the event is open').not.toBeNull();
		expect(table.view.isFinal(event.opener), 'the opener waits for the staller').toBe(false);
		const stalled = snapshot(table.honest);
		const seedsBefore = seeds(table.view);

		// Votes: one is not a majority of the other three; two are.
		const [a, b] = table.players;
		table.broadcast(a!.device!.entry(a!.replay, 'absent', { seat: a!.seat!, target: rogueSeat }));
		table.settle({ rogue: false });
		expect(table.view.isFinal(event.opener), 'one vote of three cuts nobody').toBe(false);
		table.broadcast(b!.device!.entry(b!.replay, 'absent', { seat: b!.seat!, target: rogueSeat }));
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			expect(peer.replay.core.votedOut.has(rogueSeat), peer.name).toBe(true);
			expect(peer.replay.isFinal(event.opener), `${peer.name}: the opener is final`).toBe(true);
			expect(seeds(peer.replay).length, `${peer.name}: the event completed`).toBe(seedsBefore.length + 1);
			expect(peer.replay.finalCount, `${peer.name}: finality resumed`).toBeGreaterThan(stalled[0]!.count);
		}
		expectConverged(table.honest);
		expectFinalKept(stalled, table.honest);

		// The engine refuses absence votes while it waits for randomness: once the roll is in, the
		// table still waits for the staller (its windows, its turn), and the same voters vote again.
		expect(table.view.state!.players[rogueSeat]!.absenceVotes, 'the engine took no vote during the event').toEqual([]);
		for (const voter of [a!, b!]) table.broadcast(voter.device!.entry(voter.replay, 'absent', { seat: voter.seat!, target: rogueSeat }));
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			expect(peer.replay.rejections.filter((r) => r.code === 'ALREADY_VOTED'), peer.name).toEqual([]);
			expect(peer.replay.state!.players[rogueSeat]!.left, `${peer.name}: the staller left (absence rule 'leave')`).toBe(true);
		}

		// The table plays on without the staller.
		play(table, 30, 'staller:on', { rogueAutomatic: false });
		expect(seeds(table.view).length, 'more events complete').toBeGreaterThan(seedsBefore.length + 1);
		expectConverged(table.honest);
		const before = snapshot(table.honest);
		const hash = table.view.stateHash;

		// The staller comes back, back-dated: its entries continue its chain but name only old entries.
		// Its late share for the old event (the value of an honest seat's: the rogue reads everything).
		const honestShare = table.sent.map((text) => JSON.parse(text) as Entry<'share'>).find((e) => e.kind === 'share' && e.body.opener === event.opener)!.body;
		const backDated = [table.rogueEntry('share', { ...honestShare, seat: rogueSeat }, { last: rogueLast, deps: [old] })];
		backDated.push(table.rogueEntry('absent', { seat: rogueSeat, target: a!.seat! }, { last: idOf(backDated[0]!), deps: [old] }));
		backDated.push(table.rogueEntry('action', { type: 'passTurn', seat: rogueSeat }, { last: idOf(backDated[1]!), deps: [old] }));
		for (const entry of table.rng.shuffle(backDated)) table.send(entry, table.honest);
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			for (const entry of backDated) {
				const at = peer.replay.accepted.findIndex((e) => e.id === idOf(entry));
				const refused = peer.replay.rejections.some((r) => r.id === idOf(entry));
				expect(at === -1 || at >= before[0]!.count, `${peer.name}: placed after what was final`).toBe(true);
				expect(at !== -1 || refused || !peer.replay.isFinal(idOf(entry)), peer.name).toBe(true);
			}
		}
		expectFinalKept(before, table.honest);
		expectConverged(table.honest);
		expect(table.view.stateHash, 'the late share and vote changed nothing').toBe(hash);
		expectFreshAgrees(table);
	});
});
