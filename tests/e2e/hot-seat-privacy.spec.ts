// Hot seat on a shared screen (issue 13): with three people on one device, a seat's hand and
// actions are shown only to the seat played now, behind "Pass the device to <name>" that its
// player clears with one tap; the other seats' hands are never in the page meanwhile. axe-core
// finds no serious or critical violation on the pass screen.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seededContext } from './game-seeded.js';

test.use({ actionTimeout: 15_000 });

const ILLUMINATI = ['bavarian-illuminati', 'network', 'servants-of-cthulhu'];
const NAMES = ['The Bavarian Illuminati', 'The Network', 'The Servants of Cthulhu'];

async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
	expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes.slice(0, 5).map((node) => node.target.join(' ')).join('\n    ')}`);
}

test('hot seat: the pass screen names the next player, and a hand is in the page only for the seat played', async ({ browser }) => {
	const context = await seededContext(browser, 'hot-seat-privacy');
	const page = await context.newPage();
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('3');
	await page.getByLabel('Chosen for each seat').check();
	const chosen = page.getByTestId('new-game').locator('ol.chosen select');
	for (const [seat, id] of ILLUMINATI.entries()) await chosen.nth(seat).selectOption(id);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);

	const pass = page.getByTestId('pass-device');
	const hands = page.getByTestId('table').getByRole('group', { name: 'Your Specials' });
	const panel = page.getByTestId('action-panel');
	/** The player panel whose hand is shown. */
	const handOwner = page.getByTestId('table').locator('.player-panel').filter({ has: page.getByRole('group', { name: 'Your Specials' }) });

	// The device starts behind the pass screen: no hand, no actions in the page.
	await expect(pass).toBeVisible();
	const first = Number(await pass.getAttribute('data-seat'));
	await expect(pass.getByRole('heading')).toHaveText(`Pass the device to ${NAMES[first]}`);
	await expect(pass.getByTestId('pass-ready')).toBeFocused();
	expect(await seriousViolations(page), 'pass screen').toEqual([]);
	await expect(hands).toHaveCount(0);
	await expect(panel).toHaveCount(0);

	// One tap: that seat's hand and actions, and no other seat's hand.
	await pass.getByTestId('pass-ready').click();
	await expect(pass).toHaveCount(0);
	await expect(panel).toHaveAttribute('data-seat', String(first));
	await expect(hands).toHaveCount(1);
	await expect(handOwner).toContainText(NAMES[first]!);

	// The start of the turn waits for every seat: passing it moves the game on to another person's seat.
	await panel.getByTestId('pass-window').click();
	await expect(pass).toBeVisible();
	const next = Number(await pass.getAttribute('data-seat'));
	expect(next).not.toBe(first);
	await expect(pass.getByRole('heading')).toHaveText(`Pass the device to ${NAMES[next]}`);
	// The previous player's hand left the page with the seat shown.
	await expect(hands).toHaveCount(0);
	await expect(panel).toHaveCount(0);
	await pass.getByTestId('pass-ready').click();
	await expect(panel).toHaveAttribute('data-seat', String(next));
	await expect(hands).toHaveCount(1);
	await expect(handOwner).toContainText(NAMES[next]!);

	// A learning table: everyone may see every hand, with no pass screen.
	await page.getByTestId('show-all-hands').check();
	await expect(hands).toHaveCount(3);
	await panel.getByTestId('pass-window').click();
	await expect(pass).toHaveCount(0);
	await context.close();
});
