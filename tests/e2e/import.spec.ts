// Importing never touches a live game (issue "protocol version 2"): two players hold a game over
// WebRTC in two browser contexts; a spectator who watched it (so it is in her My games) imports
// an export of it with one entry edited and presses Watch on the copy. The copy opens read-only
// (labelled, no connection panel, the edited entry refused, read-only again after a reload) and
// can be stepped through and forked; both players' games stay exactly as they were (same
// accepted count and state hash, no refusal, no desync), and so does the spectator's own view of
// the live game when she goes back to it.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';

const newContext = (browser: Browser) => browser.newContext({ permissions: ['microphone', 'camera'], locale: 'en-US' });

async function setName(page: Page, name: string) {
	await page.goto('/');
	await page.getByTestId('name').fill(name);
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.getByText('Settings saved.')).toBeVisible();
}

/** "accepted state-hash" once the table shows and no randomness is pending. */
async function settled(page: Page): Promise<string> {
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 15_000 });
	return facts(page);
}

const facts = async (page: Page) => `${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()}`;

/** A player's game as it must stay: the same facts, nothing refused, no desync. */
async function unchanged(page: Page, expected: string) {
	await expect.poll(() => facts(page)).toBe(expected);
	await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	await expect(page.getByTestId('desyncs')).toHaveCount(0);
}

/** The export with its last entry edited: one character of its body changed, its signature kept. */
function editOneEntry(text: string): string {
	const file = JSON.parse(text) as { meta: { entries: string[] } };
	const entries = file.meta.entries;
	const entry = JSON.parse(entries[entries.length - 1]!) as { body: Record<string, unknown> };
	const key = Object.keys(entry.body).find((k) => typeof entry.body[k] === 'string' || typeof entry.body[k] === 'number')!;
	const value = entry.body[key];
	entry.body[key] = typeof value === 'number' ? value + 1 : (value as string).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
	entries[entries.length - 1] = JSON.stringify(entry);
	return JSON.stringify(file, null, 1);
}

test('a spectator imports an edited export of a live game and watches it: a read-only copy; the players see no change', async ({ browser }) => {
	test.setTimeout(90_000);
	const contexts = await Promise.all([0, 1, 2].map(() => newContext(browser)));
	const [alice, bob, carol] = await Promise.all(contexts.map((c) => c.newPage()));
	await setName(alice!, 'Alice');
	await setName(bob!, 'Bob');
	await setName(carol!, 'Carol');

	// Alice's online game for two (chosen Illuminati: no UFO goal to wait for); Bob joins by the link.
	await alice!.getByTestId('mode-online').check();
	await alice!.getByTestId('seats').fill('2');
	await alice!.getByLabel('Title (optional)').fill('Live table');
	await alice!.getByLabel('Chosen for each seat').check();
	await alice!.getByRole('combobox', { name: 'Seat 1', exact: true }).selectOption('network');
	await alice!.getByRole('combobox', { name: 'Seat 2', exact: true }).selectOption('gnomes-of-zurich');
	await alice!.getByTestId('create').click();
	await expect(alice!).toHaveURL(/\/game\?id=/);
	const link = await alice!.getByTestId('share-link').inputValue();
	await bob!.goto(link);
	await bob!.getByTestId('claim-1').click();
	// Between two setup rolls no randomness is pending either: the game is quiet once one of the two
	// pages waits on the other seat's turn and nothing else (a page lists no seat of its own).
	const awaitsTheOthersTurn = (page: Page) => page.getByTestId('accepted').getAttribute('data-awaiting');
	await expect.poll(async () => (await Promise.all([alice!, bob!].map(awaitsTheOthersTurn))).includes('turn'), { timeout: 20_000 }).toBe(true);
	const before = await settled(alice!);
	await expect.poll(() => settled(bob!)).toBe(before);
	for (const page of [alice!, bob!]) await unchanged(page, before);

	// Carol watches through the same link: the game is in her My games now.
	await carol!.goto(link);
	await expect(carol!.getByTestId('my-seats')).toHaveText('You are watching (no seat)');
	await expect.poll(() => settled(carol!)).toBe(before);

	// Alice's export, with one entry edited.
	const [download] = await Promise.all([alice!.waitForEvent('download'), alice!.getByTestId('game-export').click()]);
	const edited = editOneEntry(await readFile((await download.path())!, 'utf8'));

	// Carol imports it from Home: a separate, read-only copy, listed beside the game she watches.
	await carol!.goto('/');
	await expect(carol!.getByTestId('game-row')).toHaveCount(1);
	await carol!.getByTestId('import').setInputFiles({ name: 'edited.json', mimeType: 'application/json', buffer: Buffer.from(edited) });
	const status = carol!.getByTestId('games-status');
	await expect(status).toContainText('Imported edited.json as a read-only copy');
	await expect(status).toContainText('1 entry of the file is refused');
	await expect(status).toContainText('You also have this game itself in My games: it is unchanged.');
	await expect(carol!.getByTestId('game-row')).toHaveCount(2);
	const copyRow = carol!.locator('[data-testid="game-row"][data-read-only="true"]');
	await expect(copyRow.locator('.game-title')).toHaveText('Live table');
	await expect(copyRow.getByTestId('read-only-copy')).toHaveText('imported copy (read only)');

	// Watch on the copy: read-only, never connected, the edited entry refused.
	await copyRow.getByRole('link', { name: 'Watch: Live table' }).click();
	await expect(carol!).toHaveURL(/\/game\?id=copy-/);
	const copyUrl = carol!.url();
	await expect(carol!.getByTestId('read-only')).toContainText('Imported copy (read only)');
	await expect(carol!.getByTestId('connection')).toHaveCount(0);
	await expect(carol!.getByTestId('go-online')).toHaveCount(0);
	await expect(carol!.getByTestId('rejections')).toHaveAttribute('data-count', '1');
	await expect(carol!.getByTestId('my-seats')).toHaveText('You are watching (no seat)');
	// Both players' games: exactly as they were.
	for (const page of [alice!, bob!]) await unchanged(page, before);

	// Reloaded, the copy is still read-only; its history can be stepped through.
	await carol!.reload();
	await expect(carol!.getByTestId('read-only')).toBeVisible();
	await expect(carol!.getByTestId('connection')).toHaveCount(0);
	await carol!.getByTestId('history-link').click();
	await expect(carol!.getByTestId('history-title')).toHaveText('History of Live table');
	await expect(carol!.getByTestId('read-only')).toHaveText('Imported copy (read only)');
	await carol!.getByTestId('history-previous').click();

	// Forked from My games: a new game (not read-only), the copy and the live game stay.
	await carol!.goto('/');
	await copyRow.getByRole('button', { name: 'Fork: Live table' }).click();
	await expect(carol!.getByTestId('games-status')).toContainText('Forked “Live table”');
	await expect(carol!.getByTestId('game-row')).toHaveCount(3);
	await expect(carol!.locator('[data-testid="game-row"][data-read-only="true"]')).toHaveCount(1);

	// Carol goes back to the live game she watches: online again, it is the players' game, untouched.
	await carol!.locator('[data-testid="game-row"][data-read-only="false"]').filter({ hasNotText: '(fork)' }).getByRole('link', { name: /^Watch: / }).click();
	await expect(carol!).not.toHaveURL(copyUrl);
	await expect(carol!.getByTestId('read-only')).toHaveCount(0);
	await expect(carol!.getByTestId('data-channel')).toHaveAttribute('data-open', 'true', { timeout: 15_000 });
	await expect(carol!.getByTestId('stage')).toHaveAttribute('data-stage', 'ready', { timeout: 15_000 });
	for (const page of [alice!, bob!, carol!]) await unchanged(page, before);

	await Promise.all(contexts.map((c) => c.close()));
});
