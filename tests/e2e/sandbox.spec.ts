// Sandbox games (/sandbox), driven by clicking: a log one capture short of the basic goal is
// imported and played to victory (the attack declared in the action panel, both seats passing,
// the dice set by hand after a wrong choice is explained, the catch placed, the turn ended); the
// end screen names the winner and its goal with charts and data tables; the game is kept after a
// reload, exports a log the engine replays to the same end, and is deleted from the list. A new
// sandbox game starts from the form, and chance is rolled at random.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parseLogText, replay } from '../../src/lib/engine/index.js';
import { nearVictoryLog } from '../ui/sandbox-near-victory.js';

test.use({ locale: 'en-US' });

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a sandbox game one capture from victory is imported and played to the end by clicking', async ({ page }) => {
	test.setTimeout(90_000);
	const { log, attack } = nearVictoryLog();
	await page.goto('/sandbox');
	await page.getByTestId('sandbox-import').setInputFiles({ name: 'near-victory.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(log)) });
	await expect(page).toHaveURL(/\/sandbox\?id=[0-9a-f]{24}/);
	await expect(page.getByTestId('sandbox-title')).toContainText('One capture from victory');
	const game = page.getByTestId('sandbox-game');
	await expect(game).toHaveAttribute('data-entries', String(log.entries.length));
	const panel = page.getByTestId('action-panel');
	await expect(panel).toHaveAttribute('data-seat', '0');

	// The attack, chosen in the action panel's builder.
	const builder = panel.getByTestId('attack-builder');
	await builder.locator(`button[data-card="${attack.attacker}"]`).click();
	await builder.locator(`button[data-card="${attack.target}"]`).click();
	await builder.locator('button[data-kind="control"]').click();
	if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
	await builder.getByTestId('declare-attack').click();
	for (const seat of [0, 1]) {
		await expect(panel).toHaveAttribute('data-seat', String(seat));
		await panel.getByTestId('pass-spending').click();
	}

	// Chance: the engine waits for the attack roll. One die left unset is refused and explained.
	const chance = page.getByTestId('random-panel');
	await expect(chance).toHaveAttribute('data-kind', 'attackRoll');
	await expect(chance).toContainText(/it needs \d+ or less/);
	await chance.getByTestId('fixed-die-0-0').selectOption('1');
	await chance.getByTestId('fixed-submit').click();
	const refusal = chance.getByTestId('fixed-error');
	await expect(refusal).toHaveAttribute('role', 'alert');
	await expect(refusal).toContainText('These dice or cards do not fit what the game is waiting for.');
	await expect(refusal).toContainText('1 pair of dice');
	await chance.getByTestId('fixed-die-0-1').selectOption('1');
	await chance.getByTestId('fixed-submit').click();
	await expect(chance).toHaveCount(0);

	// The catch goes on an open arrow, then the turn ends: the goal is met at the end of the turn.
	await panel.getByTestId('placement').getByRole('button').first().click();
	await panel.getByTestId('endTurn').click();
	if ((await panel.getByTestId('confirm-ending-yes').count()) > 0) await panel.getByTestId('confirm-ending-yes').click(); // actions left: asked first
	await expect(game).toHaveAttribute('data-phase', 'over');

	const end = page.getByTestId('end-screen');
	await expect(end.getByRole('heading', { name: 'Game over' })).toBeVisible();
	const winner = end.getByTestId('winner');
	await expect(winner).toHaveAttribute('data-reason', 'basic');
	await expect(winner).toContainText('Servants of Cthulhu won: the basic goal, controlling 13 groups (goal: 13).');
	await expect(end.getByTestId('standings').getByRole('row')).toHaveCount(3);
	for (const name of ['Groups controlled (the Illuminati included)', 'Money in all treasuries (MB)']) {
		const chart = end.getByRole('figure', { name });
		await expect(chart.getByRole('img', { name })).toBeVisible();
		await chart.getByText(`Data table: ${name}`).click();
		await expect(chart.getByRole('table')).toBeVisible();
		// One row per turn plus the end, one column per player.
		expect(await chart.getByRole('row').count()).toBeGreaterThan(10);
		await expect(chart.getByRole('columnheader')).toHaveCount(3);
	}
	// The log tells the roll and the win; the newest line was announced.
	const lines = page.getByTestId('log-lines');
	await expect(lines).toContainText('The Servants of Cthulhu win, controlling 13 groups (goal: 13).');
	await expect(page.getByTestId('log-live')).toContainText('win, controlling 13 groups');

	// Kept on this device: a reload shows the same ended game.
	await page.reload();
	await expect(page.getByTestId('end-screen').getByTestId('winner')).toHaveAttribute('data-reason', 'basic');

	// Exported: the engine replays the file to the same end.
	const download = page.waitForEvent('download');
	await page.getByTestId('sandbox-export-game').click();
	const file = await readFile((await (await download).path())!, 'utf8');
	const parsed = parseLogText(file);
	expect(parsed.ok).toBe(true);
	if (parsed.ok) {
		const result = replay(parsed.log);
		expect(result.rejected).toEqual([]);
		expect(result.state.winners).toEqual([0]);
		expect(parsed.log.entries.length).toBeGreaterThan(log.entries.length);
	}

	// Deleted from the list, after a confirmation.
	await page.getByRole('link', { name: 'All sandbox games' }).click();
	const row = page.getByTestId('sandbox-row').filter({ hasText: 'One capture from victory' });
	await row.getByTestId('sandbox-delete').click();
	await page.getByTestId('sandbox-confirm-delete').click();
	await expect(page.getByTestId('sandbox-row')).toHaveCount(0);
	await expect(page.getByTestId('sandbox-status')).toContainText('Deleted “One capture from victory”.');
});

test('a new sandbox game from the form: chance rolled at random or set by hand, at 360 px', async ({ page }) => {
	// About twenty steps: a loaded CI machine once ran out of the default 30 s at the first draw.
	test.setTimeout(90_000);
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/sandbox');
	await page.getByTestId('sandbox-seats').fill('2');
	await page.getByTestId('sandbox-title').fill('Two of us');
	await page.getByTestId('sandbox-create').click();
	await expect(page).toHaveURL(/\/sandbox\?id=/);
	const chance = page.getByTestId('random-panel');
	// Random Illuminati: two cards from the eight, set by hand.
	await expect(chance).toHaveAttribute('data-kind', 'illuminati');
	await chance.getByTestId('fixed-card-0').selectOption('network');
	await chance.getByTestId('fixed-card-1').selectOption('gnomes-of-zurich');
	await chance.getByTestId('fixed-submit').click();
	// The layout, rolled at random.
	await expect(chance).toHaveAttribute('data-kind', 'layout');
	await chance.getByTestId('roll').click();
	// The first roll, set by hand: the Gnomes (seat 2) roll 11 and play first.
	await expect(chance).toHaveAttribute('data-kind', 'firstPlayer');
	await expect(chance.getByRole('group', { name: 'The dice of The Gnomes of Zurich' })).toBeVisible();
	await chance.getByTestId('fixed-die-0-0').selectOption('1');
	await chance.getByTestId('fixed-die-0-1').selectOption('2');
	await chance.getByTestId('fixed-die-1-0').selectOption('6');
	await chance.getByTestId('fixed-die-1-1').selectOption('5');
	await chance.getByTestId('fixed-submit').click();
	// The Gnomes' first draw: a card from the deck, set by hand.
	await expect(chance).toHaveAttribute('data-kind', 'draw');
	await expect(chance).toContainText('The Gnomes of Zurich draw a card.');
	// The layout was rolled at random, so C.I.A. may already lie among the uncontrolled groups: the
	// first of these cards still in the deck is drawn.
	const draw = chance.getByTestId('fixed-card-0');
	const offered = await draw.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
	const card = ['cia', 'kgb', 'mafia'].find((id) => offered.includes(id))!;
	await draw.selectOption(card);
	const name = (await draw.locator('option:checked').textContent())!.trim();
	await chance.getByTestId('fixed-submit').click();
	await expect(chance).toHaveCount(0);
	await expect(page.getByTestId('action-panel')).toHaveAttribute('data-seat', '1');
	await expect(page.getByTestId('log-lines')).toContainText(`The Gnomes of Zurich draw ${name}`);
	await expect(page.getByTestId('log-lines')).toContainText('The Gnomes of Zurich');
	expect(await sideways(page)).toBeLessThanOrEqual(0);
	await page.getByRole('link', { name: 'All sandbox games' }).click();
	await expect(page.getByTestId('sandbox-row').filter({ hasText: 'Two of us' })).toContainText(/2 players · \d+ entries/);
});
