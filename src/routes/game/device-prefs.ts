/**
 * What the game page keeps on this device, in localStorage:
 * - secret goals (the UFOs', or every goal with the hidden-goals rule) chosen here: the log holds
 *   only their commitment, so the goal and its salt stay here until the player reveals them (one
 *   key per game and seat);
 * - whether Specials windows are passed automatically when a seat has nothing to play (off until
 *   the player turns it on).
 */
import type { GoalSecret } from '$lib/ui/actions/goal.js';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const goalKey = (gameId: string, seat: number) => `fnord.goal.${gameId}.${seat}`;
const AUTO_PASS_KEY = 'fnord.autoPass';

export function readGoalSecret(store: Store, gameId: string, seat: number): GoalSecret | null {
	try {
		const value: unknown = JSON.parse(store.getItem(goalKey(gameId, seat)) ?? 'null');
		if (typeof value !== 'object' || value === null) return null;
		const { goal, salt } = value as Record<string, unknown>;
		return typeof goal === 'string' && typeof salt === 'string' ? { goal, salt } : null;
	} catch {
		return null;
	}
}

export function writeGoalSecret(store: Store, gameId: string, seat: number, secret: GoalSecret): void {
	store.setItem(goalKey(gameId, seat), JSON.stringify({ goal: secret.goal, salt: secret.salt }));
}

export function readAutoPass(store: Store): boolean {
	return store.getItem(AUTO_PASS_KEY) === 'on';
}

export function writeAutoPass(store: Store, on: boolean): void {
	store.setItem(AUTO_PASS_KEY, on ? 'on' : 'off');
}
