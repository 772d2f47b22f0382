// A bot plays an absent player's seat (rule option absence 'bot'). Three browser contexts play one
// game over WebRTC, created with the option and a 12-second countdown. As soon as the game waits
// for one player's turn, that player's browser closes; after the countdown the two others vote it
// absent by themselves, both show its seat as played by a bot, and its turn is played by the
// stand-in (under this option the engine no longer passes an absent seat's turn: only stand-in
// entries, checked by every device, can end it). The next turn starts and both hold the same state
// with no refused entry.
import { expect, test, type Page } from '@playwright/test';
import { countdownTable, firstAwaitedTurn, turnStatus as status } from './helpers/absence.js';
import { converge } from './helpers/play.js';

const COUNTDOWN = 12;

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

/** Passes what the game asks of this page (a Specials window, spending on the stand-in's attack). */
async function passWhatIsAsked(page: Page) {
	for (const id of ['pass-window', 'pass-spending']) {
		const button = page.getByTestId(id);
		if (await button.isVisible().catch(() => false)) await button.click().catch(() => undefined);
	}
}

test('a player whose browser closes is voted absent, a bot plays their turn through the others\u2019 devices, and the game goes on', async ({ browser }) => {
	test.setTimeout(150_000);
	const { contexts, pages, errors } = await countdownTable(browser, {
		countdown: COUNTDOWN,
		// The rule option: a bot plays an absent player until they return.
		form: async (host) => {
			await host.getByText('Rule options').click();
			await host.getByLabel('A player declared absent').selectOption('bot');
			await expect(host.getByTestId('stand-in-hint')).toContainText('the easy bot plays their turns');
		}
	});

	// The first turn: its player's browser closes.
	const away = await firstAwaitedTurn(pages, passWhatIsAsked);
	const others = pages.filter((_, seat) => seat !== away);
	const turnBefore = await status(others[0]!);
	await contexts[away]!.close();

	// After the countdown both devices vote; the seat shows as played by a bot on both.
	for (const page of others) {
		await expect(page.getByTestId(`voted-out-${away}`)).toBeVisible({ timeout: (COUNTDOWN + 20) * 1000 });
		await expect(page.getByTestId('stand-in-flag')).toHaveText('away: a bot plays for them');
	}

	// The stand-in plays the turn (the others answer what it asks of them); the next turn starts.
	await expect
		.poll(async () => {
			for (const page of others) await passWhatIsAsked(page);
			const now = await Promise.all(others.map(status));
			return now.every((text) => text !== turnBefore);
		}, { timeout: 45_000, intervals: [200, 300, 500] })
		.toBe(true);

	// Both hold the same state, with no refused entry.
	await converge(others, { timeout: 30_000, intervals: [200, 300, 500], settled: false, before: passWhatIsAsked });
	for (const page of others) await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	expect(errors).toEqual([]);
	for (const context of contexts) if (context !== contexts[away]) await context.close();
});
