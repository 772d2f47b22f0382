// Signaling on the app's own origin: with no settings, the app's signaling server is
// ws://<the host it was loaded from>/signal (scripts/serve.mjs answers there), and an online game
// opens that WebSocket. A static copy of the app on a host without signaling (serve.mjs
// --no-signal) says so on the game page: "No signaling server at <url>".
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser } from '@playwright/test';

const newContext = (browser: Browser, baseURL?: string) => browser.newContext({ permissions: ['microphone', 'camera'], locale: 'en-US', baseURL });

/** Starts `node scripts/serve.mjs` with `args` on a free port; resolves with its origin. */
function serve(args: string[]): Promise<{ child: ChildProcess; origin: string }> {
	const child = spawn(process.execPath, ['scripts/serve.mjs', '--host', '127.0.0.1', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
	return new Promise((resolve, reject) => {
		let out = '';
		child.stdout?.on('data', (d: Buffer) => {
			out += d.toString();
			const m = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
			if (m) resolve({ child, origin: m[1]! });
		});
		child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
	});
}

test('with no settings the app signals through its own origin (ws://<host>/signal)', async ({ browser, baseURL }) => {
	const context = await newContext(browser, baseURL);
	const page = await context.newPage();
	const sockets: string[] = [];
	page.on('websocket', (ws) => sockets.push(ws.url()));
	await page.goto('/');
	const expected = `ws://${new URL(String(baseURL)).host}/signal`;
	await expect(page.getByLabel('Signaling servers (one ws:// or wss:// address per line)')).toHaveValue(expected);
	await page.getByTestId('mode-online').check();
	await page.getByTestId('seats').fill('2');
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	await expect.poll(() => sockets).toContain(expected);
	await expect(page.getByTestId('no-signaling')).toHaveCount(0);
	await context.close();
});

test('a static copy without signaling says "No signaling server at <url>" on the game page', async ({ browser }) => {
	test.setTimeout(45_000);
	const { child, origin } = await serve(['--no-signal']);
	try {
		const context = await newContext(browser, origin);
		const page = await context.newPage();
		await page.goto('/');
		await page.getByTestId('mode-online').check();
		await page.getByTestId('seats').fill('2');
		await page.getByTestId('create').click();
		await expect(page).toHaveURL(/\/game\?id=/);
		const url = `ws://${new URL(origin).host}/signal`;
		await expect(page.getByTestId('no-signaling')).toHaveText(new RegExp(`^No signaling server at ${url.replace(/[.]/g, '\\.')}:`), { timeout: 15_000 });
		await expect(page.getByTestId('no-signaling')).toHaveAttribute('role', 'alert');
		await context.close();
	} finally {
		child.kill('SIGTERM');
	}
});
