// A staller cannot freeze the table. Three browser contexts play one game on the app's game page
// over WebRTC, created through the form with a 12-second countdown; every device passes Specials
// windows by itself. As soon as the game waits for one player's turn, that player's browser is
// closed. The two others show it awaited, for its turn, with the time waited and the time left
// before their devices vote; then they vote by themselves, show it voted out, the next turn
// starts, and both hold the same state.
import { expect, test } from '@playwright/test';
import { countdownTable, firstAwaitedTurn, turnStatus as status } from './helpers/absence.js';
import { converge } from './helpers/play.js';

const COUNTDOWN = 12;

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test('a player whose browser closes on their turn is voted absent after the countdown, and the table moves on', async ({ browser }) => {
	test.setTimeout(120_000);
	// The countdown is a room option of the new-game form. Every device passes a Specials window
	// by itself when it has nothing to play (else the test does).
	const { contexts, pages, errors } = await countdownTable(browser, {
		countdown: COUNTDOWN,
		created: (host) => expect(host.getByTestId('lobby-countdown')).toHaveText(`An awaited player is voted absent after ${COUNTDOWN} seconds`)
	});

	// The first turn: the two other pages list its player as awaited.
	// Windows (a Specials window at the turn's start) are passed by hand where a Special could be played.
	const staller = await firstAwaitedTurn(pages, async (page) => {
		const pass = page.getByTestId('pass-window');
		if (await pass.isVisible()) await pass.click();
	});
	const others = pages.filter((_, seat) => seat !== staller);
	const turnBefore = await status(others[0]!);
	// The countdown runs from the moment the turn began, on both other pages.
	await Promise.all(
		others.map(async (page) => {
			await expect(page.getByTestId(`vote-in-${staller}`)).toHaveText(/your device votes them absent in 0:\d\d/);
			await expect(page.getByTestId(`vote-absent-${staller}`)).toBeVisible();
		})
	);
	await contexts[staller]!.close();

	// Every other client shows who is awaited, for what, since when, and the time left (or its vote, once made).
	await Promise.all(
		others.map(async (page) => {
			const row = page.getByTestId(`awaited-${staller}`);
			await expect(row).toHaveAttribute('data-for', 'turn');
			await expect(row).toContainText(/to play their turn/);
			await expect(row).toContainText(/waiting for 0:\d\d/);
			await expect(page.getByTestId(`vote-in-${staller}`).or(page.getByTestId(`voted-${staller}`))).toHaveText(/your device votes them absent (in 0:\d\d|now)|you voted them absent/);
		})
	);

	// After the countdown both vote by themselves: the seat is voted out and the next turn starts.
	for (const page of others) {
		await expect(page.getByTestId(`voted-out-${staller}`)).toBeVisible({ timeout: (COUNTDOWN + 15) * 1000 });
		await expect(page.getByTestId(`awaited-${staller}`)).toHaveCount(0);
	}
	for (const page of others) await expect.poll(() => status(page), { timeout: 15_000 }).not.toBe(turnBefore);

	// Both hold the same state.
	await converge(others, { timeout: 20_000, intervals: [100, 200, 300] });
	for (const page of others) await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	expect(errors).toEqual([]);
	for (const context of contexts) if (context !== contexts[staller]) await context.close();
});
