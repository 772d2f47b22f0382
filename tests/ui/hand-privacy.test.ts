// Hot seat on a shared screen (issue 13; ui/table/hand-privacy.ts): which seats' secrets a device
// shows, and when it must be passed first.
import { describe, expect, it } from 'vitest';
import { privacy, readShowAllHands, writeShowAllHands } from '../../src/lib/ui/table/hand-privacy.js';

describe('hand privacy on a shared screen', () => {
	it('one person on the device sees its seats without a pass screen', () => {
		expect(privacy([2], 2, null, false)).toEqual({ viewer: [2], passTo: null });
	});

	it('with several people, the seat played is shown only after its player cleared the pass screen', () => {
		expect(privacy([0, 1, 2], 1, null, false)).toEqual({ viewer: [], passTo: 1 });
		expect(privacy([0, 1, 2], 1, 1, false)).toEqual({ viewer: [1], passTo: null });
	});

	it('a change to another person\'s seat brings the pass screen back, hiding the previous hand', () => {
		expect(privacy([0, 1, 2], 2, 1, false)).toEqual({ viewer: [], passTo: 2 });
	});

	it('a seat played by a computer player (not a person\'s) never asks for the device', () => {
		expect(privacy([0, 2], 1, 0, false)).toEqual({ viewer: [], passTo: null });
	});

	it('a learning table shows every hand of the device at once', () => {
		expect(privacy([0, 1, 2], 2, null, true)).toEqual({ viewer: [0, 1, 2], passTo: null });
	});

	it('the setting is kept on the device, off by default', () => {
		const store = new Map<string, string>();
		const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
		expect(readShowAllHands(storage)).toBe(false);
		writeShowAllHands(storage, true);
		expect(readShowAllHands(storage)).toBe(true);
	});
});
