// Issue 16, the table as the game: money moving visibly from payer to payee (and none with reduced
// motion), and power structures laid out like the rulebook's figures (each puppet beside its
// master, on the side of the master's arrow that points at it, its inward arrow facing back).
// On /preview/table (a seeded six-player bot game): state 20 is followed by a transfer of 13 MB from
// the Loan Sharks to the Society of Assassins, then one of 10 MB from the Society to the I.R.S.
import { expect, test, type Page } from '@playwright/test';
import type { BenchSummary } from '../../src/lib/dev/table-bench.js';
import { seriousViolations } from './helpers/axe.js';

declare global {
	interface Window {
		// As in table.spec.ts (one declaration for both).
		__fnordTableBench?: { ready: boolean; states: number; times: number[]; run: (count?: number) => Promise<BenchSummary> };
		__moneyMoves?: { from: string; to: string; text: string; x: number; y: number; dx: number; dy: number }[];
	}
}

test.use({ locale: 'en-US' });

async function openPreview(page: Page, query: string): Promise<void> {
	await page.goto(`/preview/table${query}`);
	await page.waitForFunction(() => window.__fnordTableBench?.ready === true, undefined, { timeout: 60_000 });
	await expect(page.getByRole('region', { name: 'Game table' })).toBeVisible();
	// Every money movement drawn from now on (each lasts about a second).
	await page.evaluate(() => {
		window.__moneyMoves = [];
		new MutationObserver((mutations) => {
			for (const mutation of mutations)
				for (const node of mutation.addedNodes)
					if (node instanceof HTMLElement && node.dataset.testid === 'money-move')
						window.__moneyMoves!.push({
							from: node.dataset.from!,
							to: node.dataset.to!,
							text: node.textContent ?? '',
							x: parseFloat(node.style.left),
							y: parseFloat(node.style.top),
							dx: parseFloat(node.style.getPropertyValue('--dx')),
							dy: parseFloat(node.style.getPropertyValue('--dy')),
						});
		}).observe(document.body, { childList: true, subtree: true });
	});
}

const next = (page: Page) => page.getByRole('button', { name: 'Next state' }).click();

test('a transfer moves a coin with its amount from the payer’s card to the payee’s', async ({ page }) => {
	await page.setViewportSize({ width: 1366, height: 900 });
	await openPreview(page, '?seat=all&state=20');
	await next(page);
	await expect.poll(() => page.evaluate(() => window.__moneyMoves!.length)).toBeGreaterThan(0);
	const [move] = await page.evaluate(() => window.__moneyMoves!);
	expect(move).toMatchObject({ from: 'loan-sharks', to: 'society-of-assassins', text: '13 MB' });
	// It starts on the payer's card and its path ends on the payee's (positions within the table).
	const centre = (card: string) =>
		page.evaluate((id) => {
			const table = document.querySelector('section.table')!.getBoundingClientRect();
			const rect = document.querySelector(`section.table [data-card="${id}"]`)!.getBoundingClientRect();
			return { x: rect.left + rect.width / 2 - table.left, y: rect.top + rect.height / 2 - table.top };
		}, card);
	const payer = await centre('loan-sharks');
	const payee = await centre('society-of-assassins');
	expect(Math.abs(move!.x - payer.x)).toBeLessThan(2);
	expect(Math.abs(move!.y - payer.y)).toBeLessThan(2);
	expect(Math.abs(move!.x + move!.dx - payee.x)).toBeLessThan(2);
	expect(Math.abs(move!.y + move!.dy - payee.y)).toBeLessThan(2);
	// Decorative: hidden from assistive technology, the amounts on the cards say the new values.
	await expect(page.getByTestId('money-move').first()).toHaveAttribute('aria-hidden', 'true');
	expect(await seriousViolations(page, { include: 'section.table' })).toEqual([]);
});

test('with reduced motion no money moves', async ({ page }) => {
	await page.emulateMedia({ reducedMotion: 'reduce' });
	await openPreview(page, '?seat=all&state=20');
	await next(page);
	await next(page);
	// The second transfer's new amount is drawn: the table has taken in both updates.
	await expect(page.locator('section.table [data-card="irs"]')).toHaveAccessibleName(/, 10 MB/);
	await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
	expect(await page.evaluate(() => window.__moneyMoves!.length)).toBe(0);
});

for (const { name, width, height } of [
	{ name: 'phone', width: 360, height: 740 },
	{ name: 'desktop', width: 1366, height: 900 },
]) {
	test(`at ${width} px (${name}) each puppet lies beside its master, on the side of the master's arrow that points at it`, async ({ page }) => {
		await page.setViewportSize({ width, height });
		await openPreview(page, '?seat=all');
		const checks = await page.evaluate(() => {
			const found: { puppet: string; side: number; masterArrow: boolean; inward: boolean; adjacent: boolean }[] = [];
			for (const cell of document.querySelectorAll<HTMLElement>('section.table [data-cell][data-master]')) {
				const master = cell.parentElement!.querySelector<HTMLElement>(`[data-cell="${cell.dataset.master}"]`)!;
				const a = master.getBoundingClientRect();
				const b = cell.getBoundingClientRect();
				const dx = b.left + b.width / 2 - (a.left + a.width / 2);
				const dy = b.top + b.height / 2 - (a.top + a.height / 2);
				// World directions: 0 north, 1 east, 2 south, 3 west.
				const side = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 1 : 3) : dy > 0 ? 2 : 0;
				found.push({
					puppet: cell.dataset.cell!,
					side,
					masterArrow: master.querySelector(`:scope > .arrow.used.to-${side}`) !== null,
					inward: cell.querySelector(`:scope > [data-testid="arrow-in"].from-${(side + 2) % 4}`) !== null,
					adjacent: Math.max(Math.abs(dx), Math.abs(dy)) < 1.6 * Math.max(a.width, a.height) && Math.min(Math.abs(dx), Math.abs(dy)) < 2,
				});
			}
			return found;
		});
		expect(checks.length).toBeGreaterThan(10);
		for (const check of checks) expect(check, check.puppet).toMatchObject({ masterArrow: true, inward: true, adjacent: true });
	});
}
