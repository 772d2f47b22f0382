// Card texts are a chunk loaded once the page runs (ui/cards/later.svelte.ts; issue 16, the game
// page's first scripts): on the table preview (/preview/table, a seeded six-player mid-game) they
// still arrive without anything asked of the player: every player's special goal in words, and an
// Illuminati card's ability and goal in its details.
import { expect, test, type Page } from '@playwright/test';

test.use({ locale: 'en-US' });

const details = (page: Page) => page.getByRole('complementary', { name: 'Card details' });

test('goals and an Illuminati card’s texts appear once the page runs', async ({ page }) => {
	await page.setViewportSize({ width: 1366, height: 900 });
	await page.goto('/preview/table');
	await page.waitForFunction(() => (window as unknown as { __fnordTableBench?: { ready: boolean } }).__fnordTableBench?.ready === true, undefined, { timeout: 60_000 });

	const goals = page.locator('.player-panel .goal dd');
	await expect(goals.first()).toBeVisible();
	for (const goal of await goals.all()) await expect(goal).toHaveText(/\w{3,}/);

	await page.getByTestId('run-bench').focus();
	let name = '';
	for (let i = 0; i < 80 && !/, Illuminati of /.test(name); i++) {
		await page.keyboard.press('Tab');
		name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
	}
	expect(name).toMatch(/, Illuminati of /);
	await expect(details(page)).toBeVisible();
	const field = (label: string) => details(page).locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}:?$`) }) }).locator('dd');
	await expect(field('Ability')).toHaveText(/\w{3,}/);
	await expect(field('Special goal')).toHaveText(/\w{3,}/);
});
