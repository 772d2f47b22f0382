/**
 * The table's device settings, in localStorage: how long a window waits before it closes by
 * itself (seconds, 0: wait for a click; session/window-clock.ts), and how "your turn" is told
 * (sound off by default, vibration on where the device has it, a system notification only once
 * the player allowed it from the settings' button).
 *
 * Migration: the old setting `fnord.autoPass` ('on'/'off', "pass a Specials window by myself when
 * I have nothing to play") leaked that a player holds a Special (it still asked for a click then)
 * and is gone: its key is removed, and windows close by themselves for every seat alike.
 */
import { DEFAULT_WINDOW_SECONDS, MAX_WINDOW_SECONDS } from '$lib/session/window-clock.js';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TablePrefs {
	/** Seconds a window waits for this device's seats (0: for a click). */
	readonly windowSeconds: number;
	readonly sound: boolean;
	readonly vibrate: boolean;
	readonly notify: boolean;
}

export const DEFAULT_TABLE_PREFS: TablePrefs = { windowSeconds: DEFAULT_WINDOW_SECONDS, sound: false, vibrate: true, notify: false };

/** The countdowns offered in the settings (seconds). */
export const WINDOW_SECONDS_CHOICES = [3, 6, 10, 20, 40] as const;

const KEY = 'fnord.table';
const OLD_AUTO_PASS = 'fnord.autoPass';

export function readTablePrefs(store: Store): TablePrefs {
	store.removeItem(OLD_AUTO_PASS);
	let raw: unknown = null;
	try {
		raw = JSON.parse(store.getItem(KEY) ?? 'null');
	} catch {
		raw = null;
	}
	if (typeof raw !== 'object' || raw === null) return DEFAULT_TABLE_PREFS;
	const r = raw as Record<string, unknown>;
	const seconds = r.windowSeconds;
	return {
		windowSeconds: Number.isSafeInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= MAX_WINDOW_SECONDS ? (seconds as number) : DEFAULT_TABLE_PREFS.windowSeconds,
		sound: r.sound === true,
		vibrate: r.vibrate !== false,
		notify: r.notify === true,
	};
}

export function writeTablePrefs(store: Store, prefs: TablePrefs): void {
	store.setItem(KEY, JSON.stringify(prefs));
}
