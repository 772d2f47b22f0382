/**
 * A seat caught equivocating votes an honest, present seat absent. Under the rule 'frozen' the
 * cheater stays in the game (absent), and until its penalty is applied it is not even absent: its
 * vote, beside one honest seat's, was a majority of the three others at the protocol level, which
 * stops waiting for a voted-out seat's shares and cuts it from the members (docs/protocol.md,
 * "Absence"). A caught cheater's entries are refused (`CHEATER`) like its moves, and it is no
 * voter: the majority is counted among the other seats that may still vote.
 */
import { describe, expect, it } from 'vitest';
import type { ProtocolRules } from '../../src/lib/protocol/entry.js';
import { countedAbsenceVotes } from '../../src/lib/protocol/index.js';
import { expectConverged, playUntilRogueMove, rogueTable, type Peer } from './harness.js';

describe('a caught cheater\u2019s absence vote', () => {
	it.each<ProtocolRules['equivocation']>(['frozen', 'forfeit'])('rule %s: its earlier vote no longer counts: one honest vote is no majority against a present seat, two are', (rule) => {
		const label = `cheater-vote:${rule}`;
		const table = rogueTable(label, { honest: 3, rules: { equivocation: rule, countdown: 60 }, gameRules: rule === 'frozen' ? { absence: 'passTurns' } : {} });
		const rogueSeat = table.rogue.seat!;
		playUntilRogueMove(table, label, () => true);
		table.settle({ rogue: true });
		const [victim, voter] = table.honest as [Peer, Peer, Peer];
		// The rogue votes an honest, present seat absent (a vote like anyone's), and it stands alone.
		const rogueVote = table.rogueEntry('absent', { seat: rogueSeat, target: victim.seat! });
		table.broadcast(rogueVote);
		table.settle({ rogue: true });
		expect(table.view.core.votes.get(victim.seat!), 'the rogue\u2019s vote is counted').toEqual([rogueSeat]);
		// Then it equivocates: two entries naming the same `last`, one to each side.
		const last = table.rogue.replay.lastOf(table.rogue.device!.key);
		const deps = table.rogue.replay.depsFor(last);
		table.send(table.rogueEntry('ack', {}, { last, deps }), table.honest.slice(0, 1));
		table.send(table.rogueEntry('absent', { seat: rogueSeat, target: table.honest[2]!.seat! }, { last, deps }), table.honest.slice(1));
		table.settle();
		for (const peer of table.honest) expect([...peer.replay.core.cheaters], `${peer.name}: the rogue is caught`).toEqual([rogueSeat]);
		// The stall panel's count (countedAbsenceVotes) drops the cheater's ballot too.
		for (const peer of table.honest) expect(countedAbsenceVotes(peer.replay.core, victim.seat!), `${peer.name}: no vote counted`).toEqual([]);

		// One honest seat votes the same way: with the cheater's ballot it would be two of three.
		table.post(voter, voter.device!.entry(voter.replay, 'absent', { seat: voter.seat!, target: victim.seat! }));
		table.settle();

		for (const peer of table.honest) {
			const replay = peer.replay;
			expect(replay.core.votedOut.has(victim.seat!), `${peer.name}: the victim is not voted out`).toBe(false);
			expect(replay.state!.players[victim.seat!]!.absent, `${peer.name}: the victim is not absent`).toBe(false);
			expect(countedAbsenceVotes(replay.core, victim.seat!), `${peer.name}: one vote counted`).toEqual([voter.seat!]);
		}
		expectConverged(table.honest);

		// The two honest seats together are the majority of the seats that still vote.
		const third = table.honest[2]!;
		table.post(third, third.device!.entry(third.replay, 'absent', { seat: third.seat!, target: victim.seat! }));
		table.settle();
		for (const peer of table.honest) expect(peer.replay.core.votedOut.has(victim.seat!), `${peer.name}: two honest votes cut the victim`).toBe(true);
		expectConverged(table.honest);
	});
});
