// The app offline ("play on a train"): after one visit the service worker controls the app and
// every page, asset and saved game loads with the network really gone (the context is offline and
// the test's own server is stopped). Updates wait for the player: a simulated next version (the
// same build with a changed sw.js and home page, see helpers/build-server.ts) installs and waits
// while a game is open, is not applied by Later, a reload or another tab's Update, and is applied
// only by this tab's Update; saved games and seat keys survive it.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { NEXT_VERSION, startBuildServer, type BuildServer } from './helpers/build-server.js';
import { gameStored } from './helpers/stored-game.js';

let server: BuildServer;
test.beforeEach(async () => {
	server = await startBuildServer();
});
test.afterEach(async () => {
	await server.close();
});

/** A fresh profile whose table windows wait for a click (no countdown), so a game stands still while versions change. */
async function newContext(browser: Browser): Promise<BrowserContext> {
	const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1280, height: 800 } });
	await context.addInitScript(() => {
		if (localStorage.getItem('fnord.table') === null) localStorage.setItem('fnord.table', JSON.stringify({ windowSeconds: 0, sound: false, vibrate: false, notify: false }));
	});
	return context;
}

/** Opens Home and waits until the service worker controls the page (it precached everything first). */
async function firstVisit(context: BrowserContext): Promise<Page> {
	const page = await context.newPage();
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'Fnord', level: 1 })).toBeVisible();
	await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 20_000 });
	await expect(page.getByTestId('offline-ready')).toHaveCount(1);
	return page;
}

/** Creates a hot-seat game from Home; returns its page URL and state (accepted count and hash). */
async function createHotSeat(page: Page, title: string): Promise<{ url: string; state: string }> {
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('2');
	await page.getByLabel('Title (optional)').fill(title);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	const state = await settled(page);
	await gameStored(page);
	return { url: page.url(), state };
}

async function settled(page: Page): Promise<string> {
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 15_000 });
	return `${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()}`;
}

/** Whether this page's service worker serves the next version's home page. */
const servesNextVersion = (page: Page) =>
	page.evaluate(async (marker) => (await (await fetch('/')).text()).includes(`content="${marker}"`), NEXT_VERSION);

const registration = (page: Page) =>
	page.evaluate(async () => {
		const r = await navigator.serviceWorker.getRegistration();
		return { waiting: r?.waiting != null, active: r?.active?.state ?? null, controlled: navigator.serviceWorker.controller !== null };
	});

test('after one visit, Home, a game page, other pages and the saved games load with the network off', async ({ browser }) => {
	test.setTimeout(60_000);
	const context = await newContext(browser);
	const page = await firstVisit(context);
	const game = await createHotSeat(page, 'Train game');

	await context.setOffline(true);
	await server.close();
	const failed: string[] = [];
	page.on('requestfailed', (request) => {
		// ERR_ABORTED: a request of a page being left (a navigation started), not a missing file.
		const error = request.failure()?.errorText;
		if (request.url().startsWith(server.url) && error !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${error}`);
	});
	page.on('response', (response) => {
		if (!response.fromServiceWorker()) failed.push(`${response.url()} did not come from the service worker`);
	});

	await page.goto('/');
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Fnord', level: 1 })).toBeVisible();
	await expect(page.getByTestId('game-row').filter({ hasText: 'Train game' })).toHaveCount(1);

	// A fresh navigation to the game's own URL (a query the precache has never seen), then a reload.
	await page.goto(game.url);
	expect(await settled(page)).toBe(game.state);
	await page.reload();
	expect(await settled(page)).toBe(game.state);
	await expect(page.getByTestId('my-seats')).toHaveText('Your seats: 1, 2');

	// Resumed from My games by clicking, and the other pages.
	await page.goto('/');
	await page.getByRole('link', { name: 'Resume: Train game' }).click();
	expect(await settled(page)).toBe(game.state);
	await page.goto('/rules');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await page.goto('/cards');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	expect(failed).toEqual([]);
	await context.close();
});

test('a new version waits while a game is open: Later, a reload and another tab’s Update do not apply it here; Update does, and saved games and keys survive', async ({ browser }) => {
	test.setTimeout(90_000);
	const context = await newContext(browser);
	const home = await firstVisit(context);
	const game = await createHotSeat(home, 'Before update');
	const table = await context.newPage();
	await table.goto(game.url);
	expect(await settled(table)).toBe(game.state);
	await home.goto('/');
	// A page that reloads loses this mark.
	await table.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
	const stillSamePage = () => table.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);

	server.serveNextVersion();
	await table.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
	const notice = table.getByTestId('update-notice');
	await expect(notice).toContainText('A new version of Fnord is ready.');
	await expect(notice).toHaveAttribute('data-stage', 'ready');
	await expect.poll(() => registration(table)).toEqual({ waiting: true, active: 'activated', controlled: true });

	// Left alone, nothing happens: the game page stays, served by the current version.
	await table.waitForTimeout(1500);
	expect(await stillSamePage()).toBe(true);
	expect(await servesNextVersion(table)).toBe(false);
	await expect(table.getByTestId('table')).toBeVisible();

	// Later hides the notice and applies nothing.
	await notice.getByRole('button', { name: 'Later' }).click();
	await expect(notice).toHaveCount(0);
	expect((await registration(table)).waiting).toBe(true);
	expect(await stillSamePage()).toBe(true);

	// A reload does not apply it either (the previous version still serves), and asks again.
	await home.reload();
	await expect(home.getByTestId('update-notice')).toHaveAttribute('data-stage', 'ready');
	expect(await servesNextVersion(home)).toBe(false);
	expect((await registration(home)).waiting).toBe(true);

	// Update in the other tab: that tab reloads on the new version; the game tab is not reloaded,
	// it is told it runs the previous version and offered a reload.
	await Promise.all([home.waitForEvent('load'), home.getByTestId('update-notice').getByRole('button', { name: 'Update' }).click()]);
	await expect(home.locator(`meta[name="fnord-test-version"][content="${NEXT_VERSION}"]`)).toHaveCount(1);
	await expect(home.getByTestId('game-row').filter({ hasText: 'Before update' })).toHaveCount(1);
	await expect(table.getByTestId('update-notice')).toHaveAttribute('data-stage', 'stale');
	expect(await stillSamePage()).toBe(true);
	await expect(table.getByTestId('table')).toBeVisible();

	// The game tab reloads when its player says so; the game and its seats (keys) are all there.
	await Promise.all([table.waitForEvent('load'), table.getByTestId('update-notice').getByRole('button', { name: 'Reload' }).click()]);
	expect(await stillSamePage()).toBe(false);
	expect(await settled(table)).toBe(game.state);
	await expect(table.getByTestId('my-seats')).toHaveText('Your seats: 1, 2');
	expect(await registration(table)).toEqual({ waiting: false, active: 'activated', controlled: true });
	expect(await servesNextVersion(table)).toBe(true);
	await context.close();
});

test('Update in the tab that shows the notice applies the waiting version there, and the saved game is still listed', async ({ browser }) => {
	test.setTimeout(60_000);
	const context = await newContext(browser);
	const page = await firstVisit(context);
	const game = await createHotSeat(page, 'Kept');

	server.serveNextVersion();
	await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
	const notice = page.getByTestId('update-notice');
	await expect(notice).toHaveAttribute('data-stage', 'ready');
	await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Update' }).click()]);
	expect(await settled(page)).toBe(game.state);
	expect(await servesNextVersion(page)).toBe(true);

	// Offline after the update too: the new version's pages and the game still load.
	await context.setOffline(true);
	await server.close();
	await page.goto('/');
	await expect(page.locator(`meta[name="fnord-test-version"][content="${NEXT_VERSION}"]`)).toHaveCount(1);
	await expect(page.getByTestId('game-row').filter({ hasText: 'Kept' })).toHaveCount(1);
	await page.goto(game.url);
	expect(await settled(page)).toBe(game.state);
	await context.close();
});
