// Accessibility: axe-core (WCAG 2.x A and AA rules) on Home, the lobby, the game table with its
// action panel and log, the history view, the rules help and the card list: no serious or critical
// violation. A failure lists each rule with the elements it found.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations as violations } from './helpers/axe.js';
import { learningTable } from './helpers/table.js';

test.use({ actionTimeout: 15_000 });

const seriousViolations = (page: Page) => violations(page, { minPasses: 10 });

async function localGame(page: Page) {
	await learningTable(page, { untilActions: false });
	// Windows close by themselves by default: the start of the turn passes after its countdown.
	await expect(page.getByTestId('auto-pass')).toBeChecked();
	await expect(page.getByTestId('window-countdown').first()).toBeVisible();
	expect(await seriousViolations(page), 'window countdown').toEqual([]);
	await expect(page.getByTestId('attack-builder')).toBeVisible({ timeout: 15_000 });
	// From here on windows wait for a click, so that nothing changes while a view is checked.
	await page.getByTestId('auto-pass').uncheck();
}

test('home, rules and cards have no serious or critical axe violation', async ({ page }) => {
	for (const path of ['/', '/rules', '/cards']) {
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
		expect(await seriousViolations(page), path).toEqual([]);
	}
});

test('the lobby has no serious or critical axe violation', async ({ page }) => {
	await page.goto('/');
	await page.getByTestId('mode-online').check();
	await page.getByTestId('seats').fill('3');
	await page.getByTestId('create').click();
	await expect(page.getByTestId('lobby')).toBeVisible();
	await expect(page.getByTestId('qr').locator('svg')).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);
});

test('the game table, action panel, log and history have no serious or critical axe violation', async ({ page }) => {
	test.setTimeout(90_000); // five axe runs on the full game page
	await localGame(page);
	expect(await seriousViolations(page), 'table').toEqual([]);

	// Mid-attack: the attack builder's later steps and a card's details panel.
	const builder = page.getByTestId('attack-builder');
	await builder.locator('button[data-card]').first().click();
	await expect(builder).toHaveAttribute('data-step', 'target');
	await page.locator('section.table button[data-card]').last().focus();
	expect(await seriousViolations(page), 'attack being built').toEqual([]);
	await builder.locator('button[data-card]').first().click();
	if ((await builder.getAttribute('data-step')) === 'kind') await builder.locator('button[data-kind="control"]').click();
	if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
	await builder.getByTestId('declare-attack').click();
	await expect(page.getByTestId('spending-window')).toBeVisible();
	expect(await seriousViolations(page), 'spending window').toEqual([]);

	await page.getByTestId('history-toggle').click();
	await expect(page.getByTestId('history')).toBeVisible();
	expect(await seriousViolations(page), 'history').toEqual([]);
});
