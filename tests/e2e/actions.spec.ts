// The action panel on its preview route (/preview/actions): a local hot-seat game played by clicking.
// Two turns of the first player: a capture, a money transfer (with a refused amount explained), then
// an attack with aid and money, every window passed by hand; the odds shown are checked against the
// engine's attackOdds through window.__fnordActions. Also: 360 px wide, keyboard, reduced motion.
import { expect, test, type Locator, type Page } from '@playwright/test';

interface Hook {
	ready: boolean;
	state(): { players: { structure: Record<string, { money: number }>; revealedGoal: string | null; goalCommitment: string | null }[]; phase: { kind: string }; turn: { seat: number } | null };
	seat(): number;
	attackOdds(query: { seat: number; kind: string; attacker: string; target: string; aids: string[] }): { needed: number; probability: { numerator: number } };
}

const hook = (page: Page) => page.evaluate(() => (window as unknown as { __fnordActions?: Hook }).__fnordActions?.ready === true);
const engineOdds = (page: Page, query: Parameters<Hook['attackOdds']>[0]) =>
	page.evaluate((q) => (window as unknown as { __fnordActions: Hook }).__fnordActions.attackOdds(q), query);
const gameState = (page: Page) => page.evaluate(() => (window as unknown as { __fnordActions: Hook }).__fnordActions.state());

async function open(page: Page, query = ''): Promise<Locator> {
	await page.goto(`/preview/actions${query}`);
	await expect.poll(() => hook(page)).toBe(true);
	return page.getByTestId('action-panel');
}

async function setDice(page: Page, a: number, b: number): Promise<void> {
	await page.getByTestId('die-1').selectOption(String(a));
	await page.getByTestId('die-2').selectOption(String(b));
	await expect(page.getByTestId('next-dice')).toContainText(`${a} and ${b}`);
}

/** Every seat passes the spending window, in the order the preview shows them. */
async function everyonePassesSpending(panel: Locator, seats: readonly number[]): Promise<void> {
	for (const seat of seats) {
		await expect(panel).toHaveAttribute('data-seat', String(seat));
		await panel.getByTestId('pass-spending').click();
	}
}

/** Choose attacker, target and kind in the builder, and no privilege if asked. */
async function declare(panel: Locator, attacker: string, target: string): Promise<Locator> {
	const builder = panel.getByTestId('attack-builder');
	await builder.locator(`button[data-card="${attacker}"]`).click();
	await builder.locator(`button[data-card="${target}"]`).click();
	await builder.locator('button[data-kind="control"]').click();
	if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
	await expect(builder).toHaveAttribute('data-step', 'aid');
	return builder;
}

async function shownOdds(locator: Locator): Promise<{ needed: number; numerator: number }> {
	return { needed: Number(await locator.getAttribute('data-needed')), numerator: Number(await locator.getAttribute('data-numerator')) };
}

test('a turn played by clicking: capture, transfer (a refusal explained), then an attack with aid and money, windows passed by hand', async ({ page }) => {
	const panel = await open(page);
	await expect(panel).toHaveAttribute('data-seat', '0');

	// Turn 1: the Bavarian Illuminati take the C.I.A. (the dice are stated: 1 and 1).
	await setDice(page, 1, 1);
	let builder = await declare(panel, 'bavarian-illuminati', 'cia');
	await expect(builder).toContainText('No group may aid this attack.');
	const first = await engineOdds(page, { seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] });
	expect(await shownOdds(builder.getByTestId('attack-odds'))).toEqual({ needed: first.needed, numerator: first.probability.numerator });
	await expect(builder.getByTestId('attack-odds')).toContainText(`${first.probability.numerator}/36`);
	await builder.getByTestId('declare-attack').click();
	await expect(panel.getByTestId('spending-role')).toContainText('You attack.');
	await everyonePassesSpending(panel, [0, 1, 2]);

	// Both dice faces are shown; the catch waits for an arrow.
	await expect(panel.getByTestId('dice').getByRole('img', { name: 'Dice showing 1 and 1: 2' })).toBeVisible();
	await expect(panel.getByTestId('dice-result')).toContainText('Success');
	await panel.getByTestId('placement').getByRole('button').first().click();
	expect((await gameState(page)).players[0]!.structure['cia']).toBeDefined();

	// Move money: too much is refused and explained from the engine's code, then 3 MB go.
	await panel.getByRole('button', { name: 'Move money' }).click();
	const transfer = panel.getByTestId('money-transfer');
	await transfer.getByTestId('transfer-from').selectOption('bavarian-illuminati');
	await transfer.getByTestId('transfer-to').selectOption('cia');
	await transfer.getByTestId('transfer-amount').fill('999');
	await transfer.getByTestId('transfer-send').click();
	const refusal = panel.getByTestId('action-error');
	await expect(refusal).toHaveAttribute('data-code', 'NOT_ENOUGH_MONEY');
	await expect(refusal).toHaveAttribute('role', 'alert');
	await expect(refusal).toContainText('Not allowed:');
	await expect(refusal).toContainText('not enough money'); // the code explained in words (errors area)
	await expect(refusal).toContainText('holds only'); // and the engine's own sentence as the detail
	await transfer.getByTestId('transfer-amount').fill('3');
	await transfer.getByTestId('transfer-send').click();
	await expect(refusal).toHaveCount(0);
	expect((await gameState(page)).players[0]!.structure['cia']!.money).toBe(3);

	await panel.getByTestId('endTurn').click();
	if ((await panel.getByTestId('confirm-ending-yes').count()) > 0) await panel.getByTestId('confirm-ending-yes').click(); // actions left: asked first
	for (const seat of [1, 2]) {
		await expect(panel).toHaveAttribute('data-seat', String(seat));
		await panel.getByTestId('passTurn').click();
	}

	// Turn 2: the Illuminati attack the Mafia with the C.I.A.'s aid and 2 MB; no automatic passes.
	await expect(panel).toHaveAttribute('data-seat', '0');
	await page.getByTestId('auto-pass').uncheck();
	await setDice(page, 1, 1);
	builder = await declare(panel, 'bavarian-illuminati', 'mafia');
	const odds = builder.getByTestId('attack-odds');
	const alone = await shownOdds(odds);
	await builder.getByRole('checkbox', { name: /C\.I\.A\./ }).check();
	const aided = await engineOdds(page, { seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'mafia', aids: ['cia'] });
	await expect(odds).toHaveAttribute('data-needed', String(aided.needed));
	expect(aided.needed).toBe(alone.needed + 4); // the C.I.A.'s transferable Power
	await builder.getByTestId('declare-attack').click();

	const spending = panel.getByTestId('spending-window');
	await expect(spending).toContainText('Aided by C.I.A.');
	await expect(spending.getByTestId('spending-odds')).toHaveAttribute('data-needed', String(aided.needed));
	const row = spending.locator('[data-testid="spend-row"][data-from="bavarian-illuminati"]');
	await row.getByTestId('spend-amount').fill('2');
	await expect(row).toContainText('After this: needs');
	await row.getByTestId('spend').click();
	await expect(spending.getByTestId('spending-odds')).toHaveAttribute('data-needed', String(aided.needed + 2));
	await everyonePassesSpending(panel, [0, 1, 2]);

	// The window right after the roll waits for every seat: each passes by hand.
	for (const seat of [0, 1, 2]) {
		await expect(panel).toHaveAttribute('data-seat', String(seat));
		await expect(panel.getByTestId('window')).toContainText('Right after the roll');
		await panel.getByTestId('pass-window').click();
	}
	await expect(panel.getByTestId('dice-result')).toContainText('Success');
	await panel.getByTestId('placement').getByRole('button').first().click();
	expect((await gameState(page)).players[0]!.structure['mafia']).toBeDefined();
});

test('on a 360 px phone the panel fits, is keyboard operable and moves focus to each new step', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.emulateMedia({ reducedMotion: 'reduce' });
	const panel = await open(page);
	const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
	expect(await fits()).toBe(true);

	const builder = panel.getByTestId('attack-builder');
	await builder.locator('button[data-card="bavarian-illuminati"]').focus();
	await page.keyboard.press('Enter');
	await expect(builder.getByTestId('attack-step')).toBeFocused();
	await expect(builder.getByTestId('attack-step')).toHaveText('2. Choose the target');
	await page.keyboard.press('Tab');
	await expect(builder.locator('button[data-card]').first()).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(builder).toHaveAttribute('data-step', 'kind');
	expect(await fits()).toBe(true);
	for (const summary of ['Make an offer', 'Give a gift', 'Leaving and absent players']) await panel.getByText(summary, { exact: true }).click();
	await expect(panel.getByTestId('offer-form')).toBeVisible();
	expect(await fits()).toBe(true);

	// Every control in the panel has an accessible name.
	const unnamed = await panel.locator('button, select, input').evaluateAll((elements) =>
		elements.filter((el) => {
			const labelled = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.length || el.textContent?.trim();
			return !labelled;
		}).length,
	);
	expect(unnamed).toBe(0);
});

test('attacker and target picked on the table; the dice do not move when reduced motion is asked for', async ({ page }) => {
	await page.emulateMedia({ reducedMotion: 'reduce' });
	const panel = await open(page);
	await setDice(page, 6, 5);
	const builder = panel.getByTestId('attack-builder');
	const table = page.locator('section.table');
	await expect(table.locator('button.selectable')).toHaveCount(1); // only the Illuminati may attack on the first turn
	await table.locator('button.selectable[data-card="bavarian-illuminati"]').click();
	await expect(builder).toHaveAttribute('data-step', 'target');
	await table.locator('button.selectable[data-card="cia"]').click();
	// A tap on the target pre-fills the kind (control); the Bavarians' privilege is still asked.
	await expect(builder).toHaveAttribute('data-step', 'privilege');
	await expect(builder.locator('.chosen-steps')).toContainText('Control');
	await builder.getByRole('button', { name: 'No privilege' }).click();
	await builder.getByTestId('declare-attack').click();
	await page.getByTestId('auto-pass').uncheck();
	await everyonePassesSpending(panel, [0, 1, 2]);
	const die = panel.getByTestId('dice').locator('svg.die').first();
	await expect(die).toBeVisible();
	expect(await die.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
	await expect(panel.getByTestId('dice').getByRole('img', { name: 'Dice showing 6 and 5: 11' })).toBeVisible();
});

test('the UFOs choose a secret goal (only a commitment is shared) and reveal it later', async ({ page }) => {
	const panel = await open(page, '?illuminati=ufos,gnomes-of-zurich,servants-of-cthulhu');
	const goal = panel.getByTestId('goal');
	await expect(panel.getByTestId('action-status')).toHaveText('Choose your secret goal.');
	await goal.getByRole('radio', { name: 'The goal of The Network' }).check();
	await goal.getByRole('button', { name: 'Choose this goal' }).click();
	const afterCommit = await gameState(page);
	expect(afterCommit.players[0]!.goalCommitment).toMatch(/^[0-9a-f]{64}$/);
	expect(afterCommit.players[0]!.revealedGoal).toBeNull();
	await expect(panel).toHaveAttribute('data-seat', '0');
	await panel.getByTestId('goal').getByRole('button', { name: 'Reveal: The Network' }).click();
	expect((await gameState(page)).players[0]!.revealedGoal).toBe('network');
});

test('the panel follows a long bot game through random legal moves without a page error, never wider than a 360 px phone', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(String(error)));
	await open(page, '?bots=300');
	const played = await page.evaluate(async () => {
		type Legal = { action: { type: string; aids?: string[] } };
		const h = (window as unknown as { __fnordActions: { state(): { phase: { kind: string }; players: { seat: number }[] }; legal(seat: number): Legal[]; setSeat(seat: number): void; act(action: unknown): { ok: boolean } } }).__fnordActions;
		const skip = new Set(['leave', 'declareAbsent', 'offer', 'give', 'drop']);
		let x = 20240601; // a fixed LCG seed: the same moves every run
		const pick = (n: number) => ((x = (x * 1103515245 + 12345) % 2147483648), x % n);
		let moves = 0;
		for (; moves < 120 && h.state().phase.kind !== 'over'; moves++) {
			const seats = h.state().players.map((p) => p.seat).filter((seat) => h.legal(seat).some((l) => !skip.has(l.action.type)));
			if (seats.length === 0) break;
			const seat = seats[pick(seats.length)]!;
			h.setSeat(seat);
			const legal = h.legal(seat).filter((l) => !skip.has(l.action.type));
			if (!h.act(legal[pick(legal.length)]!.action).ok) throw new Error('a listed action was refused');
			await new Promise((resolve) => requestAnimationFrame(resolve));
			const panel = document.querySelector('[data-testid="action-panel"]')!;
			if (panel.scrollWidth > panel.clientWidth + 1) throw new Error(`the panel overflows at move ${moves}: ${panel.scrollWidth} > ${panel.clientWidth}`);
		}
		return moves;
	});
	expect(played).toBeGreaterThan(50);
	expect(errors).toEqual([]);
	await expect(page.getByTestId('action-panel')).toBeVisible();
});
