// Issue 16: undo, the way players expect. Two browser contexts (separate profiles) play online
// over real WebRTC. A player takes back a move nothing followed at once (Undo), and asks the table
// to undo an attack whose dice were rolled: the other player sees the request, accepts, and both
// tables return to before the attack (docs/protocol.md, "Undo").
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from './helpers/axe.js';
import { collectErrors, createOnlineGame, firstMover, learningTable, newPlayers, setName } from './helpers/table.js';

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000, locale: 'en-US' });

const ILLUMINATI = ['gnomes-of-zurich', 'network'];

/** Alice's online game for two, Bob joined over WebRTC, the first turn begun; the page whose turn it is first. */
async function startGame(browser: Browser, title: string): Promise<{ contexts: BrowserContext[]; mover: Page; other: Page; errors: string[]; first: number }> {
	const { contexts, pages } = await newPlayers(browser, 2);
	const errors = collectErrors(pages);
	await setName(pages[0]!, 'Alice');
	await setName(pages[1]!, 'Bob');
	await createOnlineGame(pages, { title, illuminati: ILLUMINATI });
	for (const page of pages) await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
	// The window at the turn's start closes by itself; then one player's turn tools show.
	const first = await firstMover(pages);
	return { contexts, mover: pages[first]!, other: pages[1 - first]!, errors, first };
}

test('undo at once: a move nothing followed is taken back with one click, on both tables', async ({ browser }) => {
	test.setTimeout(120_000);
	const { contexts, mover, other, errors } = await startGame(browser, 'Undo at once');
	const status = mover.getByTestId('turn-status');
	const atActions = (await status.textContent())!;
	// Before any move of the turn, Undo is shown disabled with its reason.
	const undo = mover.getByTestId('undo');
	await expect(undo).toHaveAttribute('data-undo', /none|atOnce/);

	await mover.getByTestId('endActions').click();
	if (await mover.getByTestId('confirm-ending-yes').isVisible()) await mover.getByTestId('confirm-ending-yes').click();
	await expect(status).not.toHaveText(atActions);
	await expect(undo).toHaveAttribute('data-undo', 'atOnce');
	await expect(undo).toContainText('Your last move:');
	await mover.getByTestId('undo-button').click();

	// Back to the action step, on both tables; the other table says who took back what.
	await expect(status).toHaveText(atActions);
	await expect(mover.getByTestId('attack-builder')).toBeVisible();
	await expect(other.getByTestId('undo-ended')).toContainText(/took back: .*the action step/);
	await expect(mover.getByTestId('undo-ended')).toContainText('took back');
	// The log in words says it too, on both tables.
	for (const page of [mover, other]) await expect(page.getByTestId('log-took-back')).toContainText(/took back: .*the action step/);
	// Nothing more to take back at once: the button stays, disabled, saying why.
	await expect(undo).toHaveAttribute('data-undo', 'none');
	await expect(mover.getByTestId('undo-button')).toBeDisabled();
	await expect(mover.getByTestId('undo-why')).not.toBeEmpty();
	expect(await seriousViolations(mover, { include: '[data-testid="undo"]' })).toEqual([]);
	expect(await seriousViolations(other, { include: '[data-testid="log-panel"]' })).toEqual([]);
	expect(errors).toEqual([]);
	for (const context of contexts) await context.close();
});

test('undo asked and granted: an attack whose dice were rolled is undone when the other player accepts', async ({ browser }) => {
	test.setTimeout(180_000);
	const { contexts, mover, other, errors, first } = await startGame(browser, 'Undo asked');
	const status = mover.getByTestId('turn-status');
	const atActions = (await status.textContent())!;

	// The attack, chosen by tapping the attacker then a target; the windows close by themselves.
	const table = mover.locator('section.table');
	await table.locator(`button.selectable[data-card="${ILLUMINATI[first]}"]`).click();
	const builder = mover.getByTestId('attack-builder');
	await expect(builder).toHaveAttribute('data-step', 'target');
	await table.locator('button.selectable').first().click();
	await expect(builder).toHaveAttribute('data-step', /privilege|aid/);
	if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
	await builder.getByTestId('declare-attack').click();
	for (const page of [mover, other]) await expect(page.getByTestId('dice-result')).toBeVisible({ timeout: 60_000 });
	for (const page of [mover, other]) await expect(page.getByTestId('window-countdown')).toHaveCount(0, { timeout: 30_000 });
	for (const page of [mover, other]) await expect(page.getByRole('region', { name: 'Game status' })).toContainText(/Last attack: .* on .*: (success|failure)/);

	// Dice were rolled since: only the table may undo it.
	const undo = mover.getByTestId('undo');
	await expect(undo).toHaveAttribute('data-undo', 'ask');
	await expect(undo).toContainText('Dice were rolled');
	await mover.getByTestId('undo-ask').click();
	await expect(undo).toHaveAttribute('data-undo', 'asked');
	await expect(undo).toContainText(/Waiting for .* to answer/);

	// The other player sees the request, what it undoes, and accepts.
	const request = other.getByTestId('undo-request');
	await expect(request).toBeVisible({ timeout: 20_000 });
	await expect(request).toContainText(/asks to take back: .*attack/i);
	expect(await seriousViolations(mover, { include: '[data-testid="undo"]' })).toEqual([]);
	expect(await seriousViolations(other, { include: '[data-testid="undo-request"]' })).toEqual([]);
	await request.getByTestId('undo-accept').click();

	// Both tables are back before the attack.
	await expect(request).toHaveCount(0);
	await expect(status).toHaveText(atActions, { timeout: 20_000 });
	await expect(mover.getByTestId('attack-builder')).toBeVisible();
	for (const page of [mover, other]) await expect(page.getByTestId('undo-ended')).toContainText('(the table agreed)');
	for (const page of [mover, other]) await expect(page.getByTestId('log-took-back')).toContainText(/took back: .*attack.*\(the table agreed\)/i);
	expect(errors).toEqual([]);
	for (const context of contexts) await context.close();
});

test('hot seat: the shown seat undoes its last move at once; with nothing to take back the button is disabled', async ({ page }) => {
	test.setTimeout(90_000);
	const errors = collectErrors([page]);
	await learningTable(page);
	const status = page.getByTestId('turn-status');
	const atActions = (await status.textContent())!;
	const undo = page.getByTestId('undo');
	// Only the start window's passes and the income roll so far: nothing to take back.
	await expect(undo).toHaveAttribute('data-undo', 'none');
	await page.getByTestId('endActions').click();
	if (await page.getByTestId('confirm-ending-yes').isVisible()) await page.getByTestId('confirm-ending-yes').click();
	await expect(status).not.toHaveText(atActions);
	await expect(undo).toHaveAttribute('data-undo', 'atOnce');
	await page.getByTestId('undo-button').click();
	await expect(status).toHaveText(atActions);
	await expect(page.getByTestId('log-took-back')).toContainText(/took back: .*the action step/);
	await expect(undo).toHaveAttribute('data-undo', 'none');
	expect(errors).toEqual([]);
});
