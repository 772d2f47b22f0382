/**
 * A peer that replays a game from scratch (a reload, a late joiner, a spectator) must reach the
 * order the live peers reached, whatever it learned when. Found by the rogue fuzz: the orderer's
 * decisions (who is a member, who was cut for stalling) depended on when a peer learned of an
 * equivocation or a vote, so a fresh replay of every entry diverged from the live table.
 */
import { describe, expect, it } from 'vitest';
import { fastIdentity, fastSignEntry, expectConverged, expectFreshAgrees, idOf, play, Rng, rogueTable } from './harness.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a replay from scratch agrees with the live peers', () => {
	it('when the game\u2019s creator equivocates late: its acknowledgements from before the fork still place the lobby\u2019s joins (a stranger\u2019s back-dated join does not take a seat)', () => {
		const table = rogueTable('scratch:creator', { honest: 3, rogueSeat: 0 });
		play(table, 30, 'scratch:creator');
		// A stranger's back-dated join for a held seat, naming only the create: refused SEAT_TAKEN by the live peers.
		const stranger = fastIdentity(bytes('scratch:stranger'.padEnd(32, '.')));
		const join = fastSignEntry(stranger, { game: table.game, kind: 'join', body: { seat: 3, box: table.honest[0]!.device!.box(3).publicKey }, last: null, deps: [table.view.accepted[0]!.id] });
		table.send(join, table.honest);
		play(table, 10, 'scratch:creator:more');
		for (const peer of table.honest) expect(peer.replay.rejections.find((r) => r.id === idOf(join))?.code, peer.name).toBe('SEAT_TAKEN');
		const seats = table.view.seats.slice();
		// The creator equivocates.
		const last = table.rogue.replay.lastOf(table.rogue.device!.key);
		const deps = table.rogue.replay.depsFor(last);
		table.send(table.rogueEntry('ack', {}, { last, deps }), table.honest.slice(0, 1));
		table.send(table.rogueEntry('absent', { seat: 0, target: 1 }, { last, deps }), table.honest.slice(1));
		table.settle();
		for (const peer of table.honest) expect([...peer.replay.core.cheaters], peer.name).toEqual([0]);
		expect(table.view.seats).toEqual(seats);
		expectConverged(table.honest);
		expectFreshAgrees(table, new Rng('scratch:creator:fresh'));
	});

	it('when an early seat votes another absent late in the game: one vote of three cuts nobody, also for a replay that counts votes while only two seats are final', () => {
		const table = rogueTable('scratch:vote', { honest: 3, rogueSeat: 1 });
		play(table, 30, 'scratch:vote');
		table.broadcast(table.rogueEntry('absent', { seat: 1, target: 0 }));
		play(table, 20, 'scratch:vote:more');
		for (const peer of table.honest) expect(peer.replay.orderer.cut.size, peer.name).toBe(0);
		expectConverged(table.honest);
		expectFreshAgrees(table, new Rng('scratch:vote:fresh'));
	});

	it('when a seat is cut for stalling before its equivocation comes to light: the cut stands in a replay that knows of the fork from the start', () => {
		const table = rogueTable('scratch:cut', { honest: 3 });
		play(table, 30, 'scratch:cut');
		// The rogue stalls (nothing more from it), two of the three others vote it absent: it is cut.
		const last = table.rogue.replay.lastOf(table.rogue.device!.key);
		const deps = table.rogue.replay.depsFor(last);
		const [a, b] = table.players;
		for (const voter of [a!, b!]) table.post(voter, voter.device!.entry(voter.replay, 'absent', { seat: voter.seat!, target: 3 }));
		play(table, 20, 'scratch:cut:more', { rogueAutomatic: false });
		for (const peer of table.honest) expect(peer.replay.orderer.cut.size, peer.name).toBe(1);
		// It comes back with an entry the votes had not seen (placed by acknowledgement, and final)...
		const back = table.rogueEntry('ack', {}, { last, deps });
		table.send(back, table.honest);
		play(table, 10, 'scratch:cut:back', { rogueAutomatic: false });
		for (const peer of table.honest) expect(peer.replay.isFinal(idOf(back)), peer.name).toBe(true);
		// ...then signs two entries after it.
		const fork = { last: idOf(back), deps: table.rogue.replay.depsFor(idOf(back)) };
		table.send(table.rogueEntry('ack', {}, fork), table.honest);
		table.send(table.rogueEntry('action', { type: 'passTurn', seat: 3 }, fork), table.honest);
		table.settle();
		for (const peer of table.honest) expect([...peer.replay.core.cheaters], peer.name).toEqual([3]);
		expectConverged(table.honest);
		expectFreshAgrees(table, new Rng('scratch:cut:fresh'));
	});
});
