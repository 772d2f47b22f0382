// The table chat in the lobby (issue 16), over real WebRTC between two browser contexts: players
// talk before the game starts, with the game's own chat (signed messages, private ones sealed to
// their two seats). A page that holds no seat reads the table's messages and is told to claim a
// seat to write; once it holds one it writes, to the table or privately. When the game starts the
// game page's chat holds what was said in the lobby, not counted as unread again. axe-core finds
// no serious or critical violation in the lobby with its chat.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers/axe.js';
import { collectErrors, createOnlineGame, newPlayers, setName } from './helpers/table.js';

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000, locale: 'en-US' });

const HELLO = 'Who takes the Gnomes 5t2w';
const PRIVATE = 'Between us two 8k1p';

async function send(page: Page, text: string, recipient?: number): Promise<void> {
	const chat = page.getByTestId('chat');
	await chat.getByTestId('chat-to').selectOption(recipient === undefined ? { index: 0 } : String(recipient));
	await chat.getByTestId('chat-text').fill(text);
	await chat.getByTestId('chat-text').press('Enter');
	await expect(chat.getByTestId('chat-text')).toHaveValue('');
}

const line = (page: Page, text: string) => page.getByTestId('chat-messages').getByTestId('chat-line').filter({ hasText: text });

test('lobby chat: players talk before the game starts, privately too, and the game keeps what was said', async ({ browser }) => {
	test.setTimeout(150_000);
	const { contexts, pages } = await newPlayers(browser, 2);
	const errors = collectErrors(pages, ['Alice', 'Bob']);
	const [alice, bob] = pages as [Page, Page];
	await setName(alice, 'Alice');
	await setName(bob, 'Bob');
	// A game for three: it stays in the lobby while seat 3 is free.
	await createOnlineGame(pages, { seats: 3, title: 'Lobby chat', claim: false });

	// Alice holds seat 1 and writes to the table; Bob, no seat yet, reads it and cannot write.
	for (const page of pages) await expect(page.getByTestId('lobby')).toBeVisible();
	await expect(alice.getByTestId('chat-toggle')).toHaveAttribute('aria-expanded', 'true');
	await send(alice, HELLO);
	await expect(line(bob, HELLO)).toHaveAttribute('data-from', '0', { timeout: 15_000 });
	await expect(bob.getByTestId('chat-spectator')).toContainText('Claim a seat to write');
	await expect(bob.getByTestId('chat-text')).toHaveCount(0);
	expect(await seriousViolations(bob, { include: '[data-testid="chat"]' })).toEqual([]);

	// Bob claims seat 2: now he writes, privately to Alice; the game still waits for seat 3.
	await bob.getByTestId('claim-1').click();
	await expect(alice.getByTestId('seat-holder-1')).toHaveText('Bob');
	await send(bob, PRIVATE, 0);
	await expect(line(alice, PRIVATE)).toHaveAttribute('data-to', '0', { timeout: 15_000 });
	await expect(line(alice, PRIVATE)).toHaveAttribute('data-from', '1');
	await expect(line(bob, PRIVATE)).toHaveAttribute('data-to', '0');
	for (const page of pages) await expect(page.getByTestId('lobby')).toBeVisible();
	expect(await seriousViolations(alice, { include: '[data-testid="lobby"], [data-testid="chat"]' })).toEqual([]);

	// Alice seats a computer player in seat 3: the game starts on both pages.
	await alice.getByTestId('bot-level-2').selectOption('easy');
	await alice.getByTestId('seat-bot-2').click();
	for (const page of pages) await expect(page.getByTestId('table')).toBeVisible({ timeout: 30_000 });

	// The game's chat holds the lobby's messages, already read (no unread badge).
	for (const page of pages) {
		await expect(page.getByTestId('chat-toggle')).toHaveAttribute('aria-expanded', 'false');
		await expect(page.getByTestId('chat-unread')).toHaveCount(0);
		await page.getByTestId('chat-toggle').click();
		await expect(line(page, HELLO)).toBeVisible();
		await expect(line(page, PRIVATE)).toBeVisible();
	}
	// Nothing refused on either page: every message's signature checked, the private one opened by both parties.
	for (const page of pages) await expect(page.getByTestId('chat-refused')).toHaveCount(0);
	expect(errors).toEqual([]);
	for (const context of contexts) await context.close();
});
