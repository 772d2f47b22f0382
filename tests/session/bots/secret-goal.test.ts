// A seated bot's secret goal survives a reload of its device and a takeover (session/bots/
// secret-goal.ts): the salt derives from the bot's own secret, the goal is found again from the
// commitment in the state, and a fresh thinker (a reloaded page, another device) reveals it when
// it is met. The bot's in-memory goal alone (no salt) is lost with the page. The goal is a draw
// seeded by that secret, nearer goals favoured: the public state does not name it.
import { describe, expect, it } from 'vitest';
import { goalCommitment, step, type GameState } from '../../../src/lib/engine/index.js';
import { ufoGoalChoices } from '../../../src/lib/engine/victory.js';
import { chooseGoal, goalSalt, goalWeights, recoverGoal, secretGoalAnswer } from '../../../src/lib/session/bots/secret-goal.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { play, scenario, type PlayerSpec } from '../../helpers/scenario.js';

const UFOS_RICH: PlayerSpec = { illuminati: 'ufos', money: 150, groups: [{ card: 'fbi', side: 1 }] };
const NETWORK: PlayerSpec = { illuminati: 'network', money: 10, groups: [{ card: 'kgb', side: 1 }] };
const BERMUDA: PlayerSpec = { illuminati: 'bermuda-triangle', money: 3, groups: [{ card: 'cia', side: 1 }] };
const SECRET = 'a3'.repeat(32);
const GAME = 'game-secret-goal';

/** The UFOs (seat 0, 150 MB) asked for their secret goal. */
function asked(): GameState {
	return { ...scenario({ players: [UFOS_RICH, NETWORK, BERMUDA] }), phase: { kind: 'ufoGoal', seat: 0 } };
}

/** The commitment taken, back in seat 0's turn. */
function committed(commitment: string): GameState {
	const state = scenario({ players: [UFOS_RICH, NETWORK, BERMUDA] });
	return { ...state, players: state.players.map((p) => (p.seat === 0 ? { ...p, goalCommitment: commitment } : p)) };
}

describe("a seated bot's secret goal", () => {
	it('commits with a salt derived from its secret to the goal its secret draws, which the engine takes', () => {
		const salt = goalSalt(SECRET, GAME, 0);
		const commit = secretGoalAnswer(asked(), 0, salt);
		expect(commit).toEqual({ type: 'commitGoal', seat: 0, commitment: goalCommitment(chooseGoal(asked(), 0, salt), salt) });
		expect(step(asked(), commit!).ok).toBe(true);
	});

	it('across secrets the goal varies over every choice, the nearest (the Gnomes, met at 150 MB) drawn most often', () => {
		const counts = new Map<string, number>();
		const draws = 700;
		for (let i = 0; i < draws; i++) {
			const goal = chooseGoal(asked(), 0, goalSalt(i.toString(16).padStart(64, '0'), GAME, 0));
			counts.set(goal, (counts.get(goal) ?? 0) + 1);
		}
		expect([...counts.keys()].sort()).toEqual(ufoGoalChoices().sort());
		const gnomes = counts.get('gnomes-of-zurich')!;
		for (const [goal, n] of counts) if (goal !== 'gnomes-of-zurich') expect(gnomes, goal).toBeGreaterThan(n);
		// Heaviest weight over the total: the share an observer naming the nearest goal gets right.
		const weights = goalWeights(asked(), 0);
		const heaviest = Math.max(...weights.map((w) => w.weight)) / weights.reduce((sum, w) => sum + w.weight, 0);
		expect(heaviest).toBeLessThanOrEqual(0.5);
		expect(gnomes / draws).toBeLessThan(0.6);
	});

	it('is the same draw for the same secret (whoever re-derives it), and another for another secret or seat', () => {
		const salt = goalSalt(SECRET, GAME, 0);
		expect(chooseGoal(asked(), 0, salt)).toBe(chooseGoal(asked(), 0, goalSalt(SECRET, GAME, 0)));
		expect(goalSalt(SECRET, GAME, 1)).not.toBe(salt);
	});

	it('is found again from the commitment by whoever holds the secret, by nobody else', () => {
		const salt = goalSalt(SECRET, GAME, 0);
		const state = committed((secretGoalAnswer(asked(), 0, salt) as { commitment: string }).commitment);
		expect(recoverGoal(state, 0, goalSalt(SECRET, GAME, 0))).toEqual({ goal: chooseGoal(asked(), 0, salt), salt });
		expect(recoverGoal(state, 0, goalSalt('b4'.repeat(32), GAME, 0)), 'another secret').toBeNull();
		expect(recoverGoal(state, 0, goalSalt(SECRET, 'another-game', 0)), 'another game').toBeNull();
	});

	it('a fresh thinker (a reloaded page, a device that took the bot over) reveals it in the claim window; without the salt the bot only declines', async () => {
		// A secret whose draw is the goal met now (the Gnomes), so the window opens and the claim wins.
		const secret = Array.from({ length: 64 }, (_, i) => i.toString(16).padStart(64, 'e')).find((s) => chooseGoal(asked(), 0, goalSalt(s, GAME, 0)) === 'gnomes-of-zurich')!;
		const salt = goalSalt(secret, GAME, 0);
		const window = play(committed((secretGoalAnswer(asked(), 0, salt) as { commitment: string }).commitment), { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		const request = { key: `${GAME}:seated:0`, seat: 0, level: 'easy' as const, seed: `${GAME}:0`, state: window, timeBudgetMs: null };
		const reloaded = localThinker(null);
		const reveal = await reloaded.think({ ...request, goalSalt: salt });
		expect(reveal).toEqual({ type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt });
		expect(step(window, reveal!)).toMatchObject({ ok: true, state: { winners: [0] } });
		// What a page without it did: the goal lived in the lost bot's memory.
		expect(await reloaded.think(request)).toEqual({ type: 'declineClaim', seat: 0 });
		reloaded.destroy();
	});
});
