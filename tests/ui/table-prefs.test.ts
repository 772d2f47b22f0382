// The table's device settings (ui/table/table-prefs.ts): windows close by themselves by default,
// the old "automatic pass" setting (which still asked for a click when a Special was held) is
// removed from the device, and damaged values read as the defaults.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SECONDS } from '../../src/lib/session/window-clock.js';
import { DEFAULT_TABLE_PREFS, readTablePrefs, writeTablePrefs } from '../../src/lib/ui/table/table-prefs.js';

function store() {
	const map = new Map<string, string>();
	return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key), map };
}

describe('the table settings on this device', () => {
	it('by default windows close after the default countdown, sound is off, vibration on, notifications off', () => {
		expect(readTablePrefs(store())).toEqual({ windowSeconds: DEFAULT_WINDOW_SECONDS, sound: false, vibrate: true, notify: false });
	});

	it('the old automatic-pass setting is removed, whatever it said', () => {
		for (const old of ['on', 'off']) {
			const s = store();
			s.setItem('fnord.autoPass', old);
			expect(readTablePrefs(s)).toEqual(DEFAULT_TABLE_PREFS);
			expect(s.map.has('fnord.autoPass')).toBe(false);
		}
	});

	it('is remembered; 0 seconds means windows wait for a click', () => {
		const s = store();
		writeTablePrefs(s, { windowSeconds: 0, sound: true, vibrate: false, notify: true });
		expect(readTablePrefs(s)).toEqual({ windowSeconds: 0, sound: true, vibrate: false, notify: true });
	});

	it('a damaged value reads as the default', () => {
		const s = store();
		for (const raw of ['{not json', '{"windowSeconds": -4}', '{"windowSeconds": 2.5}', '{"windowSeconds": 9999}', '"6"']) {
			s.setItem('fnord.table', raw);
			expect(readTablePrefs(s).windowSeconds).toBe(DEFAULT_WINDOW_SECONDS);
		}
	});
});
