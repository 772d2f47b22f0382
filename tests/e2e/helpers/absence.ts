// Shared steps of the absence specs (staller, absence-stand-in): three players in an online game
// created with a short countdown before absence votes, whose devices pass Specials windows by
// themselves, and what the pages tell of the seats the table waits for.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { collectErrors, createOnlineGame, newPlayers, type OnlineGameOptions } from './table.js';

/** Illuminati with nothing to choose at the start (the UFOs choose a secret goal). */
export const ABSENCE_ILLUMINATI = ['network', 'gnomes-of-zurich', 'bavarian-illuminati'] as const;

/**
 * Three browser contexts at an online game created with `countdown` seconds before an awaited
 * player is voted absent (`form` and `created` as in createOnlineGame), each device passing a
 * Specials window by itself when it has nothing to play.
 */
export async function countdownTable(
	browser: Browser,
	options: Pick<OnlineGameOptions, 'form' | 'created'> & { countdown: number }
): Promise<{ contexts: BrowserContext[]; pages: Page[]; errors: string[] }> {
	const { contexts, pages } = await newPlayers(browser, 3);
	const errors = collectErrors(pages);
	await createOnlineGame(pages, { ...options, illuminati: ABSENCE_ILLUMINATI });
	for (const page of pages) {
		await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
		await page.getByTestId('auto-pass').check();
	}
	return { contexts, pages, errors };
}

/** Seats another page lists as awaited for `kind` (its own seats are never listed). */
export const awaitedOn = (page: Page, kind: string): Promise<number[]> =>
	page.locator(`[data-testid^="awaited-"][data-for="${kind}"]`).evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-testid')!.slice('awaited-'.length))));

/** The first seat the first two pages list as awaited for its turn; `answer` is done on every page before each look. */
export async function firstAwaitedTurn(pages: readonly Page[], answer: (page: Page) => Promise<void>): Promise<number> {
	let seat = -1;
	await expect
		.poll(
			async () => {
				for (const page of pages) await answer(page);
				const listed = [...(await awaitedOn(pages[0]!, 'turn')), ...(await awaitedOn(pages[1]!, 'turn'))];
				seat = listed[0] ?? -1;
				return seat;
			},
			{ timeout: 20_000, intervals: [100, 200, 300] }
		)
		.toBeGreaterThanOrEqual(0);
	return seat;
}

/** The game status's headline (whose turn, which phase). */
export const turnStatus = (page: Page): Promise<string | null> => page.getByRole('region', { name: 'Game status' }).locator('strong').first().textContent();
