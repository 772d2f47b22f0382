// Chat over real WebRTC (issue 16): three browser contexts at one online table. A table message
// reaches every page (an unread badge first); a private message from page 1 to page 2 is shown on
// page 2 and is nowhere in page 3: not on screen, not in its IndexedDB (every stored value read
// back and searched for the text), though page 3 holds the sealed message. axe-core finds no
// serious or critical violation on the chat panel.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers/axe.js';
import { storedText } from './helpers/stored.js';
import { collectErrors, createOnlineGame, newPlayers } from './helpers/table.js';

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

const SECRET = 'Pentagon at midnight 4f7q';
const TABLE = 'Hello table 9k2m';
const MARKER = 'After the secret 3h8x';

const chatViolations = (page: Page) => seriousViolations(page, { include: '[data-testid="chat"]', minPasses: 5 });

async function send(page: Page, text: string, recipient?: number) {
	const chat = page.getByTestId('chat');
	if (recipient === undefined) await chat.getByTestId('chat-to').selectOption({ index: 0 });
	else await chat.getByTestId('chat-to').selectOption(String(recipient));
	await chat.getByTestId('chat-text').fill(text);
	await chat.getByTestId('chat-text').press('Enter');
	await expect(chat.getByTestId('chat-text')).toHaveValue('');
}

test('table chat reaches every page; a private message reaches only its recipient, and is nowhere in a third page’s data', async ({ browser }) => {
	test.setTimeout(120_000);
	const { contexts, pages } = await newPlayers(browser, 3);
	const errors = collectErrors(pages);
	const [alice, bob, carol] = pages as [Page, Page, Page];
	await createOnlineGame(pages);
	for (const page of pages) await expect(page.getByTestId('chat')).toBeVisible({ timeout: 30_000 });

	// A table message: an unread badge on the others, then the text once opened.
	await alice.getByTestId('chat-toggle').click();
	await expect(alice.getByTestId('chat-toggle')).toHaveAttribute('aria-expanded', 'true');
	await send(alice, TABLE);
	await expect(bob.getByTestId('chat-unread')).toHaveText('1', { timeout: 15_000 });
	await expect(bob.getByTestId('chat-toggle')).toHaveAccessibleName('Chat 1 unread message');
	expect(await chatViolations(bob), 'the closed panel with its badge').toEqual([]);
	for (const page of [bob, carol]) {
		await expect(page.getByTestId('chat-unread')).toHaveText('1', { timeout: 15_000 });
		await page.getByTestId('chat-toggle').click();
		await expect(page.getByTestId('chat-messages')).toContainText(TABLE);
		await expect(page.getByTestId('chat-unread')).toHaveCount(0);
	}
	await expect(alice.getByTestId('chat-messages')).toContainText(TABLE);

	// Private, from Alice (seat 0) to Bob (seat 1); then a table marker, so Carol's page has stored what came before it.
	await send(alice, SECRET, 1);
	await send(alice, MARKER);
	await expect(bob.getByTestId('chat-messages').getByTestId('chat-line').filter({ hasText: SECRET })).toHaveAttribute('data-to', '1', { timeout: 15_000 });
	await expect(carol.getByTestId('chat-messages')).toContainText(MARKER, { timeout: 15_000 });
	await expect(carol.getByTestId('chat')).toHaveAttribute('data-held', '3');
	await expect(carol.getByText(SECRET)).toHaveCount(0);
	await expect.poll(async () => (await storedText(carol)).includes(MARKER), { timeout: 10_000 }).toBe(true);
	const carolStored = await storedText(carol);
	expect(carolStored.includes(TABLE), 'the search finds a table message').toBe(true);
	expect(carolStored.includes(SECRET), 'the private text is not stored on the third page').toBe(false);
	expect(carolStored.includes('Pentagon'), 'not even a word of it').toBe(false);
	// Bob's page stored the sealed message too, never its text in the clear.
	expect((await storedText(bob)).includes(SECRET)).toBe(false);

	// A message with markup stays text.
	await send(bob, '<img src=x onerror="window.__pwned=1"><b>bold</b>');
	await expect(alice.getByTestId('chat-messages')).toContainText('<b>bold</b>', { timeout: 15_000 });
	expect(await alice.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
	await expect(alice.getByTestId('chat-messages').locator('b, img')).toHaveCount(0);

	// Accessibility of the open panel, with private and table messages in it.
	expect(await chatViolations(bob)).toEqual([]);
	expect(errors).toEqual([]);
	await Promise.all(contexts.map((context) => context.close()));
});

/** Shows seat `seat` of a hot-seat game (clearing the pass-the-device screen when one comes up). */
async function show(page: Page, seat: number) {
	await page.getByTestId(`play-seat-${seat}`).click();
	const ready = page.getByTestId('pass-ready');
	await expect(page.getByTestId('chat').or(ready).first()).toBeVisible();
	if (await ready.isVisible()) await ready.click();
	await expect(page.getByTestId('chat')).toHaveAttribute('data-seat', String(seat));
}

test('in hot seat the chat shows only the private messages of the seat shown', async ({ page }) => {
	test.setTimeout(60_000);
	await page.goto('/');
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('3');
	await page.getByTestId('create').click();
	await expect(page.getByTestId('chat')).toBeVisible({ timeout: 20_000 });
	await show(page, 0);
	await page.getByTestId('chat-toggle').click();
	await send(page, 'for the table');
	await send(page, 'zero to one only', 1);
	const messages = page.getByTestId('chat-messages');
	await expect(messages).toContainText('zero to one only');
	await show(page, 2);
	await expect(messages).toContainText('for the table');
	await expect(messages).not.toContainText('zero to one only');
	await show(page, 1);
	await expect(messages.getByTestId('chat-line').filter({ hasText: 'zero to one only' })).toHaveAttribute('data-from', '0');
});
