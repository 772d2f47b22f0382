/**
 * What the game page keeps on this device, in localStorage:
 * - secret goals (the UFOs', or every goal with the hidden-goals rule) chosen here: the log holds
 *   only their commitment, so the goal and its salt stay here until the player reveals them (one
 *   key per game and seat).
 * The table's settings (windows' countdown, alerts) are in ui/table/table-prefs.ts.
 */
import type { GoalSecret } from '$lib/ui/actions/goal.js';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const goalKey = (gameId: string, seat: number) => `fnord.goal.${gameId}.${seat}`;

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
