// A "more time" note travels with presence (session/window-clock.ts): the others see why the table
// waits. Presence is unauthenticated, so a malformed note is dropped and a note is a display only.
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { describe, expect, it } from 'vitest';
import { cleanMoreTime, listPresence, setPresence } from '../../src/lib/net/presence.js';

describe('a more-time note in presence', () => {
	it('is published with the name and read back', () => {
		const w = new Awareness(new Y.Doc());
		setPresence(w, { name: 'Alice', seat: 'k1', moreTime: { seat: 2, window: 'spending/0/x' } });
		expect(listPresence(w)[0]).toMatchObject({ name: 'Alice', moreTime: { seat: 2, window: 'spending/0/x' } });
		setPresence(w, { name: 'Alice', seat: 'k1' });
		expect(listPresence(w)[0]!.moreTime).toBeUndefined();
		w.destroy();
	});

	it('a malformed note is dropped, the peer kept', () => {
		for (const bad of [{ seat: -1, window: 'w' }, { seat: 1.5, window: 'w' }, { seat: 99, window: 'w' }, { seat: 1, window: 7 }, { seat: 1, window: 'w'.repeat(301) }, 'soon', null]) {
			expect(cleanMoreTime(bad)).toBeNull();
			const w = new Awareness(new Y.Doc());
			w.setLocalState({ fnord: { name: 'Mallory', moreTime: bad } });
			expect(listPresence(w)).toEqual([{ clientID: w.clientID, self: true, name: 'Mallory' }]);
			w.destroy();
		}
	});
});
