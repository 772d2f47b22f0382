// The app's own pages, driven by clicking: an online game created from Home and joined through
// its share link by a second browser context (separate profiles, so no BroadcastChannel: the
// peers must open a WebRTC data channel through the project's signaling server), seats claimed
// in the lobby, the table and the same state hash in both; a hot-seat game resumed after a reload; and a game
// exported, deleted and imported again (as a read-only copy), with broken files refused.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';

const newContext = (browser: Browser, width = 1280) => browser.newContext({ permissions: ['microphone', 'camera'], locale: 'en-US', viewport: { width, height: 800 } });

/** Pixels the page scrolls sideways (0 when it fits its width). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function setName(page: Page, name: string) {
	await page.goto('/');
	await page.getByTestId('name').fill(name);
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.getByText('Settings saved.')).toBeVisible();
}

/** Creates a game from the Home form and waits for its page. */
async function createGame(page: Page, options: { mode: 'online' | 'local'; seats: number; title: string }) {
	await page.goto('/');
	await page.getByTestId(`mode-${options.mode}`).check();
	await page.getByTestId('seats').fill(String(options.seats));
	await page.getByLabel('Title (optional)').fill(options.title);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('game-title')).toHaveText(options.title);
}

/** The accepted count and state hash, once the table shows and no randomness is pending. */
async function settled(page: Page): Promise<string> {
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 15_000 });
	return `${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()}`;
}

test('an online game: created from Home, joined by its share link, seats claimed by clicking, same state in both browsers', async ({ browser }) => {
	test.setTimeout(60_000);
	// Bob's phone is 360 px wide.
	const [a, b] = await Promise.all([newContext(browser), newContext(browser, 360)]);
	const alice = await a.newPage();
	const bob = await b.newPage();
	await setName(alice, 'Alice');
	await setName(bob, 'Bob');

	await createGame(alice, { mode: 'online', seats: 3, title: 'Table for three' });
	await expect(alice.getByTestId('seat-holder-0')).toHaveText('you');
	await expect(alice.getByTestId('qr').locator('svg')).toBeVisible();
	const link = await alice.getByTestId('share-link').inputValue();
	expect(link).toMatch(/\/join\?room=[0-9A-Z]{25}&g=[A-Za-z0-9_-]{16}$/); // a version-2 code (public part, secret, check) and the genesis pin

	// Bob opens the link: /join takes him to the game, which arrives over WebRTC.
	await bob.goto(link);
	await expect(bob).toHaveURL(/\/game\?id=/);
	// A stand-in naming the room by its public part only, until the host's title arrives with its presence.
	await expect(bob.getByTestId('game-title')).toHaveText(/^(Game [0-9A-Z]{4}-[0-9A-Z]{4}|Table for three)$/);
	for (const [page, other] of [[alice, 'Bob'], [bob, 'Alice']] as const) {
		await expect(page.getByTestId('presence')).toContainText(other, { timeout: 15_000 });
		await expect(page.getByTestId('data-channel')).toHaveAttribute('data-open', 'true');
		await expect(page.getByTestId('webrtc-links')).toHaveAttribute('data-count', '1');
		await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-stage', 'ready');
	}

	expect(await sideways(bob)).toBeLessThanOrEqual(0);
	// The host's title reaches the joiner (issue 16), on its page and in its tab's title.
	await expect(bob.getByTestId('game-title')).toHaveText('Table for three');
	await expect(bob).toHaveTitle('Table for three · Fnord');

	// Bob claims seat 2; Alice, playing two seats at her device, claims seat 3: the game starts.
	await bob.getByTestId('claim-1').click();
	await expect(alice.getByTestId('seat-holder-1')).toHaveText('Bob');
	await alice.getByTestId('claim-2').click();
	// Both tables reach the same accepted entries and state (compared together: entries still flow between setup rolls).
	await expect.poll(async () => new Set(await Promise.all([settled(alice), settled(bob)])).size, { timeout: 20_000 }).toBe(1);
	await expect(alice.getByTestId('my-seats')).toHaveText('Your seats: 1, 3');
	await expect(bob.getByTestId('my-seats')).toHaveText('Your seat: 2');
	expect(await sideways(bob)).toBeLessThanOrEqual(0);
	for (const page of [alice, bob]) {
		await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
		await expect(page.getByTestId('desyncs')).toHaveCount(0);
	}
	await Promise.all([a.close(), b.close()]);
});

test('a hot-seat game is created on this device and resumed from My games after a reload', async ({ browser }) => {
	const context = await newContext(browser);
	const page = await context.newPage();
	await createGame(page, { mode: 'local', seats: 2, title: 'Hot seat' });
	await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'local');
	await expect(page.getByTestId('my-seats')).toHaveText('Your seats: 1, 2');
	const before = await settled(page);

	await page.goto('/');
	await page.reload();
	const row = page.getByTestId('game-row').filter({ hasText: 'Hot seat' });
	await row.getByRole('link', { name: 'Resume: Hot seat' }).click();
	await expect(page).toHaveURL(/\/game\?id=/);
	expect(await settled(page)).toBe(before);
	await context.close();
});

test('a game is exported, deleted and imported again from My games; broken files are refused and change nothing', async ({ browser }) => {
	test.setTimeout(60_000);
	const context = await newContext(browser);
	const page = await context.newPage();
	await createGame(page, { mode: 'local', seats: 2, title: 'Keep me' });
	await createGame(page, { mode: 'local', seats: 3, title: 'Export me' });
	const before = await settled(page);

	await page.goto('/');
	const row = page.getByTestId('game-row').filter({ hasText: 'Export me' });
	const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Export: Export me' }).click()]);
	expect(download.suggestedFilename()).toMatch(/^fnord-export-me-[\w-]{8}\.json$/);
	const exported = await readFile((await download.path())!, 'utf8');
	expect(JSON.parse(exported)).toMatchObject({ format: 'fnord-log', version: 1 });

	await row.getByRole('button', { name: 'Delete: Export me' }).click();
	await page.getByTestId('confirm-delete').click();
	await expect(page.getByTestId('games-status')).toHaveText('“Export me” was deleted from this device.');
	await expect(page.getByTestId('game-row')).toHaveCount(1);

	const broken = [
		{ name: 'broken.json', text: '{"format": "fnord-log", ', error: 'broken.json is not a JSON file' },
		{ name: 'other.json', text: '{"hello": "world"}', error: 'other.json is not a Fnord game log' },
		{ name: 'unsigned.json', text: JSON.stringify({ ...JSON.parse(exported), meta: {} }), error: 'unsigned.json can be replayed but not played on' }
	];
	for (const file of broken) {
		await page.getByTestId('import').setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
		await expect(page.getByTestId('games-problem')).toContainText(file.error);
		await expect(page.getByTestId('game-row')).toHaveCount(1);
	}

	await page.getByTestId('import').setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
	// An import is a read-only copy (seat keys are never exported): watched, never played on.
	await expect(page.getByTestId('games-status')).toHaveText(/^Imported export\.json as a read-only copy/);
	await expect(page.getByTestId('game-row')).toHaveCount(2);
	await expect(page.getByTestId('game-row').filter({ hasText: 'Export me' }).getByTestId('read-only-copy')).toHaveText('imported copy (read only)');
	await page.getByTestId('game-row').filter({ hasText: 'Export me' }).getByRole('link', { name: 'Watch: Export me' }).click();
	expect(await settled(page)).toBe(before);
	await expect(page.getByTestId('my-seats')).toHaveText('You are watching (no seat)');
	await expect(page.getByTestId('read-only')).toBeVisible();
	await context.close();
});

test('the keyboard alone creates a game and claims a seat in the lobby', async ({ browser }) => {
	const context = await newContext(browser);
	const page = await context.newPage();
	await page.goto('/');
	await page.getByTestId('mode-online').focus();
	await page.keyboard.press('Tab');
	await expect(page.getByTestId('seats')).toBeFocused();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('2');
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/game\?id=/);
	const claim = page.getByRole('button', { name: 'Claim seat 2' });
	for (let i = 0; i < 40 && !(await claim.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
	await expect(claim).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('table')).toBeVisible();
	await expect(page.getByTestId('my-seats')).toHaveText('Your seats: 1, 2');
	await context.close();
});
