// Issue 13, Hidden Illuminati (ES "Illuminati ocultos", FR "Illuminati dissimulés") in the game
// page: three browser contexts (separate profiles) play an online game created with the rule and
// the secret deck over real WebRTC. The Illuminati are dealt from their own masked deck: each page
// shows its own Illuminati face up (name, values, goal) and the two others only face down, with no
// card id on its table. Then the player to act accuses the next player rightly through the turn
// tools; the accused's device answers by itself with proof, and that Illuminati becomes face up on
// every page, while the third stays face down everywhere but on its owner's page. Every player
// first writes down a goal (so the question does not name the UFOs), and the player to act then
// reveals its own Illuminati with the button: the proof turns it face up on every page. Seeds are printed.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, expectMesh, seededContext, setName } from './helpers/table.js';

const SEEDS = (process.env.FNORD_E2E_SEEDS ?? 'hidden-alice,hidden-bob,hidden-carol').split(',');
const NAMES = ['Alice', 'Bob', 'Carol'];

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

/** Alice's online game for three with Hidden Illuminati and the secret deck (Illuminati drawn at random). */
async function createHiddenGame(pages: readonly Page[]): Promise<void> {
	const [host, ...guests] = pages;
	await host!.goto('/');
	await host!.getByTestId('mode-online').check();
	await host!.getByTestId('seats').fill('3');
	await host!.getByLabel('Title (optional)').fill('Hidden Illuminati');
	await host!.getByText('Rule options').click();
	await host!.getByTestId('hidden-illuminati-option').check();
	await host!.getByTestId('open-hands').setChecked(false);
	await host!.getByTestId('create').click();
	await expect(host!).toHaveURL(/\/game\?id=/);
	const link = await host!.getByTestId('share-link').inputValue();
	for (const guest of guests) await guest.goto(link);
	await expectMesh(pages);
	for (const [i, guest] of guests.entries()) {
		await guest.getByTestId(`claim-${i + 1}`).click();
		const held = host!.getByTestId(`seat-holder-${i + 1}`).filter({ hasNotText: /^Free$/ });
		await expect(held.or(host!.getByTestId('table'))).toBeVisible({ timeout: 20_000 });
	}
}

const table = (page: Page) => page.getByTestId('table');
const ownCard = (page: Page) => table(page).getByTestId('own-illuminati');
const faceDown = (page: Page) => table(page).getByTestId('face-down-illuminati');
/** A card on a power structure or in a player's panel (the out-of-play pile lists every Illuminati of the game, dealt or not, by design). */
const inPlay = (page: Page, card: string) => table(page).locator(`.structure [data-card="${card}"], .structure [data-cell="${card}"], .player-panel [data-card="${card}"]`);

test('Hidden Illuminati over WebRTC: each page shows only its own Illuminati; a right accusation and a reveal turn cards face up everywhere', async ({ browser }) => {
	test.setTimeout(300_000);
	console.log(`hidden-illuminati seeds: ${SEEDS.join(', ')}`);
	const contexts = await Promise.all(SEEDS.map((seed) => seededContext(browser, seed)));
	const pages = await Promise.all(contexts.map((context) => context.newPage()));
	const errors = collectErrors(pages, NAMES);
	for (const [i, page] of pages.entries()) await setName(page, NAMES[i]!);
	await createHiddenGame(pages);
	for (const page of pages) await expect(table(page)).toBeVisible({ timeout: 20_000 });

	// Every player writes down a goal in seat order, the UFOs or not: the question names no one.
	for (const page of pages) {
		const goal = page.getByTestId('action-panel').getByTestId('goal');
		await expect(goal.getByTestId('goal-everyone')).toBeVisible({ timeout: 60_000 });
		await goal.locator('input[type="radio"]').first().check();
		await goal.getByRole('button', { name: 'Choose this goal' }).click();
		await expect(goal).toHaveCount(0);
	}

	// Each page: its own Illuminati face up once its device opened it, the two others face down.
	const own: string[] = [];
	const names: string[] = [];
	for (const page of pages) {
		await expect(ownCard(page)).toHaveCount(1, { timeout: 60_000 });
		await expect(faceDown(page)).toHaveCount(2);
		own.push((await ownCard(page).getAttribute('data-card'))!);
		names.push(((await ownCard(page).locator('strong').textContent()) ?? '').replace(/^.*: /, ''));
	}
	console.log(`hidden-illuminati: ${NAMES.map((name, i) => `${name} ${own[i]}`).join(', ')}`);
	expect(new Set(own).size).toBe(3);
	for (const [i, page] of pages.entries()) {
		for (const [j, card] of own.entries()) {
			if (j === i) continue;
			// No other seat's card id on this page's structures and panels, nor its name in the face-down panels.
			await expect(inPlay(page, card)).toHaveCount(0);
			for (const text of await faceDown(page).allTextContents()) expect(text).not.toContain(names[j]!);
		}
	}

	// Windows at the turn's start are passed by clicking, until one page offers the accusation tool.
	const accuseTool = (page: Page) => page.getByTestId('action-panel').locator('[data-tool="accuse"]');
	let mover = -1;
	await expect
		.poll(
			async () => {
				const offered = await Promise.all(pages.map((page) => accuseTool(page).count()));
				mover = offered.findIndex((n) => n > 0);
				if (mover < 0) {
					for (const page of pages) {
						const pass = page.getByTestId('action-panel').getByTestId('pass-window');
						if ((await pass.count()) > 0) await pass.first().click();
					}
				}
				return mover;
			},
			{ timeout: 60_000, intervals: [250] },
		)
		.toBeGreaterThanOrEqual(0);
	// The player to act accuses the next player, rightly, with the turn tools.
	const accused = (mover + 1) % 3;
	const third = (mover + 2) % 3;
	const panel = pages[mover]!.getByTestId('action-panel');
	await panel.locator('[data-tool="accuse"]').click();
	const accuse = panel.getByTestId('accuse');
	const option = accuse.locator('option', { hasText: new RegExp(`Face-down Illuminati ${accused + 1}\\b.*of being ${names[accused]!}$`) });
	await accuse.locator('select').selectOption({ label: (await option.textContent())! });
	await accuse.getByRole('button').click();

	// The accused's device answers with proof: its card is face up on every page.
	for (const page of pages) {
		await expect(inPlay(page, own[accused]!).first()).toBeVisible({ timeout: 40_000 });
		// The two others still face down on the accused's page, one on the others' (their own is face up to them).
		await expect(faceDown(page)).toHaveCount(page === pages[accused] ? 2 : 1);
		if (page !== pages[third]) await expect(inPlay(page, own[third]!)).toHaveCount(0);
		if (page !== pages[mover]) await expect(inPlay(page, own[mover]!)).toHaveCount(0);
	}
	await expect(ownCard(pages[accused]!)).toHaveCount(0);
	await expect(ownCard(pages[third]!)).toHaveAttribute('data-card', own[third]!);

	// The player to act reveals its own Illuminati with the button (to use its ability): its device's proof turns it face up everywhere.
	await panel.locator('[data-tool="stateIlluminati"]').click();
	await panel.getByTestId('reveal-illuminati').getByRole('button', { name: 'Reveal my Illuminati to use its power' }).click();
	for (const page of pages) {
		await expect(inPlay(page, own[mover]!).first()).toBeVisible({ timeout: 40_000 });
		await expect(faceDown(page)).toHaveCount(page === pages[third] ? 0 : 1);
		if (page !== pages[third]) await expect(inPlay(page, own[third]!)).toHaveCount(0);
	}
	await expect(panel.getByTestId('reveal-illuminati')).toHaveCount(0);

	for (const page of pages) {
		await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
		await expect(page.getByTestId('desyncs')).toHaveCount(0);
	}
	expect(errors).toEqual([]);
	for (const context of contexts) await context.close();
});
