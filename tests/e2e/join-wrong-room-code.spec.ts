// Issue 16: a wrong room code (or one a character short) opened a lobby that waited forever and
// left a phantom game in My games. A code that fails its check character, or has a character too
// few, is refused on Home and on /join before anything is made; a well-formed code no game
// answers says so within a few seconds, and "Go back" leaves nothing in My games.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { checkCharacter } from '../../src/lib/net/room.js';

test.use({ locale: 'en-US' });

/** A well-formed version-2 code no game uses (fixed, so the run is the same each time). */
const body = '7KQ2MXH9ABCDEFGHJKMNPQRS';
const code = body + checkCharacter(body);
const typo = body.replace('ABC', 'ACB') + checkCharacter(body); // two characters swapped

/** axe-core's serious and critical violations on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
	return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const myGames = (page: Page) => page.getByTestId('my-games').getByTestId('game-row');

test('a code with a typo, or a character short, is refused on Home with its reason, and nothing is made', async ({ page }) => {
	await page.goto('/');
	const input = page.getByTestId('join-input');
	await input.fill(typo);
	await page.getByTestId('join').click();
	await expect(page.getByTestId('join-problem')).toHaveText('This code does not add up: a character is wrong or two are swapped. Check it against the invitation.');
	await expect(input).toHaveAttribute('aria-invalid', 'true');
	expect(await seriousViolations(page), 'the refused code').toEqual([]);
	await input.fill(code.slice(0, 24));
	await page.getByTestId('join').click();
	await expect(page.getByTestId('join-problem')).toContainText('A room code has 25 characters; this one has 24.');
	await expect(page).toHaveURL(/\/$/);
	await expect(myGames(page)).toHaveCount(0);
	// Followed as a link, the same code is refused on /join with the same reason.
	await page.goto(`/join?room=${typo}`);
	await expect(page.getByRole('alert')).toContainText('This code does not add up');
	await page.goto('/');
	await expect(myGames(page)).toHaveCount(0);
});

test('a well-formed code no game answers: said within a few seconds; keep waiting or go back, leaving nothing behind', async ({ page }) => {
	await page.goto('/');
	await page.getByTestId('join-input').fill(code);
	await page.getByTestId('join').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect(page.getByTestId('lobby-waiting')).toBeVisible();
	const notice = page.getByTestId('no-answer');
	await expect(notice).toBeVisible({ timeout: 15_000 });
	await expect(notice).toContainText('No game answers yet');
	await expect(notice).toContainText('7KQ2-MXH9');
	expect(await seriousViolations(page), 'the no-answer notice').toEqual([]);
	// Keep waiting: the notice goes, and comes back if still nobody answers.
	await notice.getByTestId('keep-waiting').click();
	await expect(notice).toHaveCount(0);
	await expect(notice).toBeVisible({ timeout: 15_000 });
	await notice.getByTestId('go-back').click();
	await expect(page).toHaveURL(/\/$/);
	await expect(page.getByTestId('my-games')).toBeVisible();
	await expect(myGames(page)).toHaveCount(0);
	await page.reload();
	await expect(myGames(page)).toHaveCount(0);
});
