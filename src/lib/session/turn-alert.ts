/**
 * "Your turn": when a player's attention is wanted (docs/session.md, "Turn alerts"). Pure, over the
 * engine's state and the seats this device plays, from public facts only:
 * - `turn`: it is the turn of one of this device's seats (its actions or its income to pay);
 * - `defend`: an attack on one of its groups waits for its spending;
 * - `window`: another window waits for it (start of a turn, after a roll, a Special's cancel
 *   window, spending as an onlooker). These close by themselves (window-clock.ts), so they change
 *   the tab's title only; `turn` and `defend` may also ring (sound, vibration, notification).
 * An alert has a key; `AlertTracker` rings once per key, so one window or turn never alerts twice.
 */
import type { GameState, Seat } from '../engine/index.js';
import { openWindow } from './window-clock.js';

export type AlertKind = 'turn' | 'defend' | 'window';

export interface TurnAlert {
	readonly kind: AlertKind;
	/** The seat wanted (the active one, the defender, or the first awaited of this device's). */
	readonly seat: Seat;
	/** Names this turn or window: a new key is a new alert. */
	readonly key: string;
}

/** Whether this device is wanted now, and why; null when nothing waits for its seats. */
export function turnAlert(state: GameState, mine: readonly Seat[]): TurnAlert | null {
	if (mine.length === 0 || state.phase.kind === 'over' || state.random !== null) return null;
	const window = openWindow(state);
	const phase = state.phase;
	if (window !== null) {
		const awaited = mine.filter((seat) => window.awaiting.includes(seat));
		if (awaited.length === 0) return null;
		const defender = phase.kind === 'attack' && state.chain === null ? phase.attack.defender : null;
		if (phase.kind === 'attack' && defender !== null && awaited.includes(defender)) {
			// One alert per attack, however often spending reopens its window.
			return { kind: 'defend', seat: defender, key: `defend/${state.turnCount}/${phase.attack.attacker}>${phase.attack.target}/${phase.attack.kind}` };
		}
		return { kind: 'window', seat: awaited[0]!, key: window.key };
	}
	const turn = state.turn;
	if (turn === null || !mine.includes(turn.seat) || state.players[turn.seat]?.eliminated) return null;
	if (phase.kind !== 'turn' && phase.kind !== 'income') return null;
	// One key for the whole turn: its actions, transfers, income and Specials never alert again.
	return { kind: 'turn', seat: turn.seat, key: `turn/${state.turnCount}:${turn.seat}` };
}

/** What to do now: the alert shown (in the tab's title), and whether to ring (sound, vibration, notification). */
export interface AlertDecision {
	readonly alert: TurnAlert | null;
	readonly ring: boolean;
}

/** Rings once per turn or window (by key), and never for a window that closes by itself. */
export class AlertTracker {
	readonly #rung = new Set<string>();

	next(alert: TurnAlert | null): AlertDecision {
		if (alert === null || alert.kind === 'window' || this.#rung.has(alert.key)) return { alert, ring: false };
		this.#rung.add(alert.key);
		return { alert, ring: true };
	}
}
