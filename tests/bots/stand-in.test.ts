/**
 * The stand-in bot (absence 'bot'): a pure function of the state, the seat and a seed, so every
 * peer can check a stand-in entry by computing it again; it plays only when the game waits on the
 * absent seat's stand-in, only legal entries, never deals, and never its hidden cards.
 */
import { describe, expect, it } from 'vitest';
import { askOrder, createBot, standInChoice, standInView } from '../../src/lib/bots/index.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { DEFAULT_RULES, initialState, stateHash, step, standInAwaited, type Action, type GameState, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { advance, must, newTable, passTurn, specialsFirst } from '../helpers/secret-deck.js';

const seedOf = (state: GameState, seat: Seat) => `${seat}:${stateHash(state)}`;

/** A three-seat game of easy bots where seats 0 and 2 vote seat 1 absent at turn 3; the stand-in then plays it. */
function playWithStandIn(seed: string, turns: number, onStandIn: (state: GameState, action: PlayerAction) => void): GameState {
	const chooser = new Chooser(`stand-in-test:${seed}`);
	const bots = [0, 1, 2].map((seat) => createBot({ level: 'easy', seed: `${seed}:${seat}`, nodeBudget: 300 }));
	let state = initialState({ players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, absence: 'bot' } });
	const apply = (action: Action) => {
		const result = step(state, action);
		if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.code} ${result.error.message}`);
		state = result.state;
	};
	for (let guard = 0; guard < 5_000 && state.phase.kind !== 'over' && state.turnCount <= turns; guard++) {
		if (state.random !== null) {
			apply({ type: 'random', seed: chooser.hex(32) });
			continue;
		}
		if (state.turnCount >= 3 && !state.players[1]!.absent && !state.players[1]!.eliminated && state.phase.kind === 'turn') {
			for (const voter of [0, 2]) if (!state.players[1]!.absenceVotes.includes(voter)) apply({ type: 'declareAbsent', seat: voter, target: 1 });
			continue;
		}
		if (standInAwaited(state, 1)) {
			const action = standInChoice(state, 1, seedOf(state, 1));
			expect(action).not.toBeNull();
			onStandIn(state, action!);
			apply(action!);
			continue;
		}
		const seat = askOrder(state).find((s) => bots[s]!.decide(state, s) !== null);
		if (seat === undefined) throw new Error('nobody acts');
		apply(bots[seat]!.decide(state, seat)!);
	}
	return state;
}

describe('Stand-in bot', () => {
	it('plays the absent seat\u2019s turns with legal entries, the same for the same state and seed, never a deal', () => {
		let decisions = 0;
		const final = playWithStandIn('a', 12, (state, action) => {
			decisions++;
			expect(standInChoice(state, 1, seedOf(state, 1))).toEqual(action);
			expect(['offer', 'acceptOffer', 'declineOffer', 'give', 'returnPresent', 'leave']).not.toContain(action.type);
			expect(action.seat).toBe(1);
		});
		console.log(`stand-in decisions: ${decisions}, turns: ${final.turnCount}`);
		expect(decisions).toBeGreaterThan(2);
		expect(final.players[1]!.absent || final.players[1]!.eliminated).toBe(true);
	});

	it('plays nothing when the game does not wait on the stand-in (a present seat, another seat\u2019s turn)', () => {
		const state = initialState({ players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, absence: 'bot' } });
		expect(standInChoice(state, 1, 'x')).toBeNull();
	});

	it('the view shows the seat present, without its hidden cards nor its offers', () => {
		const base = initialState({ players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, absence: 'bot' } });
		const players = base.players.map((p) => (p.seat === 1 ? { ...p, absent: true, hidden: [3, 4] } : p));
		const offer = { id: 1, from: 0, to: 1, give: {}, take: {}, private: false, note: null, turn: 0 };
		const view = standInView({ ...base, players, offers: [offer as unknown as GameState['offers'][number]] }, 1);
		expect(view.players[1]).toMatchObject({ absent: false, hidden: [] });
		expect(view.offers).toEqual([]);
	});

	it('under the secret deck it never plays the absent seat\u2019s hidden Specials (the table does not know them), and the engine takes every entry', () => {
		const table = newTable(3);
		table.state = { ...table.state, options: { ...table.state.options, rules: { ...table.state.options.rules, absence: 'bot' } } };
		const arrange = specialsFirst(['deep-agent', 'slush-fund', 'bribery', 'murphys-law', 'swiss-bank-account', 'senate-investigating-committee']);
		advance(table, arrange);
		passTurn(table, arrange);
		const seat = table.state.players.findIndex((p) => (p.hidden ?? []).length > 0 && p.seat !== table.state.turn!.seat);
		expect(seat).toBeGreaterThanOrEqual(0);
		const hidden = Object.values(table.knowledge[seat]!);
		for (const voter of [0, 1, 2].filter((s) => s !== seat)) table.state = must(step(table.state, { type: 'declareAbsent', seat: voter, target: seat }));
		expect(table.state.players[seat]!.absent).toBe(true);
		let decisions = 0;
		for (let guard = 0; guard < 40 && decisions === 0; guard++) {
			while (standInAwaited(table.state, seat)) {
				const action = standInChoice(table.state, seat, `deck:${decisions}`)!;
				expect(JSON.stringify(action)).not.toMatch(new RegExp(hidden.join('|')));
				table.state = must(step(table.state, action));
				advance(table, arrange);
				decisions++;
			}
			if (decisions === 0) passTurn(table, arrange);
		}
		expect(decisions).toBeGreaterThan(0);
		expect(table.state.players[seat]!.hidden!.length).toBeGreaterThan(0);
	});
});
