// A bot plays an absent player's seat (rule option absence 'bot'). Three browser contexts play one
// game over WebRTC, created with the option and a 12-second countdown. As soon as the game waits
// for one player's turn, that player's browser closes; after the countdown the two others vote it
// absent by themselves, both show its seat as played by a bot, and its turn is played by the
// stand-in (under this option the engine no longer passes an absent seat's turn: only stand-in
// entries, checked by every device, can end it). The next turn starts and both hold the same state
// with no refused entry.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

const COUNTDOWN = 12;

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

async function expectMesh(pages: Page[]) {
	for (const page of pages) {
		await expect(page.getByTestId('webrtc-links')).toHaveAttribute('data-count', String(pages.length - 1), { timeout: 20_000 });
		await expect(page.getByTestId('data-channel')).toHaveAttribute('data-open', 'true');
	}
}

const fingerprint = async (page: Page) => `${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()} ${await page.getByTestId('accepted').getAttribute('data-random')}`;

const awaitedOn = (page: Page, kind: string) =>
	page.locator(`[data-testid^="awaited-"][data-for="${kind}"]`).evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-testid')!.slice('awaited-'.length))));

/** Passes what the game asks of this page (a Specials window, spending on the stand-in's attack). */
async function passWhatIsAsked(page: Page) {
	for (const id of ['pass-window', 'pass-spending']) {
		const button = page.getByTestId(id);
		if (await button.isVisible().catch(() => false)) await button.click().catch(() => undefined);
	}
}

test('a player whose browser closes is voted absent, a bot plays their turn through the others\u2019 devices, and the game goes on', async ({ browser }) => {
	test.setTimeout(150_000);
	const contexts: BrowserContext[] = await Promise.all([0, 1, 2].map(() => browser.newContext()));
	const pages = await Promise.all(contexts.map((context) => context.newPage()));
	const errors: string[] = [];
	for (const [i, page] of pages.entries()) page.on('pageerror', (error) => errors.push(`page ${i}: ${error.message}`));
	const [alice, bob, carol] = pages as [Page, Page, Page];

	await alice.goto('/');
	await alice.getByTestId('mode-online').check();
	await alice.getByTestId('seats').fill('3');
	await alice.getByTestId('countdown').fill(String(COUNTDOWN));
	await alice.getByLabel('Chosen for each seat').check();
	const chosen = alice.getByTestId('new-game').locator('ol.chosen select');
	for (const [seat, id] of ['network', 'gnomes-of-zurich', 'bavarian-illuminati'].entries()) await chosen.nth(seat).selectOption(id);
	// The rule option: a bot plays an absent player until they return.
	await alice.getByText('Rule options').click();
	await alice.getByLabel('A player declared absent').selectOption('bot');
	await expect(alice.getByTestId('stand-in-hint')).toContainText('the easy bot plays their turns');
	await alice.getByTestId('create').click();
	await expect(alice).toHaveURL(/\/game\?id=/);
	const link = await alice.getByTestId('share-link').inputValue();
	await bob.goto(link);
	await carol.goto(link);
	await expectMesh(pages);
	await bob.getByTestId('claim-1').click();
	await carol.getByTestId('claim-2').click();
	for (const page of pages) {
		await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
		await page.getByTestId('auto-pass').check();
	}

	// The first turn: its player's browser closes.
	let away = -1;
	await expect
		.poll(async () => {
			for (const page of pages) await passWhatIsAsked(page);
			const listed = [...(await awaitedOn(alice, 'turn')), ...(await awaitedOn(bob, 'turn'))];
			away = listed[0] ?? -1;
			return away;
		}, { timeout: 20_000, intervals: [100, 200, 300] })
		.toBeGreaterThanOrEqual(0);
	const others = pages.filter((_, seat) => seat !== away);
	const status = (page: Page) => page.getByRole('region', { name: 'Game status' }).locator('strong').first().textContent();
	const turnBefore = await status(others[0]!);
	await contexts[away]!.close();

	// After the countdown both devices vote; the seat shows as played by a bot on both.
	for (const page of others) {
		await expect(page.getByTestId(`voted-out-${away}`)).toBeVisible({ timeout: (COUNTDOWN + 20) * 1000 });
		await expect(page.getByTestId('stand-in-flag')).toHaveText('away: a bot plays for them');
	}

	// The stand-in plays the turn (the others answer what it asks of them); the next turn starts.
	await expect
		.poll(async () => {
			for (const page of others) await passWhatIsAsked(page);
			const now = await Promise.all(others.map(status));
			return now.every((text) => text !== turnBefore);
		}, { timeout: 45_000, intervals: [200, 300, 500] })
		.toBe(true);

	// Both hold the same state, with no refused entry.
	let last = '';
	await expect
		.poll(async () => {
			for (const page of others) await passWhatIsAsked(page);
			const all = await Promise.all(others.map(fingerprint));
			const same = new Set(all).size === 1;
			const steady = same && all[0] === last;
			last = same ? all[0]! : '';
			return steady;
		}, { timeout: 30_000, intervals: [200, 300, 500] })
		.toBe(true);
	for (const page of others) await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	expect(errors).toEqual([]);
	for (const context of contexts) if (context !== contexts[away]) await context.close();
});
