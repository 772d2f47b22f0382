/**
 * Passes in a row (engine/step-passes.ts): wherever passAllButLast answers, its state is exactly
 * the one `step` reaches with those passes one by one (the default answers' order: window seats in
 * seat order, spending seats in spendingSeats order), over every state of seeded random games with
 * 2 to 8 players, rule options included. Where it cannot be sure (an absent seat), it declines.
 */
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { defaultEntry } from '../../src/lib/bots/settle.js';
import { step, type GameState } from '../../src/lib/engine/index.js';
import type { RuleOptions } from '../../src/lib/engine/types.js';
import { passAllButLast } from '../../src/lib/engine/step-passes.js';

const SEED = process.env.FNORD_FUZZ_SEED ?? 'fnord-step-passes-2026';

/** The passes one by one through step, as bots' default answers give them. */
function stepped(state: GameState, passes: number): GameState {
	let current = state;
	for (let i = 0; i < passes; i++) {
		const entry = defaultEntry(current, { me: -1, secret: null }, null);
		expect(entry?.type === 'passWindow' || entry?.type === 'passSpending', `pass ${i}: ${JSON.stringify(entry)}`).toBe(true);
		const next = step(current, entry!);
		if (!next.ok) throw new Error(`pass ${i} refused: ${next.error.code}`);
		current = next.state;
	}
	return current;
}

describe('passAllButLast', () => {
	console.log(`step-passes seed: ${SEED} (set FNORD_FUZZ_SEED to change it)`);

	it('gives the state step reaches pass by pass, in windows and attack spending of random games', () => {
		const seen = { chain: 0, afterRoll: 0, turnStart: 0, attack: 0 };
		for (let game = 0; game < 14; game++) {
			const seed = `${SEED}:${game}`;
			const rules = game % 3 === 1 ? { largerGameIncome: true, absence: 'bot' } : game % 3 === 2 ? { addTargets: true, hiddenGoals: true } : {};
			randomGame({
				players: 2 + (game % 7),
				seed,
				maxEntries: 1_500,
				policy: game % 2 === 0 ? 'marathon' : undefined,
				setup: { rules: rules as Partial<RuleOptions> as RuleOptions },
				onStep: (state, _entry, index) => {
					const fast = passAllButLast(state);
					if (fast === null) return;
					seen[state.chain !== null ? 'chain' : (state.phase.kind as keyof typeof seen)]++;
					expect(fast.passes).toBeGreaterThan(0);
					expect(fast.state, `seed ${seed}, entry ${index}`).toEqual(stepped(state, fast.passes));
				},
			});
		}
		expect(seen.afterRoll).toBeGreaterThan(50);
		expect(seen.turnStart).toBeGreaterThan(50);
		expect(seen.attack).toBeGreaterThan(50);
	}, 120_000);

	it('declines when a seat is absent (the engine answers for it as the window goes on)', () => {
		let checked = 0;
		randomGame({
			players: 4,
			seed: `${SEED}:absent`,
			maxEntries: 400,
			onStep: (state) => {
				if (state.phase.kind !== 'turnStart' || state.random !== null || state.chain !== null || passAllButLast(state) === null) return;
				const absent = { ...state, players: state.players.map((player, seat) => (seat === 3 ? { ...player, absent: true } : player)) };
				expect(passAllButLast(absent)).toBeNull();
				checked++;
			},
		});
		expect(checked).toBeGreaterThan(0);
	});
});
