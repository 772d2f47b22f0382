// A seated bot's secret goal survives a reload of its device and a takeover (session/bots/
// secret-goal.ts): the salt derives from the bot's own secret, the goal is found again from the
// commitment in the state, and a fresh thinker (a reloaded page, another device) reveals it when
// it is met. The bot's in-memory goal alone (no salt) is lost with the page.
import { describe, expect, it } from 'vitest';
import { goalCommitment, step, type GameState } from '../../../src/lib/engine/index.js';
import { goalSalt, recoverGoal, secretGoalAnswer } from '../../../src/lib/session/bots/secret-goal.js';
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
	it('commits to the goal closest to being met with a salt derived from its secret, which the engine takes', () => {
		const salt = goalSalt(SECRET, GAME, 0);
		const commit = secretGoalAnswer(asked(), 0, salt);
		// 150 MB: the Gnomes' goal is met already.
		expect(commit).toEqual({ type: 'commitGoal', seat: 0, commitment: goalCommitment('gnomes-of-zurich', salt) });
		expect(step(asked(), commit!).ok).toBe(true);
	});

	it('is found again from the commitment by whoever holds the secret, by nobody else', () => {
		const salt = goalSalt(SECRET, GAME, 0);
		const state = committed((secretGoalAnswer(asked(), 0, salt) as { commitment: string }).commitment);
		expect(recoverGoal(state, 0, goalSalt(SECRET, GAME, 0))).toEqual({ goal: 'gnomes-of-zurich', salt });
		expect(recoverGoal(state, 0, goalSalt('b4'.repeat(32), GAME, 0)), 'another secret').toBeNull();
		expect(recoverGoal(state, 0, goalSalt(SECRET, 'another-game', 0)), 'another game').toBeNull();
	});

	it('a fresh thinker (a reloaded page, a device that took the bot over) reveals it in the claim window; without the salt the bot only declines', async () => {
		const salt = goalSalt(SECRET, GAME, 0);
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
