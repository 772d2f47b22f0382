// Languages on the game table, and the phone: the language menu switches a game under way from
// English to French to Spanish (labels, the action panel, card names: French from the card data,
// Spanish keeps the English names as the data has none); at 360 px, home, lobby and table never
// scroll sideways, in any of the three languages.
import { expect, test, type Page } from '@playwright/test';

test.use({ actionTimeout: 15_000 });

/** A hot-seat game (no network needed) with the Bavarian Illuminati in seat 1. */
async function localGame(page: Page, seats = 2) {
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill(String(seats));
	await page.getByTestId('new-game').locator('input[name="illuminati"][value="chosen"]').check();
	const chosen = page.getByTestId('new-game').locator('ol.chosen select');
	for (const [seat, id] of ['bavarian-illuminati', 'network', 'ufos'].slice(0, seats).entries()) await chosen.nth(seat).selectOption(id);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('table')).toBeVisible();
	// A learning table: every hand shown, no "pass the device" screen (hot-seat-privacy.spec.ts checks that one).
	await page.getByTestId('show-all-hands').check();
}

const setLanguage = (page: Page, locale: string) => page.getByTestId('language').selectOption(locale);

test('the table switches from English to French to Spanish: labels, the action panel and card names', async ({ page }) => {
	await localGame(page);
	const table = page.getByRole('region', { name: 'Game table' });
	const bavarians = page.locator('section.table button[data-card="bavarian-illuminati"]');
	await expect(table).toBeVisible();
	await expect(page.locator('section.table')).toContainText('Draw pile');
	await expect(bavarians).toHaveAccessibleName(/^The Bavarian Illuminati/);
	await expect(page.getByTestId('history-toggle')).toHaveText('History');

	await setLanguage(page, 'fr');
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
	await expect(page.getByRole('region', { name: 'Table de jeu' })).toBeVisible();
	await expect(page.locator('section.table')).toContainText('Pioche');
	await expect(bavarians).toHaveAccessibleName(/^Les Illuminati de Bavière/);
	await expect(page.getByTestId('history-toggle')).toHaveText('Historique');
	await expect(page.getByTestId('now-playing')).toContainText('Vous jouez :');
	await expect(page.getByRole('heading', { name: 'Journal de la partie' })).toBeVisible();

	await setLanguage(page, 'es');
	await expect(page.locator('html')).toHaveAttribute('lang', 'es');
	await expect(page.getByRole('region', { name: 'Mesa de juego' })).toBeVisible();
	await expect(page.locator('section.table')).toContainText('Mazo');
	await expect(bavarians).toHaveAccessibleName(/^Los Illuminati de Baviera/); // the Spanish rulebook's name (issue 16)
	await expect(page.getByTestId('history-toggle')).toHaveText('Historial');
	await expect(page.getByTestId('now-playing')).toContainText('Juegas ahora:');

	// The choice is kept for the next visit.
	await page.reload();
	await expect(page.getByRole('region', { name: 'Mesa de juego' })).toBeVisible();
	await setLanguage(page, 'en');
	await expect(table).toBeVisible();
});

/** Pixels the page scrolls sideways (0 when it fits its width). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('on a 360 px phone, home, lobby and table fit the width in English, French and Spanish', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US', permissions: ['microphone', 'camera'] });
	const page = await context.newPage();
	await page.goto('/');
	const where: Record<string, string> = {};

	// An online game for three: the lobby waits for two more players.
	await page.getByTestId('mode-online').check();
	await page.getByTestId('seats').fill('3');
	await page.getByTestId('create').click();
	await expect(page.getByTestId('lobby')).toBeVisible();
	where.lobby = page.url();
	await localGame(page, 3);
	where.table = page.url();
	where.home = new URL('/', page.url()).href;

	for (const locale of ['en', 'fr', 'es']) {
		for (const [name, url] of Object.entries(where)) {
			await page.goto(url);
			await setLanguage(page, locale);
			await expect(page.locator('html')).toHaveAttribute('lang', locale);
			if (name === 'lobby') await expect(page.getByTestId('lobby')).toBeVisible();
			if (name === 'table') await expect(page.getByTestId('action-panel')).toBeVisible();
			expect(await sideways(page), `${name} in ${locale} scrolls sideways`).toBeLessThanOrEqual(0);
		}
	}
	// The table with a card's details open still fits.
	await page.goto(where.table);
	await page.locator('section.table button[data-card="bavarian-illuminati"]').click();
	expect(await sideways(page)).toBeLessThanOrEqual(0);
	await context.close();
});
