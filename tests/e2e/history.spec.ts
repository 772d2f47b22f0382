// A game's history (/history?id=), driven by clicking and the keyboard: a hot-seat game made on
// Home is stepped back entry by entry with the table and the sentence of each entry; a "What if?"
// sandbox game starts from an earlier entry (same Illuminati, then its own dice), and a
// peer-to-peer fork from another entry opens as a new game that goes on from there.
import { expect, test, type Page } from '@playwright/test';

test.use({ locale: 'en-US' });

async function hotSeatGame(page: Page, title: string): Promise<void> {
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('2');
	await page.getByLabel('Title (optional)').fill(title);
	// Chosen Illuminati (no UFOs: their secret goal would wait for a choice before the layout).
	await page.getByLabel('Chosen for each seat').check();
	await page.getByRole('combobox', { name: 'Seat 1', exact: true }).selectOption('network');
	await page.getByRole('combobox', { name: 'Seat 2', exact: true }).selectOption('gnomes-of-zurich');
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 15_000 });
}

const position = async (page: Page) => Number(await page.getByTestId('history').getAttribute('data-position'));

test('history: step back through a game, then a "What if?" sandbox and a peer-to-peer fork that go on', async ({ page }) => {
	test.setTimeout(90_000);
	await hotSeatGame(page, 'Two at home');
	await page.getByTestId('history-link').click();
	await expect(page).toHaveURL(/\/history\?id=/);
	await expect(page.getByTestId('history-title')).toHaveText('History of Two at home');

	// The layout and the first roll were settled by the players' reveals.
	const history = page.getByTestId('history');
	const lastOf = async () => Number(await history.getAttribute('data-last'));
	await expect.poll(lastOf).toBeGreaterThanOrEqual(2);
	const last = await lastOf();
	await expect(history).toHaveAttribute('data-position', String(last));
	const sentence = page.getByTestId('history-sentence');
	await expect(sentence).toHaveAttribute('aria-live', 'polite');
	await expect(sentence).toContainText(/roll(s)? highest and play(s)? first/);

	// Back one by the button, to the start by Home, to the end by End; the arrow keys step too.
	await page.getByTestId('history-previous').click();
	expect(await position(page)).toBe(last - 1);
	await page.getByTestId('history-previous').press('Home');
	await expect(history).toHaveAttribute('data-position', '0');
	await expect(sentence).toContainText('before its first entry');
	await expect(page.getByTestId('history-first')).toBeDisabled();
	await page.getByTestId('history-next').press('ArrowRight');
	await expect(history).toHaveAttribute('data-position', '1');
	await page.getByTestId('history-next').press('End');
	await expect(history).toHaveAttribute('data-position', String(last));

	// The slider, then the table as it was: nothing laid out at the start, four groups after entry 1.
	await page.getByTestId('history-slider').fill('0');
	await expect(history).toHaveAttribute('data-position', '0');
	const table = page.getByTestId('history-table').getByRole('region', { name: 'Game table' });
	await expect(table.getByRole('button', { name: /, uncontrolled, / })).toHaveCount(0);
	await page.getByTestId('history-next').click();
	await expect(page.getByTestId('history-where')).toContainText(`Entry 1 of ${last}`);
	await expect(table.getByRole('button', { name: /, uncontrolled, / })).toHaveCount(4);
	const shownAtOne = await sentence.textContent();
	expect(shownAtOne).toMatch(/uncontrolled/);

	// The log in words lists every entry; a line opens the history there.
	const log = page.getByTestId('log-lines');
	await expect(log.getByRole('listitem')).toHaveCount(last);
	await page.getByTestId('history-last').click();
	await log.getByRole('button', { name: 'Show the game after entry 1' }).click();
	await expect(history).toHaveAttribute('data-position', '1');

	// What if? A sandbox game from entry 1: the same layout, then the first roll is ours to set.
	await page.getByTestId('what-if').click();
	await expect(page).toHaveURL(/\/sandbox\?id=[0-9a-f]{24}$/);
	await expect(page.getByTestId('sandbox-title')).toContainText('Two at home (what if, entry 1)');
	const sandbox = page.getByTestId('sandbox-game');
	await expect(sandbox).toHaveAttribute('data-entries', '1');
	const chance = page.getByTestId('random-panel');
	await expect(chance).toHaveAttribute('data-kind', 'firstPlayer');
	await chance.getByTestId('fixed-die-0-0').selectOption('1');
	await chance.getByTestId('fixed-die-0-1').selectOption('1');
	await chance.getByTestId('fixed-die-1-0').selectOption('6');
	await chance.getByTestId('fixed-die-1-1').selectOption('6');
	await chance.getByTestId('fixed-submit').click();
	// The Gnomes (seat 2) start: the turn's windows pass by themselves and their draw is asked for.
	await expect(chance).toHaveAttribute('data-kind', 'draw');
	await expect(chance).toContainText('The Gnomes of Zurich draw a card.');
	await chance.getByTestId('roll').click();
	await expect(chance).toHaveCount(0);
	await expect(page.getByTestId('action-panel')).toHaveAttribute('data-seat', '1');
	expect(Number(await sandbox.getAttribute('data-entries'))).toBeGreaterThan(3);

	// Back to the history: a peer-to-peer fork from entry 1, a new game on this device.
	await page.goBack();
	await expect(page).toHaveURL(/\/history\?id=/);
	await page.getByTestId('history-slider').fill('1');
	await expect(history).toHaveAttribute('data-position', '1');
	await page.getByTestId('fork-here').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('game-title')).toHaveText('Two at home (fork at entry 1)');
	// The fork goes on: its seats are claimed again and the first roll is settled by new reveals.
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 15_000 });
	await page.getByTestId('history-link').click();
	await expect(page.getByTestId('history-title')).toHaveText('History of Two at home (fork at entry 1)');
	await expect.poll(lastOf).toBeGreaterThan(1);
	await expect(sentence).toContainText(/roll(s)? highest and play(s)? first/);
	// Up to the fork point it is the same game.
	await page.getByTestId('history-slider').fill('1');
	await expect(sentence).toHaveText(shownAtOne!);
	// Both games are in My games, the fork marked as one.
	await page.goto('/');
	await expect(page.getByTestId('game-row').filter({ hasText: 'Two at home (fork at entry 1)' })).toContainText('a fork');
});
