// Issue 13: a seat that withholds its shuffle seed does not block the secret deck's audit. Three
// browser contexts play an online game with the secret deck over real WebRTC, created with a short
// countdown; turns pass until cards were drawn from the masked deck. Carol leaves and closes her
// browser, then Alice and Bob leave: the game is over. Alice's and Bob's devices reveal their seeds; the
// table waits for Carol's, and after the countdown their devices vote by themselves: the stall
// panel names Carol for withholding her seed and shows the audit as failed. Seeds are printed.
import { expect, test, type Page } from '@playwright/test';
import { clickOne, converge } from './helpers/play.js';
import { createOnlineGame, seededPlayers } from './helpers/table.js';

const SEEDS = (process.env.FNORD_E2E_SEEDS ?? 'audit-alice,audit-bob,audit-carol').split(',');
const NAMES = ['Alice', 'Bob', 'Carol'];
const ILLUMINATI = ['network', 'gnomes-of-zurich', 'bermuda-triangle'];
const COUNTDOWN = 8;
/** Turn endings before leaving: every turn ends with a card drawn from the masked deck. */
const ENDINGS = 3;

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

async function leave(page: Page) {
	const membership = page.getByTestId('membership');
	await membership.locator('summary').click();
	await membership.locator(':scope > button.danger').click();
	await membership.locator('[role="alertdialog"] button.danger').click();
}

/** Leaves, unless the game ends first (the last player standing wins at the end of a turn). */
async function leaveUnlessOver(page: Page) {
	try {
		await leave(page);
	} catch (error) {
		if (!(await page.getByRole('region', { name: 'Game over' }).isVisible())) throw error;
	}
}

test('secret deck over WebRTC: a seat that withholds its seed at the end is named after the countdown, and the audit shows as failed', async ({ browser }) => {
	test.setTimeout(420_000);
	console.log(`secret-deck-audit seeds: ${SEEDS.join(', ')}`);
	const { contexts, pages, errors } = await seededPlayers(browser, SEEDS, NAMES);
	const [alice, bob, carol] = pages as [Page, Page, Page];

	await createOnlineGame(pages, { title: 'Secret deck audit', illuminati: ILLUMINATI, secretDeck: true, countdown: COUNTDOWN });
	for (const page of pages) await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });

	let endings = 0;
	while (endings < ENDINGS) {
		await converge(pages);
		const clicked = await clickOne(pages);
		if (clicked === null) throw new Error('nobody has anything to do');
		if (clicked === 'ending') endings++;
	}
	await converge(pages);

	// Carol leaves and her browser closes: she will never reveal her seed.
	await leave(carol);
	await converge([alice, bob, carol]);
	await contexts[2]!.close();

	// Alice and Bob leave too: the game is over.
	await leave(alice);
	await converge([alice, bob]);
	await leaveUnlessOver(bob);
	for (const page of [alice, bob]) {
		const audit = page.getByTestId('deck-audit');
		// The table waits for Carol's seed, then the devices vote by themselves after the countdown.
		await expect(audit).toHaveAttribute('data-audit', /waiting|done/, { timeout: 30_000 });
		await expect(page.getByTestId('deck-fault-2')).toHaveAttribute('data-code', 'SEED_WITHHELD', { timeout: (COUNTDOWN + 30) * 1000 });
		await expect(page.getByTestId('deck-fault-2')).toHaveText(/^Carol \(.+\) withheld their shuffle seed: their shuffle could not be checked\.$/);
		await expect(audit).toHaveAttribute('data-audit', 'done');
		await expect(audit).toHaveAttribute('data-failed', 'true');
		await expect(page.getByTestId('awaited-2')).toHaveCount(0);
	}
	expect(errors).toEqual([]);
	for (const context of contexts.slice(0, 2)) await context.close();
});
