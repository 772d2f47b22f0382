/**
 * Stand-ins for absent seats (absence 'bot'; docs/protocol.md, "Stand-ins for absent seats"). Four
 * seats: alice, bob, carol and a rogue. Bob is voted absent; any present seat may post bob's next
 * entry as a `standIn` signed by its own key, and every peer accepts it only if it is exactly the
 * stand-in bot's choice in the state it names. The attacks: a hostile peer posting a stand-in that
 * suits it, a stand-in for a seat not voted absent, for a seat that came back, when the game does
 * not wait on it, and replayed stand-ins (the same text, re-signed, two devices at once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOrder, createBot, standInChoice, standInView } from '../../src/lib/bots/index.js';
import { legalActions, stateHash, standInAwaited, type GameState, type PlayerAction } from '../../src/lib/engine/index.js';
import { setStandInChooser, standInAction } from '../../src/lib/protocol/index.js';
import { expectConverged, idOf, rogueTable, type Peer, type Table } from './harness.js';

const BOB = 1;

beforeAll(() => setStandInChooser(standInChoice));
afterAll(() => setStandInChooser(null));

/** The refusal every honest peer gives `entry` (the same on all), or null when all accepted it. */
function verdict(table: Table, entry: string): string | null {
	const found = table.honest.map((peer) => {
		const rejection = peer.replay.rejections.find((r) => r.id !== null && idOf(entry) === r.id);
		return rejection?.code ?? null;
	});
	expect(new Set(found).size, `every peer agrees on ${found.join(', ')}`).toBe(1);
	return found[0]!;
}

/** Easy bots play every seat (bob while present) until `until` holds on the first honest view; bob's stand-ins are alice's. */
function playUntil(table: Table, seed: string, until: (state: GameState) => boolean, limit = 3_000): GameState {
	const bots = table.view.state!.players.map((player) => createBot({ level: 'easy', seed: `${seed}:${player.seat}`, nodeBudget: 200 }));
	for (let i = 0; i < limit; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		if (until(state)) return state;
		if (standInAwaited(state, BOB)) {
			standIn(table, table.players.find((peer) => !state.players[peer.seat!]!.eliminated && !state.players[peer.seat!]!.absent)!, state);
			continue;
		}
		const seat = askOrder(state).find((s) => bots[s]!.decide(state, s) !== null);
		if (seat === undefined) throw new Error(`nobody moves (${seed}, ${i}): ${JSON.stringify({ phase: state.phase.kind, turn: state.turn?.seat, players: state.players.map((p) => [p.absent, p.eliminated]) })}`);
		table.act(table.peerOfSeat(seat), bots[seat]!.decide(state, seat)!);
	}
	throw new Error(`not reached in ${limit} moves (${seed})`);
}

/** An honest stand-in for bob by `peer`, on its own view. */
function standIn(table: Table, peer: Peer, state: GameState = peer.replay.state!): string {
	const at = stateHash(state);
	const action = standInAction(table.game, state, BOB, at)!;
	const entry = peer.device!.entry(peer.replay, 'standIn', { seat: peer.seat!, for: BOB, at, action });
	table.post(peer, entry);
	return entry;
}

/** A rogue's stand-in entry with any body, sent to everyone. */
function rogueStandIn(table: Table, target: number, action: PlayerAction, at = stateHash(table.rogue.replay.state!)): string {
	const entry = table.rogueEntry('standIn', { seat: table.rogue.seat!, for: target, at, action });
	table.broadcast(entry);
	table.settle({ rogue: true });
	return entry;
}

/** A table whose bob was voted absent by alice and carol (at the first turn that is not his), every peer settled. */
function bobAbsent(label: string, absence: 'bot' | 'passTurns' = 'bot'): Table {
	const table = rogueTable(label, { honest: 3, gameRules: { absence } });
	playUntil(table, `${label}:start`, (state) => state.turnCount >= 1 && state.random === null && state.phase.kind === 'turn' && state.turn!.seat !== BOB);
	for (const voter of [table.players[0]!, table.players[2]!]) table.post(voter, voter.device!.entry(voter.replay, 'absent', { seat: voter.seat!, target: BOB }));
	table.settle({ rogue: true });
	for (const peer of table.honest) expect(peer.replay.state!.players[BOB]!.absent, peer.name).toBe(true);
	return table;
}

/** Bob's stand-in is awaited on every view (plays on with honest stand-ins until then). */
function bobsTurn(table: Table, seed: string): GameState {
	return playUntil(table, seed, (state) => standInAwaited(state, BOB) && state.phase.kind === 'turn');
}

describe('stand-ins for an absent seat (absence "bot")', () => {
	it('an honest stand-in is taken by every peer and bob\u2019s turns go on; the game passes bob\u2019s turn to the next seat', () => {
		const table = bobAbsent('stand-in:honest');
		const state = bobsTurn(table, 'honest:1');
		const turns = state.turnCount;
		playUntil(table, 'honest:2', (s) => s.turnCount > turns && s.turn?.seat !== BOB);
		expectConverged(table.honest);
		const accepted = table.view.accepted.filter((a) => a.kind === 'standIn');
		expect(accepted.length).toBeGreaterThan(0);
		expect(table.view.rejections.filter((r) => r.code.startsWith('STAND_IN'))).toEqual([]);
	});

	it('a hostile peer\u2019s stand-in that is not the bot\u2019s choice is refused STAND_IN_MISMATCH naming its author, and changes nothing', () => {
		const table = bobAbsent('stand-in:mismatch');
		const state = bobsTurn(table, 'mismatch:1');
		table.settle({ rogue: true });
		const expected = standInAction(table.game, state, BOB)!;
		const options = legalActions(standInView(state, BOB), BOB).map((legal) => legal.action);
		// The rogue would rather bob did nothing this turn (or anything but the bot's move).
		const favoured = options.find((action) => action.type === 'passTurn' && JSON.stringify(action) !== JSON.stringify(expected)) ?? options.find((action) => JSON.stringify(action) !== JSON.stringify(expected))!;
		const hash = table.view.stateHash;
		const entry = rogueStandIn(table, BOB, favoured);
		expect(verdict(table, entry)).toBe('STAND_IN_MISMATCH');
		const rejection = table.view.rejections.find((r) => r.code === 'STAND_IN_MISMATCH')!;
		expect(rejection.author).toBe(table.rogue.device!.key);
		expect(rejection.message).toContain(`Seat ${table.rogue.seat}`);
		expect(table.view.stateHash).toBe(hash);
		// The honest stand-in still goes in after it.
		const honest = standIn(table, table.players[0]!);
		table.settle({ rogue: true });
		expect(verdict(table, honest)).toBeNull();
		expectConverged(table.honest);
	});

	it('a stand-in for a seat not voted absent is refused STAND_IN_NOT_ABSENT', () => {
		const table = bobAbsent('stand-in:present');
		const state = bobsTurn(table, 'present:1');
		const carol = 2;
		const entry = rogueStandIn(table, carol, { ...standInAction(table.game, state, BOB)!, seat: carol } as PlayerAction);
		expect(verdict(table, entry)).toBe('STAND_IN_NOT_ABSENT');
	});

	it('a stand-in after the seat returned is refused STAND_IN_NOT_ABSENT; bob plays for himself again', () => {
		const table = bobAbsent('stand-in:returned');
		const state = bobsTurn(table, 'returned:1');
		const move = standInAction(table.game, state, BOB)!;
		const bob = table.players[BOB]!;
		table.act(bob, { type: 'returnPresent', seat: BOB });
		table.settle({ rogue: true });
		expect(table.view.state!.players[BOB]!.absent).toBe(false);
		const entry = rogueStandIn(table, BOB, move, stateHash(table.view.state!));
		expect(verdict(table, entry)).toBe('STAND_IN_NOT_ABSENT');
		const own = table.act(bob, move);
		table.settle({ rogue: true });
		expect(verdict(table, own)).toBeNull();
	});

	it('a stand-in when the game does not wait on bob (another seat\u2019s turn) is refused STAND_IN_NOT_AWAITED', () => {
		const table = bobAbsent('stand-in:not-awaited');
		const state = table.view.state!;
		expect(standInAwaited(state, BOB)).toBe(false);
		const entry = rogueStandIn(table, BOB, { type: 'passTurn', seat: BOB });
		expect(verdict(table, entry)).toBe('STAND_IN_NOT_AWAITED');
	});

	it('replays: the same text again is the same entry; a re-signed copy and a second device\u2019s copy at once are STAND_IN_STALE, never a fork', () => {
		const table = bobAbsent('stand-in:replay');
		const state = bobsTurn(table, 'replay:1');
		// Two honest devices post bob's stand-in on the same state before seeing each other's.
		const [alice, , carol] = table.players;
		const at = stateHash(state);
		const action = standInAction(table.game, state, BOB)!;
		const first = alice!.device!.entry(alice!.replay, 'standIn', { seat: alice!.seat!, for: BOB, at, action });
		const second = carol!.device!.entry(carol!.replay, 'standIn', { seat: carol!.seat!, for: BOB, at, action });
		table.post(alice!, first);
		table.post(carol!, second);
		table.settle({ rogue: true });
		const verdicts = [verdict(table, first), verdict(table, second)].sort();
		expect(verdicts).toEqual(['STAND_IN_STALE', null].sort());
		expectConverged(table.honest);
		const hash = table.view.stateHash;
		// The same text again: a copy is the same id, nothing else.
		const rejectionsBefore = table.view.rejections.length;
		table.broadcast(first);
		table.settle({ rogue: true });
		expect(table.view.stateHash).toBe(hash);
		expect(table.view.rejections.length).toBe(rejectionsBefore);
		// The rogue re-signs the accepted stand-in's body as its own: computed for a state now past.
		const copy = rogueStandIn(table, BOB, action, at);
		expect(verdict(table, copy)).toMatch(/STAND_IN_STALE|STAND_IN_NOT_AWAITED/);
		expect(table.view.stateHash).toBe(hash);
	});

	it('bob\u2019s own key may only come back while absent (PLAYED_BY_STAND_IN); a game without the option refuses stand-ins (STAND_IN_OFF)', () => {
		const table = bobAbsent('stand-in:own');
		const state = bobsTurn(table, 'own:1');
		const own = table.act(table.players[BOB]!, standInAction(table.game, state, BOB)!);
		table.settle({ rogue: true });
		expect(verdict(table, own)).toBe('PLAYED_BY_STAND_IN');
		const off = bobAbsent('stand-in:off', 'passTurns');
		const entry = rogueStandIn(off, BOB, { type: 'passTurn', seat: BOB });
		expect(verdict(off, entry)).toBe('STAND_IN_OFF');
	});
});
