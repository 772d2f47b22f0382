// Playing an online game from the test side: waiting until the pages agree on the game (the same
// accepted entries and state, twice in a row) and clicking the next pass or turn ending.
import { expect, type Locator, type Page } from '@playwright/test';

/** What a page shows of the game: accepted entries, state hash, and the randomness pending ('none': nothing). */
export const fingerprint = async (page: Page): Promise<string> =>
	`${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()} ${await page.getByTestId('accepted').getAttribute('data-random')}`;

export interface ConvergeOptions {
	timeout?: number;
	intervals?: number[];
	/** Also wait until no randomness is pending (default true). */
	settled?: boolean;
	/** Done on every page before each look (answering what the game asks of it). */
	before?: (page: Page) => Promise<void>;
	/** The failure's first words (default: "the pages did not converge"). */
	message?: string;
	/** More to tell on failure, after the fingerprints last seen. */
	detail?: () => Promise<string>;
}

/** Waits until every page shows the same fingerprint (by default with no randomness pending) twice in a row. */
export async function converge(pages: readonly Page[], options: ConvergeOptions = {}): Promise<void> {
	const { timeout = 40_000, intervals = [100, 150, 250], settled = true, before } = options;
	let last = '';
	let seen: string[] = [];
	try {
		await expect
			.poll(
				async () => {
					if (before) for (const page of pages) await before(page);
					const all = await Promise.all(pages.map(fingerprint));
					seen = all;
					const same = new Set(all).size === 1 && (!settled || all[0]!.endsWith(' none'));
					const steady = same && all[0] === last;
					last = same ? all[0]! : '';
					return steady;
				},
				{ timeout, intervals }
			)
			.toBe(true);
	} catch (error) {
		const detail = options.detail ? `\n${await options.detail()}` : '';
		throw new Error(`${options.message ?? 'the pages did not converge'}: ${seen.join(' | ')}${detail}`, { cause: error });
	}
}

/** The "Game status" region's text on every page, one line each (for failure messages). */
export async function gameStatuses(pages: readonly Page[]): Promise<string> {
	return (await Promise.all(pages.map((page) => page.getByTestId('table').getByRole('region', { name: 'Game status' }).textContent()))).join('\n');
}

/** Clicks one pass or turn ending on whichever page offers one; what it clicked, or null. */
export async function clickOne(pages: readonly Page[]): Promise<'pass' | 'ending' | null> {
	for (const page of pages) {
		const panel = page.getByTestId('action-panel');
		const pass = panel.getByTestId('pass-window');
		if ((await pass.count()) > 0) {
			await pass.first().click();
			return 'pass';
		}
		for (const ending of ['passTurn', 'endTurn', 'endActions']) {
			if ((await panel.getByTestId(ending).count()) === 0) continue;
			await clickEnding(panel, ending);
			return 'ending';
		}
	}
	return null;
}

/** Clicks a turn ending (`passTurn`, `endTurn`, `endActions`) in the action panel, confirming when it asks first (actions left, issue 16). */
export async function clickEnding(panel: Locator, ending: string): Promise<void> {
	await panel.getByTestId(ending).click();
	const confirm = panel.getByTestId('confirm-ending-yes');
	if ((await confirm.count()) > 0) await confirm.click();
}
