// Who forfeits a roll nobody can complete (docs/protocol.md, "Stalling"): the seat that withholds
// it, not a seat the table already plays on without. Bob is voted absent and a stand-in plays his
// seat (absence 'bot'); then carol's device goes silent and alice votes her out (a lone vote: two
// members left). In alice's provisional view the next roll has fewer than t reachable shares, and
// the forfeit used to fall on the lowest voted-out seat, bob, whose stand-in was playing on: the
// screen said bob held back the roll. It now falls on the seat whose vote-out left the roll short,
// carol, the silent one.
import { describe, expect, it } from 'vitest';
import { moveOnce, playUntilBobsTurn, standInTable, voteBobAbsent } from './stand-in-table.js';

const CAROL = 2;

describe('a stalled roll with a stand-in at the table', { timeout: 120_000 }, () => {
	it('is forfeited by the silent seat the voter cut last, never by the absent seat a stand-in plays', () => {
		const table = standInTable({ roomCode: 'STANDINFORFEITXXXXXXXXXXX', networkSeed: 12, label: 'stand-in-lone', botSeed: 'lone' });
		const { sim, clock, sessions } = table;
		const alice = sessions[0]!;
		playUntilBobsTurn(table);
		voteBobAbsent(table);
		sim.disconnect(CAROL);
		for (let i = 0; i < 300 && alice.state!.phase.kind !== 'over' && alice.stall.standing.forfeit === null; i++) {
			if (moveOnce(table, [0])) continue;
			clock.advance(5_000, () => sim.flushAll());
		}
		const forfeit = alice.stall.standing.forfeit;
		expect(forfeit, 'alice\u2019s provisional view reached the stalled roll').not.toBeNull();
		expect(forfeit!.seat).toBe(CAROL);
		expect(forfeit!.reason).toBe('stalled');
		sessions.forEach((session) => session.destroy());
	});
});
