// The game page with several seats on one device (hot seat, no network): the panel follows the
// seat the game waits for ("Now playing: <Illuminati>") through the Specials windows and an attack
// built with the table's cards (a refused spend explained), automatic passes (when turned on, remembered) close a window for
// the seats with nothing to play, and the switcher shows another seat, also from the keyboard.
// The context's randomness is seeded (game-seeded.ts) so the dice and draws are the same each run.
import { expect, test, type Page } from '@playwright/test';
import { seededContext } from './game-seeded.js';

test.use({ actionTimeout: 15_000 });

const ILLUMINATI = ['bavarian-illuminati', 'network', 'servants-of-cthulhu'];

async function createLocalGame(page: Page) {
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('3');
	await page.getByLabel('Title (optional)').fill('Hot seat for three');
	await page.getByLabel('Chosen for each seat').check();
	const seats = page.getByTestId('new-game').locator('ol.chosen select');
	for (const [seat, id] of ILLUMINATI.entries()) await seats.nth(seat).selectOption(id);
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('table')).toBeVisible();
	// A learning table: every hand shown, no "pass the device" screen (hot-seat-privacy.spec.ts checks that one).
	await page.getByTestId('show-all-hands').check();
}

/** The seats the switcher marks as awaited. */
const awaited = async (page: Page) =>
	(await page.getByTestId('seat-switcher').getByRole('button').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.awaited === 'true'))).flatMap((on, seat) => (on ? [seat] : []));

test('hot seat: the panel follows the seat the game waits for through windows and an attack; automatic passes; the switcher shows another seat', async ({ browser }) => {
	const context = await seededContext(browser, 'hot-seat-1');
	const page = await context.newPage();
	await createLocalGame(page);
	const nowPlaying = page.getByTestId('now-playing');
	const panel = page.getByTestId('action-panel');
	await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'local');
	// This profile starts with windows waiting for a click (seededContext): each seat passes by hand.
	await expect(page.getByTestId('auto-pass')).not.toBeChecked();

	/** Each awaited seat in turn, as the panel follows them, clicks `button`. */
	async function everyonePasses(button: string): Promise<Set<number>> {
		const played = new Set<number>();
		for (let k = 0; k < 3; k++) {
			await expect(panel.getByTestId(button)).toBeVisible();
			const seat = Number(await nowPlaying.getAttribute('data-seat'));
			expect(await awaited(page)).toContain(seat);
			await expect(nowPlaying).toContainText('to act');
			await expect(panel).toHaveAttribute('data-seat', String(seat));
			played.add(seat);
			await panel.getByTestId(button).click();
		}
		return played;
	}

	// The window at the start of the turn waits for every seat: each passes by hand.
	expect(await awaited(page)).toEqual([0, 1, 2]);
	expect((await everyonePasses('pass-window')).size).toBe(3);

	// The first player acts: the only seat awaited.
	await expect(panel.getByTestId('turn-tools')).toBeVisible();
	const first = Number(await nowPlaying.getAttribute('data-seat'));
	expect(await awaited(page)).toEqual([first]);

	// The attack is built from the table: the Illuminati attack an uncontrolled group.
	const table = page.locator('section.table');
	await table.locator(`button.selectable[data-card="${ILLUMINATI[first]}"]`).click();
	const builder = panel.getByTestId('attack-builder');
	await expect(builder).toHaveAttribute('data-step', 'target');
	await expect(table.locator(`button.highlighted[data-card="${ILLUMINATI[first]}"]`)).toHaveCount(1);
	await table.locator('button.selectable').first().click();
	await expect(builder).toHaveAttribute('data-step', /kind|privilege|aid/);
	if ((await builder.getAttribute('data-step')) === 'kind') await builder.locator('button[data-kind="control"]').click();
	if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
	await builder.getByTestId('declare-attack').click();

	// Too much money is refused by the engine before anything is signed, and explained.
	const spendRow = panel.locator(`[data-testid="spend-row"][data-from="${ILLUMINATI[first]}"]`);
	await spendRow.getByTestId('spend-amount').fill('999');
	await spendRow.getByTestId('spend').click();
	const refusal = panel.getByTestId('action-error');
	await expect(refusal).toHaveAttribute('data-code', 'NOT_ENOUGH_MONEY');
	await expect(refusal).toContainText('not enough money');
	await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	await refusal.getByRole('button').click();

	// The spending window waits for all three seats: the panel goes from one to the next.
	expect((await everyonePasses('pass-spending')).size).toBe(3);

	// After the roll every seat may play a Special; once windows close by themselves, every seat
	// passes when the countdown ends (the same for all, whatever they hold).
	await expect(panel.getByTestId('pass-window')).toBeVisible();
	expect(await awaited(page)).toEqual([0, 1, 2]);
	await page.getByTestId('auto-pass').check();
	await expect(page.getByTestId('window-countdown')).toHaveCount(3);
	await expect(panel.getByTestId('pass-window')).toHaveCount(0, { timeout: 15_000 });
	await expect(panel.getByTestId('dice-result')).toBeVisible();
	expect(await awaited(page)).toEqual([first]);
	await expect(nowPlaying).toHaveAttribute('data-seat', String(first));

	// The switcher shows another seat (and stops following); following again returns to the awaited one.
	const other = (first + 1) % 3;
	await page.getByTestId(`play-seat-${other}`).click();
	await expect(nowPlaying).toHaveAttribute('data-seat', String(other));
	await expect(page.getByTestId(`play-seat-${other}`)).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByTestId('follow-seat')).not.toBeChecked();
	await page.getByTestId('follow-seat').check();
	await expect(nowPlaying).toHaveAttribute('data-seat', String(first));

	// From the keyboard: focus a seat button, Enter.
	const third = (first + 2) % 3;
	await page.getByTestId(`play-seat-${third}`).focus();
	await page.keyboard.press('Enter');
	await expect(nowPlaying).toHaveAttribute('data-seat', String(third));
	await expect(nowPlaying).toHaveText(new RegExp(`^Now playing: ${['The Bavarian Illuminati', 'The Network', 'The Servants of Cthulhu'][third]}`));

	// On a phone the actions come after the table: "Go to your actions" moves there (beside the
	// table on a wide screen, where the link is not shown). Automatic passes are remembered.
	await expect(page.getByTestId('to-actions')).toBeHidden();
	await page.setViewportSize({ width: 360, height: 740 });
	await page.getByTestId('phone-tab-more').click(); // on a phone the seat bar is under More (issue 16)
	await page.getByTestId('to-actions').click();
	await expect(page).toHaveURL(/#actions$/);
	await expect(panel).toBeInViewport();
	await page.reload();
	await expect(page.getByTestId('auto-pass')).toBeChecked();
	await context.close();
});
