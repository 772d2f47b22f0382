// The stand-in (absence 'bot') with two present seats left: bob's seat is played by the stand-in,
// then carol's device goes silent. Alice's vote against carol is a lone one (two members): it
// stands until carol answers, so nothing after it is final; in alice's provisional tail the next
// roll has fewer than t reachable shares and a voted-out seat forfeits it (docs/protocol.md,
// "Stalling"). Whatever the table waits on, the stall watch names it (the vote against carol, the
// forfeit), never an empty "waiting for".
import { describe, expect, it } from 'vitest';
import { moveOnce, playUntilBobsTurn, standInTable, voteBobAbsent } from './stand-in-table.js';

describe('stand-ins with two present seats left', { timeout: 120_000 }, () => {
	it('bob stands in by bot, carol goes silent: alice\u2019s lone vote holds the order, and the stall watch names the vote or the forfeit, never an empty wait', () => {
		const table = standInTable({ roomCode: 'STANDINLONEXXXXXXXXXXXXXX', networkSeed: 12, label: 'stand-in-lone', botSeed: 'lone' });
		const { sim, clock, sessions } = table;
		const alice = sessions[0]!;
		playUntilBobsTurn(table);
		voteBobAbsent(table);
		// Carol's device goes too: alice and carol are the two members left, so alice's vote is a lone one.
		sim.disconnect(2);
		let unnamed = 0;
		let named = 0;
		for (let i = 0; i < 300 && alice.state!.phase.kind !== 'over'; i++) {
			if (moveOnce(table, [0])) continue;
			clock.advance(5_000, () => sim.flushAll());
			const stall = alice.stall;
			// The panel names an awaited seat, this device's own wait, the pending step, or a forfeit.
			if (stall.awaited.length === 0 && !stall.mineAwaited && stall.pending === null && stall.standing.forfeit === null) unnamed++;
			if (stall.pending?.kind === 'vote' || stall.standing.forfeit !== null) named++;
		}
		expect(unnamed, 'the stall watch named nobody while the game waited').toBe(0);
		expect(named, 'alice\u2019s table waited on the vote against carol (or showed the stalled roll\u2019s forfeit), and said so').toBeGreaterThan(0);
		sessions.forEach((session) => session.destroy());
	});
});
