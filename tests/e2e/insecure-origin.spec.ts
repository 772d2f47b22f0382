// The app on a plain-http LAN origin. Chromium is told that fnord.lan is 127.0.0.1
// (--host-resolver-rules), so http://fnord.lan:<port> reaches the usual test server but is not a
// secure context: no crypto.subtle, no service worker. A hot-seat game is created from Home (its
// first-player roll is a signed commit/reveal, so dice already need signatures checked with
// @noble), then played on for several turns with attack dice through the lab page's hook, then
// reopened in the app with the same state. The page tells the player what is missing, in three
// languages.
import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config.js';
import type { LabInfo } from '../../src/lib/dev/lab.js';
import { gameStored } from './helpers/stored-game.js';

const launchOptions = config.use?.launchOptions ?? {};
const port = new URL(String(config.use?.baseURL)).port;

test.use({
	launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP fnord.lan 127.0.0.1'] },
	baseURL: `http://fnord.lan:${port}`,
	locale: 'en-US'
});

type Move = { ok: boolean; seat: number; type: string };
type Hook = {
	info(): LabInfo;
	legal(seat: number): { action: { type: string } }[];
	act(seat: number, action: { type: string }): { ok: boolean };
	auto(): Move | null;
	lab: { verifier: { usesWebCrypto: boolean } };
};

async function settled(page: Page): Promise<string> {
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 20_000 });
	return `${await page.getByTestId('accepted').textContent()} ${await page.getByTestId('state-hash').textContent()}`;
}

test('plain http: no crypto.subtle and no service worker, a notice says so, and a hot-seat game is played with dice', async ({ page }) => {
	test.setTimeout(90_000);
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));

	await page.goto('/');
	expect(page.url()).toMatch(/^http:\/\/fnord\.lan:\d+\/$/);
	expect(
		await page.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof globalThis.crypto?.subtle, serviceWorker: 'serviceWorker' in navigator }))
	).toEqual({ secure: false, subtle: 'undefined', serviceWorker: false });

	const notice = page.getByTestId('limited-notice');
	await expect(notice).toHaveAttribute('data-missing', 'offline fastSignatures');
	await expect(notice).toContainText('plain http');
	await expect(notice.locator('[data-feature="offline"]')).toContainText('No offline use');
	await expect(notice.locator('[data-feature="fastSignatures"]')).toContainText('Slower signature checks');
	await page.getByTestId('language').selectOption('fr');
	await expect(notice.locator('[data-feature="offline"]')).toContainText('Pas d’usage hors ligne');
	await page.getByTestId('language').selectOption('es');
	await expect(notice.locator('[data-feature="fastSignatures"]')).toContainText('Comprobación de firmas más lenta');
	await page.getByTestId('language').selectOption('en');
	await expect(page.getByTestId('update-notice')).toHaveCount(0);

	// The default signaling server is the page's own origin (scripts/serve.mjs answers /signal), so
	// there is no other LAN server to offer; saved and used.
	const signaling = page.getByLabel('Signaling servers (one ws:// or wss:// address per line)');
	await expect(signaling).toHaveValue(`ws://fnord.lan:${port}/signal`);
	await expect(page.getByTestId('lan-signaling')).toHaveCount(0);
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.getByText('Settings saved.')).toBeVisible();

	// A hot-seat game from Home: the table appears once the signed first-player roll is settled.
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('3');
	await page.getByLabel('Title (optional)').fill('LAN game');
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	const gameUrl = page.url();
	const gameId = new URL(gameUrl).searchParams.get('id')!;
	await settled(page);
	await expect(page.getByTestId('my-seats')).toHaveText('Your seats: 1, 2, 3');
	await gameStored(page);

	// Several turns with attack dice, each move signed and checked without WebCrypto. The lab's
	// automatic player moves one seat at a time; here every seat passes an open window first (with
	// all seats on one device, the attacker would otherwise call its own attack off before the
	// others pass).
	await page.goto(`/play?game=${encodeURIComponent(gameId)}`);
	await page.waitForFunction((id) => (window as unknown as { __fnord?: Hook }).__fnord?.info().gameId === id, gameId);
	expect(await page.evaluate(() => (window as unknown as { __fnord: Hook }).__fnord.lab.verifier.usesWebCrypto)).toBe(false);
	await expect(page.getByText(`ws://fnord.lan:${port}/signal`)).toBeVisible(); // the saved signaling server
	const step = () =>
		page.evaluate(() => {
			const hook = (window as unknown as { __fnord: Hook }).__fnord;
			const done: Move[] = [];
			for (const seat of hook.info().mySeats) {
				const pass = hook.legal(seat).find((l) => l.action.type === 'passWindow' || l.action.type === 'passSpending');
				if (pass) done.push({ ...hook.act(seat, pass.action), seat, type: pass.action.type });
			}
			if (done.length > 0) return done;
			const auto = hook.auto();
			return auto ? [auto] : [];
		});
	const moves: string[] = [];
	for (let i = 0; i < 300; i++) {
		const now = await page.evaluate(() => (window as unknown as { __fnord: Hook }).__fnord.info());
		if (now.dice >= 2 && now.turnCount >= 3 && now.random === null) break;
		const done = await step();
		for (const move of done) {
			expect(move.ok, JSON.stringify(move)).toBe(true);
			moves.push(`${move.seat}:${move.type}`);
		}
		if (done.length === 0) await page.waitForTimeout(20); // a signed reveal is on its way
	}
	const played = await page.evaluate(() => (window as unknown as { __fnord: Hook }).__fnord.info());
	expect(played).toMatchObject({ rejections: 0, desyncs: 0, random: null });
	expect(played.dice).toBeGreaterThanOrEqual(2);
	expect(played.turnCount, moves.join(' ')).toBeGreaterThanOrEqual(3);
	expect(moves.filter((m) => m.endsWith(':attack')).length).toBeGreaterThanOrEqual(2);

	// Reopened in the app (the stored log is read back and every signature checked again).
	await page.goto(gameUrl);
	expect(await settled(page)).toBe(`${played.accepted} ${played.hash}`);
	await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');
	await expect(page.getByTestId('limited-notice')).toBeVisible();
	expect(errors).toEqual([]);
});
