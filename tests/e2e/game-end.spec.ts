// A game that is over, on the game page: a two-seat peer-to-peer game played to its end by a
// seeded random player in this test process (the session layer, signed entries), exported,
// imported on Home by clicking and opened from My games. The page shows the end screen (the
// winner and how), the final table and the game log ending with the win; a watcher gets no
// action panel.
import { expect, test } from '@playwright/test';
import { GameSession } from '../../src/lib/session/index.js';
import { options, Player, randomBytes, seedOf } from '../session/helpers.js';

/** A finished game's export file (what the game page's Export button writes). */
function finishedGame(name: string): { text: string; accepted: number; winners: number[] } {
	const session = GameSession.create({ options: options(2), seats: [0, 1], seed: seedOf(name), randomBytes, title: name });
	const player = new Player(name);
	for (let i = 0; i < 20_000 && session.state!.phase.kind !== 'over'; i++) player.move(session);
	if (session.state!.phase.kind !== 'over') throw new Error(`${name} did not end`);
	const result = { text: JSON.stringify(session.exportLog(), null, 1), accepted: session.accepted, winners: [...session.state!.winners] };
	session.destroy();
	return result;
}

test('a finished game opened on the game page shows the end screen, the final table and the log ending with the win', async ({ page }, testInfo) => {
	const game = finishedGame('game-end-1');
	expect(game.winners.length).toBeGreaterThan(0);

	await page.goto('/');
	await page.getByTestId('import').setInputFiles({ name: 'finished.json', mimeType: 'application/json', buffer: Buffer.from(game.text) });
	await expect(page.getByTestId('games-status')).toContainText('Imported finished.json');
	await page.getByTestId('game-row').filter({ hasText: 'game-end-1' }).getByRole('link', { name: 'Watch: game-end-1' }).click();
	await expect(page).toHaveURL(/\/game\?id=/);

	const end = page.getByTestId('end-screen');
	await expect(end).toBeVisible({ timeout: 15_000 });
	await expect(end.getByTestId('winner')).toHaveCount(game.winners.length);
	for (const seat of game.winners) await expect(end.locator(`[data-testid="winner"][data-seat="${seat}"]`)).toBeVisible();
	await expect(page.getByTestId('accepted')).toHaveText(String(game.accepted));
	await expect(page.getByTestId('table')).toBeVisible();
	await expect(page.getByTestId('watching')).toBeVisible();
	await expect(page.getByTestId('action-panel')).toHaveCount(0);
	await expect(page.getByTestId('log-lines').locator('li').last()).toContainText(/win|wins|won/);
	const shot = testInfo.outputPath('game-over.png');
	await page.screenshot({ path: shot, fullPage: true });
	await testInfo.attach('game-over', { path: shot, contentType: 'image/png' });
});
