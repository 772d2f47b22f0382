// Issue 13, "a deck no one can read", in the game page: three browser contexts (separate profiles)
// play an online game created with the secret deck over real WebRTC, passing turns by clicking
// until a Special is drawn into a hand. Then the drawer's page shows that Special face up in its
// own hand; the other two show the drawer's hand only as one card face down, with no trace of the
// card's identity in their page, their IndexedDB (the stored Yjs log and everything else) or
// their localStorage. A public card (an Illuminati named in the game's creation) is found by the
// same search, so the search can fail. Seeds are printed (game-seeded.ts).
import { expect, test, type Page } from '@playwright/test';
import { clickOne, converge, gameStatuses } from './helpers/play.js';
import { storedText } from './helpers/stored.js';
import { createOnlineGame, seededPlayers } from './helpers/table.js';

const SEEDS = (process.env.FNORD_E2E_SEEDS ?? 'deck-alice,deck-bob,deck-carol').split(',');
const NAMES = ['Alice', 'Bob', 'Carol'];
const ILLUMINATI = ['network', 'gnomes-of-zurich', 'bermuda-triangle'];
/** Turn endings clicked before a Special must have been drawn (about one draw in seven is one). */
const ENDINGS_CAP = 40;

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test('secret deck over WebRTC: a drawn Special is face up on its drawer’s page only; the others show it face down and store no trace of it', async ({ browser }) => {
	test.setTimeout(420_000);
	console.log(`secret-deck seeds: ${SEEDS.join(', ')}`);
	const { contexts, pages, errors } = await seededPlayers(browser, SEEDS, NAMES);

	// Alice's online game for three, with the secret deck (no open hands), Illuminati chosen.
	await createOnlineGame(pages, { title: 'Secret deck', illuminati: ILLUMINATI, secretDeck: true });
	for (const page of pages) await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });

	// Pass and end turns until one page shows another seat's hand face down.
	const faceDown = (page: Page) => page.getByTestId('table').getByTestId('hidden-specials');
	let endings = 0;
	for (;;) {
		await converge(pages, { detail: () => gameStatuses(pages) });
		const shown = await Promise.all(pages.map((page) => faceDown(page).count()));
		if (shown.some((n) => n > 0)) break;
		expect(endings, `no Special drawn within ${ENDINGS_CAP} turn endings with seeds ${SEEDS.join(', ')}`).toBeLessThan(ENDINGS_CAP);
		const clicked = await clickOne(pages);
		if (clicked === null) throw new Error(`nobody has anything to do: ${(await Promise.all(pages.map((page) => page.getByTestId('action-panel').textContent()))).join(' | ')}`);
		if (clicked === 'ending') endings++;
	}

	// The drawer: the page where no other seat's hand is face down and its own hand names a Special.
	const ownHand = (page: Page) => page.getByTestId('table').locator('.player-panel .hand [data-card]');
	await expect.poll(async () => (await Promise.all(pages.map((page) => ownHand(page).count()))).filter((n) => n > 0).length, { timeout: 20_000 }).toBe(1);
	const counts = await Promise.all(pages.map((page) => ownHand(page).count()));
	const drawer = counts.findIndex((n) => n > 0);
	const special = (await ownHand(pages[drawer]!).first().getAttribute('data-card'))!;
	console.log(`secret-deck: ${NAMES[drawer]} drew ${special} after ${endings} turn endings`);
	await expect(ownHand(pages[drawer]!)).toHaveCount(1);
	await expect(faceDown(pages[drawer]!)).toHaveCount(0);
	const drawerPanel = (page: Page) => page.getByTestId('table').locator('.player-panel').filter({ has: page.locator('.who', { hasText: NAMES[drawer]! }) });

	for (const [i, page] of pages.entries()) {
		if (i === drawer) continue;
		// The drawer's hand: one card face down, no face; this page's own hand holds no Special.
		await expect(drawerPanel(page).getByTestId('hidden-specials')).toHaveAttribute('data-count', '1');
		await expect(drawerPanel(page).getByTestId('hidden-specials')).toHaveAccessibleName(new RegExp(`^${NAMES[drawer]} \\(.+\\) holds 1 Special\\(s\\), face down$`));
		await expect(ownHand(page)).toHaveCount(0);
		expect(await page.content(), `${NAMES[i]}'s page names ${special}`).not.toContain(special);
		// Nothing stored on this device names the card; the public Illuminati are found by the same search.
		const stored = await storedText(page);
		expect(stored).toContain('gnomes-of-zurich');
		expect(stored, `${NAMES[i]}'s storage names ${special}`).not.toContain(special);
	}

	for (const page of pages) {
		await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
		await expect(page.getByTestId('desyncs')).toHaveCount(0);
	}
	expect(errors).toEqual([]);
	for (const context of contexts) await context.close();
});
