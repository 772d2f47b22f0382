import { expect, test } from '@playwright/test';

test('home page: title, a skip link to the main content, and the new game, join, my games and settings sections', async ({ page }) => {
	await page.goto('/');
	await expect(page).toHaveTitle('Fnord');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fnord');
	for (const name of ['New game', 'Join a game', 'My games', 'Settings']) {
		await expect(page.getByRole('region', { name })).toBeVisible();
	}
	await page.keyboard.press('Tab');
	await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.locator('main')).toBeFocused();
});

test('home page: the language switcher translates the page and is remembered', async ({ page }) => {
	await page.goto('/');
	await page.getByTestId('language').selectOption('fr');
	await expect(page.getByRole('heading', { level: 2, name: 'Nouvelle partie' })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
	await page.reload();
	await expect(page.getByRole('heading', { level: 2, name: 'Nouvelle partie' })).toBeVisible();
});

test('home page: nothing scrolls sideways at 360 px', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/');
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
	expect(overflow).toBeLessThanOrEqual(0);
});
