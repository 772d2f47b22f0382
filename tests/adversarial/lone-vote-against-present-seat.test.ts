/**
 * A hostile peer's lone vote against a present, honest seat (docs/protocol.md, "Stalling"): bob is
 * absent and a stand-in plays him (absence 'bot'), so alice and carol are the two members left.
 * Carol's client votes alice out at once, while alice is playing her turn, and plays on. With two
 * members a vote never cuts and, while it stands, holds the order at the vote: nothing carol gains
 * by it becomes final. Naming the voted-out seat cut last as the one that forfeits a stalled roll
 * (entry-handlers.ts `stallerOf`) names alice in the provisional views (as it did before when
 * alice's seat was the lowest), never in the final state. Once alice's device answers with an
 * action taken from the state without the votes standing against her (`coreAnswering`), the vote
 * is void on every peer and the game goes on (`StallWatch.answer`; her session's `act` checks a
 * move against its provisional view, where the vote put her out of play).
 */
import { describe, expect, it } from 'vitest';
import { GameReplayer } from '../../src/lib/protocol/index.js';
import type { GameSession } from '../../src/lib/session/index.js';
import { moveOnce, playUntilBobsTurn, standInTable, voteBobAbsent } from '../session/stand-in-table.js';

const ALICE = 0;
const CAROL = 2;

function v2(session: GameSession): GameReplayer {
	if (!(session.replayer instanceof GameReplayer)) throw new Error('a version-2 game');
	return session.replayer;
}

/** Bob absent (a stand-in plays him), then play on to alice's own turn. */
function toAlicesTurn() {
	const table = standInTable({ roomCode: 'LONEVOTEHOSTILEXXXXXXXXXX', networkSeed: 17, label: 'lone-hostile', botSeed: 'lone-hostile' });
	const { sim, clock, sessions } = table;
	const alice = sessions[0];
	playUntilBobsTurn(table);
	voteBobAbsent(table);
	// Play on to alice's own turn (the stand-in plays bob's).
	for (let i = 0; i < 500; i++) {
		const state = alice.state!;
		if (state.turn?.seat === ALICE && state.phase.kind === 'turn' && state.turn.step === 'actions' && state.random === null) break;
		if (!moveOnce(table, [0, 2])) clock.advance(1_000, () => sim.flushAll());
	}
	expect(alice.state!.turn?.seat).toBe(ALICE);
	const settledBefore = v2(alice).core.settled;
	return { table, settledBefore };
}

describe('a hostile lone vote against a present seat (two members left)', { timeout: 120_000 }, () => {
	it('never becomes final: alice is not voted out, absent or forfeited in the final state, and nothing carol posts after the vote is final', () => {
		const { table, settledBefore } = toAlicesTurn();
		const { sim, clock, sessions } = table;
		const [alice, , carol] = sessions;
		// Carol's edited client votes alice out at once (no countdown, alice not silent), and plays on.
		const vote = carol.append(carol.protocol.entry('absent', { seat: CAROL, target: ALICE }));
		sim.flushAll();
		for (let i = 0; i < 100; i++) if (!moveOnce(table, [2])) clock.advance(1_000, () => sim.flushAll());
		const after = carol.replayer.accepted.filter((e) => JSON.parse(e.text).author === carol.key).map((e) => e.id).slice(-3);

		for (const [name, session] of [['alice', alice], ['carol', carol]] as const) {
			const final = v2(session).finalCore;
			expect(v2(session).isFinal(vote), `${name}: the vote is final`).toBe(false);
			expect(final.votedOut.has(ALICE), `${name}: alice voted out (final)`).toBe(false);
			expect(final.forfeit, `${name}: a final forfeit`).toBeNull();
			expect(final.engine!.players[ALICE]!.absent || final.engine!.players[ALICE]!.eliminated, `${name}: alice out of play (final)`).toBe(false);
			expect(final.settled, `${name}: a roll settled after the vote`).toBeLessThanOrEqual(settledBefore);
			for (const id of after) expect(v2(session).isFinal(id), `${name}: carol's entry after the vote is final`).toBe(false);
		}
		sessions.forEach((session) => session.destroy());
	});

	it('is void once alice\u2019s device answers with an action from the state without the vote (StallWatch.answer): alice is voted out nowhere, no forfeit, and rolls settle again', () => {
		const { table, settledBefore } = toAlicesTurn();
		const { sim, clock, sessions } = table;
		const [alice, , carol] = sessions;
		const vote = carol.append(carol.protocol.entry('absent', { seat: CAROL, target: ALICE }));
		sim.flushAll();
		expect(v2(alice).orderer.standingAgainst(alice.key).length, 'the vote stands against alice').toBe(1);
		// Alice's own view has her out of play (the vote's effect); the stall watch gives the state
		// without the votes standing against her, and plays from it.
		const answering = alice.stall.answeringState(ALICE)!;
		expect(answering, 'a lone vote stands against alice').not.toBeNull();
		expect(answering.players[ALICE]!.absent || answering.players[ALICE]!.eliminated).toBe(false);
		const move = table.bots[ALICE]!.decide(answering, ALICE)!;
		expect(alice.stall.answer(ALICE, move).ok).toBe(true);
		sim.flushAll();
		expect(alice.stall.answeringState(ALICE), 'no vote stands any more').toBeNull();
		for (let i = 0; i < 300 && v2(alice).finalCore.settled < settledBefore + 2; i++) if (!moveOnce(table, [0, 2])) clock.advance(1_000, () => sim.flushAll());
		for (const [name, session] of [['alice', alice], ['carol', carol]] as const) {
			expect(v2(session).rejections.find((r) => r.id === vote)?.code, `${name}: the vote is void`).toBe('VOTE_ANSWERED');
			expect(v2(session).core.votedOut.has(ALICE), `${name}: alice voted out`).toBe(false);
			expect(session.stall.standing.forfeit, `${name}: a forfeit`).toBeNull();
			expect(v2(session).finalCore.settled, `${name}: rolls settled and became final after the vote`).toBeGreaterThanOrEqual(settledBefore + 2);
		}
		expect(alice.stateHash).toBe(carol.stateHash);
		sessions.forEach((session) => session.destroy());
	});
	it('is answered from the page too: the session offers alice the moves of the game without the vote, and her act voids it', () => {
		const { table } = toAlicesTurn();
		const { sim, sessions } = table;
		const [alice, , carol] = sessions;
		const vote = carol.append(carol.protocol.entry('absent', { seat: CAROL, target: ALICE }));
		sim.flushAll();
		const offered = alice.legal(ALICE).filter((legal) => legal.action.type !== 'leave' && legal.action.type !== 'declareAbsent');
		expect(offered.length, 'moves offered to alice while the vote stands').toBeGreaterThan(0);
		const move = table.bots[ALICE]!.decide(alice.stall.answeringState(ALICE)!, ALICE)!;
		expect(alice.act(ALICE, move).ok).toBe(true);
		sim.flushAll();
		expect(alice.stall.answeringState(ALICE)).toBeNull();
		for (const session of [alice, carol]) expect(v2(session).rejections.find((r) => r.id === vote)?.code).toBe('VOTE_ANSWERED');
		sessions.forEach((session) => session.destroy());
	});
});
