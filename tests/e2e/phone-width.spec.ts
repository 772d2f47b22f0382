// Phone first (issue 16): at 360 px no page is wider than the screen, so nothing (the phone bar,
// the actions) ends up beyond a sideways scroll. Long card names wrap between words instead.
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

for (const path of ['/', '/rules', '/cards', '/sandbox', '/learn']) {
	test(`${path} is no wider than a 360 px phone`, async ({ page }) => {
		await page.goto(path);
		await expect(page.locator('main')).toBeVisible();
		const widths = await page.evaluate(() => ({ screen: document.documentElement.clientWidth, page: document.documentElement.scrollWidth }));
		expect(widths.page).toBeLessThanOrEqual(widths.screen);
	});
}

test('a hot-seat game page is no wider than a 360 px phone', async ({ page }) => {
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('3');
	await page.getByTestId('create').click();
	await expect(page.getByTestId('table')).toBeVisible();
	const widths = await page.evaluate(() => ({ screen: document.documentElement.clientWidth, page: document.documentElement.scrollWidth }));
	expect(widths.page).toBeLessThanOrEqual(widths.screen);
});
