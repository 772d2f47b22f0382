// A staller cannot freeze the table. Three browser contexts play one game on the app's game page
// over WebRTC, created through the form with a 12-second countdown; every device passes Specials
// windows by itself. As soon as the game waits for one player's turn, that player's browser is
// closed. The two others show it awaited, for its turn, with the time waited and the time left
// before their devices vote; then they vote by themselves, show it voted out, the next turn
// starts, and both hold the same state.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

const COUNTDOWN = 12;

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

/** Every page holds an open WebRTC data channel to each other page. */
async function expectMesh(pages: Page[]) {
	for (const page of pages) {
		await expect(page.getByTestId('webrtc-links')).toHaveAttribute('data-count', String(pages.length - 1), { timeout: 20_000 });
		await expect(page.getByTestId('data-channel')).toHaveAttribute('data-open', 'true');
	}
}

const fingerprint = async (page: Page) => `${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()} ${await page.getByTestId('accepted').getAttribute('data-random')}`;

/** Seats another page lists as awaited for `kind` (its own seats are never listed). */
const awaitedOn = (page: Page, kind: string) =>
	page.locator(`[data-testid^="awaited-"][data-for="${kind}"]`).evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-testid')!.slice('awaited-'.length))));

test('a player whose browser closes on their turn is voted absent after the countdown, and the table moves on', async ({ browser }) => {
	test.setTimeout(120_000);
	const contexts: BrowserContext[] = await Promise.all([0, 1, 2].map(() => browser.newContext()));
	const pages = await Promise.all(contexts.map((context) => context.newPage()));
	const errors: string[] = [];
	for (const [i, page] of pages.entries()) page.on('pageerror', (error) => errors.push(`page ${i}: ${error.message}`));
	const [alice, bob, carol] = pages as [Page, Page, Page];

	// The countdown is a room option of the new-game form.
	await alice.goto('/');
	await alice.getByTestId('mode-online').check();
	await alice.getByTestId('seats').fill('3');
	await alice.getByTestId('countdown').fill(String(COUNTDOWN));
	// Illuminati with nothing to choose at the start (the UFOs choose a secret goal).
	await alice.getByLabel('Chosen for each seat').check();
	const chosen = alice.getByTestId('new-game').locator('ol.chosen select');
	for (const [seat, id] of ['network', 'gnomes-of-zurich', 'bavarian-illuminati'].entries()) await chosen.nth(seat).selectOption(id);
	await alice.getByTestId('create').click();
	await expect(alice).toHaveURL(/\/game\?id=/);
	await expect(alice.getByTestId('lobby-countdown')).toHaveText(`An awaited player is voted absent after ${COUNTDOWN} seconds`);
	const link = await alice.getByTestId('share-link').inputValue();
	await bob.goto(link);
	await carol.goto(link);
	await expectMesh(pages);
	await bob.getByTestId('claim-1').click();
	await carol.getByTestId('claim-2').click();
	// Every device passes a Specials window by itself when it has nothing to play (else the test does).
	for (const page of pages) {
		await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
		await page.getByTestId('auto-pass').check();
	}

	// The first turn: the two other pages list its player as awaited.
	let staller = -1;
	await expect
		.poll(async () => {
			// Windows (a Specials window at the turn's start) are passed by hand where a Special could be played.
			for (const page of pages) {
				const pass = page.getByTestId('pass-window');
				if (await pass.isVisible()) await pass.click();
			}
			const listed = [...(await awaitedOn(alice, 'turn')), ...(await awaitedOn(bob, 'turn'))];
			staller = listed[0] ?? -1;
			return staller;
		}, { timeout: 20_000, intervals: [100, 200, 300] })
		.toBeGreaterThanOrEqual(0);
	const others = pages.filter((_, seat) => seat !== staller);
	const status = (page: Page) => page.getByRole('region', { name: 'Game status' }).locator('strong').first().textContent();
	const turnBefore = await status(others[0]!);
	// The countdown runs from the moment the turn began, on both other pages.
	await Promise.all(
		others.map(async (page) => {
			await expect(page.getByTestId(`vote-in-${staller}`)).toHaveText(/your device votes them absent in 0:\d\d/);
			await expect(page.getByTestId(`vote-absent-${staller}`)).toBeVisible();
		})
	);
	await contexts[staller]!.close();

	// Every other client shows who is awaited, for what, since when, and the time left (or its vote, once made).
	await Promise.all(
		others.map(async (page) => {
			const row = page.getByTestId(`awaited-${staller}`);
			await expect(row).toHaveAttribute('data-for', 'turn');
			await expect(row).toContainText(/to play their turn/);
			await expect(row).toContainText(/waiting for 0:\d\d/);
			await expect(page.getByTestId(`vote-in-${staller}`).or(page.getByTestId(`voted-${staller}`))).toHaveText(/your device votes them absent (in 0:\d\d|now)|you voted them absent/);
		})
	);

	// After the countdown both vote by themselves: the seat is voted out and the next turn starts.
	for (const page of others) {
		await expect(page.getByTestId(`voted-out-${staller}`)).toBeVisible({ timeout: (COUNTDOWN + 15) * 1000 });
		await expect(page.getByTestId(`awaited-${staller}`)).toHaveCount(0);
	}
	for (const page of others) await expect.poll(() => status(page), { timeout: 15_000 }).not.toBe(turnBefore);

	// Both hold the same state.
	let last = '';
	await expect
		.poll(async () => {
			const all = await Promise.all(others.map(fingerprint));
			const same = new Set(all).size === 1 && all[0]!.endsWith(' none');
			const steady = same && all[0] === last;
			last = same ? all[0]! : '';
			return steady;
		}, { timeout: 20_000, intervals: [100, 200, 300] })
		.toBe(true);
	for (const page of others) await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	expect(errors).toEqual([]);
	for (const context of contexts) if (context !== contexts[staller]) await context.close();
});
