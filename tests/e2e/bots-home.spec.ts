// Playing against the computer from Home: one click starts a game on this device against three
// normal bots; the player plays by clicking (passing, placing, ending turns) until their second
// turn (turn 5 or later), while the bots think in a Web Worker: the page's main thread is never
// blocked for 200 ms or more while a bot is thinking (a long-task observer; the moves the bots
// post are replayed and shown on the main thread like anyone's, and are not counted). axe-core finds no serious violation on the new Home view.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

test.use({ actionTimeout: 15_000 });

async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
	expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
	return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Records every long task (main thread busy ≥ 50 ms) and the times a bot was shown thinking
 * (the indicator is in the page from the moment the question goes to the worker until its answer
 * is back), from the first script on.
 */
function observeLongTasks(): void {
	const record = { tasks: [] as { start: number; duration: number }[], thinking: [] as { start: number; end: number }[] };
	(window as unknown as { __bots: typeof record }).__bots = record;
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) record.tasks.push({ start: entry.startTime, duration: entry.duration });
	}).observe({ type: 'longtask', buffered: true });
	let since: number | null = null;
	const watch = () => {
		const shown = document.querySelector('[data-testid="bot-thinking"]') !== null;
		if (shown && since === null) since = performance.now();
		if (!shown && since !== null) {
			record.thinking.push({ start: since, end: performance.now() });
			since = null;
		}
	};
	new MutationObserver(watch).observe(document, { subtree: true, childList: true });
}

/** Long tasks that began while a bot was thinking (in the worker), and the time bots thought. */
const duringThinking = (page: Page) =>
	page.evaluate(() => {
		const { tasks, thinking } = (window as unknown as { __bots: { tasks: { start: number; duration: number }[]; thinking: { start: number; end: number }[] } }).__bots;
		return {
			tasks: tasks.filter((task) => thinking.some((t) => task.start >= t.start && task.start < t.end)).map((task) => Math.round(task.duration)),
			all: tasks.map((task) => Math.round(task.duration)),
			thoughtMs: Math.round(thinking.reduce((sum, t) => sum + t.end - t.start, 0)),
			questions: thinking.length,
		};
	});

const DECLINE = /not now|decline/i;

/** One click of the player's, if the game waits for them; what was done, or null. */
async function playOnce(page: Page): Promise<string | null> {
	const panel = page.getByTestId('action-panel');
	if ((await panel.count()) === 0) return null;
	const click = async (testid: string): Promise<boolean> => {
		const button = panel.getByTestId(testid).first();
		if ((await button.count()) === 0 || !(await button.isEnabled())) return false;
		await button.click({ timeout: 2_000 }).catch(() => undefined);
		return true;
	};
	// The UFOs choose a secret goal first, and may claim it at the start of a turn.
	const goal = panel.getByTestId('goal');
	if ((await goal.getByRole('radio').count()) > 0) {
		await goal.getByRole('radio').first().check();
		await goal.getByRole('button', { name: 'Choose this goal' }).click();
		return 'goal';
	}
	const decline = goal.getByRole('button', { name: DECLINE });
	if ((await decline.count()) > 0) {
		await decline.click();
		return 'declined';
	}
	const placement = panel.getByTestId('placement').locator('button:not([data-side="drop"])');
	if ((await placement.count()) > 0) {
		await placement.first().click();
		return 'placed';
	}
	for (const testid of ['pass-spending', 'pass-window']) if (await click(testid)) return testid;
	const income = panel.getByTestId('income').getByRole('button');
	if ((await income.count()) > 0) {
		await income.first().click();
		return 'paid';
	}
	for (const ending of ['endTurn', 'endActions', 'passTurn']) {
		if (await click(ending)) {
			const confirm = panel.getByTestId('confirm-ending-yes');
			if ((await confirm.count()) > 0) await confirm.click();
			return ending;
		}
	}
	return null;
}

test('home: a game against three bots, played by clicking to turn 5, with the page responsive while bots think', async ({ page }) => {
	test.setTimeout(240_000);
	await page.addInitScript(observeLongTasks);
	await page.goto('/');
	const quick = page.getByTestId('vs-computer-quick');
	await expect(quick).toHaveText('Play against 3 computer players');
	await quick.click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('table')).toBeVisible();
	const bots = page.getByTestId('bot-status');
	await expect(bots.locator('li')).toHaveCount(3);
	await expect(bots).toContainText('Computer (normal)');
	// The player's seat is the only one this page plays: no seat switcher for the bots' seats.
	await expect(page.getByTestId('seat-switcher')).toHaveCount(0);
	// The player's windows wait for their click (no countdown of theirs runs while a bot thinks):
	// the test clicks only while no bot thinks, so what runs on the main thread meanwhile is the page's own.
	await page.getByTestId('auto-pass').uncheck();

	let turnsEnded = 0;
	const started = Date.now();
	while (turnsEnded < 2) {
		expect(Date.now() - started, 'the game reaches the player’s second turn').toBeLessThan(200_000);
		if ((await page.getByTestId('bot-thinking').count()) > 0) {
			await page.waitForTimeout(50);
			continue;
		}
		const done = await playOnce(page);
		if (done === 'endTurn' || done === 'passTurn') turnsEnded++;
		if (done === null) await page.waitForTimeout(100);
	}
	// Two turns of the player's: the second is turn 5 or later (four seats).
	expect(turnsEnded).toBe(2);
	const seen = await duringThinking(page);
	console.log(`bots thought ${seen.thoughtMs} ms over ${seen.questions} questions; long tasks meanwhile: [${seen.tasks}] ms; all long tasks: [${seen.all}] ms`);
	expect(seen.questions, 'bots were seen thinking').toBeGreaterThan(10);
	expect(Math.max(0, ...seen.tasks), 'the longest main-thread task while a bot thinks (ms)').toBeLessThan(200);
});

test('home: the "Play against the computer" view has no serious or critical axe violation', async ({ page }) => {
	await page.goto('/');
	await page.getByTestId('vs-computer').getByText('Choose opponents and seat').click();
	await page.getByTestId('vs-computer-opponents').fill('5');
	await page.getByTestId('vs-computer-opponents').dispatchEvent('change');
	await expect(page.getByTestId('vs-computer-level-4')).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);
});
