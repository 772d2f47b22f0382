// Issue 16: a player who never set a name is "Player N" in the lobby (the seat they hold, the list
// of who is connected), never a blank, in the viewer's language.
import { expect, test, type Browser } from '@playwright/test';

const newContext = (browser: Browser, locale: string) => browser.newContext({ locale, viewport: { width: 1280, height: 800 } });

test('a holder with no name shows as "Player N" on their seat and among those connected, in each viewer’s language', async ({ browser }) => {
	test.setTimeout(60_000);
	const [a, b] = await Promise.all([newContext(browser, 'en-US'), newContext(browser, 'fr-FR')]);
	const alice = await a.newPage();
	const bob = await b.newPage(); // never sets a name
	await alice.goto('/');
	await alice.getByTestId('name').fill('Alice');
	await alice.getByRole('button', { name: 'Save settings' }).click();
	await alice.getByTestId('mode-online').check();
	await alice.getByTestId('seats').fill('3');
	await alice.getByTestId('create').click();
	await expect(alice).toHaveURL(/\/game\?id=/);
	const link = await alice.getByTestId('share-link').inputValue();

	await bob.goto(link);
	await expect(bob).toHaveURL(/\/game\?id=/);
	await expect(bob.getByTestId('claim-1')).toBeVisible({ timeout: 20_000 });
	await bob.getByTestId('claim-1').click();

	await expect(alice.getByTestId('seat-holder-1')).toHaveText('Player 2', { timeout: 15_000 });
	await expect(alice.getByTestId('presence')).toContainText('Player 2');
	await expect(bob.getByTestId('presence')).toContainText('Joueur 2 (vous)');
	await expect(bob.getByTestId('seat-holder-0')).toHaveText('Alice');
	for (const page of [alice, bob]) {
		for (const holder of await page.locator('[data-testid^="seat-holder-"]').allTextContents()) expect(holder.trim()).not.toBe('');
	}
});
