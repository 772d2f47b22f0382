import { expect, test } from '@playwright/test';

test('home page shows the title and the number of cards the engine knows', async ({ page }) => {
	await page.goto('/');
	await expect(page).toHaveTitle('Fnord');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fnord');

	const countLine = page.getByTestId('card-count');
	await expect(countLine).toHaveText(/^\d+ cards$/);
	const count = Number((await countLine.textContent())?.match(/^(\d+) cards$/)?.[1]);
	expect(count).toBeGreaterThan(0);
});
