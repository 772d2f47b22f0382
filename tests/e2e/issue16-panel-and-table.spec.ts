// Issue 16's smaller fixes that need a browser, on the action panel's preview (/preview/actions: a
// local hot-seat game): a refused gift is read where the player acted and names the seat shown
// on screen; the "Amount (MB)" label sits right above its field; a card's details never cover the
// action panel's buttons (hovered, focused or picked, at 1366 and 360 px); ending the turn with
// actions left asks first.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

test.use({ locale: 'en-US' });

/** axe-core's serious and critical violations on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
	return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function open(page: Page): Promise<Locator> {
	await page.goto('/preview/actions');
	await expect.poll(() => page.evaluate(() => (window as unknown as { __fnordActions?: { ready: boolean } }).__fnordActions?.ready === true)).toBe(true);
	return page.getByTestId('action-panel');
}

/** Every visible button of the action panel that the card details cover (by text). */
function coveredButtons(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const details = document.getElementById('fnord-card-details')?.getBoundingClientRect();
		if (details === undefined) return [];
		const hit = (b: DOMRect) => b.width > 0 && details.left < b.right && b.left < details.right && details.top < b.bottom && b.top < details.bottom;
		return [...document.querySelectorAll('[data-testid="action-panel"] button')].filter((b) => hit(b.getBoundingClientRect())).map((b) => b.textContent?.trim() ?? '?');
	});
}

test('a refused gift is explained where the player acted, naming the giver as the screen does', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	const panel = await open(page);
	const seat = Number(await panel.getAttribute('data-seat'));
	const deals = panel.getByTestId('deals');
	await deals.getByText('Give a gift').click();
	const form = deals.getByTestId('give-form');
	await form.getByRole('spinbutton').fill('999');
	await form.getByRole('button', { name: 'Give' }).click();
	const refusal = panel.getByTestId('action-error');
	await expect(refusal).toHaveAttribute('data-code', 'NOT_ENOUGH_MONEY');
	// In view while the player is at the gift form, far down the panel on a phone.
	await expect(refusal).toBeInViewport();
	await expect(form.getByRole('button', { name: 'Give' })).toBeInViewport();
	// The engine's detail counts seats from 0; the screen (and so the detail shown) from 1.
	await expect(refusal).toContainText(`Seat ${seat + 1}'s`);
	expect(await seriousViolations(page), 'the refusal').toEqual([]);
	await expect(panel.getByRole('heading', { level: 2 })).toContainText(`seat ${seat + 1}`);
});

test('the amount’s label sits right above its field', async ({ page }) => {
	const panel = await open(page);
	// Take the C.I.A. (dice stated: 1 and 1) so that money can move between two groups.
	await page.getByTestId('die-1').selectOption('1');
	await page.getByTestId('die-2').selectOption('1');
	const builder = panel.getByTestId('attack-builder');
	await builder.locator('button[data-card="bavarian-illuminati"]').click();
	await builder.locator('button[data-card="cia"]').click();
	await builder.locator('button[data-kind="control"]').click();
	if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
	await builder.getByTestId('declare-attack').click();
	for (const seat of [0, 1, 2]) {
		await expect(panel).toHaveAttribute('data-seat', String(seat));
		await panel.getByTestId('pass-spending').click();
	}
	await panel.getByTestId('placement').getByRole('button').first().click();
	await panel.getByRole('button', { name: 'Move money' }).click();
	const transfer = panel.getByTestId('money-transfer');
	await transfer.getByTestId('transfer-from').selectOption('bavarian-illuminati');
	await transfer.getByTestId('transfer-to').selectOption('cia');
	const amount = transfer.getByTestId('transfer-amount');
	await expect(amount).toBeVisible();
	await expect(amount).toHaveAccessibleName('Amount (MB)');
	// Where the label's words are drawn (its box may be taller than they are), and the field.
	const gap = await amount.evaluate((input) => {
		const label = document.querySelector(`label[for="${input.id}"]`)!;
		const range = document.createRange();
		range.selectNodeContents(label);
		const text = range.getBoundingClientRect();
		return input.getBoundingClientRect().top - text.bottom;
	});
	expect(gap).toBeGreaterThanOrEqual(-1);
	expect(gap).toBeLessThan(10); // it was about 12rem (190 px) above it
});

for (const { name, width, height } of [
	{ name: 'desktop', width: 1366, height: 900 },
	{ name: 'phone', width: 360, height: 740 },
]) {
	test(`a card’s details never cover the action panel’s buttons (${name}, ${width} px)`, async ({ page }) => {
		test.setTimeout(120_000);
		await page.setViewportSize({ width, height });
		const panel = await open(page);
		const details = page.getByRole('complementary', { name: 'Card details' });
		const table = page.locator('section.table');
		// Hovered: every card of the table in turn.
		const cards = await table.locator('button.card:visible').all();
		expect(cards.length).toBeGreaterThan(4); // three Illuminati and the uncontrolled groups (piles stay closed)
		for (const card of cards) {
			await page.mouse.move(0, 0); // the last card's details close
			await card.scrollIntoViewIfNeeded();
			await card.hover();
			await expect(details).toBeVisible();
			expect(await coveredButtons(page), (await card.getAttribute('data-card')) ?? '').toEqual([]);
		}
		// Picked as the attacker: the card keeps focus and shows its data while the builder's buttons wait.
		await page.mouse.move(0, 0);
		await table.locator('button.selectable[data-card="bavarian-illuminati"]').click();
		await expect(panel.getByTestId('attack-builder')).toHaveAttribute('data-step', 'target');
		if (await details.isVisible()) expect(await coveredButtons(page)).toEqual([]);
		for (const target of await table.locator('button.selectable').all()) {
			await page.mouse.move(0, 0);
			await target.hover();
			if (await details.isVisible()) expect(await coveredButtons(page), (await target.getAttribute('data-card')) ?? '').toEqual([]);
		}
	});
}

test('ending the turn with actions left asks first; keep playing keeps the turn', async ({ page }) => {
	const panel = await open(page);
	await expect(panel.getByTestId('endActions')).toHaveAttribute('data-look', 'next-step');
	await expect(panel.getByTestId('endTurn')).toHaveAttribute('data-look', 'finish');
	await panel.getByTestId('endTurn').click();
	const confirm = panel.getByTestId('confirm-ending');
	await expect(confirm).toContainText('You still have 2 actions. End the turn anyway?');
	await expect(panel.getByTestId('confirm-ending-yes')).toBeFocused();
	expect(await seriousViolations(page), 'the confirmation').toEqual([]);
	await panel.getByTestId('confirm-ending-no').click();
	await expect(confirm).toHaveCount(0);
	await expect(panel).toHaveAttribute('data-seat', '0');
	await panel.getByTestId('endTurn').click();
	await panel.getByTestId('confirm-ending-yes').click();
	await expect(panel).not.toHaveAttribute('data-seat', '0');
});
