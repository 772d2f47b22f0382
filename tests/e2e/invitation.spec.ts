// Only invited peers get in: a game created from Home in one browser context; a second context
// opens the game's link with the secret part of the room code changed (a valid code: same public
// part, so the same room on the signaling server, check character recomputed) and is refused: no
// peer connection reaches the game, and the page says it cannot reach it. A third context opens
// the right link and joins. Separate contexts: no shared BroadcastChannel or storage.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkCharacter, readRoomCode, ROOM_SECRET_LENGTH } from '../../src/lib/net/room.js';

const newContext = (browser: Browser) => browser.newContext({ permissions: ['microphone', 'camera'], locale: 'en-US' });

/** Open WebRTC links of a game page, as its connection panel counts them. */
const links = (page: Page) => page.getByTestId('webrtc-links').getAttribute('data-count');

test('a joiner with a wrong secret is refused and told it cannot reach the game; the right link joins', async ({ browser }) => {
	test.setTimeout(90_000);
	const [hostContext, strangerContext, guestContext] = await Promise.all([0, 1, 2].map(() => newContext(browser)));
	const host = await hostContext.newPage();
	await host.goto('/');
	await host.getByTestId('mode-online').check();
	await host.getByTestId('seats').fill('3');
	await host.getByLabel('Title (optional)').fill('Invited only');
	await host.getByTestId('create').click();
	await expect(host).toHaveURL(/\/game\?id=/);
	const link = await host.getByTestId('share-link').inputValue();
	const reading = readRoomCode(new URL(link).searchParams.get('room') ?? '');
	if (!reading.ok || reading.secret === null) throw new Error(`no version-2 code in ${link}`);

	// The stranger knows the room (its public part) but not the secret.
	const wrongSecret = reading.secret === '0'.repeat(ROOM_SECRET_LENGTH) ? '1'.repeat(ROOM_SECRET_LENGTH) : '0'.repeat(ROOM_SECRET_LENGTH);
	const wrongCode = reading.publicPart + wrongSecret + checkCharacter(reading.publicPart + wrongSecret);
	// Counts the stranger's WebRTC connections, and those that connect.
	await strangerContext.addInitScript(() => {
		const Native = window.RTCPeerConnection;
		const counts = { created: 0, connected: 0 };
		(window as unknown as { __rtcCounts: typeof counts }).__rtcCounts = counts;
		window.RTCPeerConnection = class extends Native {
			constructor(config?: RTCConfiguration) {
				super(config);
				counts.created++;
				this.addEventListener('connectionstatechange', () => {
					if (this.connectionState === 'connected') counts.connected++;
				});
			}
		};
	});
	const stranger = await strangerContext.newPage();
	const errors: string[] = [];
	stranger.on('pageerror', (error) => errors.push(error.message));
	await stranger.goto(`/join?room=${wrongCode}`);
	await expect(stranger).toHaveURL(/\/game\?id=/);
	// Same public part, so the same game id: the wrong secret is all that differs.
	expect(new URL(stranger.url()).searchParams.get('id')).toBe(new URL(host.url()).searchParams.get('id'));
	await expect(stranger.getByTestId('unreachable')).toBeVisible({ timeout: 25_000 });
	await expect(stranger.getByTestId('unreachable')).toContainText('Cannot reach the game');
	await expect(stranger.getByTestId('lobby-waiting')).toBeVisible(); // nothing of the game arrived
	expect(await links(stranger)).toBe('0');
	await expect(stranger.getByTestId('data-channel')).toHaveAttribute('data-open', 'false');
	expect(await links(host)).toBe('0');
	const rtcCounts = () => stranger.evaluate(() => (window as unknown as { __rtcCounts: { created: number; connected: number } }).__rtcCounts);
	expect(await rtcCounts()).toEqual({ created: 0, connected: 0 }); // not even an offer was made to it

	// The right link joins: the game arrives over a data channel and the seats show.
	const guest = await guestContext.newPage();
	await guest.goto(link);
	await expect(guest).toHaveURL(/\/game\?id=/);
	await expect(guest.getByTestId('seats')).toBeVisible({ timeout: 20_000 });
	await expect(guest.getByTestId('data-channel')).toHaveAttribute('data-open', 'true', { timeout: 15_000 });
	await expect(host.getByTestId('webrtc-links')).toHaveAttribute('data-count', '1');
	await expect(guest.getByTestId('unreachable')).toHaveCount(0);
	// The stranger is still out, and its refused announcements raised no error on its page.
	expect(await links(stranger)).toBe('0');
	expect((await rtcCounts()).connected).toBe(0);
	await expect(stranger.getByTestId('lobby-waiting')).toBeVisible();
	expect(errors).toEqual([]);
	await Promise.all([hostContext, strangerContext, guestContext].map((c) => c.close()));
});
