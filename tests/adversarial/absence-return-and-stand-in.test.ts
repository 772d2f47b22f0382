/**
 * Red team (session 12): a seat voted absent that came back (`returnPresent`, absence 'bot') was
 * forgotten as absent by the replay but stayed cut in the order. With three seats, a seat silent
 * for good later could then never be cut (the order saw two members), so no opener became final,
 * no share was given, and the game stopped. The return now ends the cut in the order too, and
 * votes cast before the return no longer count against the returned seat. Also: a stand-in's move
 * ends open undo requests like any seat's move (it did not: red team, same pass).
 */
import { describe, expect, it } from 'vitest';
import { askOrder, createBot, standInChoice } from '../../src/lib/bots/index.js';
import { stateHash, standInAwaited, type GameState } from '../../src/lib/engine/index.js';
import { setStandInChooser, standInAction } from '../../src/lib/protocol/index.js';
import { expectFreshAgrees, rogueTable, type Peer, type Table } from './harness.js';

setStandInChooser(standInChoice);

/** Easy bots play every present seat with a device; the first present device posts stand-ins. */
function playUntil(table: Table, seed: string, until: (state: GameState) => boolean, limit = 3000): GameState {
	const bots = table.view.state!.players.map((p) => createBot({ level: 'easy', seed: `${seed}:${p.seat}`, nodeBudget: 200 }));
	for (let i = 0; i < limit; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		if (until(state)) return state;
		const awaited = state.players.find((p) => standInAwaited(state, p.seat));
		if (awaited !== undefined) {
			const poster = table.players.find((peer) => peer.device !== null && !state.players[peer.seat!]!.eliminated && !state.players[peer.seat!]!.absent)!;
			const at = stateHash(poster.replay.state!);
			const action = standInAction(table.game, poster.replay.state!, awaited.seat, at)!;
			table.post(poster, poster.device!.entry(poster.replay, 'standIn', { seat: poster.seat!, for: awaited.seat, at, action }));
			continue;
		}
		const seat = askOrder(state).find((s) => !state.players[s]!.absent && bots[s]!.decide(state, s) !== null);
		if (seat === undefined) return state;
		const peer = table.peerOfSeat(seat);
		if (peer.device === null) return state;
		table.act(peer, bots[seat]!.decide(state, seat)!);
	}
	return table.view.state!;
}

const silence = (peer: Peer) => ((peer as { device: unknown }).device = null);

describe('a seat that returns from absence', () => {
	it('is a member again: a seat silent for good later is cut, and rolls settle', () => {
		const table = rogueTable('returned-seat-cut', { honest: 3, rogueSeat: null, gameRules: { absence: 'bot' } });
		const [alice, bob, carol] = table.players as [Peer, Peer, Peer];
		const vote = (voter: Peer, target: number) => table.post(voter, voter.device!.entry(voter.replay, 'absent', { seat: voter.seat!, target }));
		playUntil(table, 'start', (s) => s.turnCount >= 1 && s.random === null && s.phase.kind === 'turn' && s.turn!.seat !== 1);

		vote(alice, 1);
		vote(carol, 1);
		table.settle({ rogue: true });
		expect(table.view.state!.players[1]!.absent).toBe(true);
		expect(table.view.orderer.cut.has(bob.device!.key)).toBe(true);
		table.act(bob, { type: 'returnPresent', seat: 1 });
		table.settle({ rogue: true });
		expect(table.view.state!.players[1]!.absent).toBe(false);
		expect(table.view.orderer.cut.has(bob.device!.key)).toBe(false);

		playUntil(table, 'middle', (s) => s.turnCount >= 4 && s.random === null && s.phase.kind === 'turn' && s.turn!.seat !== 2);
		const carolKey = carol.device!.key;
		silence(carol);
		vote(alice, 2);
		vote(bob, 2);
		table.settle();
		expect(table.view.orderer.cut.has(carolKey)).toBe(true);
		expect(table.view.orderer.cut.has(bob.device!.key)).toBe(false);
		const final = table.view.finalCount;
		const state = playUntil(table, 'after', (s) => s.turnCount >= 12, 400);
		expect(state.turnCount).toBeGreaterThanOrEqual(12);
		expect(table.view.finalCount).toBeGreaterThan(final + 50);
		expectFreshAgrees(table);
	});
});

describe('an absent seat played by its stand-in', () => {
	it('ends an open undo request when its stand-in moves on (any move but a window pass, as any seat’s move)', () => {
		const table = rogueTable('stand-in-lapses-undo', { honest: 3, rogueSeat: null, gameRules: { absence: 'bot' } });
		const [alice, bob, carol] = table.players as [Peer, Peer, Peer];
		const vote = (voter: Peer, target: number) => table.post(voter, voter.device!.entry(voter.replay, 'absent', { seat: voter.seat!, target }));
		playUntil(table, 'start', (s) => s.turnCount >= 1 && s.random === null && s.phase.kind === 'turn');
		silence(carol);
		vote(alice, 2);
		vote(bob, 2);
		table.settle({ rogue: true });
		expect(table.view.state!.players[2]!.absent).toBe(true);
		// Play until the game waits on carol's stand-in for a move that is no window pass.
		const standInMove = (s: GameState) => {
			if (!standInAwaited(s, 2)) return null;
			const action = standInAction(table.game, s, 2, stateHash(s));
			return action == null || action.type === 'passWindow' || action.type === 'passSpending' ? null : action;
		};
		playUntil(table, 'to-stand-in', (s) => standInMove(s) !== null && s.players[0]!.structure[s.players[0]!.illuminati!]!.money > 0);
		// Alice makes a move in this turn (a gift), then asks the table to take it back.
		playUntil(table, 'bob-has-money', (s) => standInMove(s) !== null && s.players[1]!.structure[s.players[1]!.illuminati!]!.money > 0);
		table.act(alice, { type: 'give', seat: 0, to: 1, money: 1, specials: [] });
		table.settle({ rogue: true });
		const gift = (alice.replay.core.undo.marks.get(0) ?? []).at(-1)!;
		// Something public lands after it (Bob's gift back): the takeback must ask the table.
		table.act(bob, { type: 'give', seat: 1, to: 0, money: 1, specials: [] });
		table.settle({ rogue: true });
		table.post(alice, alice.device!.entry(alice.replay, 'takeback', { seat: 0, move: gift.id, ask: true }));
		table.settle({ rogue: true });
		expect(table.view.rejections.filter((r) => r.author === alice.device!.key).map((r) => r.code)).toEqual([]);
		expect(table.view.core.undo.requests.size).toBe(1);
		const state = alice.replay.state!;
		const action = standInMove(state);
		expect(action).not.toBeNull();
		table.post(alice, alice.device!.entry(alice.replay, 'standIn', { seat: 0, for: 2, at: stateHash(state), action: action! }));
		table.settle({ rogue: true });
		expect(table.view.rejections.filter((r) => r.author === alice.device!.key).map((r) => r.code)).toEqual([]);
		expect(table.view.core.undo.requests.size).toBe(0);
		expect(table.view.core.undo.ended.at(-1)).toMatchObject({ seat: 0, outcome: 'lapsed' });
	});
});
