// Shared steps of the online and hot-seat specs: a player's name, the WebRTC mesh between pages,
// an online game created on one page and joined by the others, and a learning table on one device.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seededContext, type ContextOptions } from '../game-seeded.js';

export { seededContext, type ContextOptions };

/** Saves the player's name in Home's settings. */
export async function setName(page: Page, name: string): Promise<void> {
	await page.goto('/');
	await page.getByTestId('name').fill(name);
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.getByText('Settings saved.')).toBeVisible();
}

/** Every page linked to every other over WebRTC (and, with `channel`, its data channel open). */
export async function expectMesh(pages: readonly Page[], { channel = true }: { channel?: boolean } = {}): Promise<void> {
	for (const page of pages) {
		await expect(page.getByTestId('webrtc-links')).toHaveAttribute('data-count', String(pages.length - 1), { timeout: 20_000 });
		if (channel) await expect(page.getByTestId('data-channel')).toHaveAttribute('data-open', 'true');
	}
}

/** Collects uncaught page errors, labelled by page. */
export function collectErrors(pages: readonly Page[], labels: readonly string[] = []): string[] {
	const errors: string[] = [];
	for (const [i, page] of pages.entries()) page.on('pageerror', (error) => errors.push(`${labels[i] ?? `page ${i}`}: ${error.message}`));
	return errors;
}

export interface OnlineGameOptions {
	/** Seats of the game (default: one per page). */
	seats?: number;
	title?: string;
	/** Illuminati chosen for each seat, in seat order (default: random). */
	illuminati?: readonly string[];
	/** The secret deck ('Open hands' unticked). */
	secretDeck?: boolean;
	/** Claim a seat on each joining page (page i claims seat i; default true). */
	claim?: boolean;
	/** Seconds an awaited player has before the devices vote them absent (the form's default otherwise). */
	countdown?: number;
	/** Fills more of the host's form, just before Create. */
	form?: (host: Page) => Promise<void>;
	/** Checks the host's lobby once created, before the others open the link. */
	created?: (host: Page) => Promise<void>;
}

/**
 * The first page creates an online game; the others open its link and, by default, claim seats
 * 1, 2, … in order. Waits for the mesh before claiming. Returns the share link.
 */
export async function createOnlineGame(pages: readonly Page[], options: OnlineGameOptions = {}): Promise<string> {
	const [host, ...guests] = pages;
	if (host === undefined) throw new Error('createOnlineGame: no page');
	if (!host.url().endsWith('/')) await host.goto('/');
	await host.getByTestId('mode-online').check();
	await host.getByTestId('seats').fill(String(options.seats ?? pages.length));
	if (options.countdown !== undefined) await host.getByTestId('countdown').fill(String(options.countdown));
	if (options.title !== undefined) await host.getByLabel('Title (optional)').fill(options.title);
	if (options.illuminati !== undefined) {
		await host.getByLabel('Chosen for each seat').check();
		const chosen = host.getByTestId('new-game').locator('ol.chosen select');
		for (const [seat, id] of options.illuminati.entries()) await chosen.nth(seat).selectOption(id);
	}
	if (options.secretDeck) await host.getByTestId('open-hands').setChecked(false);
	await options.form?.(host);
	await host.getByTestId('create').click();
	await expect(host).toHaveURL(/\/game\?id=/);
	await options.created?.(host);
	const link = await host.getByTestId('share-link').inputValue();
	for (const guest of guests) await guest.goto(link);
	await expectMesh(pages);
	if (options.claim !== false) {
		for (const [i, guest] of guests.entries()) {
			await guest.getByTestId(`claim-${i + 1}`).click();
			// The claim reached the host: the seat is held there, or the game began (the last seat).
			const held = host.locator(`[data-testid="seat-${i + 1}"]:not(.free)`);
			await expect(held.or(host.getByTestId('table'))).toBeVisible({ timeout: 20_000 });
		}
	}
	return link;
}

/**
 * One seeded browser context (game-seeded.ts) with one page per seed, their page errors collected
 * (labelled by name), and each player's name saved in its settings.
 */
export async function seededPlayers(browser: Browser, seeds: readonly string[], names: readonly string[]): Promise<{ contexts: BrowserContext[]; pages: Page[]; errors: string[] }> {
	const contexts = await Promise.all(seeds.map((seed) => seededContext(browser, seed)));
	const pages = await Promise.all(contexts.map((context) => context.newPage()));
	const errors = collectErrors(pages, names);
	for (const [i, page] of pages.entries()) await setName(page, names[i]!);
	return { contexts, pages, errors };
}

/** `count` new browser contexts (separate profiles) with one page each. */
export async function newPlayers(browser: Browser, count: number): Promise<{ contexts: BrowserContext[]; pages: Page[] }> {
	const contexts = await Promise.all(Array.from({ length: count }, () => browser.newContext()));
	const pages = await Promise.all(contexts.map((context) => context.newPage()));
	return { contexts, pages };
}

/** Waits until one page shows its turn tools (the first turn begun); its index. */
export async function firstMover(pages: readonly Page[]): Promise<number> {
	const builderOf = (page: Page) => page.getByTestId('attack-builder');
	let mover = -1;
	await expect
		.poll(
			async () => {
				for (const [i, page] of pages.entries()) if (await builderOf(page).isVisible()) return (mover = i);
				return -1;
			},
			{ timeout: 40_000 }
		)
		.toBeGreaterThanOrEqual(0);
	return mover;
}

export const LEARNING_ILLUMINATI = ['bavarian-illuminati', 'network', 'servants-of-cthulhu'] as const;

/**
 * A hot-seat game for three on this page with chosen Illuminati (no UFOs, whose secret goal comes
 * first), as a learning table: every hand shown, no "pass the device" screen. With `untilActions`
 * (default) waits until the windows at the turn's start closed by themselves and the actions wait.
 */
export async function learningTable(page: Page, { untilActions = true }: { untilActions?: boolean } = {}): Promise<void> {
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('3');
	await page.getByLabel('Chosen for each seat').check();
	const chosen = page.getByTestId('new-game').locator('ol.chosen select');
	for (const [seat, id] of LEARNING_ILLUMINATI.entries()) await chosen.nth(seat).selectOption(id);
	await page.getByTestId('create').click();
	await page.getByTestId('show-all-hands').check();
	if (untilActions) await expect(page.getByTestId('attack-builder')).toBeVisible({ timeout: 30_000 });
}
