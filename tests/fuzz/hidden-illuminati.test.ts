// Seeded random games with the Hidden Illuminati options on (seed printed): at every state the
// accusations and statements legalActions lists are exactly those step accepts (brute force over
// every seat, target, Illuminati and amount), the engine's invariants hold, and nothing a seat
// is offered depends on the face-down cards it cannot see.
import { describe, expect, it } from 'vitest';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { statedLimits } from '../../src/lib/engine/accusation.js';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { isFaceUp } from '../../src/lib/engine/hidden-illuminati.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { DEFAULT_RULES, initialState, legalActions, step, type Action, type GameState } from '../../src/lib/engine/index.js';

const GAMES = [
	{ seed: 'hidden-illuminati-3', players: 3, bluff: false },
	{ seed: 'hidden-illuminati-4', players: 4, bluff: true },
];

function listed(state: GameState, seat: number, type: 'accuse' | 'stateIlluminati'): Action[] {
	return legalActions(state, seat).flatMap((legal) => (legal.action.type === type ? [legal.action] : []));
}

function checkState(state: GameState, label: string): void {
	expect(invariantProblems(state), label).toEqual([]);
	for (const player of state.players) {
		const seat = player.seat;
		const accusations = listed(state, seat, 'accuse').map((a) => JSON.stringify(a));
		const accepted: string[] = [];
		for (const target of state.players) {
			for (const card of ILLUMINATI) {
				const action: Action = { type: 'accuse', seat, target: target.seat, illuminati: card.id };
				if (step(state, action).ok) accepted.push(JSON.stringify(action));
			}
		}
		expect(accepted.sort(), `${label} seat ${seat}: accusations`).toEqual(accusations.sort());
		for (const action of listed(state, seat, 'accuse')) expect(isFaceUp(state, (action as { target: number }).target), label).toBe(false);
		const statements = listed(state, seat, 'stateIlluminati');
		const limits = statedLimits(state, seat);
		const statementAccepted = step(state, { type: 'stateIlluminati', seat, power: limits.power, income: limits.income }).ok;
		expect(statements.length, `${label} seat ${seat}: statement listed iff accepted`).toBe(statementAccepted ? 1 : 0);
		if (statementAccepted) {
			expect(step(state, { type: 'stateIlluminati', seat, power: limits.power + 1, income: limits.income }).ok, label).toBe(false);
			expect(step(state, { type: 'stateIlluminati', seat, power: limits.power, income: limits.income + 1 }).ok, label).toBe(false);
			expect(step(state, { type: 'stateIlluminati', seat, power: 0, income: 0 }).ok, label).toBe(true);
		}
	}
}

describe('Hidden Illuminati in random games', () => {
	it.each(GAMES)('$seed: listed accusations and statements equal what step accepts', ({ seed, players, bluff }) => {
		console.log(`hidden-illuminati fuzz seed ${seed}`);
		const rules = { ...DEFAULT_RULES, hiddenIlluminati: true, ...(bluff ? { hiddenIlluminatiBluff: true } : {}) };
		let state = initialState({ players, illuminati: 'random', sandbox: false, rules });
		const chooser = new Chooser(seed);
		const secrets = new Map();
		let accusations = 0;
		for (let index = 0; index < 1200; index++) {
			const entry = randomEntry(state, chooser, secrets, 'cautious');
			if (entry === null) break;
			const result = step(state, entry);
			if (!result.ok) throw new Error(`seed ${seed} entry ${index}: ${result.error.code} ${result.error.message}`);
			if (entry.type === 'accuse') accusations++;
			state = result.state;
			if (state.random === null && index % 25 === 0) checkState(state, `seed ${seed} entry ${index}`);
		}
		// The random player made accusations, right ones among them, so both outcomes were exercised.
		console.log(`seed ${seed}: ${accusations} accusations, identified ${JSON.stringify(state.hiddenIlluminati?.identified ?? [])}`);
		expect(accusations).toBeGreaterThan(0);
		expect(state.hiddenIlluminati?.identified.length ?? 0).toBeGreaterThan(0);
	});
});
