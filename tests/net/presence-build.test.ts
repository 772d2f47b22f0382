// Presence carries the rules build a device runs (session/build.ts), so that players see a peer
// running other rules. Unauthenticated: a malformed or oversized build is dropped, never shown.
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { describe, expect, it } from 'vitest';
import { listPresence, setPresence } from '../../src/lib/net/presence.js';

/** Copies `from`'s own presence to `to`, as a transport would. */
const syncPresence = (from: Awareness, to: Awareness) => applyAwarenessUpdate(to, encodeAwarenessUpdate(from, [from.clientID]), 'peer');

function pair(): { a: Awareness; b: Awareness; destroy(): void } {
	const a = new Awareness(new Y.Doc());
	const b = new Awareness(new Y.Doc());
	return { a, b, destroy: () => (a.destroy(), b.destroy()) };
}

/** What `b` lists for `a` once `a` published `fnord` as its raw presence field. */
function heard(fnord: Record<string, unknown>): ReturnType<typeof listPresence>[number] | undefined {
	const { a, b, destroy } = pair();
	a.setLocalState({ fnord });
	syncPresence(a, b);
	const peer = listPresence(b).find((p) => !p.self);
	destroy();
	return peer;
}

describe('the rules build in presence', () => {
	it('a published build reaches the other device', () => {
		const { a, b, destroy } = pair();
		setPresence(a, { name: 'Alice', build: '0123456789ab' });
		syncPresence(a, b);
		expect(listPresence(b).find((p) => !p.self)).toMatchObject({ name: 'Alice', build: '0123456789ab' });
		expect(listPresence(a)[0]).toMatchObject({ self: true, build: '0123456789ab' });
		destroy();
	});

	it('no build published, none listed', () => {
		expect(heard({ name: 'Old' })).toEqual({ clientID: expect.any(Number), self: false, name: 'Old' });
	});

	it.each([
		['an oversized build', 'a'.repeat(33)],
		['an empty build', ''],
		['a build with spaces', 'abc def'],
		['a build with markup', '<b>x</b>'],
		['a build with a direction override', 'abc\u202edef'],
		['a number', 123456],
		['an object', { build: 'abc' }]
	])('%s is ignored; the rest of the presence stays', (_what, build) => {
		const peer = heard({ name: 'Mallory', build });
		expect(peer).toMatchObject({ name: 'Mallory' });
		expect(peer).not.toHaveProperty('build');
	});

	it('a malformed build is not published either', () => {
		const { a, destroy } = pair();
		setPresence(a, { name: 'Alice', build: 'x'.repeat(100) });
		expect((a.getLocalState() as { fnord: Record<string, unknown> }).fnord).not.toHaveProperty('build');
		destroy();
	});
});
