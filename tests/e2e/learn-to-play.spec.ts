// "Learn to play" (issue 16): the guided first turn, from Home, completed in English, French and
// Spanish by using the controls the coach marks (income read, the card drawn, the attack declared
// in the attack panel, money spent and the spending passed, the dice rolled, the catch placed, the
// turn ended); the game then goes on in the sandbox. axe-core finds no serious or critical
// violation on the lesson view, and Skip plays a step for the learner.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

test.use({ actionTimeout: 15_000 });

async function seriousViolations(page: Page): Promise<string[]> {
	// Colours are checked once the table's passing animations are over (a money flash fades out);
	// the coach's pulse repeats for ever and is left running.
	await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null))));
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
	expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes.slice(0, 5).map((node) => node.target.join(' ')).join('\n    ')}`);
}

const HEADINGS = {
	en: { page: 'Learn to play', coach: 'Coach', done: 'Lesson complete' },
	fr: { page: 'Apprendre à jouer', coach: 'Guide', done: 'Leçon terminée' },
	es: { page: 'Aprender a jugar', coach: 'Guía', done: 'Lección terminada' },
} as const;

async function openLesson(page: Page, locale: keyof typeof HEADINGS) {
	await page.goto('/');
	await page.getByTestId('language').selectOption(locale);
	await expect(page.locator('html')).toHaveAttribute('lang', locale);
	await page.getByTestId('learn-start').click();
	await expect(page.getByRole('heading', { level: 1, name: HEADINGS[locale].page })).toBeVisible();
	await expect(page).toHaveURL(/\/learn\?id=[0-9a-f]{24}$/);
	await expect(page.getByTestId('coach').getByRole('heading', { level: 2 })).toHaveText(HEADINGS[locale].coach);
}

const coach = (page: Page) => page.getByTestId('coach');
const atStep = (page: Page, step: string) => expect(coach(page)).toHaveAttribute('data-step', step);

for (const locale of ['en', 'fr', 'es'] as const) {
	test(`the guided first turn is completed in ${locale}`, async ({ page }) => {
		test.setTimeout(60_000);
		await openLesson(page, locale);

		// 1. Income: already collected (8 + 8 MB), shown in the treasury the coach marks.
		await atStep(page, 'income');
		await expect(coach(page).getByTestId('coach-text')).toContainText('16');
		await expect(page.getByTestId('my-board').locator('.treasury')).toContainText('16');
		await expect(page.getByTestId('my-board').locator('.treasury')).toHaveCSS('outline-style', 'dashed');
		await page.getByTestId('lesson-next').click();

		// 2. The card is drawn with the coach's button.
		await atStep(page, 'draw');
		await page.getByTestId('lesson-draw').click();

		// 3. The attack, chosen in the attack panel; the odds are stated by the coach and the panel.
		await atStep(page, 'attack');
		await expect(coach(page).getByTestId('coach-text')).toContainText('28');
		const builder = page.getByTestId('attack-builder');
		await expect(builder).toHaveCSS('outline-style', 'dashed');
		await builder.locator('button[data-card="society-of-assassins"]').click();
		await builder.locator('button[data-card="empty-vee"]').click();
		await builder.locator('button[data-kind="control"]').click();
		await expect(page.getByTestId('attack-odds')).toHaveAttribute('data-needed', '5');
		await page.getByTestId('declare-attack').click();

		// 4. Money: 3 MB from the Illuminati makes it 8 or less (72 %), then pass the spending.
		await atStep(page, 'spend');
		const row = page.locator('[data-testid="spend-row"][data-from="society-of-assassins"]');
		await row.getByTestId('spend-amount').fill('3');
		await row.getByTestId('spend').click();
		await expect(page.getByTestId('spending-odds')).toHaveAttribute('data-needed', '8');
		await expect(coach(page).getByTestId('coach-text')).toContainText('72');
		await expect(page.getByTestId('pass-spending')).toHaveCSS('outline-style', 'dashed');
		await page.getByTestId('pass-spending').click();

		// 5. The dice (set: 3 + 4), the result, and the catch placed on an arrow.
		await atStep(page, 'roll');
		await page.getByTestId('lesson-roll').click();
		await atStep(page, 'result');
		await expect(coach(page).getByTestId('coach-text')).toContainText('7');
		await page.getByTestId('placement').getByRole('button').first().click();

		// 6. End the turn (an action is left: the game asks first).
		await atStep(page, 'end');
		await page.getByTestId('endTurn').click();
		await page.getByTestId('confirm-ending-yes').click();

		await atStep(page, 'done');
		await expect(coach(page).getByRole('heading', { level: 3 })).toHaveText(HEADINGS[locale].done);
		expect(await seriousViolations(page), `done view in ${locale}`).toEqual([]);

		// The game goes on in the sandbox: the rival's turn, the captured group on the learner's board.
		await page.getByTestId('lesson-continue').click();
		await expect(page.getByTestId('sandbox-game')).toBeVisible();
		await expect(page.getByTestId('sandbox-game')).not.toHaveAttribute('data-phase', 'over');
	});
}

test('the lesson view has no serious or critical axe violation at each step, and Skip plays the step', async ({ page }) => {
	test.setTimeout(120_000);
	await openLesson(page, 'en');
	for (const step of ['income', 'draw', 'attack', 'spend', 'roll', 'result', 'end']) {
		await atStep(page, step);
		expect(await seriousViolations(page), step).toEqual([]);
		if (step === 'spend') {
			// Skip spends the suggested money first, then passes.
			await page.getByTestId('lesson-skip').click();
			await expect(page.getByTestId('spending-odds')).toHaveAttribute('data-needed', '8');
		}
		await page.getByTestId('lesson-skip').click();
	}
	await atStep(page, 'done');
	await expect(page.getByTestId('my-board').locator('[data-card="empty-vee"]')).toHaveCount(1);
});

test('Exit the lesson opens the same game in the sandbox', async ({ page }) => {
	await openLesson(page, 'en');
	const id = new URL(page.url()).searchParams.get('id');
	await page.getByTestId('lesson-exit').click();
	await expect(page).toHaveURL(new RegExp(`/sandbox\\?id=${id}$`));
	await expect(page.getByTestId('sandbox-game')).toBeVisible();
	await expect(page.getByTestId('random-panel')).toHaveAttribute('data-kind', 'draw');
});
