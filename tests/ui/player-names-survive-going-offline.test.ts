// Issue 16: names fell back to "Seat 2" after a player went offline and online until a reload.
// Two causes, both fixed: y-webrtc drops a device's own presence when it disconnects (so back
// online it published no name: GameLink now publishes it again), and the table read names only
// from who is present now (LiveGame now keeps the last name seen for each seat's key).
import { describe, expect, it } from 'vitest';
import { LiveGame } from '../../src/lib/ui/app/live-game.svelte.js';
import { rememberNames, seatRows } from '../../src/lib/ui/app/lobby.js';
import { dropPresence, hostAndGuest, syncPresence } from './helpers/two-devices.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a player’s name', () => {
	it('is kept for its key after the player leaves the room', () => {
		const bob = { name: 'Bob', seat: 'K-bob', self: false };
		let known = rememberNames(new Map(), [bob]);
		expect(seatRows(['K-me', 'K-bob'], 'K-me', [bob], known)[1]).toMatchObject({ name: 'Bob', present: true });
		known = rememberNames(known, []);
		expect(seatRows(['K-me', 'K-bob'], 'K-me', [], known)[1]).toMatchObject({ name: 'Bob', present: false, names: [] });
		expect(rememberNames(known, [])).toBe(known); // nothing new: the same map
		expect(seatRows(['K-me', null], 'K-me', [], known)[1]!.name).toBeNull();
	});

	it('stays on the host’s table while the guest is offline, and the guest publishes it again once back', async () => {
		const { host, guest } = await hostAndGuest('Night game');
		const live = new LiveGame(host);
		guest.setName('Bob');
		guest.goOnline();
		syncPresence(guest.awareness, host.awareness);
		await settle();
		expect(live.rows[1]).toMatchObject({ name: 'Bob', present: true });

		// The guest goes offline: its own presence is gone (as y-webrtc does), and the host stops hearing it.
		guest.goOffline();
		expect(guest.awareness.getLocalState()).toBeNull();
		dropPresence(guest.awareness, host.awareness);
		await settle();
		expect(live.rows[1]).toMatchObject({ name: 'Bob', present: false });

		// Back online: the guest publishes its name (and key) again without a reload.
		guest.goOnline();
		expect(guest.presence()).toMatchObject([{ name: 'Bob', seat: guest.session.key, self: true }]);
		syncPresence(guest.awareness, host.awareness);
		await settle();
		expect(live.rows[1]).toMatchObject({ name: 'Bob', present: true });
		live.destroy();
		guest.destroy();
	});
});
