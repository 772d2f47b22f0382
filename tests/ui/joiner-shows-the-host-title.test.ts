// Issue 16: the host's game title reached the others as "Game <code>". The protocol carries no
// title, so each device publishes its own with its presence; a game joined by room code shows its
// creator's (only its creator's), stores it in My games, and treats it as a display name only:
// cleaned of control and direction characters and cut to 80 characters.
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { describe, expect, it } from 'vitest';
import { cleanTitle, listPresence, setPresence } from '../../src/lib/net/presence.js';
import { LiveGame } from '../../src/lib/ui/app/live-game.svelte.js';
import { hostAndGuest, syncPresence } from './helpers/two-devices.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the host’s title', () => {
	it('reaches a guest that joined by room code, on its page and in its games list', async () => {
		const { guestRuntime, host, guest } = await hostAndGuest('Night game at Zoé’s', 'Game 7KQ2-MXH9');
		const titles: string[] = [];
		const live = new LiveGame(guest, undefined, (title) => titles.push(title));
		expect(live.title).toBe('Game 7KQ2-MXH9');
		host.setName('Zoé');
		syncPresence(host.awareness, guest.awareness);
		await settle();
		expect(live.title).toBe('Night game at Zoé’s');
		expect(titles).toEqual(['Night game at Zoé’s']);
		expect(await guestRuntime.adoptTitle(guest.id, live.title)).toBe(true);
		expect((await guestRuntime.list.get(guest.id))?.title).toBe('Night game at Zoé’s');
		// Reopened later, the game keeps the title and still follows its host's.
		const reopened = await guestRuntime.resume(guest.id);
		expect(reopened?.title).toBe('Night game at Zoé’s');
		reopened?.destroy();
		live.destroy();
	});

	it('is taken from the game’s creator only, never from another peer', async () => {
		const { host, guest } = await hostAndGuest('Night game');
		// Someone else claims a title (with a key that is not the creator's): ignored.
		const stranger = new Awareness(new Y.Doc());
		setPresence(stranger, { name: 'Mallory', seat: 'not-the-creator', title: 'Free money here' });
		syncPresence(stranger, guest.awareness);
		expect(guest.title).toBe('Game 7KQ2-MXH9');
		// The host's own page never takes a title from anyone.
		setPresence(stranger, { name: 'Mallory', seat: guest.session.key, title: 'Renamed' });
		syncPresence(stranger, host.awareness);
		expect(host.title).toBe('Night game');
		stranger.destroy();
	});

	it('a game created here keeps its own title in its record', async () => {
		const { hostRuntime, host } = await hostAndGuest('Night game');
		expect(await hostRuntime.adoptTitle(host.id, 'Something else')).toBe(false);
		expect((await hostRuntime.list.get(host.id))?.title).toBe('Night game');
	});

	it('is shown as text only: controls and direction marks go, spaces collapse, 80 characters at most', () => {
		expect(cleanTitle('  Night\u202e game\n\t<b>x</b>  ')).toBe('Night game <b>x</b>');
		expect(cleanTitle('é'.repeat(500))).toHaveLength(80);
		expect(cleanTitle('🎲'.repeat(90))).toBe('🎲'.repeat(80)); // characters, not UTF-16 halves
		expect(cleanTitle('\u0000\u200b ')).toBeNull();
		expect(cleanTitle(42)).toBeNull();
	});

	it('a peer’s oversized or malformed title is cleaned when read', async () => {
		const { guest } = await hostAndGuest('Night game');
		const rogue = new Awareness(new Y.Doc());
		rogue.setLocalState({ fnord: { name: 'x', seat: 'k', title: `${'A'.repeat(5000)}\u0007` } });
		syncPresence(rogue, guest.awareness);
		const peer = listPresence(guest.awareness).find((p) => p.name === 'x');
		expect(peer?.title).toBe('A'.repeat(80));
		rogue.setLocalState({ fnord: { name: 'x', seat: 'k', title: { not: 'text' } } });
		syncPresence(rogue, guest.awareness);
		expect(listPresence(guest.awareness).find((p) => p.name === 'x')?.title).toBeUndefined();
		rogue.destroy();
	});
});
